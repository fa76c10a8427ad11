// The only file in StateStore that imports the C library. Everything else talks to `FileSystem`
// and `Errno`, so the module still builds for Apple platforms and tests can swap the file system.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("SceneStore needs a POSIX C library")
#endif

enum Platform {
    static let readOnly = O_RDONLY
    static let writeOnly = O_WRONLY
    static let readWrite = O_RDWR
    static let create = O_CREAT
    static let exclusive = O_EXCL
    static let noFollow = O_NOFOLLOW
    static let closeOnExec = O_CLOEXEC
    static let directory = O_DIRECTORY
    static let nonBlocking = O_NONBLOCK

    /// Whether `piece` is the bytes of `whole` from `offset` on (which holds enough of them),
    /// compared by `memcmp`.
    static func sameBytes(_ piece: [UInt8], _ whole: [UInt8], at offset: Int) -> Bool {
        guard offset + piece.count <= whole.count else { return false }
        return piece.withUnsafeBytes { a in
            whole.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress! + offset, a.count) == 0 }
        }
    }

    /// Whether two byte arrays are equal, compared by `memcmp`.
    static func sameBytes(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        first.count == second.count && sameBytes(first, second, at: 0)
    }

    /// The calling thread's errno, read right after a failing call.
    static var lastErrno: Errno { Errno(rawValue: errno) }

    /// Retries a call while it fails with EINTR; returns the result or throws the errno.
    @inline(__always)
    static func retryingOnInterrupt<T: BinaryInteger>(_ body: () -> T) throws(Errno) -> T {
        while true {
            let result = body()
            if result >= 0 { return result }
            let code = errno
            if code == EINTR { continue }
            throw Errno(rawValue: code)
        }
    }

    static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The home directory of the current user from the password database.
    static func passwordDatabaseHome() -> String? {
        let uid = getuid()
        var record = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        let status = getpwuid_r(uid, &record, &buffer, buffer.count, &result)
        guard status == 0, result != nil, let directory = record.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.isEmpty ? nil : home
    }

    /// Converts seconds since 1970 into a broken-down UTC time.
    static func utcComponents(
        ofSeconds seconds: Int
    ) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)? {
        var time = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return nil }
        return (
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec)
        )
    }

    /// Converts a UTC date into seconds since 1970.
    static func secondsSince1970(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    ) -> Int {
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        return Int(timegm(&parts))
    }
}

// File-scope forwarders, so that the methods below named like the calls can reach the C functions.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
// writev(2) is POSIX, declared alike by Glibc and Darwin (sys/uio.h).
private func systemWritev(_ fd: Int32, _ vectors: UnsafePointer<iovec>, _ count: Int32) -> Int {
    writev(fd, vectors, count)
}

// MARK: - The real file system

