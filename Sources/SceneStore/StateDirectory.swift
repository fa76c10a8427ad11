/// Where SceneStore keeps its files, by the convention of the platform.
///
/// - **Linux and other systems** follow the XDG Base Directory rules: the state root is
///   `$XDG_STATE_HOME` when it is set, non-empty and absolute; otherwise `$HOME/.local/state`. A
///   relative `XDG_STATE_HOME` is invalid under the specification and is ignored.
/// - **Apple platforms** keep such state in `Library/Application Support` of the user's home, which
///   in a sandboxed app is its container: `$HOME/Library/Application Support`. An absolute
///   `XDG_STATE_HOME` is still honoured when it is set, so tools and tests can point anywhere.
///
/// When `HOME` is unset, empty or relative, the home folder comes from the password database. Each
/// app has its own folder below the root:
///
/// ```
/// <root>/<app-id>/scenes/<scene-id>.json
/// ```
///
/// The environment and the platform are passed in rather than read here, so tests and tools can
/// give their own and every platform's rule is tested on any machine.
public enum StateDirectory {
    /// A platform's convention for where per-user state lives.
    public enum Convention: Sendable, Hashable, CaseIterable {
        /// The XDG Base Directory specification's state directory (`~/.local/state`).
        case xdg
        /// Apple platforms' `Library/Application Support` of the user or the app's container.
        case appleApplicationSupport

        /// The convention of the platform this code was built for.
        public static var current: Convention {
            #if canImport(Darwin)
                .appleApplicationSupport
            #else
                .xdg
            #endif
        }

        /// The state root below a home folder when `XDG_STATE_HOME` is not set.
        func root(home: String) -> String {
            let home = home == "/" ? "" : home
            return switch self {
            case .xdg: home + "/.local/state"
            case .appleApplicationSupport: home + "/Library/Application Support"
            }
        }
    }

    /// Resolves the state root by the convention of the platform this code runs on.
    ///
    /// - Parameters:
    ///   - environment: The variables to consult, usually `ProcessInfo.processInfo.environment`.
    /// - Returns: An absolute path, without a trailing slash.
    /// - Throws: ``SceneStoreError/noStateDirectory(reason:)`` when no home folder can be found.
    public static func resolveRoot(environment: [String: String]) throws(SceneStoreError) -> String {
        try resolveRoot(environment: environment, convention: .current)
    }

    /// Resolves the state root by a given platform's convention: a pure function of the convention
    /// and the environment (and, only when `HOME` is unusable, the password database).
    ///
    /// - Parameters:
    ///   - environment: The variables to consult.
    ///   - convention: The platform's convention.
    /// - Returns: An absolute path, without a trailing slash.
    /// - Throws: ``SceneStoreError/noStateDirectory(reason:)`` when no home folder can be found.
    public static func resolveRoot(
        environment: [String: String], convention: Convention
    ) throws(SceneStoreError) -> String {
        try resolveRoot(
            environment: environment, convention: convention,
            passwordDatabaseHome: { Platform.passwordDatabaseHome() })
    }

    /// Resolves the state root, asking `passwordDatabaseHome` for the home folder when `HOME` is unusable.
    package static func resolveRoot(
        environment: [String: String], convention: Convention = .xdg, passwordDatabaseHome: () -> String?
    ) throws(SceneStoreError) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return trimmed(state)
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return convention.root(home: trimmed(home))
        }
        guard let home = passwordDatabaseHome(), home.hasPrefix("/") else {
            throw .noStateDirectory(
                reason:
                    "XDG_STATE_HOME and HOME are unset or not absolute, and the password database has no home folder"
            )
        }
        return convention.root(home: trimmed(home))
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
