/// The identifier of a scene, safe to use as a file name.
///
/// A scene's state is stored in `<scene-id>.json`, so an identifier is validated when it is
/// created: 1 to 64 characters from the ASCII letters, digits, `-` and `_`, starting with a letter
/// or a digit. That allowlist rules out everything that could reach outside the app's folder or
/// collide with StateStore's own files: `/`, `..`, a leading dot, NUL and other control
/// characters, and non-ASCII look-alikes (a Cyrillic `а` or a fullwidth `／`), whose different
/// Unicode spellings would otherwise be different files under one name.
///
/// ```swift
/// let scene = try SceneID("main-window")
/// ```
public struct SceneID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The longest identifier accepted: 64 characters.
    package static let lengthLimit = 64

    /// The longest identifier accepted.
    @available(
        *, deprecated, message: "an identifier is at most 64 characters; SceneID(_:) throws invalidSceneID saying so"
    )
    public static let maximumLength = 64

    /// The validated identifier.
    public let rawValue: String

    /// Validates an identifier.
    /// - Parameter rawValue: The proposed identifier.
    /// - Throws: ``SceneStoreError/invalidSceneID(_:reason:)`` saying which rule it breaks.
    public init(_ rawValue: String) throws(SceneStoreError) {
        if let reason = Identifier.problem(
            with: rawValue, maximumLength: SceneID.lengthLimit, allowsDots: false)
        {
            throw .invalidSceneID(rawValue, reason: reason)
        }
        self.rawValue = rawValue
    }

    /// The identifier.
    public var description: String { rawValue }

    /// Orders identifiers by their text.
    public static func < (lhs: SceneID, rhs: SceneID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The identifier of an application, which names its folder in the state directory.
///
/// 1 to 128 characters from the ASCII letters, digits, `-`, `_` and `.`, starting with a letter or
/// a digit, with no `..`: reverse-DNS names such as `com.example.cookbook` are valid.
public struct AppID: Hashable, Sendable, CustomStringConvertible {
    /// The longest identifier accepted: 128 characters.
    package static let lengthLimit = 128

    /// The longest identifier accepted.
    @available(
        *, deprecated, message: "an identifier is at most 128 characters; AppID(_:) throws invalidAppID saying so"
    )
    public static let maximumLength = 128

    /// The validated identifier.
    public let rawValue: String

    /// Validates an identifier.
    /// - Parameter rawValue: The proposed identifier.
    /// - Throws: ``SceneStoreError/invalidAppID(_:reason:)`` saying which rule it breaks.
    public init(_ rawValue: String) throws(SceneStoreError) {
        if let reason = Identifier.problem(
            with: rawValue, maximumLength: AppID.lengthLimit, allowsDots: true)
        {
            throw .invalidAppID(rawValue, reason: reason)
        }
        self.rawValue = rawValue
    }

    /// The identifier.
    public var description: String { rawValue }
}

enum Identifier {
    /// Why `text` is not a valid identifier, or nil when it is.
    static func problem(with text: String, maximumLength: Int, allowsDots: Bool) -> String? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first else { return "it is empty" }
        if bytes.count > maximumLength {
            return "it is longer than \(maximumLength) characters"
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                continue
            case UInt8(ascii: ".") where allowsDots:
                continue
            case UInt8(ascii: "/"): return "it contains '/'"
            case 0: return "it contains a NUL character"
            case 0..<0x20, 0x7F: return "it contains a control character"
            case 0x80...: return "it contains a non-ASCII character"
            default:
                return "it contains '\(Character(Unicode.Scalar(byte)))'"
            }
        }
        if !isAlphanumeric(first) { return "it must start with a letter or a digit" }
        if allowsDots && text.contains("..") { return "it contains '..'" }
        return nil
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: false
        }
    }
}
