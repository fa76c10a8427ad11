import Foundation
import SceneStore
import TestSupport
import Testing

@testable import navstate

@MainActor
@Suite struct CommandTests {
    @Test("save builds the state from options in order and prints it")
    func save() async throws {
        let directory = try TemporaryDirectory()
        let outcome = await navstate(
            ["save", "main", "--recipe", "Apple Pie", "--category", "dessert", "--recipe", "pie crust"], in: directory)
        #expect(outcome.status == 0)
        #expect(outcome.standardError == "")
        #expect(
            outcome.standardOutput == """
                Saved scene 'main' to '<tmp>/state/cookbook/scenes/main.json'.
                category: dessert
                path:
                  1. Apple Pie
                  2. Pie Crust

                """)
        #expect(
            try Fixtures.matchesGolden(
                try directory.contents("state/cookbook/scenes/main.json"), "golden/cli/saved-main.json"))
    }

    @Test("save --input reads navigation JSON from stdin or a file, in any accepted shape")
    func saveInput() async throws {
        let directory = try TemporaryDirectory()
        let sample = try Fixtures.text("navigation/sample-three-key.json")
        let fromStdin = await navstate(["save", "a", "--input", "-"], in: directory, input: sample)
        #expect(fromStdin.status == 0)
        let fromFile = await navstate(
            ["save", "b", "--input", Fixtures.path("navigation/talk-two-key.json")], in: directory)
        #expect(fromFile.status == 0)
        #expect(fromFile.standardOutput.hasSuffix("category: salad\npath:\n  1. Crêpe\n"))
        let restored = await navstate(["restore", "a"], in: directory)
        #expect(restored.standardOutput == "scene:    a\ncategory: dessert\npath:\n  1. Apple Pie\n  2. Pie Crust\n")
        // The sample's columnVisibility is kept in the saved state.
        let state = try StateStore(scenesFolder: directory.scenes).read(
            Data.self, forKey: "navigation", in: SceneID("a"))
        #expect(state.map { String(decoding: $0, as: UTF8.self) } == sample.trimmingCharacters(in: .newlines))
    }

    @Test("save --input warns about each recipe it had to drop")
    func saveInputWithStaleIDs() async throws {
        let directory = try TemporaryDirectory()
        let outcome = await navstate(
            ["save", "main", "--input", Fixtures.path("navigation/stale-ids.json")], in: directory)
        #expect(outcome.status == 0)
        #expect(
            outcome.standardError == """
                warning: dropped recipe DD742F51-7B94-4AA4-8F0B-7A0C6C5A1A11 at position 2: not in the recipe data
                warning: dropped recipe 7E2B1D3C-0000-4000-8000-000000000002 at position 4: not in the recipe data

                """)
    }

    @Test("save moves a corrupt file aside and says so")
    func saveOverCorrupt() async throws {
        let directory = try TemporaryDirectory()
        try directory.install(scene: "corrupt")
        let outcome = await navstate(["save", "corrupt", "--category", "salad"], in: directory)
        #expect(outcome.status == 0)
        #expect(
            outcome.standardError
                == "warning: the corrupt file in the scene's place was moved to '<tmp>/state/cookbook/scenes/corrupt.corrupt-20270115T080000.000Z.json'\n"
        )
        #expect(
            try directory.contents("state/cookbook/scenes/corrupt.corrupt-20270115T080000.000Z.json")
                == Fixtures.bytes("scenes/corrupt.json"))
    }

    @Test("restore prints names in order and warns about each dropped ID; --json matches its golden file")
    func restore() async throws {
        let directory = try TemporaryDirectory()
        try directory.install(scene: "stale-ids")
        let text = await navstate(["restore", "stale-ids"], in: directory)
        #expect(text.status == 0)
        #expect(
            text.standardOutput == "scene:    stale-ids\ncategory: dessert\npath:\n  1. Apple Pie\n  2. Pie Crust\n")
        #expect(
            text.standardError == """
                warning: dropped recipe DD742F51-7B94-4AA4-8F0B-7A0C6C5A1A11 at position 2: not in the recipe data
                warning: dropped recipe 7E2B1D3C-0000-4000-8000-000000000002 at position 4: not in the recipe data

                """)
        let json = await navstate(["restore", "stale-ids", "--json", "--policy", "truncate"], in: directory)
        #expect(json.status == 0)
        #expect(try matchesGolden(json.standardOutput, "restore-stale-ids.truncate.json"))
        _ = try JSONValue(parsing: Array(json.standardOutput.utf8))
    }

    @Test("inspect lists every scene with its health, as a table or JSON, and changes nothing")
    func inspectList() async throws {
        let directory = try TemporaryDirectory()
        for name in ["ours", "corrupt", "newer-format", "stale-ids"] { try directory.install(scene: name) }
        let before = try FileManager.default.subpathsOfDirectory(atPath: directory.path).sorted()
        let table = await navstate(["inspect"], in: directory)
        #expect(table.status == 0)
        #expect(try matchesGolden(table.standardOutput, "inspect-list.txt"))
        let json = await navstate(["inspect", "--json"], in: directory)
        #expect(json.status == 0)
        #expect(try matchesGolden(json.standardOutput, "inspect-list.json"))
        #expect(try FileManager.default.subpathsOfDirectory(atPath: directory.path).sorted() == before)
    }

    @Test("inspect of one scene shows its document and a dry run of the restore")
    func inspectScene() async throws {
        let directory = try TemporaryDirectory()
        try directory.install(scene: "stale-ids")
        let text = await navstate(["inspect", "stale-ids"], in: directory)
        #expect(text.status == 0)
        #expect(try matchesGolden(text.standardOutput, "inspect-stale-ids.txt"))
        let json = await navstate(["inspect", "stale-ids", "--json"], in: directory)
        #expect(try matchesGolden(json.standardOutput, "inspect-stale-ids.json"))
    }

    @Test("inspect with no saved scenes creates nothing")
    func inspectEmpty() async throws {
        let directory = try TemporaryDirectory()
        let outcome = await navstate(["inspect"], in: directory)
        #expect(outcome.standardOutput == "No saved scenes in '<tmp>/state/cookbook/scenes'.\n")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: directory.path) == [])
    }

    @Test("remove deletes a scene; removing it again is exit 66")
    func remove() async throws {
        let directory = try TemporaryDirectory()
        try directory.install(scene: "ours")
        let removed = await navstate(["remove", "ours"], in: directory)
        #expect(removed.status == 0)
        #expect(removed.standardOutput == "Removed scene 'ours' ('<tmp>/state/cookbook/scenes/ours.json').\n")
        let again = await navstate(["remove", "ours"], in: directory)
        #expect(again.status == 66)
    }

    @Test("prune removes scenes not saved within the duration and lists them")
    func prune() async throws {
        let directory = try TemporaryDirectory()
        _ = await navstate(
            ["save", "old", "--category", "salad"], in: directory, now: fixedNow.addingTimeInterval(-40 * 86_400))
        _ = await navstate(
            ["save", "recent", "--category", "salad"], in: directory, now: fixedNow.addingTimeInterval(-3_600))
        let outcome = await navstate(["prune", "--older-than", "30d"], in: directory)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "Removed 1 scene not saved within 30d:\n  old\n")
        let none = await navstate(
            ["prune", "--older-than=45m"], in: directory, now: fixedNow.addingTimeInterval(-7_200))
        #expect(none.standardOutput == "No scenes older than 45m removed.\n")
    }

    @Test("recipes lists the data set as a table or JSON")
    func recipes() async throws {
        let directory = try TemporaryDirectory()
        let table = await navstate(["recipes"], in: directory)
        #expect(try matchesGolden(table.standardOutput, "recipes.txt"))
        let json = await navstate(["recipes", "--json", "--category", "salad"], in: directory)
        #expect(try matchesGolden(json.standardOutput, "recipes-salad.json"))
    }

    @Test("global options are accepted before or after the subcommand")
    func globalOptionsAnywhere() async throws {
        let directory = try TemporaryDirectory()
        let before = await navstate(
            ["--app", "other", "--state-dir", "custom", "save", "main", "--input", "-"], in: directory, input: "[]")
        #expect(
            before.standardOutput.hasPrefix("Saved scene 'main' to '<tmp>/custom/other/scenes/main.json' as given."))
        let after = await navstate(["restore", "main", "--state-dir", "custom", "--app=other"], in: directory)
        #expect(after.status == 0)
    }

    @Test("restore with --data after recipes were removed reports the dropped IDs")
    func restoreWithReducedData() async throws {
        let directory = try TemporaryDirectory()
        _ = await navstate(
            ["save", "main", "--recipe", "Apple Pie", "--recipe", "Pie Crust", "--recipe", "Mochi"], in: directory)
        // The data set without Pie Crust (and without the related links to it).
        let reduced = try Fixtures.text("recipes.json")
        var json = try JSONValue(parsing: Array(reduced.utf8))
        guard case .object(var root) = json, case .array(let items)? = root["recipes"] else { return }
        let crust = "D0820C1A-1AFB-4472-97DA-39A475304048"
        root["recipes"] = .array(
            items.compactMap { item in
                guard case .object(var fields) = item, fields["id"] != .string(crust) else { return nil }
                fields["related"] = .array((fields["related"]?.arrayValue ?? []).filter { $0 != .string(crust) })
                return .object(fields)
            })
        json = .object(root)
        try Data(json.serialized()).write(to: URL(fileURLWithPath: directory.appending("reduced.json")))
        let outcome = await navstate(["restore", "main", "--data", "reduced.json"], in: directory)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "scene:    main\ncategory: (none)\npath:\n  1. Apple Pie\n  2. Mochi\n")
        #expect(outcome.standardError == "warning: dropped recipe \(crust) at position 2: not in the recipe data\n")
    }
}
