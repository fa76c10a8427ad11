import Foundation

/// A folder of its own for one test, removed when the value goes away.
public final class TemporaryDirectory: Sendable {
    /// The folder's absolute path.
    public let path: String

    /// Creates a new, empty folder under the system's temporary folder.
    public init() throws {
        let base = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        let template = base + "navstate-test-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let created = mkdtemp(&bytes) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: created)
    }

    deinit {
        // Permission tests may leave read-only folders behind: open them up before removing.
        for sub in (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? [] {
            chmod(path + "/" + sub, 0o700)
        }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the folder.
    public func appending(_ component: String) -> String { path + "/" + component }

    /// An environment whose state root is inside this folder.
    public var environment: [String: String] {
        ["XDG_STATE_HOME": appending("state"), "HOME": appending("home")]
    }
}

/// The shared test data under `Fixtures/` at the top of the package.
public enum Fixtures {
    /// The absolute path of the `Fixtures` folder.
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Fixtures").path
    }()

    /// The absolute path of a fixture.
    public static func path(_ relative: String) -> String { root + "/" + relative }

    /// A fixture's bytes.
    public static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(relative))))
    }

    /// A fixture's text.
    public static func text(_ relative: String) throws -> String {
        String(decoding: try bytes(relative), as: UTF8.self)
    }

    /// Whether tests should rewrite golden files instead of comparing against them.
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["NAVSTATE_RECORD_GOLDEN"] == "1"
    }

    /// Compares `actual` to a golden fixture, or writes it when recording.
    public static func matchesGolden(_ actual: [UInt8], _ relative: String) throws -> Bool {
        if isRecording {
            try Data(actual).write(to: URL(fileURLWithPath: path(relative)))
            return true
        }
        return try bytes(relative) == actual
    }
}

/// The folder where SwiftPM put the package's executables for this test run.
public enum Products {
    /// The folder holding the test bundle, and beside it `navstate` and `SceneStoreWorker`.
    public static let directory: String = {
        #if canImport(Darwin)
            // On Darwin the tests run in a host process that loads <products>/<name>.xctest.
            let executable = Bundle(for: BundleMarker.self).bundlePath
        #else
            let executable =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
        #endif
        var url = URL(fileURLWithPath: executable)
        // On Linux the test binary is <products>/<name>.xctest; on macOS it is a bundle there.
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("SceneStoreWorker").path) {
                return url.path
            }
        }
        return URL(fileURLWithPath: executable).deletingLastPathComponent().path
    }()

    /// The path of one of the package's executables.
    public static func path(_ name: String) -> String { directory + "/" + name }
}

/// Gives a file a second name, as a file system that ignores case gives `main.json` the name
/// `Main.json`: a hard link, or, where the file system ignores case already, the name it has.
/// - Returns: Whether both names now lead to one file.
public func linkAsSecondName(_ existing: String, _ second: String) -> Bool {
    if link(existing, second) == 0 { return true }
    guard errno == EEXIST, let first = try? FileManager.default.attributesOfItem(atPath: existing),
        let other = try? FileManager.default.attributesOfItem(atPath: second)
    else { return false }
    return (first[.systemFileNumber] as? NSNumber) == (other[.systemFileNumber] as? NSNumber)
}

/// A class of this module, for finding the test bundle that holds it.
private final class BundleMarker {}

/// What a child process did.
public struct ProcessResult: Sendable {
    /// The exit status, or 128 + the signal number when a signal ended it.
    public var status: Int32
    /// What it wrote to standard output.
    public var standardOutput: String
    /// What it wrote to standard error.
    public var standardError: String
    /// Its peak resident memory in KiB (`wait4` reports KiB on Linux, bytes on Darwin).
    public var maximumResidentKilobytes: Int = 0
}

/// Runs a program to completion with posix_spawn, capturing its output and its peak memory.
/// - Parameters:
///   - executable: The program's absolute path.
///   - arguments: Its arguments.
///   - environment: Its environment; this process's by default.
///   - input: What it reads on standard input.
///   - timeLimit: Seconds after which it is killed (SIGKILL, status 137), or nil for none: a
///     deadline that needs no `timeout` program, which Darwin lacks.
public func runProcess(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: Data? = nil,
    timeLimit: Double? = nil
) throws -> ProcessResult {
    // A child that exits without reading its input must not kill the tests with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    let child = try spawnChild(
        executable, arguments, environment: environment ?? ProcessInfo.processInfo.environment, separateError: true)
    let pid = child.pid
    // The deadline: killed unless it has been reaped, checked under the same lock as the reaping.
    let reaping = Reaping()
    if let timeLimit {
        let child = pid
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) {
            reaping.unlessReaped { kill(child, SIGKILL) }
        }
    }
    // Feed stdin and drain stderr on other threads, so no full pipe can stall the child.
    let inputBytes = Array(input ?? Data())
    let inputDescriptor = child.input
    let errorDescriptor = child.error
    let writer = Thread {
        var offset = 0
        while offset < inputBytes.count {
            let written = inputBytes.withUnsafeBytes {
                write(inputDescriptor, $0.baseAddress! + offset, $0.count - offset)
            }
            if written <= 0 { break }
            offset += written
        }
        close(inputDescriptor)
    }
    writer.start()
    let errorData = Locked(Data())
    let errorRead = DispatchSemaphore(value: 0)
    let reader = Thread {
        errorData.set(readToEnd(errorDescriptor))
        errorRead.signal()
    }
    reader.start()
    let outputData = readToEnd(child.output)
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    reaping.markReaped()
    errorRead.wait()
    close(child.output)
    close(child.error)
    let exited = status & 0x7F == 0
    return ProcessResult(
        status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData.value, as: UTF8.self),
        maximumResidentKilobytes: residentKilobytes(usage.ru_maxrss))
}

