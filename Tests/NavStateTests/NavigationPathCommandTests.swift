import Foundation
import SceneStore
import TestSupport
import Testing

@testable import navstate

/// `navstate inspect` and `retag` on paths in SwiftUI's NavigationPath format.
@MainActor
@Suite struct NavigationPathCommandTests {
    nonisolated static let app = "com.example.notes"

    /// The fixture scene `navigation-path` (a SwiftUI payload under `path`, an app state under
    /// `state`), installed for `app` (or the cookbook).
    func install(
        _ scene: String = "navigation-path", folder: String = "scenes", app: String = app,
        in directory: TemporaryDirectory
    )
        throws -> String
    {
        let scenes = directory.appending("state/\(app)/scenes")
        try FileManager.default.createDirectory(atPath: scenes, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Fixtures.path("\(folder)/\(scene).json"), toPath: scenes + "/\(scene).json")
        return scenes + "/\(scene).json"
    }

    static let pathListing = """
        path (4 elements, SwiftUI NavigationPath format, root first):
          1. Swift.Int
             99
          2. NavigationBackportApp.EmojiVisualisation
             {
               "count": 99,
               "emoji": "🎈"
             }
          3. Swift.Optional<MyApp.User>
             {
               "name": "Blob"
             }
          4. MyApp.Link
             {
               "title": "A/B",
               "url": "https://example.com/a/b"
             }

        """

