import Foundation
import SceneStore
import TestSupport
import Testing

@testable import navstate

@MainActor
@Suite struct ExitStatusTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var message: String
        var command: String?
        var testDescription: String { arguments.joined(separator: " ") }
    }

    nonisolated static let usageErrors: [Case] = [
        Case(arguments: ["bake"], status: 64, message: "unknown subcommand 'bake'"),
        Case(
            arguments: ["restor", "main"], status: 64, message: "unknown subcommand 'restor'; did you mean 'restore'?"),
        Case(
            arguments: ["restore", "main", "--jsn"], status: 64,
            message: "unknown option '--jsn'; did you mean '--json'?", command: "restore"),
        Case(
            arguments: ["restore", "main", "--fast"], status: 64, message: "unknown option '--fast'", command: "restore"
        ),
        Case(arguments: ["restore"], status: 64, message: "missing argument <scene>", command: "restore"),
        Case(arguments: ["restore", "a", "b"], status: 64, message: "unexpected argument 'b'", command: "restore"),
        Case(
            arguments: ["restore", "a/b"], status: 64, message: "invalid scene ID 'a/b': it contains '/'",
            command: "restore"),
        Case(
            arguments: ["save", "main", "--category"], status: 64,
            message: "missing value for option '--category' (expected --category <name>)",
            command: "save"),
        Case(
            arguments: ["save", "main", "--category", "soup"], status: 64,
            message: "unknown category 'soup' (expected dessert, pancake, salad or sandwich)", command: "save"),
        Case(
            arguments: ["save", "main", "--category", "desert"], status: 64,
            message:
                "unknown category 'desert' (expected dessert, pancake, salad or sandwich); did you mean 'dessert'?",
            command: "save"),
        Case(
            arguments: ["save", "main", "--recipe", "Apple Pi"], status: 64,
            message: "unknown recipe 'Apple Pi'; did you mean 'Apple Pie'?", command: "save"),
        Case(
            arguments: ["save", "main"], status: 64,
            message: "nothing to save: give '--category', '--recipe' or '--input', or '--clear' to save an empty state",
            command: "save"),
        Case(
            arguments: ["save", "main", "--clear", "--category", "salad"], status: 64,
            message: "option '--clear' cannot be combined with '--input', '--category' or '--recipe'", command: "save"),
        Case(
            arguments: ["save", "main", "--category", "salad", "--as-is"], status: 64,
            message: "option '--as-is' stores the JSON of '--input' as it is; give '--input <file>'", command: "save"),
        Case(
            arguments: ["save", "main", "--clear", "--key", ""], status: 64, message: "invalid key '': it is empty",
            command: "save"),
        Case(
            arguments: ["save", "main", "--recipe", "Tofu"], status: 64,
            message: "unknown recipe 'Tofu'; see 'navstate recipes'", command: "save"),
        Case(
            arguments: ["save", "main", "--recipe", "00000000-0000-4000-8000-000000000000"], status: 64,
            message: "unknown recipe ID '00000000-0000-4000-8000-000000000000'; see 'navstate recipes'", command: "save"
        ),
        Case(
            arguments: ["save", "main", "--input", "-", "--category", "salad"], status: 64,
            message: "option '--input' cannot be combined with '--category' or '--recipe'", command: "save"),
        Case(
            arguments: ["prune", "--older-than", "3w"], status: 64,
            message: "'3w' is not a duration (expected a number and a unit: 30d, 12h, 45m or 90s)", command: "prune"),
        Case(
            arguments: ["prune", "--older-than", "-5d"], status: 64,
            message: "'-5d' is not a duration (expected a number and a unit: 30d, 12h, 45m or 90s)", command: "prune"),
        Case(arguments: ["prune"], status: 64, message: "missing option '--older-than <duration>'", command: "prune"),
        Case(
            arguments: ["restore", "main", "--policy", "maybe"], status: 64,
            message: "unknown policy 'maybe' (expected skip or truncate)", command: "restore"),
        Case(
            arguments: ["restore", "main", "--policy", "trunc"], status: 64,
            message: "unknown policy 'trunc' (expected skip or truncate); did you mean 'truncate'?", command: "restore"),
        Case(
            arguments: ["--app", "..", "inspect"], status: 64,
            message: "invalid app ID '..': it must start with a letter or a digit", command: "inspect"),
        Case(
            arguments: ["inspect", "--json=yes"], status: 64, message: "option '--json' takes no value",
            command: "inspect"),
        Case(
            arguments: ["restore", "main", "--policy", "skip", "--policy", "truncate"], status: 64,
            message: "option '--policy' given more than once", command: "restore"),
        Case(
            arguments: ["restore", "missing"], status: 66,
            message: "no saved state for scene 'missing' (no file '<tmp>/state/cookbook/scenes/missing.json')",
            command: "restore"),
        Case(
            arguments: ["save", "main", "--input", "nowhere.json"], status: 66,
            message: "cannot read '<tmp>/nowhere.json': No such file or directory", command: "save"),
        Case(
            arguments: ["recipes", "--data", "nowhere.json"], status: 66,
            message: "cannot read '<tmp>/nowhere.json': No such file or directory", command: "recipes"),
    ]

    @Test(
        "each error prints 'Error:', the usage line and where to get help, with its exit status", arguments: usageErrors
    )
    func errors(_ testCase: Case) async throws {
        let directory = try TemporaryDirectory()
        let outcome = await navstate(testCase.arguments, in: directory)
        #expect(outcome.status == testCase.status)
        #expect(outcome.standardOutput == "")
        let spec = testCase.command.flatMap(Subcommands.spec(named:))
        let usage = spec?.usage ?? "navstate [--state-dir <path>] [--app <id>] [--data <recipes.json>] <subcommand>"
        let see = "See 'navstate\(spec.map { " " + $0.name } ?? "") --help'."
        #expect(outcome.standardError == "Error: \(testCase.message)\nUsage: \(usage)\n\(see)\n")
    }

    @Test("data errors are exit 65: corrupt or newer scene files, invalid --input or --data JSON")
    func dataErrors() async throws {
        let directory = try TemporaryDirectory()
        try directory.install(scene: "corrupt")
        try directory.install(scene: "newer-format")
        try directory.install(scene: "not-navigation")
        let corrupt = await navstate(["restore", "corrupt"], in: directory)
        #expect(corrupt.status == 65)
        #expect(
            corrupt.standardError.hasPrefix(
                "Error: corrupt scene file '<tmp>/state/cookbook/scenes/corrupt.json': unterminated array at line 8, column 1\n"
            ))
        let inspectCorrupt = await navstate(["inspect", "corrupt"], in: directory)
        #expect(inspectCorrupt.status == 65)
        #expect(try directory.contents("state/cookbook/scenes/corrupt.json") == Fixtures.bytes("scenes/corrupt.json"))
        let newer = await navstate(["restore", "newer-format"], in: directory)
        #expect(newer.status == 65)
        #expect(
            newer.standardError.hasPrefix(
                "Error: '<tmp>/state/cookbook/scenes/newer-format.json' has format 2, newer than the supported format 1; it is left untouched\n"
            ))
        let saveNewer = await navstate(["save", "newer-format", "--category", "salad"], in: directory)
        #expect(saveNewer.status == 65)
        #expect(
            try directory.contents("state/cookbook/scenes/newer-format.json")
                == Fixtures.bytes("scenes/newer-format.json"))
        let invalid = await navstate(["restore", "not-navigation"], in: directory)
        #expect(invalid.status == 65)
        #expect(
            invalid.standardError.hasPrefix(
                "Error: '<tmp>/state/cookbook/scenes/not-navigation.json': line 7, column 15: value 'navigation' of scene 'not-navigation' is not navigation data: Expected to decode Dictionary<String, Any> but found an array instead.\n"
            ))
        let input = await navstate(["save", "main", "--input", "-"], in: directory, input: "[1]")
        #expect(input.status == 65)
        #expect(
            input.standardError.hasPrefix(
                "Error: standard input: line 1, column 1: invalid navigation data: Expected to decode Dictionary<String, Any> but found an array instead.\n"
            ))
        try "{\"recipes\": [}".write(toFile: directory.appending("bad.json"), atomically: true, encoding: .utf8)
        let data = await navstate(["recipes", "--data", "bad.json"], in: directory)
        #expect(data.status == 65)
        #expect(
            data.standardError.hasPrefix(
                "Error: '<tmp>/bad.json': recipe data is not valid JSON: unexpected '}' at line 1, column 14\n"))
    }

    @Test("exit 73 when the state folder cannot be created")
    func cannotCreateStateFolder() async throws {
        let directory = try TemporaryDirectory()
        try "".write(toFile: directory.appending("file"), atomically: true, encoding: .utf8)
        let outcome = await navstate(["--state-dir", "file/state", "save", "main", "--clear"], in: directory)
        #expect(outcome.status == 73)
        #expect(
            outcome.standardError.hasPrefix(
                "Error: cannot create directory '<tmp>/file/state': Not a directory\n"))
    }

    @Test("exit 74 for other I/O errors")
    func otherIOError() async throws {
        let directory = try TemporaryDirectory()
        // A folder where the scene's lock file should be: opening it for writing fails with EISDIR.
        try FileManager.default.createDirectory(
            atPath: directory.scenes + "/.main.lock", withIntermediateDirectories: true)
        let outcome = await navstate(["save", "main", "--clear"], in: directory)
        #expect(outcome.status == 74)
        #expect(
            outcome.standardError.hasPrefix(
                "Error: cannot lock '<tmp>/state/cookbook/scenes/.main.lock': Is a directory\n"))
    }

    @Test("help and --version go to stdout with exit 0; help text matches its golden files")
    func help() async throws {
        let directory = try TemporaryDirectory()
        let main = await navstate(["--help"], in: directory)
        #expect(main.status == 0 && main.standardError == "")
        #expect(try matchesGolden(main.standardOutput, "help.txt"))
        #expect(await navstate([], in: directory) == main)
        #expect(await navstate(["help"], in: directory) == main)
        for spec in Subcommands.specs where spec.name != "help" {
            let help = await navstate(["help", spec.name], in: directory)
            #expect(help.status == 0)
            #expect(try matchesGolden(help.standardOutput, "help-\(spec.name).txt"))
            #expect(await navstate([spec.name, "--help"], in: directory) == help)
        }
        let version = await navstate(["--version"], in: directory)
        #expect(version == CommandLineTool.Outcome(status: 0, standardOutput: "navstate 0.3.0\n", standardError: ""))
    }
}
