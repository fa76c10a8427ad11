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

    /// The error as a sentence.
    public var description: String {
        switch self {
        case .cannotDecode(let key, let reason): "cannot restore '\(key)': \(reason)"
        case .cannotEncode(let reason): "cannot encode the navigation state: \(reason)"
        case .store(let error): error.description
        }
    }
}
