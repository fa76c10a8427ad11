import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Deprecated: 0.3.0's scenes as a whole, forwarded to the store and the connections

/// The name of ``SceneConnections`` until 0.4.0 (the module's name with its words reversed), with
/// the removals, pruning and recovery that the store does itself now.
@available(
    *, deprecated,
    message: "use SceneConnections.terminating(); a StateStore removes, prunes and recovers its scenes itself"
)
public enum NavigationScenes {
    /// Makes the state of every connection of the process durable.
    /// - Returns: The errors of the connections that could not be saved, in the order they were made.
    @MainActor
    @discardableResult
    public static func terminating() -> [NavigationError] {
        SceneConnections.terminating()
    }

    /// Removes a scene's saved state, its crash-loop guard markers and their lock files.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - store: The app's store.
    ///   - keepingNewerFormat: Whether a file of a newer format is refused rather than removed.
    /// - Returns: Whether the scene had a file.
    /// - Throws: The errors of ``/SceneStore/StateStore/removeScene(_:)``.
    @available(
        *, deprecated,
        message: "use StateStore.removeScene(_:keepingNewerFormat:), which takes every record of the scene with it"
    )
    @discardableResult
    public static func remove(
        _ scene: SceneID, from store: StateStore, keepingNewerFormat: Bool = false
    ) throws(SceneStoreError) -> Bool {
        try store.removeScene(scene, keepingNewerFormat: keepingNewerFormat)
    }

    /// Removes every scene whose ID is not among the live ones, with its markers and lock files.
    /// - Parameters:
    ///   - live: The scenes to keep.
    ///   - store: The app's store.
    /// - Returns: The scenes removed, and those that could not be.
    /// - Throws: The errors of ``/SceneStore/StateStore/removeAll(except:)``.
    @available(*, deprecated, message: "use StateStore.removeAll(except:), which spares the scenes in use as this did")
    @discardableResult
    public static func removeAll(
        except live: Set<SceneID>, from store: StateStore
    ) throws(SceneStoreError) -> PruneOutcome {
        try store.removeAll(except: live)
    }

    /// Removes every scene last saved before a date, with its markers, and every file kept aside
    /// before it.
    /// - Parameters:
    ///   - date: What was last saved, or kept aside, before this moment is removed.
    ///   - store: The app's store.
    /// - Returns: What was removed and what could not be.
    /// - Throws: The errors of ``/SceneStore/StateStore/prune(before:)``.
    @available(*, deprecated, message: "use StateStore.prune(before:), which spares the scenes in use as this did")
    public static func prune(before date: Date, in store: StateStore) throws(SceneStoreError) -> PruneOutcome {
        try store.prune(before: date)
    }

    /// What ``recover(_:key:from:in:dryRun:)`` brought back.
    @available(*, deprecated, message: "use StateStore.Recovery, which StateStore.recover(_:key:from:dryRun:) returns")
    public struct Recovery: Sendable, Equatable {
        /// The kept-aside copy it came from.
        public var file: KeptAsideFile
        /// The value brought back.
        public var value: SceneValue
        /// Whether the scene's file was written (false in a dry run).
        public var written: Bool
        /// Whether the value's crash-loop guard was cleared.
        public var guardCleared: Bool
    }

    /// Brings a scene's value back from a copy kept aside.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - key: The value's key, `navigation` by default.
    ///   - fileName: The copy's file name; nil for the newest copy that can be read and holds the
    ///     value.
    ///   - store: The app's store.
    ///   - dryRun: Whether to only say what would be brought back.
    /// - Returns: The copy, the value, and what was changed.
    /// - Throws: The errors of `StateStore.recover(_:key:from:dryRun:)`.
    @available(*, deprecated, message: "use StateStore.recover(_:key:from:dryRun:)")
    public static func recover(
        _ scene: SceneID, key: String = "navigation", from fileName: String? = nil, in store: StateStore,
        dryRun: Bool = false
    ) throws(NavigationError) -> Recovery {
        let recovery = try store.recover(scene, key: key, from: fileName, dryRun: dryRun)
        return Recovery(
            file: recovery.file, value: recovery.value, written: recovery.written, guardCleared: recovery.guardCleared)
    }
}
