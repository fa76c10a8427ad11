/// Where SceneStore keeps its files, by the XDG Base Directory rules.
///
/// The state root is `$XDG_STATE_HOME` when it is set, non-empty and absolute; otherwise
/// `$HOME/.local/state`. A relative `XDG_STATE_HOME` is invalid under the specification and is
/// ignored. When `HOME` is unset, empty or relative, the home folder comes from the password
/// database. Each app has its own folder below the root:
///
/// ```
/// <root>/<app-id>/scenes/<scene-id>.json
/// ```
///
/// The environment is passed in rather than read here, so tests and tools can give their own.
public enum StateDirectory {
    /// Resolves the state root.
    ///
    /// - Parameters:
    ///   - environment: The variables to consult, usually `ProcessInfo.processInfo.environment`.
    /// - Returns: An absolute path, without a trailing slash.
    /// - Throws: ``SceneStoreError/noStateDirectory(reason:)`` when no home folder can be found.
    public static func resolveRoot(environment: [String: String]) throws(SceneStoreError) -> String {
        try resolveRoot(environment: environment, passwordDatabaseHome: { Platform.passwordDatabaseHome() })
    }

    /// Resolves the state root, asking `passwordDatabaseHome` for the home folder when `HOME` is unusable.
    package static func resolveRoot(
        environment: [String: String], passwordDatabaseHome: () -> String?
    ) throws(SceneStoreError) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return trimmed(state)
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return trimmed(home) + "/.local/state"
        }
        guard let home = passwordDatabaseHome(), home.hasPrefix("/") else {
            throw .noStateDirectory(
                reason:
                    "XDG_STATE_HOME and HOME are unset or not absolute, and the password database has no home folder"
            )
        }
        return trimmed(home) + "/.local/state"
    }

    /// The folder that holds an app's scene files below a state root.
    /// - Parameters:
    ///   - appID: The app.
    ///   - root: The state root, as ``resolveRoot(environment:)`` returns it.
    /// - Returns: `<root>/<app-id>/scenes`.
    public static func scenesDirectory(for appID: AppID, root: String) -> String {
        trimmed(root) + "/" + appID.rawValue + "/scenes"
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
