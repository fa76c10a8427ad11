#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// SceneNavigation's few system calls: the launch record's file, and the fatal signals and exit it
/// is written at. POSIX calls that Glibc, Musl and Darwin declare alike (`open`, `pwrite`, `read`,
/// `signal`, `sigaction`, `raise`, `atexit`): no branch is Apple's alone.
enum Platform {
    /// The signals a crash ends a process with: a Swift runtime trap (`fatalError`, a failed `!`)
    /// raises SIGTRAP on arm64 and SIGILL on x86_64; a failed `precondition` in C code, `abort()`,
    /// SIGABRT; a bad access, SIGSEGV or SIGBUS; a division trap, SIGFPE. SIGKILL is never seen.
    static let fatalSignals: [Int32] = [SIGTRAP, SIGILL, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    /// Opens (creating, owner-only) a file to write at its start later; -1 when it cannot be.
    static func openForRecording(_ path: String) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
    }

    /// Replaces a file's bytes (creating it, owner-only).
    /// - Returns: The error number when it cannot be written, or nil.
    static func replace(_ path: String, with bytes: [UInt8]) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        return written == bytes.count ? nil : errno
    }

    /// The first bytes of a file (at most `limit`), or nil when it cannot be read.
    static func prefix(of path: String, limit: Int = 64) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, limit) }
        guard count >= 0 else { return nil }
        return Array(bytes.prefix(count))
    }

    /// Removes a file; failures are ignored (a record left behind is only a few bytes).
    static func remove(_ path: String) {
        unlink(path)
    }

    /// The names in a folder, or empty when it cannot be read.
    static func names(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// This process's ID.
    static var processID: Int32 { getpid() }

    /// Installs `handler` for every fatal signal, keeping each previous disposition so the handler
    /// can give the signal back to it (``restoreAndRaise(_:)``).
    static func installFatalSignalHandler(_ handler: @convention(c) (Int32) -> Void) {
        for number in fatalSignals {
            sigaction(number, nil, previousActions + Int(number))
            signal(number, handler)
        }
    }

    /// In a signal handler: restores the signal's previous disposition (a crash reporter's, the
    /// Swift runtime's backtracer, or the default) and raises the signal again, to be delivered to
    /// it once the handler returns. Only async-signal-safe calls (`sigaction`, `raise`).
    static func restoreAndRaise(_ number: Int32) {
        sigaction(number, previousActions + Int(number), nil)
        raise(number)
    }

    /// Runs `handler` when the process exits normally (`exit`, or returning from `main`).
    static func atExit(_ handler: @convention(c) () -> Void) {
        atexit(handler)
    }

    /// Writes bytes at a file's start, from a signal handler or at exit: `pwrite` is
    /// async-signal-safe.
    static func record(_ bytes: UnsafeRawBufferPointer, into descriptor: Int32) {
        _ = pwrite(descriptor, bytes.baseAddress, bytes.count, 0)
    }

    /// Each fatal signal's disposition before ours, by signal number: memory of its own, written
    /// before the handler is installed and only read by it (no Swift array, whose access a signal
    /// handler may not make).
    nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        actions.initialize(repeating: sigaction(), count: 65)
        return actions
    }()
}
