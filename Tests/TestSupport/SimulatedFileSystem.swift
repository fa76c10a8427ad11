import Foundation
import SceneStore
import Synchronization

/// An in-memory file system that models what a power loss can leave behind.
///
/// Each file has the bytes the kernel holds now and the bytes known to be on disk (`fsync`ed);
/// the folder has the entries it holds now and the entries known to be on disk (the folder
/// `fsync`ed). A crash can be injected at any call; after it, every call fails with EIO, and
/// ``crashStates()`` lists every disk the machine could reboot into: each unsynced rename lost or
/// kept, and each unsynced file's data missing, complete, or cut in half.
///
/// With ``ignoresCase``, names that differ only in letter case are one file, as on APFS and HFS+
/// by default: each file keeps the name it was made with.
///
/// `@unchecked Sendable`: every access to the mutable state holds `lock`.
package final class SimulatedFileSystem: FileSystem, @unchecked Sendable {
    final class Inode {
        var current: [UInt8]
        var durable: [UInt8]
        var mode: UInt32
        /// The inode number, from a counter: two names with the same one are one file.
        let number: UInt64
        var identity: FileIdentity { FileIdentity(device: 1, inode: number) }

        init(current: [UInt8] = [], durable: [UInt8] = [], mode: UInt32 = 0o600) {
            self.current = current
            self.durable = durable
            self.mode = mode
            number = Inode.numbers.withLock { next in
                next += 1
                return next
            }
        }

        private static let numbers = Mutex<UInt64>(0)
    }

    private enum Descriptor {
        case directory
        case file(Inode, offset: Int)
    }

    /// A disk as it could be after a reboot: file names and their bytes.
    package typealias DiskState = [String: [UInt8]]

    package let directory: String
    private let lock = NSLock()
    private var current: [String: Inode] = [:]
    private var durable: [String: Inode] = [:]
    private var descriptors: [Int32: Descriptor] = [:]
    private var nextDescriptor: Int32 = 100
    private var directoryExists: Bool
    package private(set) var callCount = 0
    /// The call at which the power goes out (0-based), or nil for none.
    package var crashAtCall: Int?
    package private(set) var crashed = false
    /// Makes `fsync` do nothing, as a lying disk would: the checker must then find damage.
    package var fsyncDoesNothing = false
    /// Whether names that differ only in letter case are one file.
    package var ignoresCase = false
    /// Called when `flock` is taken on a file, with the file system and the name the descriptor was
    /// opened by, before the call returns: to do what another process does meanwhile.
    package var onLock: (@Sendable (SimulatedFileSystem, String) -> Void)?
    /// Called after bytes are written to a file, with the file system and the name the descriptor
    /// was opened by, before the call returns: to do what another thread does meanwhile.
    package var onWrite: (@Sendable (SimulatedFileSystem, String) -> Void)?
    /// Called after a file is synced, with the file system and the name the descriptor was opened
    /// by, before the call returns: to hold a sync back until another thread has done something.
    package var onSynchronize: (@Sendable (SimulatedFileSystem, String) -> Void)?
    private var openedNames: [Int32: String] = [:]

    /// The name a file is stored under: itself, or with ``ignoresCase`` the existing name that
    /// differs from it only in case.
    private func storedName(_ name: String) -> String {
        guard ignoresCase else { return name }
        return current.keys.first { $0.lowercased() == name.lowercased() } ?? name
    }

    /// Removes a name and puts a new, empty file in its place, as another process that removes a
    /// lock file and another that makes it again would.
    package func replaceWithNewFile(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        current[storedName(name)] = Inode()
    }

    package init(directory: String, disk: DiskState? = nil) {
        self.directory = directory
        directoryExists = disk != nil
        for (name, bytes) in disk ?? [:] {
            let inode = Inode(current: bytes, durable: bytes)
            current[name] = inode
            durable[name] = inode
        }
    }

    private func step() throws(Errno) {
        lock.lock()
        defer { lock.unlock() }
        if crashed { throw .eio }
        if let crashAtCall, callCount == crashAtCall {
            crashed = true
            throw .eio
        }
        callCount += 1
    }

    private func withState<T>(_ body: () throws(Errno) -> T) throws(Errno) -> T {
        try step()
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Every disk state a power loss at this moment could leave.
    package func crashStates() -> [DiskState] {
        lock.lock()
        defer { lock.unlock() }
        var results: Set<[String: [UInt8]]> = []
        for entries in [durable, current] {
            var states: [DiskState] = [[:]]
            for (name, inode) in entries {
                var options = [inode.current]
                if inode.durable != inode.current {
                    options = [inode.durable, inode.current, Array(inode.current.prefix(inode.current.count / 2))]
                }
                states = states.flatMap { state in
                    options.map { bytes in
                        var next = state
                        next[name] = bytes
                        return next
                    }
                }
            }
            results.formUnion(states)
        }
        return Array(results)
    }

    /// The files and their bytes as the kernel holds them now.
    package var files: DiskState {
        lock.lock()
        defer { lock.unlock() }
        return current.mapValues(\.current)
    }

    // MARK: - FileSystem

    package func open(_ path: String, flags: Int32, mode: UInt32) throws(Errno) -> Int32 {
        try withState { () throws(Errno) -> Int32 in
            if path == directory && !directoryExists { throw .enoent }
            nextDescriptor += 1
            descriptors[nextDescriptor] = .directory
            return nextDescriptor
        }
    }

    package func openAt(_ directory: Int32, _ name: String, flags: Int32, mode: UInt32) throws(Errno) -> Int32 {
        try withState { () throws(Errno) -> Int32 in
            let name = storedName(name)
            let inode: Inode
            if let existing = current[name] {
                if flags & O_CREAT != 0 && flags & O_EXCL != 0 { throw .eexist }
                inode = existing
            } else {
                guard flags & O_CREAT != 0 else { throw .enoent }
                inode = Inode(mode: mode)
                current[name] = inode
            }
            nextDescriptor += 1
            descriptors[nextDescriptor] = .file(inode, offset: 0)
            openedNames[nextDescriptor] = name
            return nextDescriptor
        }
    }

    package func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try withState { () throws(Errno) -> Int in
            guard case .file(let inode, let offset)? = descriptors[descriptor] else { throw .eisdir }
            let count = min(buffer.count, inode.current.count - offset)
            guard count > 0 else { return 0 }
            inode.current.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
            }
            descriptors[descriptor] = .file(inode, offset: offset + count)
            return count
        }
    }

    package func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        let written = try writeBytes(descriptor, from: buffer)
        lock.lock()
        let name = openedNames[descriptor]
        let hook = onWrite
        lock.unlock()
        if let hook, let name { hook(self, name) }
        return written
    }

    private func writeBytes(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try withState { () throws(Errno) -> Int in
            guard case .file(let inode, let offset)? = descriptors[descriptor] else { throw .eisdir }
            let bytes = Array(buffer)
            let end = offset + bytes.count
            if inode.current.count < end {
                inode.current.append(contentsOf: repeatElement(0, count: end - inode.current.count))
            }
            inode.current.replaceSubrange(offset..<end, with: bytes)
            descriptors[descriptor] = .file(inode, offset: end)
            return bytes.count
        }
    }

    package func synchronize(_ descriptor: Int32) throws(Errno) {
        try synchronizeState(descriptor)
        lock.lock()
        let name = openedNames[descriptor]
        let hook = onSynchronize
        lock.unlock()
        if let hook, let name { hook(self, name) }
    }

    private func synchronizeState(_ descriptor: Int32) throws(Errno) {
        try withState { () throws(Errno) in
            if fsyncDoesNothing { return }
            switch descriptors[descriptor] {
            case .directory?: durable = current
            case .file(let inode, _)?: inode.durable = inode.current
            case nil: throw Errno(rawValue: 9)
            }
        }
    }

    package func close(_ descriptor: Int32) throws(Errno) {
        try withState { () throws(Errno) in
            guard descriptors.removeValue(forKey: descriptor) != nil else { throw Errno(rawValue: 9) }
            openedNames[descriptor] = nil
        }
    }

    package func status(_ descriptor: Int32) throws(Errno) -> FileStatus {
        try withState { () throws(Errno) -> FileStatus in
            switch descriptors[descriptor] {
            case .directory?: return FileStatus(kind: .directory, size: 0, permissions: 0o700, modificationTime: 0)
            case .file(let inode, _)?:
                return FileStatus(
                    kind: .regular, size: Int64(inode.current.count), permissions: inode.mode, modificationTime: 0,
                    identity: inode.identity)
            case nil: throw Errno(rawValue: 9)
            }
        }
    }

    package func statusAt(_ directory: Int32, _ name: String) throws(Errno) -> FileStatus {
        try withState { () throws(Errno) -> FileStatus in
            guard let inode = current[storedName(name)] else { throw .enoent }
            return FileStatus(
                kind: .regular, size: Int64(inode.current.count), permissions: inode.mode, modificationTime: 0,
                identity: inode.identity)
        }
    }

    package func setMode(_ descriptor: Int32, _ mode: UInt32) throws(Errno) {
        try withState { () throws(Errno) in
            guard case .file(let inode, _)? = descriptors[descriptor] else { return }
            inode.mode = mode
        }
    }

    package func renameAt(_ directory: Int32, _ from: String, _ to: String) throws(Errno) {
        try withState { () throws(Errno) in
            guard let inode = current.removeValue(forKey: storedName(from)) else { throw .enoent }
            current[storedName(to)] = inode
        }
    }

    package func unlinkAt(_ directory: Int32, _ name: String) throws(Errno) {
        try withState { () throws(Errno) in
            guard current.removeValue(forKey: storedName(name)) != nil else { throw .enoent }
        }
    }

    package func makeDirectory(_ path: String, mode: UInt32) throws(Errno) {
        try withState { () throws(Errno) in
            if path == directory && !directoryExists {
                directoryExists = true
                return
            }
            throw .eexist
        }
    }

    package func lock(_ descriptor: Int32, exclusive: Bool) throws(Errno) {
        try step()
        lock.lock()
        let name = openedNames[descriptor]
        let hook = onLock
        lock.unlock()
        if let hook, let name { hook(self, name) }
    }

    package func unlock(_ descriptor: Int32) throws(Errno) {
        try withState { () throws(Errno) in
            guard descriptors[descriptor] != nil else { throw Errno(rawValue: 9) }
        }
    }

    package func listDirectory(_ path: String) throws(Errno) -> [String] {
        try withState { () throws(Errno) -> [String] in Array(current.keys) }
    }
}
