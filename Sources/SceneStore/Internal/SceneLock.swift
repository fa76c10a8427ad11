/// A scene's lock file, open: held while a write is made, and kept open (its lock let go) from one
/// of a writer's sessions to the next, so that a session takes the lock without opening the file.
struct SceneLock: Sendable {
    /// The lock file's descriptor.
    let descriptor: Int32
    /// The file (device and inode) when it was opened: the file the name must still lead to.
    let identity: FileIdentity
}
