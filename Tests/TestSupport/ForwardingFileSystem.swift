import SceneStore

/// A test's file system that is the real one except where it says otherwise: every call goes to
/// `system` unless the conforming type implements it itself (to count, record or shorten calls).
package protocol ForwardingFileSystem: FileSystem {
    /// The real file system the calls go to.
    var system: SystemFileSystem { get }
}

extension ForwardingFileSystem {
    package func open(_ path: String, flags: Int32, mode: UInt32) throws(Errno) -> Int32 {
        try system.open(path, flags: flags, mode: mode)
    }
    package func openAt(_ directory: Int32, _ name: String, flags: Int32, mode: UInt32) throws(Errno) -> Int32 {
        try system.openAt(directory, name, flags: flags, mode: mode)
    }
    package func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try system.read(descriptor, into: buffer)
    }
    package func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try system.write(descriptor, from: buffer)
    }
    package func write(_ descriptor: Int32, gathering buffers: [UnsafeRawBufferPointer]) throws(Errno) -> Int {
        try system.write(descriptor, gathering: buffers)
    }
    package func synchronize(_ descriptor: Int32) throws(Errno) { try system.synchronize(descriptor) }
    package func close(_ descriptor: Int32) throws(Errno) { try system.close(descriptor) }
    package func status(_ descriptor: Int32) throws(Errno) -> FileStatus { try system.status(descriptor) }
    package func statusAt(_ directory: Int32, _ name: String) throws(Errno) -> FileStatus {
        try system.statusAt(directory, name)
    }
    package func setMode(_ descriptor: Int32, _ mode: UInt32) throws(Errno) { try system.setMode(descriptor, mode) }
    package func renameAt(_ directory: Int32, _ from: String, _ to: String) throws(Errno) {
        try system.renameAt(directory, from, to)
    }
    package func unlinkAt(_ directory: Int32, _ name: String) throws(Errno) { try system.unlinkAt(directory, name) }
    package func makeDirectory(_ path: String, mode: UInt32) throws(Errno) {
        try system.makeDirectory(path, mode: mode)
    }
    package func lock(_ descriptor: Int32, exclusive: Bool) throws(Errno) {
        try system.lock(descriptor, exclusive: exclusive)
    }
    package func unlock(_ descriptor: Int32) throws(Errno) { try system.unlock(descriptor) }
    package func listDirectory(_ path: String) throws(Errno) -> [String] { try system.listDirectory(path) }
}
