import SceneStore

/// Everything that can go wrong in SceneNavigation, naming the key or the problem's place.
public enum NavigationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stored value cannot be decoded as the app's navigation state at all (not an array where a
    /// path is expected, a member of another type); the model was left untouched. Single elements
    /// of a path that no longer decode are dropped and reported instead.
    case cannotDecode(key: String, reason: String)
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

    /// The error as a sentence.
    public var description: String {
        switch self {
        case .cannotDecode(let key, let reason): "cannot restore '\(key)': \(reason)"
        case .cannotEncode(let reason): "cannot encode the navigation state: \(reason)"
        case .store(let error): error.description
        case .notANavigationPath(let reason): "not a path in SwiftUI's NavigationPath format: \(reason)"
        case .invalidTypeName(let name, let reason): "'\(name)' is not a type name: \(reason)"
        case .newerSchema(let key, let stored, let supported):
            "'\(key)' was saved with schema \(stored), newer than this version knows (\(supported)); it is left as it is"
        }
    }
}
