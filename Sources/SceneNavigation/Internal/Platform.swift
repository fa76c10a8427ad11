#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// SceneNavigation's few system calls: the running process's launch record, and the fatal signals
/// and exit it is written at (a simulated launch's record is written as every file of the store
/// is). POSIX calls that Glibc, Musl and Darwin declare alike (`open`, `pwrite`, `read`,
/// `sigaction`, `sigaltstack`, `raise`, `atexit`); where their declarations differ (the
/// `sigaction` union's member names, SI_USER), each branch follows its C library's header, and the
/// Darwin branch is type-checked on Linux against Apple's declarations (`Tests/DarwinDeclarations`).
enum Platform {
    /// The signals a crash ends a process with: a Swift runtime trap (`fatalError`, a failed `!`)
    /// raises SIGTRAP on arm64 and SIGILL on x86_64; a failed `precondition` in C code, `abort()`,
    /// SIGABRT; a bad access, SIGSEGV or SIGBUS; a division trap, SIGFPE. SIGKILL is never seen.
    static let fatalSignals: [Int32] = [SIGTRAP, SIGILL, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    /// Opens (creating, owner-only) a file to write at its start later; -1 when it cannot be.
    static func openForRecording(_ path: String) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
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

    /// Installs the fatal-signal handler: `record` is called first, then the signal goes on to the
    /// disposition that was there before (a crash reporter's handler, the Swift runtime's
    /// backtracer, or the system's default), with the signal's own `siginfo_t` and context.
    ///
    /// - It is installed with `sigaction`, `SA_SIGINFO | SA_ONSTACK`, and runs on an alternate
    ///   signal stack: a stack overflow has used up the thread's own stack, where a handler could
    ///   not run (sigaltstack(2): the most common use of an alternate signal stack is to handle the
    ///   SIGSEGV of an exhausted stack). An alternate stack is per thread: the installing thread
    ///   keeps the one it has (the Swift runtime's backtracer or a crash reporter may have made
    ///   it), or gets one of max(SIGSTKSZ, 64 KiB). Restores run on the main actor, so that is
    ///   the main thread; a stack overflow on another thread without an alternate stack is not
    ///   recorded (the kernel ends the process with nothing written, as SIGKILL does).
    /// - A crash reporter installed before keeps its crash: its handler is called with the
    ///   original `siginfo_t` (the fault's `si_code` and `si_addr`) and context, as reporters
    ///   chain to the handler they replaced (PLCrashReporter's `PLCrashSignalHandler.mm` installs
    ///   `SA_SIGINFO | SA_ONSTACK` on a 64 KiB `sigaltstack` of the enabling thread and calls the
    ///   previous `sa_sigaction(signo, info, uap)`, or `sa_handler`, raising the signal when the
    ///   previous was SIG_DFL; Crashlytics did not pass signals on until after
    ///   firebase/firebase-ios-sdk#7702, so installed after it, this handler may not run).
    ///   Re-raising would give the reporter a signal with `SI_USER` (`SI_TKILL` from `raise`) and
    ///   no address. Its disposition is put back first, so whatever it does next (reset to the
    ///   default and return, re-raise) happens as it would without this handler; a handler
    ///   installed after this one that chained to it is replaced then, after it has run.
    /// - With no handler before (the default, or ignored), the default is put back and, for a
    ///   fault (synchronous: `si_code` > 0 on Linux), the handler returns: the instruction faults
    ///   again into the default action, and a core file or crash report shows the original fault.
    ///   A signal sent by a process (`kill`, `raise`, `abort`) does not come again by itself: it is
    ///   raised again, delivered once the handler returns. A fault that was ignored gets the
    ///   default too (POSIX sigaction: the behaviour after ignoring SIGFPE, SIGILL, SIGSEGV or
    ///   SIGBUS "that was not generated by kill(), sigqueue(), or raise()" is undefined); a sent
    ///   signal that was ignored is ignored still, and not recorded: the process goes on.
    ///
    /// Everything the handler reads is in one block made before the handler is installed, reached
    /// through a static that installing has initialised (no Swift lazy initialisation in the
    /// handler), and it makes only async-signal-safe calls (`sigaction`, `raise`, and what
    /// `record` makes). Installed once per process.
    static func installFatalSignalHandlers(record: @convention(c) () -> Void) {
        let header = MemoryLayout<SignalHandling>.stride
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: header + signalSlots * MemoryLayout<sigaction>.stride, alignment: 16)
        let previous = (block + header).bindMemory(to: sigaction.self, capacity: signalSlots)
        previous.initialize(repeating: sigaction(), count: signalSlots)
        let handling = block.bindMemory(to: SignalHandling.self, capacity: 1)
        handling.initialize(to: SignalHandling(record: record, previous: previous))
        signalHandling = handling
        prepareAlternateStack()
        for number in fatalSignals {
            sigaction(number, nil, previous + Int(number))
            var action = sigaction()
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            setSignalHandler(&action) { number, info, context in
                guard let handling = Platform.signalHandling, number > 0, Int(number) < Platform.signalSlots
                else { return }
                let previous = handling.pointee.previous + Int(number)
                // 0 and 1 are SIG_DFL and SIG_IGN in Glibc's, Musl's and Darwin's <signal.h>.
                let disposition = unsafeBitCast(Platform.simpleHandler(of: previous), to: Int.self)
                let isSent = info.map { Platform.isSentByProcess($0.pointee.si_code) } ?? true
                if disposition == 1 && isSent { return }
                handling.pointee.record()
                guard disposition > 1 else {
                    if disposition == 1 {
                        // An ignored fault gets the default (zeroed: SIG_DFL, no flags).
                        var fallback = sigaction()
                        sigaction(number, &fallback, nil)
                    } else {
                        sigaction(number, previous, nil)
                    }
                    // A trap instruction may leave the thread past it (x86's int3, SI_KERNEL), so
                    // a SIGTRAP is raised again rather than left to come again; with the default
                    // disposition no handler sees that it was raised.
                    if isSent || number == SIGTRAP { raise(number) }
                    return
                }
                sigaction(number, previous, nil)
                Platform.callPrevious(previous, number, info, context)
            }
            sigaction(number, &action, nil)
        }
    }