/// Held while pipes are made and a child is spawned (see ``spawnChild(_:_:environment:separateError:)``).
private let spawnLock = NSLock()

/// A spawned child and this process's ends of its pipes.
struct SpawnedChild {
    var pid: pid_t
    /// Its standard input, to write to.
    var input: Int32
    /// Its standard output (and error, when not separate), to read.
    var output: Int32
    /// Its standard error, to read; the output's descriptor when not separate.
    var error: Int32
}

/// Spawns a program with its standard streams on new pipes. The pipes are made close-on-exec and
/// the child spawned under one lock: a child spawned by another test at the same moment must not
/// inherit this child's pipes, or neither ever sees its end.
func spawnChild(
    _ executable: String, _ arguments: [String], environment: [String: String], separateError: Bool
) throws -> SpawnedChild {
    var output: [Int32] = [0, 0]
    var errors: [Int32] = [0, 0]
    var inputPipe: [Int32] = [0, 0]
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in variables { free(pointer) } }
    var pid = pid_t()
    var piped = false
    let spawned = spawnLock.withLock { () -> Int32 in
        guard pipe(&output) == 0, pipe(&inputPipe) == 0, !separateError || pipe(&errors) == 0 else { return errno }
        piped = true
        if !separateError { errors = output }
        for descriptor in output + errors + inputPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        #if canImport(Darwin)
            // A pointer type on Darwin, a structure on Linux.
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 onto 0, 1 and 2 clears close-on-exec there; every other descriptor closes at exec.
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        let result = posix_spawn(&pid, executable, &actions, nil, argv, variables)
        close(output[1])
        if separateError { close(errors[1]) }
        close(inputPipe[0])
        return result
    }
    guard piped else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EMFILE) }
    guard spawned == 0 else {
        close(output[0])
        if separateError { close(errors[0]) }
        close(inputPipe[1])
        throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO)
    }
    return SpawnedChild(pid: pid, input: inputPipe[1], output: output[0], error: errors[0])
}

/// A child process whose standard output and error are read line by line as they arrive, for a
/// command that runs until it is stopped. Killed and reaped when the value goes.
public final class StreamingProcess {
    /// Its process ID, to send signals to.
    public let pid: pid_t
    private let output: Int32
    private var pending: [UInt8] = []
    private var status: Int32?

    /// Spawns it, with an empty standard input.
    /// - Parameters:
    ///   - executable: The program's absolute path.
    ///   - arguments: Its arguments.
    ///   - environment: Its environment.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        let child = try spawnChild(executable, arguments, environment: environment, separateError: false)
        close(child.input)
        pid = child.pid
        output = child.output
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var ended: Int32 = 0
            waitpid(pid, &ended, 0)
        }
        close(output)
    }

    /// The next line it prints, or nil when none comes within `seconds`.
    public func nextLine(within seconds: Double) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            pending.append(contentsOf: buffer[..<count])
        }
    }

    /// Waits for it to end, within `seconds`.
    /// - Returns: Its exit status (128 + the signal number when a signal ended it), or nil.
    public func exitStatus(within seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while status == nil && Date() < deadline {
            var ended: Int32 = 0
            if waitpid(pid, &ended, WNOHANG) == pid {
                status = ended & 0x7F == 0 ? (ended >> 8) & 0xFF : 128 + (ended & 0x7F)
            } else {
                usleep(10_000)
            }
        }
        return status
    }
}

/// `ru_maxrss` in KiB: Linux reports KiB, Darwin bytes.
private func residentKilobytes(_ maximum: Int) -> Int {
    #if canImport(Darwin)
        maximum / 1024
    #else
        maximum
    #endif
}

private func readToEnd(_ descriptor: Int32) -> Data {
    var result = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { return result }
        result.append(contentsOf: buffer[0..<count])
    }
}

/// Whether a child was reaped, so that a deadline does not kill a process ID reused since (but for
/// the moment between `wait4` returning and the reaping being recorded).
/// `@unchecked Sendable`: every access holds `lock`.
private final class Reaping: @unchecked Sendable {
    private let lock = NSLock()
    private var reaped = false

    func markReaped() {
        lock.lock()
        reaped = true
        lock.unlock()
    }

    func unlessReaped(_ body: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        if !reaped { body() }
    }
}

/// A value written once by another thread. `@unchecked Sendable`: every access holds `lock`.
private final class Locked: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Data
    init(_ value: Data) { stored = value }
    func set(_ value: Data) {
        lock.lock()
        stored = value
        lock.unlock()
    }
    var value: Data {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
