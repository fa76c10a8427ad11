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
    nonisolated static let version = "0.1.0"
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

        init(
            environment: [String: String], currentDirectory: String = FileManager.default.currentDirectoryPath,
            readStandardInput: @escaping () -> [UInt8] = { [] }, now: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.environment = environment
            self.currentDirectory = currentDirectory
            self.readStandardInput = readStandardInput
            self.now = now
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
        let parsed = ArgumentParser.parse(arguments)
        // --help and --version anywhere print and do nothing else, even on a line with a mistake.
        if parsed.wantsHelp || (parsed.command == "help" && parsed.error == nil) {
            do {
                return try help(for: parsed)
            } catch {
                return report(error, command: "help")
            }
        }
        if parsed.wantsVersion {
            print("navstate \(Self.version)")
            return ExitStatus.success
        }
        do {
            if let error = parsed.error { throw error }
            guard let name = parsed.command, let spec = CommandSpec.named(name) else { return try help(for: parsed) }
            try ArgumentParser.check(parsed, against: spec)
            let environment = try Environment(parsed, context: context)
            switch spec.name {
            case CommandSpec.save.name: try await save(parsed, environment)
            case CommandSpec.restore.name: try restore(parsed, environment)
            case CommandSpec.inspect.name: try inspect(parsed, environment)
            case CommandSpec.retag.name: try retag(parsed, environment)
            case CommandSpec.recover.name: try recover(parsed, environment)
            case CommandSpec.remove.name: try remove(parsed, environment)
            case CommandSpec.prune.name: try prune(parsed, environment)
            case CommandSpec.recipes.name: try recipes(parsed, environment)
            default: return ExitStatus.usage
            }
            return ExitStatus.success
        } catch {
            return report(error, command: parsed.command)
        }
    }

    // MARK: - Output

    mutating func print(_ line: String = "") {
        output += line + "\n"
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
        let spec = ((error as? UsageError)?.command ?? command).flatMap(CommandSpec.named)
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
    /// A stored value a command cannot work on, described whole.
    case unusableValue(String)
    case inputFile(path: String, errno: Errno)
    /// Bad contents of an input file (`--input`, `--data`), naming the file.
    case inputContents(path: String, error: RecipeDataError)
    /// Errors already printed by the subcommand; ends with the status of the first.
    case alreadyReported(status: Int32)

    var description: String {
        switch self {
        case .usage(let message), .noSavedState(let message), .unusableValue(let message): message
        case .inputFile(let path, let errno): "cannot read '\(path)': \(errno)"
        case .inputContents(let path, let error): "\(Environment.displayName(ofInput: path)): \(error)"
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
            case .noSavedState: return noInput
            case .unusableValue: return dataError
            case .inputFile(_, let errno):
                return errno.isPermissionDenied ? permissionDenied : (errno == .noSuchFile ? noInput : ioError)
            case .inputContents(_, let error): return of(error)
            case .alreadyReported(let status): return status
            }
        case let error as RecipeDataError:
            if case .store(let storeError) = error { return of(storeError) }
            return dataError
        case let error as NavigationError:
            switch error {
            case .store(let storeError): return of(storeError)
            case .invalidTypeName: return usage
            case .cannotDecode, .cannotEncode, .notANavigationPath, .newerSchema: return dataError
            }
        case let error as SceneStoreError:
            switch error {
            case .invalidSceneID, .invalidAppID, .invalidKey: return usage
            case .sceneNotFound: return noInput
            case .corrupt, .newerFormat, .notARegularFile, .fileTooLarge, .typeMismatch, .cannotDecode, .cannotEncode:
                return dataError
            case .noStateDirectory, .cannotCreateDirectory: return cannotCreate
            case .cannotRead(_, let errno), .cannotWrite(_, let errno), .cannotLock(_, let errno),
                .cannotRemove(_, let errno):
                return errno.isPermissionDenied ? permissionDenied : ioError
            }
        default: return ioError
        }
    }
}

/// What every subcommand works with: the store and the recipe data.
struct Environment {
    /// The largest input file or standard input read: recipe data and navigation JSON are small.
    static let inputLimit = 64 << 20

    let store: SceneStore
    let data: DataModel
    let dataPath: String?
    /// Whether scenes hold the cookbook's navigation (the default app, or recipe data given);
    /// any other app's values are shown as generic route paths.
    let isCookbook: Bool

    @MainActor
    init(_ parsed: ParsedCommandLine, context: CommandLineTool.Context) throws {
        let appID = try AppID(parsed.value(.app) ?? CommandLineTool.defaultAppID)
        isCookbook = appID.rawValue == CommandLineTool.defaultAppID || parsed.value(.data) != nil
        let configuration = SceneStore.Configuration(now: context.now)
        if let directory = parsed.value(.stateDirectory) {
            guard !directory.isEmpty else { throw CommandError.usage("option '--state-dir' needs a path") }
            let absolute = directory.hasPrefix("/") ? directory : context.currentDirectory + "/" + directory
            store = SceneStore(appID: appID, stateRoot: absolute, configuration: configuration)
        } else {
            store = try SceneStore(appID: appID, environment: context.environment, configuration: configuration)
        }
        if let path = parsed.value(.data) {
            let absolute = path.hasPrefix("/") ? path : context.currentDirectory + "/" + path
            do {
                // navstate 0.1's identifiers resolve against any data that has the sample's recipes.
                data = try DataModel(
                    jsonData: try Self.readInputFile(absolute), aliases: DataModel.previousReleaseAliases)
            } catch let error as RecipeDataError {
                throw CommandError.inputContents(path: absolute, error: error)
            }
            dataPath = absolute
        } else {
            data = .cookbook
            dataPath = nil
        }
    }

    /// Reads an input file named by the user (recipe data or navigation JSON): a regular file or a
    /// pipe of at most 64 MiB.
    static func readInputFile(_ path: String) throws -> [UInt8] {
        do {
            return try SceneStore.readInputFile(atPath: path, limit: inputLimit)
        } catch .cannotRead(let path, let errno) {
            throw CommandError.inputFile(path: path, errno: errno)
        } catch {
            throw CommandError.usage(error.description)
        }
    }

    /// How errors name an input: `'<path>'`, or `standard input` for `-`.
    static func displayName(ofInput path: String) -> String {
        path == "-" ? "standard input" : "'\(path)'"
    }
}
