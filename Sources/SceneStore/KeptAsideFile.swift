#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A copy of a scene's file that StateStore kept aside instead of losing it.
///
/// Each is kept next to the scene's file, named `<scene>.<reason>-<time>.json`: `<time>` is when it
/// was kept, in UTC (`20261121T210407.123Z`), and a second one within the same millisecond gets
/// `-1`, `-2`, ... StateStore keeps these itself:
///
/// - `<scene>.corrupt-<time>.json`: a file that could not be parsed, moved out of the scene's place
///   before a new one was written there;
/// - `<scene>.invalid-<time>.json`: a copy of a file holding a value that its app could not read,
///   made before that value was replaced.
///
/// SceneNavigation adds reasons of its own (``Reason`` is an open set) for the copies a scene's
/// connection keeps.
/// Nothing removes these files but an explicit ``StateStore/prune(before:)`` or the user.
public struct KeptAsideFile: Sendable, Equatable {
    /// Why a file was kept aside: a short name written into the kept file's name.
    ///
    /// An open set, as `Errno` is: StateStore defines ``corrupt`` and ``invalid``, and
    /// SceneNavigation the reasons its connections keep copies for; a name read back from a file
    /// of another version is kept as it is. Two reasons are equal when their names are.
    public struct Reason: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
        /// The name in the file name: 1 to 32 lowercase ASCII letters, digits and `-`, starting
        /// with a letter, such as `corrupt` or `no-longer-read`.
        public let rawValue: String
        /// The reason in words, such as `the file was corrupt`; the name when none was given.
        public let description: String

        /// A reason by its name, as read back from a kept file's name.
        /// - Parameter rawValue: The name.
        /// - Returns: nil when the name breaks the rules of ``rawValue``.
        public init?(rawValue: String) {
            self.init(validating: rawValue, description: rawValue)
        }

        /// A reason with its name and its words.
        /// - Parameters:
        ///   - name: The name in the file name (see ``rawValue``).
        ///   - description: The reason in words.
        /// - Returns: nil when the name breaks the rules of ``rawValue``.
        @available(*, deprecated, message: "a copy is kept aside by a scene's connection, with a reason of its own")
        public init?(_ name: String, description: String) {
            self.init(validating: name, description: description)
        }

        /// A reason with its name and its words; nil when the name breaks the rules of ``rawValue``.
        package init?(validating name: String, description: String) {
            let bytes = Array(name.utf8)
            guard (1...32).contains(bytes.count), let first = bytes.first, (0x61...0x7A).contains(first),
                bytes.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D })
            else { return nil }
            rawValue = name
            self.description = description
        }

        /// A reason known to be valid (the static members).
        init(known name: String, description: String) {
            rawValue = name
            self.description = description
        }

        /// Reasons are equal when their names are.
        /// - Parameters:
        ///   - lhs: A reason.
        ///   - rhs: Another reason.
        /// - Returns: Whether their names are equal.
        public static func == (lhs: Reason, rhs: Reason) -> Bool { lhs.rawValue == rhs.rawValue }

        /// Hashes the name.
        /// - Parameter hasher: The hasher.
        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

        /// `corrupt`: the file could not be parsed as a scene document; it was moved out of the
        /// scene's place before a new file was written there.
        public static let corrupt = Reason(known: "corrupt", description: "the file was corrupt")
        /// `invalid`: a value in it could not be read by its app; it was copied before the value
        /// was replaced.
        public static let invalid = Reason(known: "invalid", description: "a value could not be read")
    }

    /// The scene the file belonged to.
    public var scene: SceneID
    /// The kept file's path.
    public var path: String
    /// Why it was kept.
    public var reason: Reason
    /// When it was kept aside, from its name.
    public var keptAt: Date
    /// Its size in bytes.
    public var size: Int64

    package init(of scene: SceneID, path: String, reason: Reason, keptAt: Date, size: Int64) {
        self.scene = scene
        self.path = path
        self.reason = reason
        self.keptAt = keptAt
        self.size = size
    }

    /// The kept file's name, without its folder.
    public var fileName: String { String(path.split(separator: "/").last ?? "") }
}

// MARK: - Names

extension KeptAsideFile {
    /// The name of a kept file: `<scene>.<reason>-<time>[-<attempt>].json`.
    static func name(for scene: SceneID, reason: Reason, at date: Date, attempt: Int) -> String {
        let suffix = attempt == 0 ? "" : "-\(attempt)"
        return "\(scene.rawValue).\(reason.rawValue)-\(Timestamp.compact(date))\(suffix).json"
    }

    /// The reason a kept file's name gives, from its path or its name alone: `invalid` for
    /// `<dir>/main.invalid-20261121T210407.123Z.json`.
    /// - Parameter path: The kept file's path or name.
    /// - Returns: The reason (with its name only as its words), or nil when the name is no kept file's.
    package static func reason(ofKeptFile path: String) -> Reason? {
        parse(name: String(path.split(separator: "/").last ?? ""))?.reason
    }

    /// Reads a kept file's name back into its scene, reason and time; nil for any other name.
    ///
    /// Read from the end, since a reason may hold `-`: an optional `-<attempt>`, the 20-character
    /// time, a `-`, and the reason after the scene's `.`.
    static func parse(name: String) -> (scene: SceneID, reason: Reason, keptAt: Date)? {
        // Scene IDs hold no '.', so the first one ends the scene.
        guard name.hasSuffix(".json"), let dot = name.firstIndex(of: ".") else { return nil }
        guard let scene = try? SceneID(String(name[..<dot])) else { return nil }
        var rest = Substring(name[name.index(after: dot)...].dropLast(5))
        if let dash = rest.lastIndex(of: "-"), rest.distance(from: dash, to: rest.endIndex) > 1,
            rest[rest.index(after: dash)...].allSatisfy({ $0.isASCII && $0.isNumber })
        {
            rest = rest[..<dash]
        }
        guard rest.count > 21 else { return nil }
        let stamp = rest.suffix(20)
        let separator = rest.dropLast(20).last
        guard separator == "-", let reason = Reason(rawValue: String(rest.dropLast(21))),
            let date = Timestamp.parseCompact(String(stamp))
        else { return nil }
        return (scene, reason, date)
    }
}
