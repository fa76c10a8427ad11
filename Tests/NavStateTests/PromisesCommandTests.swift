import Foundation
import SceneStore
import TestSupport
import Testing

@testable import navstate

/// What the tool shows and does is what the libraries promise (issue 31): a newer schema never
/// overwritten unasked, input refused rather than salvaged, one exit status for an invalid key,
/// the listing's drops those of a restore, the documented JSON members.
@MainActor
@Suite struct PromisesCommandTests {
    func writeScene(_ name: String, navigation: String, extra: String = "", in directory: TemporaryDirectory) throws {
        try FileManager.default.createDirectory(atPath: directory.scenes, withIntermediateDirectories: true)
        let text =
            #"{"format":1,"savedAt":"2027-01-15T07:00:00.000Z","scene":""# + name
            + #"","values":{"navigation":{"json":"# + navigation + "}" + extra + "}}"
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory.scenes + "/\(name).json"))
    }

    @Test(
        "item 1: save over a value of a newer schema is refused and changes nothing; --replace-newer keeps it aside and leaves no schema"
    )
    func saveOverNewerSchema() async throws {
        let directory = try TemporaryDirectory()
        try writeScene(
            "ns", navigation: #"{"recipePathIds":[],"selectedCategory":1}"#,
            extra: #","navigation.schema":{"json":2}"#, in: directory)
        let before = try directory.contents("state/cookbook/scenes/ns.json")
        let refused = await navstate(["save", "ns", "--category", "salad"], in: directory)
        #expect(refused.status == 65)
        #expect(
            refused.standardError.hasPrefix(
                "Error: the value 'navigation' was saved with schema 2, newer than this version supports (0); nothing was saved: '--replace-newer' replaces it, keeping the scene's file aside first\n"
            ))
        #expect(try directory.contents("state/cookbook/scenes/ns.json") == before)
        #expect(
            !FileManager.default.fileExists(atPath: directory.scenes + "/ns.newer-schema-20270115T080000.000Z.json"))

        let replaced = await navstate(["save", "ns", "--category", "salad", "--replace-newer"], in: directory)
        #expect(replaced.status == 0)
        let kept = "<tmp>/state/cookbook/scenes/ns.newer-schema-20270115T080000.000Z.json"
        #expect(
            replaced.standardError
                == "warning: the scene's file was kept at '\(kept)' before its 'navigation' value was replaced: its value, of a newer schema, was replaced by an older one's\n"
        )
        #expect(try directory.contents("state/cookbook/scenes/ns.newer-schema-20270115T080000.000Z.json") == before)
        let store = try StateStore(appID: AppID("cookbook"), environment: directory.environment)
        #expect(try store.storedDocument(for: SceneID("ns")).values["navigation.schema"] == nil)
        // The scene is not stuck: it restores.
        let restored = await navstate(["restore", "ns"], in: directory)
        #expect(restored.status == 0)
        #expect(restored.standardOutput.contains("category: salad\n"))
        // As given, too: refused, then replaced.
        try writeScene(
            "given", navigation: #"{"recipePathIds":[],"selectedCategory":1}"#,
            extra: #","navigation.schema":{"json":2}"#, in: directory)
        let input = #"{"recipePathIds":[],"selectedCategory":2}"#
        let asIs = await navstate(["save", "given", "--input", "-", "--as-is"], in: directory, input: input)
        #expect(asIs.status == 65)
        let asIsReplaced = await navstate(
            ["save", "given", "--input", "-", "--as-is", "--replace-newer"], in: directory, input: input)
        #expect(asIsReplaced.status == 0)
        #expect(try store.storedDocument(for: SceneID("given")).values["navigation.schema"] == nil)
    }

    @Test("item 12: save --input with a member that does not decode is refused with 65, naming it, and writes nothing")
    func saveRefusesUndecodableInput() async throws {
        let directory = try TemporaryDirectory()
        let outcome = await navstate(
            ["save", "main", "--input", "-"], in: directory,
            input: #"{"selectedCategory":"x","recipePathIds":[]}"#)
        #expect(outcome.status == 65)
        #expect(
            outcome.standardError.hasPrefix(
                "Error: standard input: line 1, column 21: invalid navigation data: member selectedCategory: it no longer decodes: Expected to decode Int but found a string instead.\n"
            ))
        #expect(!FileManager.default.fileExists(atPath: directory.scenes + "/main.json"))
        let element = await navstate(
            ["save", "main", "--input", "-"], in: directory,
            input: #"{"selectedCategory":0,"recipePathIds":["E35A5C9C-F1EA-4B3D-9980-E2240B363AC8",7]}"#)
        #expect(element.status == 65)
        #expect(
            element.standardError.contains("invalid navigation data: position 2 of recipePathIds: it no longer decodes")
        )
        #expect(!FileManager.default.fileExists(atPath: directory.scenes + "/main.json"))
    }

    @Test("item 5: an invalid key is a usage error, exit 64, for every subcommand that takes one")
    func invalidKeyEverywhere() async throws {
        let directory = try TemporaryDirectory()
        try directory.install(scene: "ours")
        let commands: [[String]] = [
            ["save", "ours", "--category", "salad"], ["restore", "ours"], ["inspect"], ["inspect", "ours"],
            ["recover", "ours"], ["watch", "ours", "--count", "1"], ["retag", "ours", "--from", "A.B", "--to", "C.D"],
        ]
        for command in commands {
            for key in ["", String(repeating: "k", count: 257), "a\u{7}b"] {
                let outcome = await navstate(command + ["--key", key], in: directory)
                #expect(outcome.status == 64, "\(command) --key \(key.debugDescription)")
                #expect(outcome.standardError.hasPrefix("Error: invalid key '"), "\(command)")
            }
        }
        #expect(try directory.contents("state/cookbook/scenes/ours.json") == Fixtures.bytes("scenes/ours.json"))
    }

    @Test(
        "item 11: the listing's DROPS counts what a restore drops, a member that no longer decodes too, as inspect does"
    )
    func dropsAsInspect() async throws {
        let directory = try TemporaryDirectory()
        try writeScene("m", navigation: #"{"recipePathIds":5,"selectedCategory":0}"#, in: directory)
        let listing = await navstate(["inspect", "--json"], in: directory)
        let scenes = try JSONValue(parsing: Array(listing.standardOutput.utf8)).objectValue?["scenes"]?.arrayValue
        let row = try #require(scenes?.first?.objectValue)
        #expect(row["drops"] == .number(JSONNumber(1)))
        #expect(row["needsAttention"] == .bool(true))
        let one = await navstate(["inspect", "m"], in: directory)
        #expect(
            one.standardOutput.contains(
                "  drop recipePathIds: it no longer decodes: Expected to decode Array<Any> but found a number instead.\n"
            ))
        let unhealthy = await navstate(["inspect", "--unhealthy"], in: directory)
        #expect(unhealthy.standardOutput.contains("\nm "))
    }

    @Test(
        "item 4: restore --json has budget for another app's scene, and save --json --as-is has the documented members")
    func jsonMembers() async throws {
        let directory = try TemporaryDirectory()
        let app = ["--app", "com.example.router"]
        let saved = await navstate(app + ["save", "probe", "--input", "-", "--json"], in: directory, input: #"["a"]"#)
        let savedMembers = try JSONValue(parsing: Array(saved.standardOutput.utf8)).objectValue ?? [:]
        #expect(
            Set(savedMembers.keys)
                == ["scene", "file", "key", "stored", "schema", "keptAside", "movedAside", "budget"])
        let restored = await navstate(app + ["restore", "probe", "--json"], in: directory)
        let restoredMembers = try JSONValue(parsing: Array(restored.standardOutput.utf8)).objectValue ?? [:]
        #expect(Set(restoredMembers.keys) == ["scene", "key", "value", "paths", "unsaved", "schema", "budget"])
        #expect(restoredMembers["budget"]?.objectValue?["budget"] == .number(JSONNumber(262_144)))

        let asIs = await navstate(
            ["save", "stale", "--input", "-", "--as-is", "--json"], in: directory,
            input:
                #"{"recipePathIds":["E35A5C9C-F1EA-4B3D-9980-E2240B363AC8","00000000-0000-0000-0000-000000000000"],"selectedCategory":0}"#
        )
        #expect(asIs.status == 0)
        let members = try JSONValue(parsing: Array(asIs.standardOutput.utf8)).objectValue ?? [:]
        for member in [
            "scene", "file", "key", "stored", "selectedCategory", "path", "dropped", "droppedCategory", "migrated",
            "keptAside", "movedAside", "budget",
        ] {
            #expect(members[member] != nil, "\(member)")
        }
        #expect(members["dropped"]?.arrayValue?.count == 1)
    }

    @Test("inspect says a schema beside the value that is not a version, rather than 0")
    func unreadableSchema() async throws {
        let directory = try TemporaryDirectory()
        try writeScene(
            "s", navigation: #"{"recipePathIds":[],"selectedCategory":0}"#,
            extra: #","navigation.schema":{"json":"x"}"#,
            in: directory)
        let outcome = await navstate(["inspect", "s"], in: directory)
        #expect(
            outcome.standardOutput.contains("\nschema:     unreadable: a schema version is a whole number from 0\n"))
        let json = await navstate(["inspect", "s", "--json"], in: directory)
        let members = try JSONValue(parsing: Array(json.standardOutput.utf8)).objectValue ?? [:]
        #expect(members["schema"] == .null)
        #expect(members["schemaProblem"] == .string("a schema version is a whole number from 0"))
    }
}
