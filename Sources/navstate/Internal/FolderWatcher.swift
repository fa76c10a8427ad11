// The kernel's file notifications, for `navstate watch`: inotify on Linux, kqueue on Apple
// platforms. Only this file and Platform.swift import the C library.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
