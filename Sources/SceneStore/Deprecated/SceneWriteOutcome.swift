// MARK: - Deprecated: 0.3.0's outcome of a write, the engine's since 0.4.0

/// What a write did.
@available(*, deprecated, message: "a scene's values are written and read by its connection (PersistentScene)")
public struct SceneWriteOutcome: Sendable, Equatable {
    /// The scene's file.
    public var path: String
    /// Whether the scene's file changed: written anew, or removed because no value was left in
    /// it; false when the stored values already were the new ones.
    public var wroteFile: Bool
    /// Where a corrupt file found in the scene's place was moved before writing, if one was.
    public var movedAsidePath: String?
    /// Where a copy of the file was kept before it was written over, if one was.
    public var keptAsidePath: String?

    /// Creates an outcome.
    /// - Parameters:
    ///   - path: The scene's file.
    ///   - wroteFile: Whether the file changed.
    ///   - movedAsidePath: Where a corrupt file was moved, if one was.
    ///   - keptAsidePath: Where a copy was kept, if one was.
    public init(path: String, wroteFile: Bool, movedAsidePath: String? = nil, keptAsidePath: String? = nil) {
        self.path = path
        self.wroteFile = wroteFile
        self.movedAsidePath = movedAsidePath
        self.keptAsidePath = keptAsidePath
    }

    /// The outcome of the engine's write.
    package init(_ outcome: WriteOutcome) {
        self.init(
            path: outcome.path, wroteFile: outcome.wroteFile, movedAsidePath: outcome.movedAsidePath,
            keptAsidePath: outcome.keptAsidePath)
    }
}
