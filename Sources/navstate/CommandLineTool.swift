import RecipeData
import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `navstate` command as a function of (arguments, environment, standard input) to
/// (standard output, standard error, exit status), so tests run it in-process.
@MainActor
struct CommandLineTool {
    nonisolated static let version = "0.3.0"
    /// The app ID used when `--app` is not given.
    nonisolated static let defaultAppID = "cookbook"
    /// The scene value key the navigation state is saved under, as the sample's `@SceneStorage("navigation")`.
    nonisolated static let navigationKey = "navigation"

    /// What the command runs with: everything it would otherwise read from the process.
    struct Context {
        var environment: [String: String]
        var currentDirectory: String
        var readStandardInput: () -> [UInt8]
        var now: @Sendable () -> Date
        /// Writes standard output at once, for a command that runs until it is stopped (`watch`);
        /// nil to collect it in the outcome.
        var emit: ((String) -> Void)?

        init(
            environment: [String: String], currentDirectory: String = FileManager.default.currentDirectoryPath,
            readStandardInput: @escaping () -> [UInt8] = { [] }, now: @escaping @Sendable () -> Date = { Date() },
            emit: ((String) -> Void)? = nil
        ) {
            self.environment = environment
            self.currentDirectory = currentDirectory
            self.readStandardInput = readStandardInput
            self.now = now
            self.emit = emit
        }
    }

    /// What the command printed and how it ended.
    struct Outcome: Equatable {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    let context: Context
    var output = ""
    var errors = ""

    /// Runs one command line (without the program name).
    static func run(_ arguments: [String], context: Context) async -> Outcome {
        var tool = CommandLineTool(context: context)
        let status = await tool.run(arguments)
        return Outcome(status: status, standardOutput: tool.output, standardError: tool.errors)
    }

    private mutating func run(_ arguments: [String]) async -> Int32 {
        var parsed = ArgumentParser.parse(arguments)
        // --help and --version anywhere print and do nothing else, even on a line with a mistake.
        if parsed.wantsHelp || (parsed.command == Subcommands.help.name && parsed.error == nil) {
            do {
                return try help(for: parsed)
            } catch {
                return report(error, command: Subcommands.help.name)
            }
        }
        if parsed.wantsVersion {
            print("navstate \(Self.version)")
            return ExitStatus.success
        }
        do {
            if let error = parsed.error { throw error }
            guard let name = parsed.command, let command = Subcommands.command(named: name) else {
                return try help(for: parsed)
            }
            try ArgumentParser.check(&parsed, against: command.spec)
            // Decoded once, before anything is read or written: a mistake changes nothing.
            let subcommand = try command.init(parsed)
            let environment = try Environment(parsed, context: context)
            try await subcommand.run(&self, environment)
            return ExitStatus.success
        } catch {
            return report(error, command: parsed.command)
        }
    }

    // MARK: - Output

    mutating func print(_ line: String = "") {
        output += line + "\n"
    }

    /// Prints at once where the context streams its output (`watch`), else as ``print(_:)``.
    mutating func emit(_ line: String) {
        if let emit = context.emit { emit(line + "\n") } else { print(line) }
    }

    mutating func warn(_ line: String) {
        errors += "warning: " + line + "\n"
    }

