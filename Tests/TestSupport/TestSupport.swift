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
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var url = URL(fileURLWithPath: executable)
        // On Linux the test binary is <products>/<name>.xctest; on macOS it is inside a bundle.
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

/// What a child process did.
public struct ProcessResult: Sendable {
    /// The exit status, or 128 + the signal number when a signal ended it.
    public var status: Int32
    /// What it wrote to standard output.
    public var standardOutput: String
    /// What it wrote to standard error.
    public var standardError: String
}

/// Runs a program to completion.
public func runProcess(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: Data? = nil
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let error = Pipe()
    let inputPipe = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = inputPipe
    try process.run()
    if let input { inputPipe.fileHandleForWriting.write(input) }
    try inputPipe.fileHandleForWriting.close()
    // Read both pipes while the process runs, so a full pipe cannot stall it.
    let errorData = Locked(Data())
    let reader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorData.isSet { usleep(1000) }
    let status =
        process.terminationReason == .uncaughtSignal
        ? 128 + process.terminationStatus : process.terminationStatus
    return ProcessResult(
        status: status, standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData.value, as: UTF8.self))
}

/// A value written once by another thread. `@unchecked Sendable`: every access holds `lock`.
private final class Locked: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Data
    private var done = false
    init(_ value: Data) { stored = value }
    func set(_ value: Data) {
        lock.lock()
        stored = value
        done = true
        lock.unlock()
    }
    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return done
    }
    var value: Data {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
