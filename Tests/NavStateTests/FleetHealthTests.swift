import Foundation
import SceneStore
import TestSupport
import Testing

@testable import navstate

/// The app's listing as fleet health: what a restore would drop now, the guard of every key, the
/// age, and the size budget; sorted and filtered. And the budget's warnings in `save` and `restore`.
@Suite @MainActor struct FleetHealthTests {
    static let stale =
        #"{"selectedCategory":0,"recipePathIds":["E35A5C9C-F1EA-4B3D-9980-E2240B363AC8","00000000-0000-0000-0000-000000000000","00000000-0000-0000-0000-000000000001"]}"#

    /// Three scenes: `main` saved 3 hours ago, `stale` (two IDs the data does not have) 2 days ago,
    /// `side` now.
    func threeScenes() async throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        _ = await navstate(
            ["save", "main", "--recipe", "Apple Pie"], in: directory, now: fixedNow.addingTimeInterval(-3 * 3600))
        _ = await navstate(
            ["save", "stale", "--input", "-", "--as-is"], in: directory, input: Self.stale,
            now: fixedNow.addingTimeInterval(-2 * 86_400))
        _ = await navstate(["save", "side", "--category", "salad"], in: directory)
        return directory
    }

    @Test("the listing shows drops, age and budget per scene; --sort and --unhealthy")
    func listing() async throws {
        let directory = try await threeScenes()
        let list = await navstate(["--budget", "280B", "inspect"], in: directory)
        #expect(list.status == 0)
        #expect(
            list.standardOutput == """
                SCENE  KEYS        SIZE  LAST SAVED                AGE  HEALTH  GUARD  DROPS  BUDGET
                main   navigation  233   2027-01-15T05:00:00.000Z  3h   ok      clean  0      83% near
                side   navigation  206   2027-01-15T08:00:00.000Z  0s   ok      clean  0      73%
                stale  navigation  365   2027-01-13T08:00:00.000Z  2d   ok      clean  2      130% over

                """)
        let sorted = await navstate(["--budget", "280B", "inspect", "--sort", "drops"], in: directory)
        #expect(
            sorted.standardOutput.split(separator: "\n").map { $0.prefix(5) } == ["SCENE", "stale", "main ", "side "])
        let bySize = await navstate(["inspect", "--sort", "size"], in: directory)
        #expect(
            bySize.standardOutput.split(separator: "\n").map { $0.prefix(5) } == ["SCENE", "stale", "main ", "side "])
        let unhealthy = await navstate(["--budget", "280B", "inspect", "--unhealthy", "--sort", "age"], in: directory)
        #expect(
            unhealthy.standardOutput == """
                SCENE  KEYS        SIZE  LAST SAVED                AGE  HEALTH  GUARD  DROPS  BUDGET
                stale  navigation  365   2027-01-13T08:00:00.000Z  2d   ok      clean  2      130% over
                main   navigation  233   2027-01-15T05:00:00.000Z  3h   ok      clean  0      83% near

                """)
        let none = await navstate(["inspect", "--unhealthy"], in: try TemporaryDirectory())
        #expect(none.standardOutput == "No scene needs attention in '<tmp>/state/cookbook/scenes'.\n")
    }

    @Test("--json has the same: drops, guards, age in seconds, budget, needsAttention")
    func listingJSON() async throws {
        let directory = try await threeScenes()
        let json = await navstate(["--budget", "280B", "inspect", "--json"], in: directory)
        let scenes = try #require(
            try JSONValue(parsing: Array(json.standardOutput.utf8)).objectValue?["scenes"]?.arrayValue)
        let stale = try #require(scenes.last?.objectValue)
        #expect(stale["scene"] == .string("stale"))
        #expect(stale["drops"] == .number(JSONNumber(2)))
        #expect(stale["ageSeconds"] == .number(JSONNumber(172_800)))
        #expect(
            stale["budget"]
                == .object([
                    "size": .number(JSONNumber(365)), "budget": .number(JSONNumber(280)),
                    "percent": .number(JSONNumber(130)), "over": .bool(true),
                ]))
        #expect(stale["needsAttention"] == .bool(true))
        #expect(stale["guards"] == .object([:]))
        #expect(scenes.compactMap { $0.objectValue?["needsAttention"] } == [.bool(true), .bool(false), .bool(true)])
    }

    @Test(
        "another app: NavigationPath elements whose JSON is invalid, or whose type --types does not name, count as drops"
    )
    func otherAppDrops() async throws {
        let directory = try TemporaryDirectory()
        let path = #"["MyApp.Item","{\"id\":1}","MyApp.Old","{\"id\":2}","MyApp.Item","{broken"]"#
        let saved = await navstate(["--app", "mail", "save", "main", "--input", "-"], in: directory, input: path)
        #expect(saved.status == 0, "\(saved.standardError)")
        let list = await navstate(["--app", "mail", "inspect", "--json"], in: directory)
        let first = try JSONValue(parsing: Array(list.standardOutput.utf8)).objectValue?["scenes"]?.arrayValue?.first
        #expect(first?.objectValue?["drops"] == .number(JSONNumber(1)))
        try Data(#"["MyApp.Item"]"#.utf8).write(to: URL(fileURLWithPath: directory.appending("types.json")))
        let typed = await navstate(["--app", "mail", "inspect", "--types", "types.json", "--json"], in: directory)
        let scene = try JSONValue(parsing: Array(typed.standardOutput.utf8)).objectValue?["scenes"]?.arrayValue?.first
        #expect(scene?.objectValue?["drops"] == .number(JSONNumber(2)))
        try Data(#"["MyApp.Item", 3]"#.utf8).write(to: URL(fileURLWithPath: directory.appending("bad.json")))
        let bad = await navstate(["--app", "mail", "inspect", "--types", "bad.json"], in: directory)
        #expect(bad.status == 65)
        #expect(bad.standardError.hasPrefix("Error: '<tmp>/bad.json': element 2 is not a type name (a string)\n"))
    }

    @Test("save warns past the budget, restore notes it and says it in --json; a bad size is a usage error")
    func budgetWarnings() async throws {
        let directory = try TemporaryDirectory()
        let saved = await navstate(["--budget", "200B", "save", "main", "--recipe", "Apple Pie"], in: directory)
        #expect(saved.status == 0)
        #expect(
            saved.standardError
                == "warning: scene 'main' is 233 B, 116% of its budget of 200 B (--budget): keep identifiers in navigation state, not data\n"
        )
        let quiet = await navstate(["save", "main", "--recipe", "Apple Pie"], in: directory)
        #expect(quiet.standardError == "")
        let restored = await navstate(["--budget", "200B", "restore", "main"], in: directory)
        #expect(restored.standardOutput.hasSuffix("size:     233 B, 116% of its budget of 200 B\n"))
        let json = await navstate(["--budget", "1KiB", "restore", "main", "--json"], in: directory)
        let budget = try JSONValue(parsing: Array(json.standardOutput.utf8)).objectValue?["budget"]
        #expect(budget?.objectValue?["percent"] == .number(JSONNumber(22)))
        #expect(budget?.objectValue?["over"] == .bool(false))
        let bad = await navstate(["--budget", "256kb", "inspect"], in: directory)
        #expect(bad.status == 64)
        #expect(
            bad.standardError.hasPrefix(
                "Error: invalid size '256kb' for '--budget': a whole number and B, KiB or MiB, as in 256KiB\n"))
    }

    @Test("a value of a newer schema is not 'no drops': the listing flags it, and --sort drops puts it first")
    func newerSchemaFlagged() async throws {
        let directory = try await threeScenes()
        let newer =
            #"{"format":1,"savedAt":"2027-01-15T08:00:00.000Z","scene":"newer","values":{"navigation":{"json":{"recipePathIds":[],"selectedCategory":0}},"navigation.schema":{"json":9}}}"#
        try Data(newer.utf8).write(to: URL(fileURLWithPath: directory.scenes + "/newer.json"))
        let list = await navstate(["inspect", "--unhealthy", "--sort", "drops"], in: directory)
        let rows = list.standardOutput.split(separator: "\n")
        #expect(rows.count == 3)
        #expect(rows[1].hasPrefix("newer ") && rows[1].contains("  invalid  "), "\(list.standardOutput)")
        #expect(rows[2].hasPrefix("stale "))
        let json = await navstate(["inspect", "--json"], in: directory)
        let scenes = try JSONValue(parsing: Array(json.standardOutput.utf8)).objectValue?["scenes"]?.arrayValue ?? []
        let entry = scenes.first { $0.objectValue?["scene"] == .string("newer") }?.objectValue
        #expect(entry?["problem"] == .string("saved with schema 9, newer than this version's 0"))
        #expect(entry?["needsAttention"] == .bool(true))
    }
}