    @Test("inspect lists a NavigationPath's elements root first, with type names and pretty JSON, for any app")
    func inspectText() async throws {
        let directory = try TemporaryDirectory()
        _ = try install(in: directory)
        _ = try install(app: "cookbook", in: directory)
        let other = await navstate(["--app", Self.app, "inspect", "navigation-path", "--key", "path"], in: directory)
        #expect(other.status == 0)
        #expect(other.standardError == "")
        #expect(other.standardOutput.hasSuffix("}}}}\n\n" + Self.pathListing))
        // The cookbook's own app shows the format too, under any key.
        let cookbook = await navstate(["inspect", "navigation-path", "--key", "path"], in: directory)
        #expect(cookbook.status == 0)
        #expect(cookbook.standardOutput.hasSuffix("}}}}\n\n" + Self.pathListing))
        // Inside an app state: the NavigationPath member, and a route path beside it.
        let state = await navstate(["--app", Self.app, "restore", "navigation-path", "--key", "state"], in: directory)
        #expect(
            state.standardOutput == """
                scene:    navigation-path
                key:      state
                tab: 2
                path (2 elements, SwiftUI NavigationPath format, root first):
                  1. MyApp.User
                     {
                       "name": "Ann"
                     }
                  2. Swift.Int
                     1
                recent (2 elements):
                  1. "home"
                  2. "settings"

                """)
    }

    @Test("inspect --json gives the same as data: position, type, JSON, and each path's format")
    func inspectJSON() async throws {
        let directory = try TemporaryDirectory()
        _ = try install(in: directory)
        let outcome = await navstate(
            ["--app", Self.app, "inspect", "navigation-path", "--key", "state", "--json"], in: directory)
        #expect(outcome.status == 0)
        let object = try JSONValue(parsing: Array(outcome.standardOutput.utf8)).objectValue ?? [:]
        let expected = try JSONValue(
            parsing: Array(
                #"""
                [{"location":"path","format":"navigation-path","elements":[
                  {"position":0,"type":"MyApp.User","json":{"name":"Ann"}},
                  {"position":1,"type":"Swift.Int","json":1}]},
                 {"location":"recent","format":"routes","elements":[
                  {"position":0,"json":"home"},{"position":1,"json":"settings"}]}]
                """#.utf8))
        #expect(object["paths"] == expected)
        #expect(object["health"] == .string("ok"))
    }

    @Test("retag --dry-run shows what would change and writes nothing")
    func retagDryRun() async throws {
        let directory = try TemporaryDirectory()
        let file = try install(in: directory)
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let outcome = await navstate(
            [
                "--app", Self.app, "retag", "navigation-path", "--key", "path", "--from", "MyApp", "--to", "NotesKit",
                "--dry-run",
            ],
            in: directory)
        #expect(outcome.status == 0)
        #expect(
            outcome.standardOutput == """
                Would change 2 type names in 'path' of scene 'navigation-path' (dry run, nothing written):
                  position 3: Swift.Optional<MyApp.User> -> Swift.Optional<NotesKit.User>
                  position 4: MyApp.Link -> NotesKit.Link

                """)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test("retag renames durably, keeps everything else, and a second run finds nothing to change")
    func retagWrites() async throws {
        let directory = try TemporaryDirectory()
        let file = try install(in: directory)
        let outcome = await navstate(
            [
                "--app", Self.app, "retag", "navigation-path", "--key", "path", "--from", "MyApp.User", "--to",
                "Notes.Person",
            ],
            in: directory)
        #expect(outcome.status == 0)
        #expect(
            outcome.standardOutput == """
                Changed 1 type name in 'path' of scene 'navigation-path':
                  position 3: Swift.Optional<MyApp.User> -> Swift.Optional<Notes.Person>

                """)
        let store = try StateStore(appID: AppID(Self.app), stateRoot: directory.appending("state"))
        let document = try store.storedDocument(for: SceneID("navigation-path"))
        #expect(document.savedAt == fixedNow)
        let original = try StoredDocument(
            decoding: Fixtures.bytes("scenes/navigation-path.json"), scene: SceneID("navigation-path"), path: "fixture")
        #expect(document.values["state"] == original.values["state"])
        #expect(
            document.values["path"]
                == .json(
                    .array(
                        [
                            "MyApp.Link", #"{"url":"https:\/\/example.com\/a\/b","title":"A\/B"}"#,
                            "Swift.Optional<Notes.Person>", #"{"name":"Blob"}"#,
                            "NavigationBackportApp.EmojiVisualisation", #"{"emoji":"🎈","count":99}"#, "Swift.Int", "99",
                        ].map { .string($0) })))
        let after = try Data(contentsOf: URL(fileURLWithPath: file))
        let again = await navstate(
            [
                "--app", Self.app, "retag", "navigation-path", "--key", "path", "--from", "MyApp.User", "--to",
                "Notes.Person", "--json",
            ],
            in: directory, now: fixedNow.addingTimeInterval(60))
        #expect(again.status == 0)
        #expect(
            try JSONValue(parsing: Array(again.standardOutput.utf8))
                == JSONValue(
                    parsing: Array(
                        #"{"scene":"navigation-path","key":"path","from":"MyApp.User","to":"Notes.Person","dryRun":false,"written":false,"changes":[]}"#
                            .utf8)))
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == after)
        let text = await navstate(
            [
                "--app", Self.app, "retag", "navigation-path", "--key", "path", "--from", "MyApp.User", "--to",
                "Notes.Person",
            ],
            in: directory)
        #expect(
            text.standardOutput
                == "No type name in 'path' of scene 'navigation-path' names 'MyApp.User': nothing to change.\n")
    }

    @Test("retag inside an app state, and of a value stored as binary JSON, which stays binary")
    func retagStateAndBinary() async throws {
        let directory = try TemporaryDirectory()
        _ = try install(in: directory)
        let store = try StateStore(appID: AppID(Self.app), stateRoot: directory.appending("state"))
        let scene = try SceneID("navigation-path")
        try store.putSceneValue(.binary(Data(#"["MyApp.User","{}","Swift.Int","1"]"#.utf8)), forKey: "data", in: scene)
        let state = await navstate(
            [
                "--app", Self.app, "retag", "navigation-path", "--key", "state", "--from", "MyApp", "--to", "Kit",
                "--json",
            ],
            in: directory)
        #expect(state.status == 0)
        #expect(
            try JSONValue(parsing: Array(state.standardOutput.utf8)).objectValue?["changes"]
                == JSONValue(
                    parsing: Array(#"[{"location":"path","position":0,"from":"MyApp.User","to":"Kit.User"}]"#.utf8)))
        let binary = await navstate(
            ["--app", Self.app, "retag", "navigation-path", "--key", "data", "--from", "MyApp", "--to", "Kit"],
            in: directory)
        #expect(binary.status == 0)
        #expect(
            try store.readSceneValue(forKey: "data", in: scene)
                == .binary(Data(#"["Kit.User","{}","Swift.Int","1"]"#.utf8))
        )
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var error: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    nonisolated static let scenes = "<tmp>/state/\(app)/scenes"
    nonisolated static let refusals: [Refusal] = [
        Refusal(
            arguments: ["odd-count", "--key", "path", "--from", "Swift.Int", "--to", "Swift.Int64"], status: 65,
            error:
                "Error: value 'path' of scene 'odd-count' is not a path in SwiftUI's NavigationPath format: the value has 3 strings; a path has pairs of type name and JSON"
        ),
        Refusal(
            arguments: ["non-string", "--key", "path", "--from", "Swift.Int", "--to", "Swift.Int64"], status: 65,
            error:
                "Error: value 'path' of scene 'non-string' is not a path in SwiftUI's NavigationPath format: entry 1 must be a string, found number"
        ),
        Refusal(
            arguments: ["nested-array", "--key", "path", "--from", "Swift.Int", "--to", "Swift.Int64"], status: 65,
            error:
                "Error: value 'path' of scene 'nested-array' is not a path in SwiftUI's NavigationPath format: entry 0 must be a string, found array"
        ),
        Refusal(
            arguments: ["odd-count", "--key", "nope", "--from", "A", "--to", "B"], status: 66,
            error: "Error: scene 'odd-count' has no 'nope' value (keys: path)"),
        Refusal(
            arguments: ["truncated", "--key", "path", "--from", "A", "--to", "B"], status: 65,
            error:
                "Error: corrupt scene file '\(scenes)/truncated.json': unterminated object at line 8, column 3"),
        Refusal(
            arguments: ["missing", "--key", "path", "--from", "A", "--to", "B"], status: 66,
            error: "Error: no saved state for scene 'missing' (no file '\(scenes)/missing.json')"),
        Refusal(
            arguments: ["odd-count", "--key", "path", "--from", "Evil\u{1b}[2J", "--to", "B"], status: 64,
            error: "Error: 'Evil\\u{1b}[2J' is not a type name: it has a control character"),
        Refusal(
            arguments: ["odd-count", "--key", "path", "--from", "A", "--to", "A"], status: 64,
            error: "Error: --from and --to are the same name 'A'"),
        Refusal(
            arguments: ["odd-count", "--from", "A", "--to", "B"], status: 64,
            error: "Error: missing option '--key <name>'"),
    ]

    @Test("retag refuses what it cannot parse, with the error and status, and changes no byte", arguments: refusals)
    func retagRefuses(_ refusal: Refusal) async throws {
        let directory = try TemporaryDirectory()
        for name in ["odd-count", "non-string", "nested-array"] {
            _ = try install(name, folder: "hostile-navigation-path", in: directory)
        }
        let scenes = directory.appending("state/\(Self.app)/scenes")
        try FileManager.default.copyItem(
            atPath: Fixtures.path("hostile/truncated.json"), toPath: scenes + "/truncated.json")
        let before = try FileManager.default.contentsOfDirectory(atPath: scenes).sorted().map { name in
            (name, try Data(contentsOf: URL(fileURLWithPath: scenes + "/" + name)))
        }
        for dryRun in [false, true] {
            let outcome = await navstate(
                ["--app", Self.app, "retag"] + refusal.arguments + (dryRun ? ["--dry-run"] : []), in: directory)
            #expect(outcome.status == refusal.status)
            #expect(outcome.standardOutput == "")
            #expect(outcome.standardError.split(separator: "\n").first.map(String.init) == refusal.error)
        }
        let after = try FileManager.default.contentsOfDirectory(atPath: scenes).sorted().map { name in
            (name, try Data(contentsOf: URL(fileURLWithPath: scenes + "/" + name)))
        }
        // Lock files aside, the folder holds the same files with the same bytes: nothing kept aside.
        let files = after.filter { !$0.0.hasPrefix(".") }
        #expect(files.map(\.0) == before.map(\.0))
        #expect(files.map(\.1) == before.map(\.1))
    }

    /// The hostile NavigationPath corpus (`Fixtures/hostile-navigation-path/`, plus what is too big
    /// to commit: a 100 KB type name, a 3 MiB element, 1,000,000 elements), through the binary with
    /// at most 64 MiB of data.
    @Test("hostile NavigationPaths: each inspected with bounded memory, control characters escaped, nothing changed")
    func hostileCorpus() throws {
        let directory = try TemporaryDirectory()
        let scenes = directory.appending("state/\(Self.app)/scenes")
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("hostile-navigation-path")) {
            _ = try install(String(name.dropLast(5)), folder: "hostile-navigation-path", in: directory)
        }
        func write(_ scene: String, _ path: [String]) throws {
            let value = JSONValue.array(path.map { .string($0) })
            let document = StoredDocument(
                scene: try SceneID(scene), savedAt: fixedNow, values: ["path": .json(value)])
            try Data(document.encodedBytes()).write(to: URL(fileURLWithPath: scenes + "/\(scene).json"))
        }
        let longName = "MyApp." + String(repeating: "A", count: 100_000)
        try write("long-type-name", [longName, "1"])
        try write("huge-element", ["Swift.String", "\"" + String(repeating: "x", count: 3 << 20) + "\""])
        try write("million", Array(repeating: ["Swift.Int", "1"], count: 1_000_000).flatMap { $0 })
        let before = try FileManager.default.contentsOfDirectory(atPath: scenes).sorted()

        func inspect(_ scene: String) throws -> ProcessResult {
            try runBinary(
                ["--app", Self.app, "inspect", scene, "--key", "path"], in: directory, dataLimitKilobytes: 65_536)
        }
        func listing(_ result: ProcessResult) -> String {
            String(result.standardOutput.split(separator: "\n\n", maxSplits: 2).dropFirst(2).first ?? "")
        }
        let control = try inspect("control-type-name")
        #expect(control.status == 0)
        #expect(
            listing(control) == """
                path (2 elements, SwiftUI NavigationPath format, root first):
                  1. Swift.Int
                     2
                  2. Evil.\\u{1b}[2J\\u{7}Name
                     1

                """)
        let invalid = try inspect("invalid-element")
        #expect(
            listing(invalid) == """
                path (3 elements, SwiftUI NavigationPath format, root first):
                  1. MyApp.User
                     its JSON does not parse: unexpected end of input at line 1, column 9
                     {"name":
                  2. Swift.Int
                     its JSON does not parse: unterminated object at line 1, column 2
                     {
                  3. Swift.String
                     "ok"

                """)
        // Not in the format: shown as route paths, element by element.
        #expect(
            listing(try inspect("odd-count"))
                == "path (3 elements):\n  1. \"Swift.Int\"\n  2. \"1\"\n  3. \"Swift.Int\"\n")
        #expect(listing(try inspect("non-string")).hasPrefix("path (4 elements):\n  1. \"Swift.Int\"\n  2. 1\n"))
        #expect(listing(try inspect("nested-array")) == "path (1 element):\n  1. [\"Swift.Int\",\"1\"]\n")
        let long = try inspect("long-type-name")
        #expect(long.status == 0)
        #expect(
            listing(long) == "path (1 element, SwiftUI NavigationPath format, root first):\n  1. MyApp."
                + String(repeating: "A", count: 194) + "... (100,006 bytes in all)\n     1\n")
        let huge = try inspect("huge-element")
        #expect(huge.status == 0)
        #expect(huge.standardOutput.contains("  1. Swift.String\n     \"xxxx"))
        let million = try inspect("million")
        #expect(million.status == 65)
        #expect(
            million.standardError.hasPrefix("Error: refusing '<tmp>/state/\(Self.app)/scenes/million.json': it is "))
        // retag of each: renamed where it parses, refused where it does not, within the same memory.
        let renamed = try runBinary(
            ["--app", Self.app, "retag", "long-type-name", "--key", "path", "--from", "MyApp", "--to", "Kit"],
            in: directory, dataLimitKilobytes: 65_536)
        #expect(renamed.status == 0)
        #expect(renamed.standardOutput.hasPrefix("Changed 1 type name in 'path' of scene 'long-type-name':\n"))
        let hugeRetag = try runBinary(
            [
                "--app", Self.app, "retag", "huge-element", "--key", "path", "--from", "Swift.String", "--to",
                "Kit.Text",
            ],
            in: directory, dataLimitKilobytes: 65_536)
        #expect(hugeRetag.status == 0)
        let store = try StateStore(appID: AppID(Self.app), stateRoot: directory.appending("state"))
        #expect(
            try store.readSceneValue(forKey: "path", in: SceneID("long-type-name"))
                == .json(.array([.string("Kit." + String(repeating: "A", count: 100_000)), .string("1")])))
        guard case .json(let hugeValue)? = try store.readSceneValue(forKey: "path", in: SceneID("huge-element")) else {
            Issue.record("the huge element's path is gone")
            return
        }
        #expect(hugeValue.arrayValue?.first == .string("Kit.Text"))
        #expect(hugeValue.arrayValue?.last?.stringValue?.utf8.count == (3 << 20) + 2)
        // Nothing was created or moved aside (lock files aside).
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scenes).filter { !$0.hasPrefix(".") }.sorted() == before
        )
    }
}
