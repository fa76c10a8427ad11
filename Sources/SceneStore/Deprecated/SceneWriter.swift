#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Deprecated: 0.3.0's writer, the engine's since 0.4.0

/// Writes the values of one (scene, key) through to disk as they change, without making the
/// producer wait: the latest value wins while a write is in flight, and ``flush()`` returns once
/// the last submitted value is durable. What the store's engine writes with; an app's scene writes
/// through its connection (`PersistentScene`).
@available(*, deprecated, message: "a scene's values are written by its connection (PersistentScene)")
public final class SceneWriter: Sendable {
    /// Counts of what the writer did.
    public struct Statistics: Sendable, Equatable {
        /// Values handed to ``SceneWriter/submit(_:)``.
        public var submitted = 0
        /// Values replaced by a newer one before they were written.
        public var coalesced = 0
        /// Files written.
        public var written = 0
        /// Values not written because the file already held them.
        public var unchanged = 0
        /// Writes that failed.
        public var failed = 0
        /// Where corrupt files found in the scene's place were moved before writing.
        public var movedAsidePaths: [String] = []
        /// Where copies of the scene's file were kept before a write.
        public var keptAsidePaths: [String] = []

        /// The counts of the engine's writer.
        package init(_ statistics: ValueWriter.Statistics) {
            submitted = statistics.submitted
            coalesced = statistics.coalesced
            written = statistics.written
            unchanged = statistics.unchanged
            failed = statistics.failed
            movedAsidePaths = statistics.movedAsidePaths
            keptAsidePaths = statistics.keptAsidePaths
        }
    }

    /// The engine's writer this one forwards to.
    package let writer: ValueWriter

    /// A writer that forwards to the engine's.
    package init(_ writer: ValueWriter) {
        self.writer = writer
        scene = writer.scene
        key = writer.key
    }

    /// The scene written to.
    public let scene: SceneID
    /// The key written to.
    public let key: String
    /// What the writer has done so far.
    public var statistics: Statistics { Statistics(writer.statistics) }

    /// Records a value to be written, replacing any value still waiting. Returns at once.
    /// - Parameter value: The new value; nil removes the key.
    public func submit<Value: SceneStorable>(_ value: Value?) {
        writer.submit(value?.sceneValue)
    }

    /// Records a value stamped with a sequence number; a value older than one already submitted is
    /// ignored.
    /// - Parameters:
    ///   - value: The new value; nil removes the key.
    ///   - sequence: Increases with each newer value.
    public func submit<Value: SceneStorable>(_ value: Value?, sequence: UInt64) {
        writer.submit(value?.sceneValue, sequence: sequence)
    }

    /// Records any `Encodable` value to be written as readable JSON, encoded by the writer off the
    /// caller's thread and only when it is the newest.
    /// - Parameters:
    ///   - value: The new value.
    ///   - sequence: Increases with each newer value, or nil.
    ///   - encoder: The encoder; the stored JSON is what it writes.
    public func submit<Value: Encodable & Sendable>(
        encoding value: Value, sequence: UInt64? = nil, encoder: JSONEncoder = JSONEncoder()
    ) {
        writer.submit(encoding: value, sequence: sequence, encoder: encoder)
    }

    /// Stops the writer without saving: values not yet taken are dropped, and the call returns once
    /// the writes in flight have ended.
    public func cancel() async { await writer.cancel() }

    /// Whether ``cancel()`` has been called: no value is written from then on.
    public var isCancelled: Bool { writer.isCancelled }

    /// Waits until every submitted value has been written (or found already on disk).
    /// - Throws: The ``SceneStoreError`` of the last write when it failed.
    public func flush() async throws(SceneStoreError) { try await writer.flush() }

    /// Sets a value beside the written one, in the same file, from the next write on.
    /// - Parameters:
    ///   - value: The value, or nil to remove it.
    ///   - key: Its key.
    /// - Throws: ``SceneStoreError/invalidKey(_:reason:)``.
    @available(*, deprecated, message: "use SceneNavigation's ScenePersistence, which writes a schema beside the value")
    public func setCompanionValue(_ value: SceneValue?, forKey key: String) throws(SceneStoreError) {
        try writer.setCompanion(value, forKey: key)
    }

    /// Waits until no submitted value is waiting: the writer has taken the last one (it may still be
    /// writing it).
    @available(
        *, deprecated,
        message: "submit(_:) never blocks and keeps only the newest value; flush() returns when it is durable"
    )
    public func waitUntilReady() async { await writer.untilReady() }
}
