import SceneNavigation
import SceneStore

/// JSON read from `--input`: the value, the input's name for errors, and its bytes to say where in
/// them a problem is.
struct JSONInput {
    var json: JSONValue
    var name: String
    var bytes: [UInt8]

    /// Input that is not the cookbook's navigation data, naming the input, the line and column.
    func error(_ error: NavigationError) -> CommandError {
        if case .cannotDecode(_, let reason, let location) = error {
            return .inputContents(
                path: name, position: JSONValue.position(of: location, in: bytes),
                reason: "invalid navigation data: \(reason)")
        }
        return .inputContents(path: name, reason: error.description)
    }
}
