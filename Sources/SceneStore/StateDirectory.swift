/// Where StateStore keeps its files, by the convention of the platform, in one of two places:
/// ``Location/persistent`` (the default) or ``Location/cache``.
///
/// - **Linux and other systems** follow the XDG Base Directory rules: the persistent root is
///   `$XDG_STATE_HOME` when it is set, non-empty and absolute, otherwise `$HOME/.local/state`; the
///   cache root is `$XDG_CACHE_HOME`, otherwise `$HOME/.cache`. A relative variable is invalid under
///   the specification and is ignored.
/// - **Apple platforms** keep persistent state in `Library/Application Support` of the user's home,
///   which in a sandboxed app is its container; the cache root is `Library/Caches`. Everything in
///   Application Support is backed up and restored onto a new device (temporary files, locks, guard
///   markers and kept-aside copies included, though no scene ID of the old device matches there);
///   Caches is not backed up, and the system may empty it when storage runs low. Use the cache for
///   navigation state that is only worth keeping on this device; keep the default when a restored
///   device should reopen where the user was. An absolute `XDG_STATE_HOME` (or `XDG_CACHE_HOME`) is
///   honoured, so tools and tests can point anywhere, except in a sandboxed app
///   (`APP_SANDBOX_CONTAINER_ID` set on macOS; every app on iOS, iPadOS, tvOS, watchOS and
///   visionOS): a variable it inherits must not send its state outside its container.
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
    package enum Layout: Sendable, Hashable, CaseIterable {
        /// The XDG Base Directory specification's state directory (`~/.local/state`).
        case xdg
        /// Apple platforms' `Library/Application Support` of the user or the app's container.
        case appleApplicationSupport

        /// The convention of the platform this code was built for.
        package static var current: Layout {
            #if canImport(Darwin)
                .appleApplicationSupport
            #else
                .xdg
            #endif
        }

        /// The root below a home folder when no variable names one.
        func root(home: String, location: Location) -> String {
            let home = home == "/" ? "" : home
            return switch (self, location) {
            case (.xdg, .persistent): home + "/.local/state"
            case (.xdg, .cache): home + "/.cache"
            case (.appleApplicationSupport, .persistent): home + "/Library/Application Support"
            case (.appleApplicationSupport, .cache): home + "/Library/Caches"
            }
        }
    }

    /// Which of the platform's folders holds the state.
    public enum Location: Sendable, Hashable, CaseIterable {
        /// Kept, and backed up where the platform backs up: XDG state, Apple's Application Support.
        case persistent
        /// Not backed up, and emptied by the system when it needs the room: XDG cache, Apple's
        /// Caches.
        case cache

        /// The variable that names this root on any platform.
        var variable: String {
            switch self {
            case .persistent: "XDG_STATE_HOME"
            case .cache: "XDG_CACHE_HOME"
            }
        }
    }

    /// Whether this process is a sandboxed app, whose state must stay in its container: on macOS,
    /// when the sandbox set `APP_SANDBOX_CONTAINER_ID`; on Apple's other platforms, always.
    /// - Parameter environment: The process's variables.
    /// - Returns: Whether the process is sandboxed.
    package static func isSandboxed(environment: [String: String]) -> Bool {
        #if os(macOS)
            environment["APP_SANDBOX_CONTAINER_ID"] != nil
        #elseif canImport(Darwin)
            true
        #else
            false
        #endif
    }

    /// Resolves the state root by the convention of the platform this code runs on.
    ///
    /// - Parameters:
    ///   - environment: The variables to consult, usually `ProcessInfo.processInfo.environment`.
    ///   - location: The persistent folder (the default) or the cache.
    /// - Returns: An absolute path, without a trailing slash.
    /// - Throws: ``SceneStoreError/noStateDirectory(reason:)`` when no home folder can be found.
    package static func root(
        environment: [String: String], location: Location = .persistent
    ) throws(SceneStoreError) -> String {
        try root(
            environment: environment, layout: .current, location: location,
            sandboxed: isSandboxed(environment: environment))
    }

    /// Resolves the state root by a given platform's convention: a pure function of the convention,
    /// the environment and the sandbox (and, only when `HOME` is unusable, the password database).
    ///
    /// - Parameters:
    ///   - environment: The variables to consult.
    ///   - layout: The platform's convention.
    ///   - location: The persistent folder (the default) or the cache.
    ///   - sandboxed: Whether the process is a sandboxed app: a variable naming the root is then
    ///     ignored on Apple platforms, so that the state stays in the app's container.
    /// - Returns: An absolute path, without a trailing slash.
    /// - Throws: ``SceneStoreError/noStateDirectory(reason:)`` when no home folder can be found.
    package static func root(
        environment: [String: String], layout: Layout, location: Location = .persistent,
        sandboxed: Bool = false
    ) throws(SceneStoreError) -> String {
        try root(
            environment: environment, layout: layout, location: location, sandboxed: sandboxed,
            passwordDatabaseHome: { Platform.passwordDatabaseHome() })
    }

    /// Resolves the state root, asking `passwordDatabaseHome` for the home folder when `HOME` is unusable.
    package static func root(
        environment: [String: String], layout: Layout = .xdg, location: Location = .persistent,
        sandboxed: Bool = false, passwordDatabaseHome: () -> String?
    ) throws(SceneStoreError) -> String {
        let honoursVariable = layout == .xdg || !sandboxed
        if honoursVariable, let root = environment[location.variable], root.hasPrefix("/") {
            return trimmed(root)
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return layout.root(home: trimmed(home), location: location)
        }
        guard let home = passwordDatabaseHome(), home.hasPrefix("/") else {
            throw .noStateDirectory(
                reason:
                    "\(location.variable) and HOME are unset or not absolute, and the password database has no home folder"
            )
        }
        return layout.root(home: trimmed(home), location: location)
    }

    /// The folder that holds an app's scene files below a state root.
    /// - Parameters:
    ///   - appID: The app.
    ///   - root: The state root, as ``resolveRoot(environment:location:)`` returns it.
    /// - Returns: `<root>/<app-id>/scenes`.
    package static func scenesFolder(for appID: AppID, root: String) -> String {
        trimmed(root) + "/" + appID.rawValue + "/scenes"
    }

    /// The apps whose scenes a state root holds: each folder of the root named by a valid app ID
    /// that has a ``scenesDirectory(for:root:)`` in it, sorted: for a tool that finds an app's
    /// state in a root it was pointed at (an app container, a Simulator device).
    /// - Parameters:
    ///   - root: The state root.
    ///   - list: The names in a folder, or nil when it is not a readable folder.
    /// - Returns: The apps' IDs.
    package static func appIDs(in root: String, list: (String) -> [String]?) -> [AppID] {
        (list(trimmed(root)) ?? []).sorted().compactMap { name in
            guard let app = try? AppID(name), list(scenesFolder(for: app, root: root)) != nil else { return nil }
            return app
        }
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
