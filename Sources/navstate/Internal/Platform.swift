// The only file of navstate that imports the C library: standard streams, input files, exit, and
// the kernel's file notifications for `watch` (inotify on Linux, kqueue on Apple platforms).
//
// Darwin first: a test type-checks this file's Apple branches on Linux against a module named
// Darwin that declares kqueue as Apple's headers do (Tests/DarwinDeclarations).

import SceneStore

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

enum StandardStreams {
    /// Writes all of `text` to a descriptor (1 for stdout, 2 for stderr), retrying short writes.
    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { raw in
                systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Reads standard input to its end, but stops once it holds more than `limit` bytes (the caller
    /// then refuses it), so an endless input cannot exhaust memory.
    static func readInput(limit: Int) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while result.count <= limit {
            let count = buffer.withUnsafeMutableBytes { systemRead(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return result }
            result.append(contentsOf: buffer[0..<count])
        }
        return result
    }

    static func exit(_ status: Int32) -> Never { systemExit(status) }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemExit(_ status: Int32) -> Never { exit(status) }

// MARK: - Input files

/// Reads an input file named by a user (recipe data, navigation JSON): a regular file or a pipe
/// (`/dev/stdin`, a shell's `<(...)`), never more than a limit.
///
/// Links are followed, as a user naming a path expects. A pipe is read to its end (a pipe named
/// explicitly is what the user asks for). A device, socket or folder is refused without being read.
enum InputFile {
    /// Reads the file.
    /// - Parameters:
    ///   - path: The file's path.
    ///   - limit: The largest input accepted, in bytes.
    /// - Returns: Its bytes.
    /// - Throws: ``SceneStoreError/cannotRead(path:errno:)``, ``SceneStoreError/notARegularFile(path:kind:)``
    ///   or ``SceneStoreError/fileTooLarge(path:size:limit:)``, each naming `path`.
    static func read(atPath path: String, limit: Int) throws(SceneStoreError) -> [UInt8] {
        // Non-blocking, so that opening a device cannot hang or have side effects before it is refused.
        var descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .cannotRead(path: path, errno: Errno(rawValue: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotRead(path: path, errno: Errno(rawValue: errno)) }
        if info.st_mode & S_IFMT == S_IFIFO {
            // A pipe is opened again, waiting for its writer as `cat` does: read without one, a FIFO
            // is at its end at once. Checked again, in case the path was swapped.
            let blocking = open(path, O_RDONLY | O_CLOEXEC)
            guard blocking >= 0 else { throw .cannotRead(path: path, errno: Errno(rawValue: errno)) }
            close(descriptor)
            descriptor = blocking
            guard fstat(descriptor, &info) == 0 else { throw .cannotRead(path: path, errno: Errno(rawValue: errno)) }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard Int64(info.st_size) <= Int64(limit) else {
                throw .fileTooLarge(path: path, size: Int64(info.st_size), limit: limit)
            }
        case S_IFIFO: break
        case S_IFDIR: throw .notARegularFile(path: path, kind: "directory")
        case S_IFSOCK: throw .notARegularFile(path: path, kind: "socket")
        case S_IFCHR, S_IFBLK: throw .notARegularFile(path: path, kind: "device")
        default: throw .notARegularFile(path: path, kind: "special file")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, errno: Errno(rawValue: errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > limit { throw .fileTooLarge(path: path, size: Int64(limit) + 1, limit: limit) }
        }
    }
}

// MARK: - File notifications

/// Waits, without polling, until something changes in a folder: an entry created, written and
/// closed, renamed in or out, or removed; or the folder itself removed or renamed.
///
/// A watcher is armed on one folder when it is made, so a change between making it and
/// ``wait()`` is not missed: the caller makes it, reads what is there, then waits. A folder that
/// does not exist yet is watched through its deepest existing ancestor, whose change wakes the
/// caller to look again.
struct FolderWatcher: ~Copyable {
    /// The folder watched: the one asked for, or its deepest existing ancestor.
    let watched: String
    private let descriptor: Int32
    #if canImport(Darwin)
        private let folder: Int32
    #endif

    /// Arms a watch on `path`, or on its deepest existing ancestor.
    /// - Throws: The system's error when the kernel refuses the watch.
    init(_ path: String) throws(WatchError) {
        var target = path
        while !Self.isFolder(target) {
            guard let slash = target.lastIndex(of: "/"), target != "/" else { break }
            target = slash == target.startIndex ? "/" : String(target[..<slash])
        }
        watched = target
        #if canImport(Darwin)
            // kqueue(2): EVFILT_VNODE on the folder's descriptor (opened O_EVTONLY, so the watch does
            // not keep a volume busy); NOTE_WRITE fires when an entry is added, removed or renamed,
            // NOTE_DELETE and NOTE_RENAME when the folder itself goes.
            let queue = kqueue()
            guard queue >= 0 else { throw WatchError(call: "kqueue", errno: errno) }
            let folder = open(target, O_EVTONLY | O_CLOEXEC)
            guard folder >= 0 else {
                let error = errno
                close(queue)
                throw WatchError(call: "open", errno: error)
            }
            var change = kevent(
                ident: UInt(folder), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
                fflags: UInt32(NOTE_WRITE | NOTE_DELETE | NOTE_RENAME | NOTE_ATTRIB), data: 0, udata: nil)
            guard kevent(queue, &change, 1, nil, 0, nil) == 0 else {
                let error = errno
                close(folder)
                close(queue)
                throw WatchError(call: "kevent", errno: error)
            }
            descriptor = queue
            self.folder = folder
        #else
            // inotify(7): the events of entries of the folder and of the folder itself.
            let queue = inotify_init1(Int32(IN_CLOEXEC))
            guard queue >= 0 else { throw WatchError(call: "inotify_init1", errno: errno) }
            let mask =
                UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_CREATE)
                | UInt32(IN_DELETE) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ATTRIB)
            guard inotify_add_watch(queue, target, mask) >= 0 else {
                let error = errno
                close(queue)
                throw WatchError(call: "inotify_add_watch", errno: error)
            }
            descriptor = queue
        #endif
    }

    deinit {
        close(descriptor)
        #if canImport(Darwin)
            close(folder)
        #endif
    }

    /// Blocks until the kernel reports a change (any number of them, read at once).
    /// - Throws: The system's error.
    func wait() throws(WatchError) {
        #if canImport(Darwin)
            var event = kevent()
            while kevent(descriptor, nil, 0, &event, 1, nil) < 0 {
                guard errno == EINTR else { throw WatchError(call: "kevent", errno: errno) }
            }
        #else
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) < 0 {
                guard errno == EINTR else { throw WatchError(call: "read", errno: errno) }
            }
        #endif
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}

/// A watch the kernel refused, with the call and its error.
struct WatchError: Error, CustomStringConvertible {
    var call: String
    var errno: Int32

    var description: String { "cannot watch for changes: \(call): \(String(cString: strerror(errno)))" }
}

/// Ends the process at Ctrl-C or a polite kill with status 0: a watch has nothing to finish, and
/// everything it printed was written at once.
enum InterruptHandling {
    static func exitCleanlyOnInterrupt() {
        signal(SIGINT) { _ in _exit(0) }
        signal(SIGTERM) { _ in _exit(0) }
        allowOnThisThread()
    }

    /// Unblocks SIGINT and SIGTERM on the calling thread: the thread that waits in ``FolderWatcher``
    /// must take them, and the threads the concurrency runtime starts (its main-queue drain
    /// included) run with signals blocked.
    static func allowOnThisThread() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
