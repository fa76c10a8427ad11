import SceneStore

/// Everything that can go wrong in SceneNavigation, naming the key or the problem's place.
public enum NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stored value is not the app's navigation state at all (not an array where the state is a
    /// path, not an object where it is a struct); the model was left untouched. Path elements and
    /// members that no longer decode are dropped and reported instead. `key` is the value's key, or
    /// the key of the schema stored beside it when that is what is wrong. `location` leads from the
    /// value (as migrated: the stored value when no migration step ran) to the part that is wrong,
    /// empty for the value itself, for a tool to give its line and column
    /// (`JSONValue.position(of:in:allowsTrailingCommas:)`).
    case cannotDecode(key: String, reason: String, location: [JSONValue.PathComponent] = [])
    /// The app's navigation state could not be encoded.
    case cannotEncode(reason: String)
    /// Reading or writing the scene failed.
    case store(SceneStoreError)
    /// A stored value is not in SwiftUI's `NavigationPath` format (an entry that is not a string,
    /// an odd number of entries), so a tool refuses to change it.
    case notANavigationPath(reason: String)
    /// A name given for a type cannot be one (empty, with spaces or control characters).
    case invalidTypeName(String, reason: String)
    /// The stored value was written with a newer schema than the app's migrations know (a
    /// downgraded app): it is not restored, and never overwritten.
    case newerSchema(key: String, stored: Int, supported: Int)
    /// A scene, or a kept-aside copy (`place`: `scene 'main'`, `'main.invalid-....json'`), holds no
    /// value under the key; `keys` are those it holds.
    case noValue(key: String, in: String, keys: [String])
    /// A scene has no kept-aside copy of that name; `copies` are the names it has.
    case noKeptAsideCopy(scene: SceneID, name: String, copies: [String])
    /// No kept-aside copy of a scene can be read and holds the value; `copies` are the names it
    /// has, and `keys` the keys its readable copies hold.
    case nothingToRecover(scene: SceneID, key: String, copies: [String], keys: [String])
    /// A link could not be read or printed as a whole. `code` is stable, for logs and for telling
    /// the cases apart: `other-app` (the scheme or host is not the mapping's: not this app's
    /// navigation), `invalid-link` (not a link the mapping reads: over the maximum length, a
    /// control character or space, no scheme), `invalid-pattern` (a pattern of the mapping cannot
    /// be read), `cannot-print` (a route has no place in any pattern: no pattern for its case, a
    /// member the pattern does not hold, a value a link cannot carry) and `no-route` (the link is
    /// this app's, but none of its elements is a route the mapping reads). `message` says what was
    /// wrong and where; `offset` is the byte of the link where it was found, when there is one.
    ///
    /// What goes wrong with one element of a link (a segment no pattern matches, a parameter that
    /// is not its type) is no error: the element is dropped and reported in the ``RestoreReport``,
    /// and the rest of the link opens.
    case link(code: String, message: String, offset: Int? = nil)

    /// ` (copies: a, b)`, or nothing for none.
    private static func listing(_ name: String, _ items: [String]) -> String {
        items.isEmpty ? "" : " (\(name): \(items.joined(separator: ", ")))"
    }

    /// The error as a sentence.
    public var description: String {
        switch self {
        case .cannotDecode(let key, let reason, _): "cannot restore '\(key)': \(reason)"
        case .cannotEncode(let reason): "cannot encode the navigation state: \(reason)"
        case .store(let error): error.description
        case .notANavigationPath(let reason): "not a path in SwiftUI's NavigationPath format: \(reason)"
        case .invalidTypeName(let name, let reason): "'\(name)' is not a type name: \(reason)"
        case .newerSchema(let key, let stored, let supported):
            "'\(key)' was saved with schema \(stored), newer than this version knows (\(supported)); it is left as it is"
        case .noValue(let key, let place, let keys):
            "\(place) has no '\(key)' value (keys: \(keys.joined(separator: ", ")))"
        case .noKeptAsideCopy(let scene, let name, let copies):
            "scene '\(scene)' has no kept-aside copy '\(name)'" + Self.listing("copies", copies)
        case .link(_, let message, _): message
        case .nothingToRecover(let scene, let key, let copies, let keys):
            "scene '\(scene)' has no readable kept-aside copy holding '\(key)'"
                + (copies.isEmpty
                    ? " (it has no copies)"
                    : " (copies: \(copies.joined(separator: ", ")); keys they hold: "
                        + (keys.isEmpty ? "none" : keys.joined(separator: ", ")) + ")")
        }
    }
}

extension NavigationError {
    /// The code of a ``link(code:message:offset:)`` error, nil for any other.
    package var linkCode: String? {
        if case .link(let code, _, _) = self { code } else { nil }
    }
}
