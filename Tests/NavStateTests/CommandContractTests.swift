import Foundation
import SceneStore
import TestSupport
import Testing

@testable import navstate

/// What a user of the CLI relies on beyond the happy path: help and version anywhere, complete
/// prunes, files that cannot be used shown for what they are, inputs named in errors, nothing
/// saved by accident, nothing lost, and output that stays readable at any size.
@MainActor
@Suite struct CommandContractTests {
    @Test("--version and --help anywhere print and exit 0 without doing anything else")
    func versionAndHelpAnywhere() async throws {
        let directory = try TemporaryDirectory()
        try directory.install(scene: "ours")
        let before = try directory.contents("state/cookbook/scenes/ours.json")
        let version = CommandLineTool.Outcome(status: 0, standardOutput: "navstate 0.3.0\n", standardError: "")
        #expect(await navstate(["remove", "ours", "--version"], in: directory) == version)
        #expect(await navstate(["save", "ours", "--clear", "--version"], in: directory) == version)
        #expect(await navstate(["prune", "--older-than", "0s", "--version"], in: directory) == version)
        // Even on a line with a mistake.
        #expect(await navstate(["remove", "ours", "--bogus", "--version"], in: directory) == version)
        let help = await navstate(["remove", "ours", "--help"], in: directory)
        #expect(help.status == 0 && help.standardError == "")
        #expect(help.standardOutput == CommandLineTool.help(for: RemoveCommand.spec))
        #expect(
            await navstate(["prune", "--older-than", "0s", "-h"], in: directory)
                == help.with(
                    output: CommandLineTool.help(for: PruneCommand.spec)))
        #expect(try directory.contents("state/cookbook/scenes/ours.json") == before)
    }

    @Test("usage lines come from the declarations that parsing checks: required options have no brackets")
    func usageFromDeclarations() async throws {
        #expect(PruneCommand.spec.usage == "navstate prune --older-than <duration> [--json]")
        #expect(
            SaveCommand.spec.usage
                == "navstate save <scene> [--category <name>] [--recipe <id-or-name> ...] [--input <file>] [--as-is] [--clear] [--schema <n>] [--replace-newer] [--key <name>] [--json]"
        )
        let directory = try TemporaryDirectory()
        let help = await navstate(["prune", "--help"], in: directory)
        #expect(help.standardOutput.contains("USAGE: navstate prune --older-than <duration> [--json]\n"))
        #expect(help.standardOutput.contains("(30d, 12h, 45m, 90s). (required)\n"))
    }

    @Test("prune tries every candidate, prints what it removed and what it could not, and fails at the end")
    func pruneGoesOn() async throws {
        let directory = try TemporaryDirectory()
        let old = fixedNow.addingTimeInterval(-40 * 86_400)
        _ = await navstate(["save", "a-old", "--category", "salad"], in: directory, now: old)
        _ = await navstate(["save", "c-old", "--category", "salad"], in: directory, now: old)
        try FileManager.default.createDirectory(
            atPath: directory.scenes + "/b-folder.json", withIntermediateDirectories: true)
        try FileManager.default.setAttributes(
            [.modificationDate: old], ofItemAtPath: directory.scenes + "/b-folder.json")
        let outcome = await navstate(["prune", "--older-than", "30d"], in: directory)
        #expect(outcome.status == 74)
        #expect(outcome.standardOutput == "Removed 2 scenes not saved within 30d:\n  a-old\n  c-old\n")
        #expect(
            outcome.standardError
                == "Error: cannot remove '<tmp>/state/cookbook/scenes/b-folder.json': Is a directory\n")
        let json = await navstate(["prune", "--older-than", "30d", "--json"], in: directory)
        #expect(json.status == 74)
        #expect(
            json.standardOutput == """
                {
                  "failures": [
                    {
                      "error": "cannot remove '<tmp>/state/cookbook/scenes/b-folder.json': Is a directory",
                      "path": "<tmp>/state/cookbook/scenes/b-folder.json"
                    }
                  ],
                  "removedKeptAside": [],
                  "removedScenes": []
                }

                """)
    }

    @Test("prune removes kept-aside copies older than its duration; inspect lists them")
    func prunesKeptAside() async throws {
        let directory = try TemporaryDirectory()
        try directory.install(scene: "corrupt")
        // A save moves the corrupt file aside, 40 days ago.
        let saved = await navstate(
            ["save", "corrupt", "--category", "salad"], in: directory, now: fixedNow.addingTimeInterval(-40 * 86_400))
        #expect(saved.status == 0)
        _ = await navstate(["save", "corrupt", "--category", "dessert"], in: directory)
        let listing = await navstate(["inspect"], in: directory)
        #expect(
            listing.standardOutput == """
                SCENE    KEYS        SIZE  LAST SAVED                AGE  HEALTH  GUARD  DROPS  BUDGET
                corrupt  navigation  209   2027-01-15T08:00:00.000Z  0s   ok      clean  0      0%

                Kept aside (old copies; 'navstate prune --older-than <duration>' removes them):
                  FILE                                       REASON   KEPT AT                   SIZE
                  corrupt.corrupt-20261206T080000.000Z.json  corrupt  2026-12-06T08:00:00.000Z  186

                """)
        let pruned = await navstate(["prune", "--older-than", "30d"], in: directory)
        #expect(pruned.status == 0)
        #expect(
            pruned.standardOutput == """
                No scenes older than 30d removed.
                Removed 1 kept-aside copy older than 30d:
                  corrupt.corrupt-20261206T080000.000Z.json

                """)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.scenes).sorted() == [
                ".corrupt.lock", "corrupt.json",
            ])
    }

    @Test("inspect of a corrupt scene prints its bytes, escaped, with the problem's line and column")
    func inspectCorrupt() async throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.scenes, withIntermediateDirectories: true)
        try Data("{\n  \"format\": 1,\u{1b}[2J\n".utf8).write(to: URL(fileURLWithPath: directory.scenes + "/main.json"))
        let outcome = await navstate(["inspect", "main"], in: directory)
        #expect(outcome.status == 65)
        #expect(
            outcome.standardOutput == """
                scene:      main
                file:       <tmp>/state/cookbook/scenes/main.json
                size:       21 bytes
                last saved: unknown
                health:     corrupt
                problem:    corrupt scene file '<tmp>/state/cookbook/scenes/main.json': expected a string key in object, found byte 0x1B at line 2, column 15

                {
                  "format": 1,\\u{1b}[2J

                """)
        #expect(
            outcome.standardError.hasPrefix(
                "Error: corrupt scene file '<tmp>/state/cookbook/scenes/main.json': expected a string key in object"))
        let json = await navstate(["inspect", "main", "--json"], in: directory)
        #expect(json.status == 65)
        let object = try JSONValue(parsing: Array(json.standardOutput.utf8)).objectValue ?? [:]
        #expect(object["health"] == .string("corrupt"))
        #expect(object["text"] == .string("{\n  \"format\": 1,\u{1b}[2J\n"))
        #expect(object["problem"]?.stringValue?.hasSuffix("at line 2, column 15") == true)
    }

    @Test("inspect of a scene whose navigation value is not navigation data says what is wrong, in text and JSON")
    func inspectInvalidNavigation() async throws {
        let directory = try TemporaryDirectory()
        try directory.install(scene: "not-navigation")
        let reason = "Expected to decode Dictionary<String, Any> but found an array instead."
        let json = await navstate(["inspect", "not-navigation", "--json"], in: directory)
        #expect(json.status == 65)
        let object = try JSONValue(parsing: Array(json.standardOutput.utf8)).objectValue ?? [:]
        #expect(object["health"] == .string("invalid-value"))
        #expect(object["problem"] == .string("value 'navigation': \(reason)"))
        #expect(object["restore"] == .null)
        let text = await navstate(["inspect", "not-navigation"], in: directory)
        #expect(text.status == 65)
        #expect(text.standardOutput.contains("health:     invalid-value\n"))
        #expect(text.standardOutput.hasSuffix("navigation: cannot be restored: \(reason)\n"))
        #expect(
            text.standardError.hasPrefix(
                "Error: '<tmp>/state/cookbook/scenes/not-navigation.json': line 7, column 15: value 'navigation' of scene 'not-navigation' is not navigation data: \(reason)\n"
            ))
        // A member of the wrong type is not the value as a whole: it is dropped on its own.
        try directory.install(scene: "invalid-navigation")
        let salvaged = await navstate(["inspect", "invalid-navigation"], in: directory)
        #expect(salvaged.status == 0)
        #expect(
            salvaged.standardOutput.hasSuffix(
                """
                navigation: a restore now would keep 0 of 0 recipes (policy skip)
                  drop recipePathIds: it no longer decodes: Expected to decode Array<Any> but found a string instead.

                """))
    }

    @Test("inspect fails when the scenes folder is a regular file")
    func inspectScenesFolderIsAFile() async throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            atPath: directory.appending("state/cookbook"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory.scenes))
        let outcome = await navstate(["inspect"], in: directory)
        #expect(outcome.status == 74)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError.hasPrefix("Error: cannot read '<tmp>/state/cookbook/scenes': Not a directory\n"))
    }

    @Test("errors about --input and --data contents name the file, or standard input")
    func inputErrorsNameTheFile() async throws {
        let directory = try TemporaryDirectory()
        try Data("[1]".utf8).write(to: URL(fileURLWithPath: directory.appending("bad.json")))
        try Data("{\"recipePathIds\": [1]}".utf8).write(to: URL(fileURLWithPath: directory.appending("data.json")))
        let file = await navstate(["save", "main", "--input", "bad.json"], in: directory)
        #expect(file.status == 65)
        #expect(
            file.standardError.hasPrefix(
                "Error: '<tmp>/bad.json': line 1, column 1: invalid navigation data: Expected to decode Dictionary<String, Any> but found an array instead.\n"
            ))
        let stdin = await navstate(["save", "main", "--input", "-"], in: directory, input: "{")
        #expect(stdin.status == 65)
        #expect(
            stdin.standardError.hasPrefix(
                "Error: standard input: invalid navigation data: unterminated object at line 1, column 2\n"))
        let data = await navstate(["recipes", "--data", "data.json"], in: directory)
        #expect(data.status == 65)
        #expect(
            data.standardError.hasPrefix(
                "Error: '<tmp>/data.json': line 1, column 1: recipe data: recipes: expected an array of recipes\n"))
        #expect(
            try FileManager.default.subpathsOfDirectory(atPath: directory.path).sorted() == ["bad.json", "data.json"])
    }

    @Test("save with no state options is an error; --clear saves an empty state")
    func saveNeedsClearForEmpty() async throws {
        let directory = try TemporaryDirectory()
        _ = await navstate(["save", "main", "--recipe", "Apple Pie"], in: directory)
        let refused = await navstate(["save", "main"], in: directory)
        #expect(refused.status == 64)
        #expect(await navstate(["restore", "main"], in: directory).standardOutput.hasSuffix("1. Apple Pie\n"))
        let cleared = await navstate(["save", "main", "--clear"], in: directory)
        #expect(cleared.status == 0)
        #expect(
            cleared.standardOutput
                == "Saved scene 'main' to '<tmp>/state/cookbook/scenes/main.json'.\ncategory: (none)\npath:     (empty)\n"
        )
    }

    @Test("saving over a navigation value that cannot be decoded keeps the old file aside and warns")
    func saveOverInvalidNavigation() async throws {
        let directory = try TemporaryDirectory()
        try directory.install(scene: "invalid-navigation")
        let outcome = await navstate(["save", "invalid-navigation", "--category", "salad"], in: directory)
        #expect(outcome.status == 0)
        let kept = "<tmp>/state/cookbook/scenes/invalid-navigation.invalid-20270115T080000.000Z.json"
        #expect(
            outcome.standardError
                == "warning: the scene's file was kept at '\(kept)' before its 'navigation' value was replaced: a value could not be read\n"
        )
        #expect(
            try directory.contents("state/cookbook/scenes/invalid-navigation.invalid-20270115T080000.000Z.json")
                == Fixtures.bytes("scenes/invalid-navigation.json"))
        let restored = await navstate(["restore", "invalid-navigation"], in: directory)
        #expect(restored.standardOutput == "scene:    invalid-navigation\ncategory: salad\npath:     (empty)\n")
    }

    @Test("save --input --as-is stores stale IDs exactly; a plain --input drops them with a warning")
    func saveAsIs() async throws {
        let directory = try TemporaryDirectory()
        let stale = Fixtures.path("navigation/stale-ids.json")
        let outcome = await navstate(["save", "fixture", "--input", stale, "--as-is"], in: directory)
        #expect(outcome.status == 0)
        #expect(outcome.standardError == "")
        let stored = try StateStore(scenesFolder: directory.scenes).readSceneValue(
            forKey: "navigation", in: SceneID("fixture"))
        #expect(stored == .json(try JSONValue(parsing: Fixtures.bytes("navigation/stale-ids.json"))))
        #expect(
            outcome.standardOutput == """
                Saved scene 'fixture' to '<tmp>/state/cookbook/scenes/fixture.json' as given (IDs not looked up).
                navigation: \(try Fixtures.text("navigation/stale-ids.json").trimmingCharacters(in: .newlines))

                """)
        let restored = await navstate(["restore", "fixture"], in: directory)
        #expect(restored.standardError.components(separatedBy: "\n").count == 3)
        let invalid = await navstate(["save", "x", "--input", "-", "--as-is"], in: directory, input: "[]")
        #expect(invalid.status == 65)
        #expect(
            invalid.standardError.hasPrefix(
                "Error: standard input: line 1, column 1: invalid navigation data: Expected to decode Dictionary<String, Any> but found an array instead."
            ))
    }

    @Test("200,000 IDs: ten warnings, then one line that sums up the rest; --json lists every one")
    func warningsAreSummarised() async throws {
        let directory = try TemporaryDirectory()
        let pie = "E35A5C9C-F1EA-4B3D-9980-E2240B363AC8"
        let input =
            "{\"recipePathIds\":[" + Array(repeating: "\"\(pie)\"", count: 200_000).joined(separator: ",") + "]}"
        let outcome = await navstate(["save", "deep", "--input", "-"], in: directory, input: input)
        #expect(outcome.status == 0)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 12)
        #expect(lines.first == "warning: dropped recipe \(pie) at position 10001: beyond the maximum depth")
        #expect(lines[10] == "warning: ... and 189,990 more beyond the maximum depth (--json lists every one)")
        // 10,000 IDs saved: a file far past the 256 KiB budget, said so.
        #expect(
            lines.last
                == "warning: scene 'deep' is 488 KiB, 190% of its budget of 256 KiB (--budget): keep identifiers in navigation state, not data"
        )
        let json = await navstate(["save", "deep", "--input", "-", "--json"], in: directory, input: input)
        let object = try JSONValue(parsing: Array(json.standardOutput.utf8)).objectValue ?? [:]
        #expect(object["dropped"]?.arrayValue?.count == 190_000)
        #expect(object["path"]?.arrayValue?.count == 10_000)
    }

    @Test("--key reaches a scene saved under another key by save, restore and inspect")
    func otherKey() async throws {
        let directory = try TemporaryDirectory()
        let saved = await navstate(
            ["save", "main", "--key", "model", "--recipe", "Mochi", "--json"], in: directory)
        #expect(saved.status == 0)
        let object = try JSONValue(parsing: Array(saved.standardOutput.utf8)).objectValue ?? [:]
        #expect(object["key"] == .string("model"))
        #expect(object["file"] == .string("<tmp>/state/cookbook/scenes/main.json"))
        let missing = await navstate(["restore", "main"], in: directory)
        #expect(missing.status == 66)
        #expect(missing.standardError.hasPrefix("Error: scene 'main' has no 'navigation' value (keys: model)\n"))
        let restored = await navstate(["restore", "main", "--key", "model"], in: directory)
        #expect(restored.standardOutput == "scene:    main\ncategory: (none)\npath:\n  1. Mochi\n")
        let inspected = await navstate(["inspect", "main", "--key", "model"], in: directory)
        #expect(inspected.standardOutput.contains("navigation: a restore now would keep all 1 recipes (policy skip)\n"))
    }

    @Test("remove --json says what it removed")
    func removeJSON() async throws {
        let directory = try TemporaryDirectory()
        try directory.install(scene: "ours")
        let outcome = await navstate(["remove", "ours", "--json"], in: directory)
        #expect(
            outcome.standardOutput
                == "{\n  \"file\": \"<tmp>/state/cookbook/scenes/ours.json\",\n  \"removed\": true,\n  \"scene\": \"ours\"\n}\n"
        )
    }
}

extension CommandLineTool.Outcome {
    func with(output: String) -> Self {
        var copy = self
        copy.standardOutput = output
        return copy
    }
}