/// The file system as the kernel provides it: every call is one system call (EINTR retried).
package struct SystemFileSystem: FileSystem {
    package init() {}

    package func open(_ path: String, flags: Int32, mode: UInt32) throws(Errno) -> Int32 {
        try Platform.retryingOnInterrupt { systemOpen(path, flags, mode_t(mode)) }
    }

    package func openAt(_ directory: Int32, _ name: String, flags: Int32, mode: UInt32) throws(Errno) -> Int32 {
        try Platform.retryingOnInterrupt { openat(directory, name, flags, mode_t(mode)) }
    }

    package func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try Platform.retryingOnInterrupt { systemRead(descriptor, buffer.baseAddress, buffer.count) }
    }

    package func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try Platform.retryingOnInterrupt { systemWrite(descriptor, buffer.baseAddress, buffer.count) }
    }

    package func write(_ descriptor: Int32, gathering buffers: [UnsafeRawBufferPointer]) throws(Errno) -> Int {
        // At most IOV_MAX buffers a call: 1024 on Linux (UIO_MAXIOV) and on Darwin (limits.h).
        let vectors = buffers.prefix(1024).map {
            iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count)
        }
        return try vectors.withUnsafeBufferPointer { vectors in
            Result { () throws(Errno) -> Int in
                try Platform.retryingOnInterrupt {
                    systemWritev(descriptor, vectors.baseAddress!, Int32(vectors.count))
                }
            }
        }.get()
    }

    package func synchronize(_ descriptor: Int32) throws(Errno) {
        #if canImport(Darwin)
            // Darwin's fsync(2) hands the data to the drive without flushing its cache, nor does it
            // order writes: a power loss can lose or reorder what fsync returned for. F_FULLFSYNC
            // asks the drive to flush (Apple's fsync(2) and fcntl(2) man pages), for files and
            // folders alike, as SQLite syncs both. File systems that cannot do it (some network and
            // FAT volumes) refuse it, and then plain fsync is the best there is: SQLite's
            // `full_fsync` falls back to fsync on any failure of F_FULLFSYNC, libuv's uv_fs_fsync to
            // F_BARRIERFSYNC and then fsync. We fall back too, except on EIO: an I/O error is the
            // write's failure, and a second sync could report success for data that is gone.
            do {
                _ = try Platform.retryingOnInterrupt { fcntl(descriptor, F_FULLFSYNC) }
                return
            } catch {
                if error.rawValue == EIO { throw error }
            }
        #endif
        // fsync is never retried after a real failure (only EINTR): the kernel may have dropped the
        // dirty pages and a second fsync would report success for data that is gone.
        _ = try Platform.retryingOnInterrupt { fsync(descriptor) }
    }

    package func close(_ descriptor: Int32) throws(Errno) {
        // EINTR from close on Linux still closes the descriptor: retrying could close another one.
        if systemClose(descriptor) != 0 {
            let code = errno
            if code != EINTR { throw Errno(rawValue: code) }
        }
    }

    package func status(_ descriptor: Int32) throws(Errno) -> FileStatus {
        var info = stat()
        _ = try Platform.retryingOnInterrupt { fstat(descriptor, &info) }
        return FileStatus(info)
    }

    package func statusAt(_ directory: Int32, _ name: String) throws(Errno) -> FileStatus {
        var info = stat()
        _ = try Platform.retryingOnInterrupt { fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) }
        return FileStatus(info)
    }

    package func setMode(_ descriptor: Int32, _ mode: UInt32) throws(Errno) {
        _ = try Platform.retryingOnInterrupt { fchmod(descriptor, mode_t(mode)) }
    }

    package func renameAt(_ directory: Int32, _ from: String, _ to: String) throws(Errno) {
        _ = try Platform.retryingOnInterrupt { renameat(directory, from, directory, to) }
    }

    package func unlinkAt(_ directory: Int32, _ name: String) throws(Errno) {
        _ = try Platform.retryingOnInterrupt { unlinkat(directory, name, 0) }
    }

    package func makeDirectory(_ path: String, mode: UInt32) throws(Errno) {
        _ = try Platform.retryingOnInterrupt { mkdir(path, mode_t(mode)) }
    }

    package func lock(_ descriptor: Int32, exclusive: Bool) throws(Errno) {
        _ = try Platform.retryingOnInterrupt { flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) }
    }

    package func unlock(_ descriptor: Int32) throws(Errno) {
        _ = try Platform.retryingOnInterrupt { flock(descriptor, LOCK_UN) }
    }

    package func listDirectory(_ path: String) throws(Errno) -> [String] {
        guard let stream = opendir(path) else { throw Platform.lastErrno }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

extension FileStatus {
    init(_ info: stat) {
        let format = info.st_mode & S_IFMT
        let kind: Kind
        switch format {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        case S_IFIFO: kind = .fifo
        case S_IFSOCK: kind = .socket
        case S_IFCHR, S_IFBLK: kind = .device
        default: kind = .other
        }
        #if canImport(Darwin)
            // Darwin's stat(2) names the timespecs so (sys/stat.h, `st_mtimespec`, `st_ctimespec`).
            let modification = info.st_mtimespec
            let change = info.st_ctimespec
        #else
            let modification = info.st_mtim
            let change = info.st_ctim
        #endif
        let modified = Double(modification.tv_sec) + Double(modification.tv_nsec) / 1e9
        let changed = Double(change.tv_sec) + Double(change.tv_nsec) / 1e9
        self.init(
            kind: kind, size: Int64(info.st_size), permissions: UInt32(info.st_mode) & 0o7777,
            modificationTime: modified,
            identity: FileIdentity(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(info.st_ino)),
            changeTime: changed)
    }
}

/// The C library's error numbers that ``Errno`` names.
enum ErrorNumber {
    static let noSuchFile = ENOENT
    static let fileExists = EEXIST
    static let permissionDenied = EACCES
    static let operationNotPermitted = EPERM
    static let tooManySymbolicLinks = ELOOP
    static let notADirectory = ENOTDIR
    static let isADirectory = EISDIR
    static let readOnlyFileSystem = EROFS
    static let noSpace = ENOSPC
    static let ioError = EIO
    static let interrupted = EINTR
    static let wouldBlock = EAGAIN
    static let deviceOrAddress = ENXIO
}