    /// Gives the installing thread an alternate signal stack, unless it has one.
    private static func prepareAlternateStack() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        #if canImport(Darwin)
            // Darwin <sys/signal.h>: `#define SIGSTKSZ 131072`.
            let size = max(Int(SIGSTKSZ), 64 << 10)
        #elseif canImport(Glibc)
            // Glibc 2.34: the signal frame's size is known at run time (larger with AVX-512).
            let size = max(Int(SIGSTKSZ), sysconf(Int32(_SC_SIGSTKSZ)), 64 << 10)
        #else
            let size = max(Int(SIGSTKSZ), 64 << 10)
        #endif
        var stack = stack_t()
        // Never freed: the handler may run on it until the process ends.
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        stack.ss_size = numericCast(size)
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
    }

    /// Whether a signal was sent by a process (`kill`, `raise`, `abort`) rather than by a fault of
    /// the thread, which happens again when the handler returns.
    private static func isSentByProcess(_ code: Int32) -> Bool {
        #if canImport(Darwin)
            // Darwin <sys/signal.h>: `#define SI_USER 0x10001`, and the codes of sent signals
            // (SI_QUEUE, SI_TIMER, ...) follow it; a fault's codes are small and positive.
            code <= 0 || code >= SI_USER
        #else
            // Linux <bits/siginfo-consts.h>: SI_USER is 0 and the other codes of sent signals
            // (SI_QUEUE, SI_TKILL, ...) are negative; a fault's (and SI_KERNEL's) are positive.
            code <= 0
        #endif
    }

    /// An action's `sa_handler`: nil for SIG_DFL.
    private static func simpleHandler(of action: UnsafePointer<sigaction>) -> (@convention(c) (Int32) -> Void)? {
        #if canImport(Darwin)
            // Darwin <sys/signal.h>: `struct sigaction { union __sigaction_u __sigaction_u; ... }`,
            // the union's `void (*__sa_handler)(int)`.
            action.pointee.__sigaction_u.__sa_handler
        #elseif canImport(Glibc)
            action.pointee.__sigaction_handler.sa_handler
        #elseif canImport(Musl)
            action.pointee.__sa_handler.sa_handler
        #endif
    }

    private typealias SignalHandler =
        @convention(c) (
            Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?
        ) -> Void

    private static func setSignalHandler(_ action: inout sigaction, _ handler: SignalHandler) {
        #if canImport(Darwin)
            // Darwin <sys/signal.h>: the union's `void (*__sa_sigaction)(int, struct __siginfo *, void *)`.
            action.__sigaction_u.__sa_sigaction = handler
        #elseif canImport(Glibc)
            action.__sigaction_handler.sa_sigaction = handler
        #elseif canImport(Musl)
            action.__sa_handler.sa_sigaction = handler
        #endif
    }

    /// Calls a previous handler as the system would have: `sa_sigaction` with the signal's own
    /// information and context when it asked for them (`SA_SIGINFO`), else `sa_handler`.
    private static func callPrevious(
        _ action: UnsafePointer<sigaction>, _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
        _ context: UnsafeMutableRawPointer?
    ) {
        guard action.pointee.sa_flags & SA_SIGINFO != 0 else {
            simpleHandler(of: action)?(number)
            return
        }
        #if canImport(Darwin)
            // Darwin <sys/signal.h>: the union's `__sa_sigaction`, as above.
            action.pointee.__sigaction_u.__sa_sigaction?(number, info, context)
        #elseif canImport(Glibc)
            action.pointee.__sigaction_handler.sa_sigaction?(number, info, context)
        #elseif canImport(Musl)
            action.pointee.__sa_handler.sa_sigaction?(number, info, context)
        #endif
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

    /// What the fatal-signal handler reads: `record`, and each fatal signal's disposition before
    /// it by signal number (slots in the same block).
    struct SignalHandling {
        var record: @convention(c) () -> Void
        var previous: UnsafeMutablePointer<sigaction>
    }

    /// Signal numbers below this have a slot: the fatal signals are below 32 everywhere. Computed,
    /// not stored: the handler reads it, and a stored static is initialised at its first use.
    private static var signalSlots: Int { 65 }

    /// The handler's block: set (and so initialised) before the handler is installed, then only
    /// read, by it.
    nonisolated(unsafe) private static var signalHandling: UnsafeMutablePointer<SignalHandling>?
}
