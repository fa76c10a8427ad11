/// What a write did.
package struct WriteOutcome: Sendable, Equatable {
    /// The scene's file.
    package var path: String
    /// Whether the scene's file changed: written anew, or removed because no value was left in
    /// it; false when the stored values already were the new ones.
    package var wroteFile: Bool
    /// Where a corrupt file found in the scene's place was moved before writing, if one was.
    package var movedAsidePath: String?
    /// Where a copy of the file was kept before it was written over, if the update asked for one
    /// (`update(_:keepingAside:if:_:)`).
    package var keptAsidePath: String?

    /// Creates an outcome.
    /// - Parameters:
    ///   - path: The scene's file.
    ///   - wroteFile: Whether the file changed.
    ///   - movedAsidePath: Where a corrupt file was moved, if one was.
    ///   - keptAsidePath: Where a copy was kept, if one was.
    package init(path: String, wroteFile: Bool, movedAsidePath: String? = nil, keptAsidePath: String? = nil) {
        self.path = path
        self.wroteFile = wroteFile
        self.movedAsidePath = movedAsidePath
        self.keptAsidePath = keptAsidePath
    }
}
