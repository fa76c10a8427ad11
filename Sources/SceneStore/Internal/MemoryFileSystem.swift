import Dispatch
import Synchronization

/// A file system held in memory, for a store that never touches the disk
/// (``StateStore/inMemory()``): folders, files, descriptors, renames and `flock`s behave as the
/// kernel's do for what StateStore asks of them, and nothing outlives the store. `fsync` has
/// nothing to do.
///
/// `Sendable`: every access to the state holds `state`'s lock; a `flock` that must wait waits on a
/// condition of its own, outside it.
final class MemoryFileSystem: FileSystem {
    /// A file's bytes and mode; its identity is its number.
    private final class Inode {
        var bytes: [UInt8] = []
        var mode: UInt32
        let number: UInt64
        var modificationTime: Double

        init(mode: UInt32, number: UInt64, time: Double) {
            self.mode = mode
            self.number = number
            modificationTime = time
        }
    }

    private enum Descriptor {
        case directory(path: String)
        case file(Inode, offset: Int)
    }

    private struct State {
        var directories: [String: UInt32] = ["/": 0o755]
        var files: [String: Inode] = [:]
        var descriptors: [Int32: Descriptor] = [:]
        var nextDescriptor: Int32 = 3
        var nextInode: UInt64 = 1
        var clock: Double = 0
        /// The `flock` on each file, by inode: who holds it (the descriptors), and whether only one may.
        var locks: [UInt64: (holders: Set<Int32>, exclusive: Bool)] = [:]
    }

    private let state = Mutex(State())
    /// Woken whenever a `flock` is let go.
    private let unlocked = Condition()

    init() {}