    /// Prints an error in the house format and returns its exit status. The one place errors become
    /// exit codes.
    private mutating func report(_ error: any Error, command: String?) -> Int32 {
        let status = ExitStatus.of(error)
        // A subcommand that printed its own errors (one per failure) only sets the status.
        if case CommandError.alreadyReported = error { return status }
        let message: String
        switch error {
        case let usage as UsageError: message = usage.message
        case let error as CommandError: message = error.description
        case let error as SceneStoreError: message = error.description
        case let error as RecipeDataError: message = error.description
        case let error as NavigationError: message = error.description
        default: message = String(describing: error)
        }
        let spec = ((error as? UsageError)?.command ?? command).flatMap(Subcommands.spec(named:))
        // Escaping is idempotent: a message already escaped has no control characters left.
        errors += "Error: \(TerminalText.escaped(message))\n"
        errors +=
            "Usage: \(spec?.usage ?? "navstate [--state-dir <path>] [--app <id>] [--data <recipes.json>] <subcommand>")\n"
        errors += "See 'navstate\(spec.map { " " + $0.name } ?? "") --help'.\n"
        return status
    }
}

/// An error of the command itself, with the exit status it maps to.
enum CommandError: Error, CustomStringConvertible {
    case usage(String)
    case noSavedState(String)
    /// No app container or Simulator app where `--container` or `--simulator` pointed.
    case noContainer(String)
    /// The kernel refused to watch the scenes folder.
    case cannotWatch(WatchError)
    /// A stored value a command cannot work on, described whole.
    case unusableValue(String)
    /// A stored value that is not the cookbook's navigation state at all, and where in the file.
    case notNavigationData(path: String, key: String, scene: SceneID, reason: String, position: JSONTextPosition?)
    case inputFile(path: String, errno: Errno)
    /// Bad contents of an input file (`--input`, `--data`), naming the file and where in it.
    case inputContents(path: String, position: JSONTextPosition? = nil, reason: String)
    /// Errors already printed by the subcommand; ends with the status of the first.
    case alreadyReported(status: Int32)

    var description: String {
        switch self {
        case .usage(let message), .noSavedState(let message), .unusableValue(let message), .noContainer(let message):
            message
        case .notNavigationData(let path, let key, let scene, let reason, let position):
            "'\(path)': \(position.map { "\($0): " } ?? "")value '\(key)' of scene '\(scene)' is not navigation data: \(reason)"
        case .inputFile(let path, let errno): "cannot read '\(path)': \(errno)"
        case .inputContents(let path, let position, let reason):
            "\(Environment.displayName(ofInput: path)): \(position.map { "\($0): " } ?? "")\(reason)"
        case .cannotWatch(let error): error.description
        case .alreadyReported: "errors were reported"
        }
    }
}

/// The exit statuses, from sysexits(3).
enum ExitStatus {
    static let success: Int32 = 0
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let noInput: Int32 = 66
    static let cannotCreate: Int32 = 73
    static let ioError: Int32 = 74
    static let permissionDenied: Int32 = 77

    static func of(_ error: any Error) -> Int32 {
        switch error {
        case is UsageError: return usage
        case let error as CommandError:
            switch error {
            case .usage: return usage
            case .noSavedState, .noContainer: return noInput
            case .unusableValue, .notNavigationData, .inputContents: return dataError
            case .inputFile(_, let errno):
                return errno.deniesPermission ? permissionDenied : (errno == .enoent ? noInput : ioError)
            case .cannotWatch(let error):
                return Errno(rawValue: error.errno).deniesPermission ? permissionDenied : ioError
            case .alreadyReported(let status): return status
            }
        case is RecipeDataError: return dataError
        case let error as NavigationError:
            switch error {
            case .store(let storeError): return of(storeError)
            case .invalidTypeName: return usage
            case .noValue, .noKeptAsideCopy, .nothingToRecover: return noInput
            case .cannotDecode, .cannotEncode, .notANavigationPath, .newerSchema, .link: return dataError
            }
        case let error as SceneStoreError:
            switch error {
            case .invalidSceneID, .invalidAppID, .invalidKey, .invalidArgument: return usage
            case .sceneNotFound: return noInput
            case .corrupt, .caseConflict, .newerFormat, .notARegularFile, .fileTooLarge, .documentTooLarge,
                .documentTooDeep,
                .typeMismatch, .cannotDecode,
                .cannotEncode:
                return dataError
            case .noStateDirectory, .cannotCreateDirectory: return cannotCreate
            case .cannotRead(_, let errno), .cannotWrite(_, let errno), .cannotLock(_, let errno),
                .cannotRemove(_, let errno):
                return errno.deniesPermission ? permissionDenied : ioError
            }
        default: return ioError
        }
    }
}
