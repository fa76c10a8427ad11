#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Deprecated: initialisers of the records the store reports, which apps read and never make

extension KeptAsideFile {
    /// Creates a description of a kept file.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - path: The file's path.
    ///   - reason: Why it was kept.
    ///   - keptAt: When.
    ///   - size: Its size.
    @available(*, deprecated, message: "apps read kept-aside files from StateStore.keptAsideFiles() and never make one")
    public init(scene: SceneID, path: String, reason: Reason, keptAt: Date, size: Int64) {
        self.init(of: scene, path: path, reason: reason, keptAt: keptAt, size: size)
    }
}

extension SceneSummary {
    /// Creates a summary.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - path: The scene's file.
    ///   - keys: The keys of its values.
    ///   - size: The file's size.
    ///   - lastSaved: When it was saved.
    ///   - health: Whether it can be used.
    @available(*, deprecated, message: "apps read summaries from StateStore.scenes() and never make one")
    public init(scene: SceneID, path: String, keys: [String], size: Int64, lastSaved: Date, health: Health) {
        self.init(of: scene, path: path, keys: keys, size: size, lastSaved: lastSaved, health: health)
    }
}

extension PruneOutcome {
    /// Creates an outcome.
    /// - Parameters:
    ///   - removedScenes: The scenes removed.
    ///   - removedKeptAside: The kept-aside files removed.
    ///   - failures: What could not be removed.
    @available(
        *, deprecated,
        message: "apps read outcomes from StateStore.prune(before:) and removeAll(except:) and never make one"
    )
    public init(removedScenes: [SceneID] = [], removedKeptAside: [KeptAsideFile] = [], failures: [Failure] = []) {
        self.init(scenes: removedScenes, keptAside: removedKeptAside, failures: failures)
    }
}

extension PruneOutcome.Failure {
    /// Creates a failure.
    /// - Parameters:
    ///   - path: The file that stays.
    ///   - error: Why.
    @available(*, deprecated, message: "apps read failures from a PruneOutcome and never make one")
    public init(path: String, error: SceneStoreError) {
        self.init(at: path, error: error)
    }
}

extension JSONParseError {
    /// Creates an error at a position.
    /// - Parameters:
    ///   - reason: What is wrong.
    ///   - line: The 1-based line.
    ///   - column: The 1-based column.
    ///   - offset: The 0-based byte offset.
    @available(*, deprecated, message: "apps read parse errors from JSONValue(parsing:) and never make one")
    public init(reason: String, line: Int, column: Int, offset: Int) {
        self.init(reason, line: line, column: column, offset: offset)
    }
}
