import SceneStore

/// The scene connections of the process as a whole: ``terminating()`` makes every one's state
/// durable when the app quits.
public enum SceneConnections {
    /// Makes the state of every connection of the process durable, before the process ends, where
    /// no task started then is promised to run. `PersistentNavigation` (SceneNavigationUI) calls it
    /// itself when a Mac app quits (`NSApplication.willTerminateNotification`, observed once per
    /// process); an app that connects scenes otherwise calls it where it learns it is terminating.
    /// A second call writes nothing new. Each connection's restore is marked healthy, and its
    /// current state written, blocking the main thread for that write.
    ///
    /// A Quit is never counted by the crash-loop guard even without this call (the process's exit
    /// is recorded, ``CrashLoopGuard/Launch``); this call saves what the last moment changed.
    /// - Returns: The errors of the connections that could not be saved, in the order they were made.
    @MainActor
    @discardableResult
    public static func terminating() -> [NavigationError] {
        Termination.terminateAll()
    }
}