    // MARK: - Paths

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "/" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory == "/" ? "/" + name : directory + "/" + name
    }

    private static func normalized(_ path: String) -> String {
        let trimmed = path.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
        return "/" + trimmed
    }

    // MARK: - FileSystem

    func open(_ path: String, flags: Int32, mode: UInt32) throws(Errno) -> Int32 {
        try state.withLock { state throws(Errno) -> Int32 in
            try Self.open(Self.normalized(path), flags: flags, mode: mode, in: &state)
        }
    }

    func openAt(_ directory: Int32, _ name: String, flags: Int32, mode: UInt32) throws(Errno) -> Int32 {
        try state.withLock { state throws(Errno) -> Int32 in
            guard case .directory(let folder)? = state.descriptors[directory] else { throw Errno(rawValue: 9) }
            return try Self.open(Self.join(folder, name), flags: flags, mode: mode, in: &state)
        }
    }

    private static func open(_ path: String, flags: Int32, mode: UInt32, in state: inout State) throws(Errno) -> Int32 {
        let descriptor: Descriptor
        if state.directories[path] != nil {
            if flags & Platform.create != 0 && flags & Platform.exclusive != 0 { throw .eexist }
            descriptor = .directory(path: path)
        } else if let inode = state.files[path] {
            if flags & Platform.create != 0 && flags & Platform.exclusive != 0 { throw .eexist }
            if flags & Platform.directory != 0 { throw .enotdir }
            descriptor = .file(inode, offset: 0)
        } else {
            guard state.directories[parent(of: path)] != nil else {
                throw state.files[parent(of: path)] != nil ? .enotdir : .enoent
            }
            guard flags & Platform.create != 0, flags & Platform.directory == 0 else { throw .enoent }
            state.clock += 1
            let inode = Inode(mode: mode, number: state.nextInode, time: state.clock)
            state.nextInode += 1
            state.files[path] = inode
            descriptor = .file(inode, offset: 0)
        }
        state.nextDescriptor += 1
        state.descriptors[state.nextDescriptor] = descriptor
        return state.nextDescriptor
    }

    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try state.withLock { state throws(Errno) -> Int in
            guard let entry = state.descriptors[descriptor] else { throw Errno(rawValue: 9) }
            guard case .file(let inode, let offset) = entry else { throw .eisdir }
            let count = min(buffer.count, inode.bytes.count - offset)
            guard count > 0 else { return 0 }
            inode.bytes.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
            }
            state.descriptors[descriptor] = .file(inode, offset: offset + count)
            return count
        }
    }

    func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try state.withLock { state throws(Errno) -> Int in
            guard let entry = state.descriptors[descriptor] else { throw Errno(rawValue: 9) }
            guard case .file(let inode, let offset) = entry else { throw .eisdir }
            let end = offset + buffer.count
            if inode.bytes.count < end {
                inode.bytes.append(contentsOf: repeatElement(0, count: end - inode.bytes.count))
            }
            inode.bytes.replaceSubrange(offset..<end, with: buffer)
            state.clock += 1
            inode.modificationTime = state.clock
            state.descriptors[descriptor] = .file(inode, offset: end)
            return buffer.count
        }
    }

    func synchronize(_ descriptor: Int32) throws(Errno) {
        try state.withLock { state throws(Errno) in
            guard state.descriptors[descriptor] != nil else { throw Errno(rawValue: 9) }
        }
    }

    func close(_ descriptor: Int32) throws(Errno) {
        try state.withLock { state throws(Errno) in
            guard let entry = state.descriptors.removeValue(forKey: descriptor) else { throw Errno(rawValue: 9) }
            if case .file(let inode, _) = entry { Self.release(descriptor, of: inode.number, in: &state) }
        }
        unlocked.broadcast()
    }

    func status(_ descriptor: Int32) throws(Errno) -> FileStatus {
        try state.withLock { state throws(Errno) -> FileStatus in
            switch state.descriptors[descriptor] {
            case .directory(let path)?: return Self.directoryStatus(state.directories[path] ?? 0o700)
            case .file(let inode, _)?: return Self.fileStatus(inode)
            case nil: throw Errno(rawValue: 9)
            }
        }
    }

    func statusAt(_ directory: Int32, _ name: String) throws(Errno) -> FileStatus {
        try state.withLock { state throws(Errno) -> FileStatus in
            guard case .directory(let folder)? = state.descriptors[directory] else { throw Errno(rawValue: 9) }
            let path = Self.join(folder, name)
            if let mode = state.directories[path] { return Self.directoryStatus(mode) }
            guard let inode = state.files[path] else { throw .enoent }
            return Self.fileStatus(inode)
        }
    }

    private static func directoryStatus(_ mode: UInt32) -> FileStatus {
        FileStatus(kind: .directory, size: 0, permissions: mode, modificationTime: 0)
    }

    private static func fileStatus(_ inode: Inode) -> FileStatus {
        FileStatus(
            kind: .regular, size: Int64(inode.bytes.count), permissions: inode.mode,
            modificationTime: inode.modificationTime, identity: FileIdentity(device: 0, inode: inode.number))
    }

    func setMode(_ descriptor: Int32, _ mode: UInt32) throws(Errno) {
        try state.withLock { state throws(Errno) in
            switch state.descriptors[descriptor] {
            case .directory(let path)?: state.directories[path] = mode
            case .file(let inode, _)?: inode.mode = mode
            case nil: throw Errno(rawValue: 9)
            }
        }
    }

    func renameAt(_ directory: Int32, _ from: String, _ to: String) throws(Errno) {
        try state.withLock { state throws(Errno) in
            guard case .directory(let folder)? = state.descriptors[directory] else { throw Errno(rawValue: 9) }
            let target = Self.join(folder, to)
            guard state.directories[target] == nil else { throw .eisdir }
            guard let inode = state.files.removeValue(forKey: Self.join(folder, from)) else { throw .enoent }
            state.files[target] = inode
        }
    }

    func unlinkAt(_ directory: Int32, _ name: String) throws(Errno) {
        try state.withLock { state throws(Errno) in
            guard case .directory(let folder)? = state.descriptors[directory] else { throw Errno(rawValue: 9) }
            let path = Self.join(folder, name)
            guard state.directories[path] == nil else { throw .eisdir }
            guard state.files.removeValue(forKey: path) != nil else { throw .enoent }
        }
    }

    func makeDirectory(_ path: String, mode: UInt32) throws(Errno) {
        try state.withLock { state throws(Errno) in
            let path = Self.normalized(path)
            guard state.directories[path] == nil, state.files[path] == nil else { throw .eexist }
            guard state.directories[Self.parent(of: path)] != nil else { throw .enoent }
            state.directories[path] = mode
        }
    }

    func lock(_ descriptor: Int32, exclusive: Bool) throws(Errno) {
        // As flock: waits while another descriptor holds the file's lock in a way that excludes this one.
        try unlocked.wait(on: state) { state throws(Errno) -> Bool in
            guard case .file(let inode, _)? = state.descriptors[descriptor] else { throw Errno(rawValue: 9) }
            var lock = state.locks[inode.number] ?? ([], false)
            lock.holders.remove(descriptor)
            guard lock.holders.isEmpty || (!exclusive && !lock.exclusive) else { return false }
            lock.holders.insert(descriptor)
            lock.exclusive = exclusive
            state.locks[inode.number] = lock
            return true
        }
    }

    func unlock(_ descriptor: Int32) throws(Errno) {
        try state.withLock { state throws(Errno) in
            guard case .file(let inode, _)? = state.descriptors[descriptor] else { throw Errno(rawValue: 9) }
            Self.release(descriptor, of: inode.number, in: &state)
        }
        unlocked.broadcast()
    }

    private static func release(_ descriptor: Int32, of inode: UInt64, in state: inout State) {
        guard var lock = state.locks[inode] else { return }
        lock.holders.remove(descriptor)
        state.locks[inode] = lock.holders.isEmpty ? nil : lock
    }

    func listDirectory(_ path: String) throws(Errno) -> [String] {
        try state.withLock { state throws(Errno) -> [String] in
            let folder = Self.normalized(path)
            guard state.directories[folder] != nil else {
                throw state.files[folder] != nil ? .enotdir : .enoent
            }
            let names = (Array(state.files.keys) + Array(state.directories.keys)).filter {
                $0 != folder && Self.parent(of: $0) == folder
            }
            return names.map { String($0.split(separator: "/").last ?? "") }
        }
    }
}

/// A condition that a `flock` of the in-memory file system waits on until its lock can be had.
private final class Condition: Sendable {
    private let waiters = Mutex<[DispatchSemaphore]>([])

    /// Runs `attempt` under the state's lock until it returns true, waiting for a `broadcast` each
    /// time it returns false.
    func wait<State>(
        on state: borrowing Mutex<State>, _ attempt: (inout State) throws(Errno) -> Bool
    ) throws(Errno) {
        while true {
            // Registered under the state's lock, so that a lock let go after the attempt wakes it.
            let waiter = DispatchSemaphore(value: 0)
            let done = try state.withLock { value throws(Errno) -> Bool in
                if try attempt(&value) { return true }
                waiters.withLock { $0.append(waiter) }
                return false
            }
            if done { return }
            waiter.wait()
        }
    }

    func broadcast() {
        let woken = waiters.withLock { waiters in
            defer { waiters.removeAll() }
            return waiters
        }
        for waiter in woken { waiter.signal() }
    }
}
