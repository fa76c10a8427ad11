import Foundation
import SceneStore
import TestSupport
import Testing

@testable import navstate

/// What the CLI broke for two real apps (issue 20): other apps' values, saves nothing can read, saves
/// that did not save, errors that did not say where, guards of several keys, refusals that changed
/// something.
@MainActor
@Suite struct RealAppCommandTests {
    let app = ["--app", "com.example.router"]

    func write(_ text: String, to name: String, in directory: TemporaryDirectory) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: directory.appending(name)))
    }

    func routerStore(_ directory: TemporaryDirectory) throws -> StateStore {
        try StateStore(appID: AppID("com.example.router"), environment: directory.environment)
    }

    @Test("item 9: another app's save stores any JSON exactly as given, and refuses the cookbook's options")
    func otherAppSave() async throws {
        let directory = try TemporaryDirectory()
        try write(#"[{"panel":{"id":1}}, {"panel":{"id":2}}]"#, to: "path.json", in: directory)
        let saved = await navstate(app + ["save", "probe", "--input", "path.json"], in: directory)
        #expect(saved.status == 0)
        #expect(
            saved.standardOutput == """
                Saved scene 'probe' to '<tmp>/state/com.example.router/scenes/probe.json' as given.
                navigation: [{"panel":{"id":1}},{"panel":{"id":2}}]

                """)
        #expect(
            try routerStore(directory).readSceneValue(forKey: "navigation", in: SceneID("probe"))
                == .json(try JSONValue(parsing: Array(#"[{"panel":{"id":1}},{"panel":{"id":2}}]"#.utf8))))
        // Restored as its paths and members, never as the cookbook's.
        let restored = await navstate(app + ["restore", "probe"], in: directory)
        #expect(
            restored.standardOutput.hasSuffix(
                "path (2 elements):\n  1. {\"panel\":{\"id\":1}}\n  2. {\"panel\":{\"id\":2}}\n"))
        // Any JSON: a bare string value too, and --as-is changes nothing for another app.
        try write(#""inbox""#, to: "string.json", in: directory)
        let string = await navstate(
            app + ["save", "probe", "--input", "string.json", "--as-is", "--key", "tab"], in: directory)
        #expect(string.status == 0)
        #expect(
            try routerStore(directory).readSceneValue(forKey: "tab", in: SceneID("probe")) == .json(.string("inbox")))
        for options in [["--recipe", "Apple Pie"], ["--category", "dessert"], ["--clear"]] {
            let refused = await navstate(app + ["save", "probe"] + options, in: directory)
            #expect(refused.status == 64)
            #expect(
                refused.standardError.hasPrefix(
                    "Error: options '--category', '--recipe' and '--clear' build the cookbook's navigation state; app 'com.example.router' stores its own: give '--input <file>' with the value to store\n"
                ))
        }
    }

    @Test("item 9: another app's save of each hostile file: refused naming the problem, or stored as read")
    func otherAppSaveHostile() async throws {
        let directory = try TemporaryDirectory()
        let store = try routerStore(directory)
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("hostile")).sorted() {
            let scene = String(name.dropLast(5))
            let outcome = await navstate(
                app + ["save", scene, "--input", Fixtures.path("hostile/\(name)")], in: directory)
            if let value = try? JSONValue(parsing: Fixtures.bytes("hostile/\(name)")) {
                #expect(outcome.status == 0, "\(name): \(outcome.standardError)")
                #expect(try store.readSceneValue(forKey: "navigation", in: SceneID(scene)) == .json(value), "\(name)")
            } else {
                #expect(outcome.status == 65, "\(name)")
                #expect(outcome.standardError.hasPrefix("Error: '\(Fixtures.path("hostile/\(name)"))': "), "\(name)")
                #expect(!FileManager.default.fileExists(atPath: store.path(for: try SceneID(scene))), "\(name)")
            }
        }
    }

    @Test("item 9: restore and inspect of another app show every member, not only its paths")
    func otherAppMembers() async throws {
        let directory = try TemporaryDirectory()
        try write(#"{"count":3,"path":["home"],"sidebar":{"selection":"inbox"}}"#, to: "state.json", in: directory)
        _ = await navstate(app + ["save", "main", "--input", "state.json"], in: directory)
        let restored = await navstate(app + ["restore", "main"], in: directory)
        #expect(
            restored.standardOutput == """
                scene:    main
                key:      navigation
                count: 3
                sidebar: {"selection":"inbox"}
                path (1 element):
                  1. "home"

                """)
        let inspected = await navstate(app + ["inspect", "main"], in: directory)
        #expect(
            inspected.standardOutput.hasSuffix(
                "count: 3\nsidebar: {\"selection\":\"inbox\"}\npath (1 element):\n  1. \"home\"\n"))
    }

    @Test("item 12: a save whose file would pass the read limit is refused with exit 65, and nothing is written")
    func tooLargeSave() async throws {
        let directory = try TemporaryDirectory()
        // 5 MiB of navigation JSON: over the 4 MiB that reads accept.
        let big = "[\"" + String(repeating: "x", count: 5 << 20) + "\"]"
        try write(big, to: "big.json", in: directory)
        let other = await navstate(app + ["save", "big", "--input", "big.json"], in: directory)
        #expect(other.status == 65)
        #expect(
            other.standardError.hasPrefix(
                "Error: not writing '<tmp>/state/com.example.router/scenes/big.json': it would be 5243037 bytes, more than the limit of 4194304 bytes that reads accept\n"
            ))
        #expect(
            !FileManager.default.fileExists(atPath: directory.appending("state/com.example.router/scenes/big.json")))
        let stale = #"{"recipePathIds":["\#(String(repeating: "x", count: 5 << 20))"]}"#
        try write(stale, to: "stale.json", in: directory)
        let cookbook = await navstate(["save", "big", "--input", "stale.json", "--as-is"], in: directory)
        #expect(cookbook.status == 65)
        #expect(
            cookbook.standardError.hasPrefix("Error: not writing '<tmp>/state/cookbook/scenes/big.json': it would be "))
        #expect(!FileManager.default.fileExists(atPath: directory.scenes + "/big.json"))
    }

    @Test("item 13: saving the state already stored moves the save time forward; prune goes by it")
    func saveConfirms() async throws {
        let directory = try TemporaryDirectory()
        let first = await navstate(["save", "main", "--recipe", "Apple Pie"], in: directory)
        #expect(first.status == 0)
        let later = fixedNow.addingTimeInterval(8 * 86_400)
        let again = await navstate(["save", "main", "--recipe", "Apple Pie"], in: directory, now: later)
        #expect(again.status == 0)
        let document = try StateStore(appID: AppID("cookbook"), environment: directory.environment)
            .storedDocument(for: SceneID("main"))
        #expect(document.savedAt == later)
        let pruned = await navstate(["prune", "--older-than", "7d"], in: directory, now: later)
        #expect(pruned.standardOutput.hasPrefix("No scenes older than 7d removed."))
        #expect(FileManager.default.fileExists(atPath: directory.scenes + "/main.json"))
        // The same for a fixture saved --as-is, and for another app's value saved as given.
        try write(#"{"recipePathIds":[]}"#, to: "empty.json", in: directory)
        _ = await navstate(["save", "fixture", "--input", "empty.json", "--as-is"], in: directory)
        _ = await navstate(["save", "fixture", "--input", "empty.json", "--as-is"], in: directory, now: later)
        #expect(
            try StateStore(appID: AppID("cookbook"), environment: directory.environment)
                .storedDocument(for: SceneID("fixture")).savedAt == later)
        _ = await navstate(app + ["save", "probe", "--input", "empty.json"], in: directory)
        _ = await navstate(app + ["save", "probe", "--input", "empty.json"], in: directory, now: later)
        #expect(try routerStore(directory).storedDocument(for: SceneID("probe")).savedAt == later)
    }

    @Test("item 9: another app's save stores a schema when told, and keeps the value it replaces in a copy")
    func otherAppSchemaAndCopy() async throws {
        let directory = try TemporaryDirectory()
        try write(#"["a"]"#, to: "v1.json", in: directory)
        try write(#"{"path":["a"]}"#, to: "v2.json", in: directory)
        _ = await navstate(app + ["save", "main", "--input", "v1.json"], in: directory)
        let store = try routerStore(directory)
        #expect(try store.keptAsideFiles().isEmpty)
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path(for: SceneID("main"))))
        let replaced = await navstate(
            app + ["save", "main", "--input", "v2.json", "--schema", "1"], in: directory,
            now: fixedNow.addingTimeInterval(1))
        #expect(replaced.status == 0)
        #expect(
            replaced.standardError
                == "warning: the scene's file was kept at '<tmp>/state/com.example.router/scenes/main.replaced-20270115T080001.000Z.json' before its 'navigation' value was replaced: its value was replaced on request\n"
        )
        let values = try store.storedDocument(for: SceneID("main")).values
        #expect(values["navigation.schema"] == .json(.number(JSONNumber(1))))
        let copies = try store.keptAsideFiles()
        #expect(copies.map(\.reason.rawValue) == ["replaced"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: copies[0].path)) == before)
        // Saved again without --schema: schema 0 over a value of schema 1 is refused, and nothing
        // changes; with --replace-newer the value as given has none beside it, and the newer one is
        // kept aside for what it is.
        let stored = try Data(contentsOf: URL(fileURLWithPath: store.path(for: SceneID("main"))))
        let refused = await navstate(
            app + ["save", "main", "--input", "v2.json"], in: directory, now: fixedNow.addingTimeInterval(2))
        #expect(refused.status == 65)
        #expect(
            refused.standardError.hasPrefix(
                "Error: the value 'navigation' was saved with schema 1, newer than this version supports (0)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path(for: SceneID("main")))) == stored)
        let replacing = await navstate(
            app + ["save", "main", "--input", "v2.json", "--replace-newer"], in: directory,
            now: fixedNow.addingTimeInterval(2))
        #expect(replacing.status == 0)
        #expect(try store.storedDocument(for: SceneID("main")).values["navigation.schema"] == nil)
        #expect(try store.keptAsideFiles().map(\.reason.rawValue) == ["replaced", "newer-schema"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.keptAsideFiles()[1].path)) == stored)
        let cookbook = await navstate(["save", "main", "--input", "v2.json", "--schema", "1"], in: directory)
        #expect(cookbook.status == 64)
    }

    @Test("item 12: a save nested deeper than reads accept is refused with exit 65, and nothing is written")
    func tooDeepSave() async throws {
        let directory = try TemporaryDirectory()
        // 254 levels: the parser takes it as input, but the scene file would nest 257 deep.
        try write(
            String(repeating: "[", count: 254) + String(repeating: "]", count: 254), to: "deep.json", in: directory)
        let deep = await navstate(app + ["save", "deep", "--input", "deep.json"], in: directory)
        #expect(deep.status == 65)
        #expect(
            deep.standardError.hasPrefix(
                "Error: not writing '<tmp>/state/com.example.router/scenes/deep.json': it would nest 257 levels deep, more than the limit of 256 that reads accept\n"
            ))
        #expect(
            !FileManager.default.fileExists(atPath: directory.appending("state/com.example.router/scenes/deep.json")))
        // One level less is written, and reads back.
        try write(
            String(repeating: "[", count: 253) + String(repeating: "]", count: 253), to: "deep.json", in: directory)
        let fits = await navstate(app + ["save", "deep", "--input", "deep.json"], in: directory)
        #expect(fits.status == 0)
        #expect(try routerStore(directory).storedDocument(for: SceneID("deep")).values["navigation"] != nil)
    }

    @Test("item 14: a value that is not navigation data names the file, scene, key, line and column")
    func errorsSayWhere() async throws {
        let directory = try TemporaryDirectory()
        try directory.install(scene: "not-navigation")
        let restored = await navstate(["restore", "not-navigation"], in: directory)
        #expect(restored.status == 65)
        #expect(
            restored.standardError.hasPrefix(
                "Error: '<tmp>/state/cookbook/scenes/not-navigation.json': line 7, column 15: value 'navigation' of scene 'not-navigation' is not navigation data: "
            ))
        // Shape errors in --input and --data: the input's path, then the line and column.
        // (A member of the wrong shape is dropped on its own; the value as a whole must be an object.)
        try write("\n  [\"pie\"]", to: "input.json", in: directory)
        let input = await navstate(["save", "main", "--input", "input.json"], in: directory)
        #expect(input.status == 65)
        #expect(
            input.standardError.hasPrefix(
                "Error: '<tmp>/input.json': line 2, column 3: invalid navigation data: Expected to decode Dictionary<String, Any> but found an array instead."
            ))
        try write(
            "{\"recipes\": [\n  {\"id\": \"E35A5C9C-F1EA-4B3D-9980-E2240B363AC8\", \"name\": \"Pie\", \"category\": \"soup\"}\n]}",
            to: "data.json", in: directory)
        let data = await navstate(["--data", "data.json", "recipes"], in: directory)
        #expect(data.status == 65)
        #expect(
            data.standardError.hasPrefix(
                "Error: '<tmp>/data.json': line 2, column 77: recipe data: recipes[0].category: unknown category 'soup'"
            ))
    }

    @Test("item 8: the listing shows the guard of every key of a scene")
    func guardsOfEveryKey() async throws {
        let directory = try TemporaryDirectory()
        let marker =
            #"{"format":1,"savedAt":"2026-11-02T10:00:00.000Z","scene":"main","values":{"navigation":{"json":{"failures":1,"restoringSince":"2026-11-02T10:00:00Z"}},"sidebar":{"json":{"failures":0,"restoringSince":"2026-11-02T10:00:00Z"}}}}"#
        _ = await navstate(["save", "main", "--recipe", "Apple Pie"], in: directory)
        let restores = directory.appending("state/cookbook/restores")
        try FileManager.default.createDirectory(atPath: restores, withIntermediateDirectories: true)
        try Data(marker.utf8).write(to: URL(fileURLWithPath: restores + "/main.json"))
        let list = await navstate(["inspect"], in: directory)
        #expect(
            list.standardOutput.contains("  navigation: restoring, 1 failed before; sidebar: restoring  0      0%\n"))
        let json = await navstate(["inspect", "--json"], in: directory)
        let scene = try JSONValue(parsing: Array(json.standardOutput.utf8)).objectValue?["scenes"]?.arrayValue?.first
        #expect(scene?.objectValue?["guards"]?.objectValue?.keys.sorted() == ["navigation", "sidebar"])
        #expect(scene?.objectValue?["guard"]?.objectValue?["failures"] == .number(JSONNumber(1)))
    }

    @Test("item 15: remove refuses a newer-format file without --force; refused retag and prune leave no lock file")
    func refusalsChangeNothing() async throws {
        let directory = try TemporaryDirectory()
        try directory.install(scene: "newer-format")
        let refused = await navstate(["remove", "newer-format"], in: directory)
        #expect(refused.status == 65)
        #expect(refused.standardError.contains("'--force' removes it"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.scenes) == ["newer-format.json"])
        let forced = await navstate(["remove", "newer-format", "--force"], in: directory)
        #expect(forced.status == 0)
        // A value not in the NavigationPath format: retag refuses, and no lock file appears.
        try directory.install(scene: "ours")
        let retag = await navstate(
            ["retag", "ours", "--key", "navigation", "--from", "A.B", "--to", "C.D"], in: directory)
        #expect(retag.status == 65)
        #expect(try !FileManager.default.contentsOfDirectory(atPath: directory.scenes).contains(".ours.lock"))
        // A folder named like a scene: prune cannot remove it, and makes no lock file for it.
        let other = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            atPath: other.scenes + "/folder.json", withIntermediateDirectories: true)
        let pruned = await navstate(
            ["prune", "--older-than", "1s"], in: other, now: fixedNow.addingTimeInterval(86_400 * 400))
        #expect(pruned.status == 74)
        #expect(try FileManager.default.contentsOfDirectory(atPath: other.scenes) == ["folder.json"])
    }
}
