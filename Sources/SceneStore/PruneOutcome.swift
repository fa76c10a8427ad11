/// What ``StateStore/prune(before:)`` removed, and what it could not remove.
public struct PruneOutcome: Sendable, Equatable {
    /// A scene or kept-aside file that could not be removed, and why.
    public struct Failure: Sendable, Equatable {
        /// The file that stays.
        public var path: String
        /// Why it could not be removed.
        public var error: SceneStoreError

        package init(at path: String, error: SceneStoreError) {
            self.path = path
            self.error = error
        }
    }

    /// The scenes removed, sorted.
    public var removedScenes: [SceneID] = []
    /// The kept-aside files removed, sorted by scene and time.
    public var removedKeptAside: [KeptAsideFile] = []
    /// What could not be removed, in the order tried.
    public var failures: [Failure] = []

    package init(scenes removedScenes: [SceneID], keptAside removedKeptAside: [KeptAsideFile], failures: [Failure]) {
        self.removedScenes = removedScenes
        self.removedKeptAside = removedKeptAside
        self.failures = failures
    }
}
