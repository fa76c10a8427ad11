import RecipeData
import SceneStore

/// What every subcommand works with: the store and the recipe data, from the global options.
struct Environment {
    /// The largest input file or standard input read: recipe data and navigation JSON are small.
    static let inputLimit = 64 << 20

    let appID: AppID
    let store: StateStore
    let data: DataModel
    /// Whether scenes hold the cookbook's navigation (the default app, or recipe data given);
    /// any other app's values are shown as paths, element by element.
    let isCookbook: Bool

    @MainActor
    init(_ line: ParsedCommandLine, context: CommandLineTool.Context) throws {
        let givenApp = try line.value(GlobalOptions.app)
        let dataPath = try line.value(GlobalOptions.data)
        var configuration = StateStore.Configuration(now: context.now)
        if let budget = try line.value(GlobalOptions.budget) { configuration.sizeBudget = budget }
        if let request = try Self.containerRequest(line) {
            // Only commands that never write look inside another app's container.
            guard Self.readOnlyCommands.contains(line.command ?? "") else {
                throw CommandError.usage(
                    "options '--container' and '--simulator' are for \(Self.readOnlyCommands.joined(separator: ", ")): they never write"
                )
            }
            let home = context.environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? ""
            let containers = AppContainers(convention: .current, home: home, reader: .system)
            do {
                let root = try containers.stateRoot(for: request)
                // The app's folder there: the one given, or the only one that holds scenes.
                appID = try AppID(try givenApp ?? containers.appID(in: root))
                store = StateStore(appID: appID, stateRoot: root, configuration: configuration)
            } catch let error as AppContainers.NotFound {
                throw CommandError.noContainer(error.description)
            }
        } else {
            appID = try AppID(givenApp ?? CommandLineTool.defaultAppID)
            if let directory = try line.value(GlobalOptions.stateDirectory) {
                guard !directory.isEmpty else { throw CommandError.usage("option '--state-dir' needs a path") }
                store = StateStore(appID: appID, stateRoot: context.absolute(directory), configuration: configuration)
            } else {
                store = try StateStore(appID: appID, environment: context.environment, configuration: configuration)
            }
        }
        isCookbook = appID.rawValue == CommandLineTool.defaultAppID || dataPath != nil
        if let dataPath {
            let absolute = context.absolute(dataPath)
            let bytes = try Self.readInputFile(absolute)
            do throws(RecipeDataError) {
                // navstate 0.1's identifiers resolve against any data that has the sample's recipes.
                data = try DataModel(jsonData: bytes, aliases: DataModel.previousReleaseAliases)
            } catch .invalidDataFile(let location, let position?, let reason) {
                // The line and column first, as for every input's contents.
                throw CommandError.inputContents(
                    path: absolute, position: position,
                    reason: RecipeDataError.invalidDataFile(location: location, reason: reason).description)
            } catch {
                throw CommandError.inputContents(path: absolute, reason: error.description)
            }
        } else {
            data = .cookbook
        }
    }

    /// The subcommands that may look inside another app's container: those that never write.
    @MainActor static let readOnlyCommands = [
        InspectCommand.spec.name, RestoreCommand.spec.name, WatchCommand.spec.name,
    ]

    /// `--container <bundle-id>`, or `--simulator <device> --bundle <bundle-id>`, checked against
    /// each other and `--state-dir`.
    static func containerRequest(_ line: ParsedCommandLine) throws -> AppContainers.Request? {
        let container = try line.value(GlobalOptions.container)
        let simulator = try line.value(GlobalOptions.simulator)
        let bundle = try line.value(GlobalOptions.bundle)
        let given = [container != nil, simulator != nil, (try line.value(GlobalOptions.stateDirectory)) != nil]
        guard given.filter({ $0 }).count <= 1 else {
            throw CommandError.usage("give one of '--state-dir', '--container' and '--simulator'")
        }
        for case let value? in [container, simulator, bundle] where value.isEmpty || value.contains("/") {
            throw CommandError.usage("'\(TerminalText.escaped(value))' is not a bundle ID or a device")
        }
        if let container {
            guard bundle == nil else { throw CommandError.usage("option '--bundle' goes with '--simulator'") }
            return .container(bundle: container)
        }
        if let simulator {
            guard let bundle else { throw CommandError.usage("option '--simulator' needs '--bundle <bundle-id>'") }
            return .simulator(device: simulator, bundle: bundle)
        }
        if bundle != nil { throw CommandError.usage("option '--bundle' goes with '--simulator'") }
        return nil
    }

    /// Reads an input file named by the user (recipe data or navigation JSON): a regular file or a
    /// pipe of at most 64 MiB.
    static func readInputFile(_ path: String) throws -> [UInt8] {
        do {
            return try InputFile.read(atPath: path, limit: inputLimit)
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

extension CommandLineTool.Context {
    /// A path given on the command line, made absolute against the current folder.
    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : currentDirectory + "/" + path
    }
}
