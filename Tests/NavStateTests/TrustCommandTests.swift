import Foundation
import SceneStore
import TestSupport
import Testing

@testable import navstate

/// `inspect` showing the restore guard and the schema, `restore --max-age`, and `recover`.
@MainActor
@Suite struct TrustCommandTests {
    static let saved =
        #"{"format":1,"savedAt":"2026-11-01T10:00:00.000Z","scene":"main","values":{"navigation":{"json":{"recipePathIds":["E35A5C9C-F1EA-4B3D-9980-E2240B363AC8"],"selectedCategory":0}}}}"#
    static let replaced =
        #"{"format":1,"savedAt":"2026-11-02T10:00:00.000Z","scene":"main","values":{"navigation":{"json":{"recipePathIds":[],"selectedCategory":null}}}}"#
    static let copyName = "main.crashloop-20261101T120000.000Z.json"
    static let marker =
        #"{"format":1,"savedAt":"2026-11-02T10:00:00.000Z","scene":"main","values":{"navigation":{"json":{"failures":2,"restoringSince":"2026-11-02T10:00:00Z"}}}}"#

    /// A cookbook scene after a crash loop: the app replaced the saved state, a copy of it was kept
    /// aside, and the guard's marker says two restores failed.
    func crashLoopScene(in directory: TemporaryDirectory) throws {
        try FileManager.default.createDirectory(atPath: directory.scenes, withIntermediateDirectories: true)
        try Data(Self.replaced.utf8).write(to: URL(fileURLWithPath: directory.scenes + "/main.json"))
        try Data(Self.saved.utf8).write(to: URL(fileURLWithPath: directory.scenes + "/" + Self.copyName))
        let restores = directory.appending("state/cookbook/restores")
        try FileManager.default.createDirectory(atPath: restores, withIntermediateDirectories: true)
        try Data(Self.marker.utf8).write(to: URL(fileURLWithPath: restores + "/main.json"))
    }

    @Test("inspect shows each scene's restore guard, and a scene's guard, schema and kept-aside copies")
    func inspectShowsGuard() async throws {
        let directory = try TemporaryDirectory()
        try crashLoopScene(in: directory)
        let list = await navstate(["inspect"], in: directory)
        #expect(
            list.standardOutput.hasPrefix(
                """
                SCENE  KEYS        SIZE  LAST SAVED                AGE  HEALTH  GUARD                       DROPS  BUDGET
                main   navigation  142   2026-11-02T10:00:00.000Z  73d  ok      restoring, 2 failed before  0      0%

                Kept aside (old copies; 'navstate prune --older-than <duration>' removes them):
                  FILE                                      REASON     KEPT AT                   SIZE
                  main.crashloop-20261101T120000.000Z.json  crashloop  2026-11-01T12:00:00.000Z  177

                """))
        let scene = await navstate(["inspect", "main"], in: directory)
        #expect(
            scene.standardOutput.hasPrefix(
                """
                scene:      main
                file:       <tmp>/state/cookbook/scenes/main.json
                size:       142 bytes
                last saved: 2026-11-02T10:00:00.000Z
                health:     ok
                guard:      restoring since 2026-11-02T10:00:00Z (2 failed restores before)
                schema:     0

                """))
        let json = await navstate(["inspect", "main", "--json"], in: directory)
        let object = try JSONValue(parsing: Array(json.standardOutput.utf8)).objectValue ?? [:]
        #expect(
            object["guard"]
                == .object([
                    "state": .string("restoring"), "since": .string("2026-11-02T10:00:00.000Z"),
                    "failures": .number(JSONNumber(2)),
                ]))
        #expect(object["schema"] == .number(JSONNumber(0)))
        #expect(object["keptAside"]?.arrayValue?.first?.objectValue?["reason"] == .string("crashloop"))
        // A marker that cannot be read is shown as such; inspect still succeeds.
        try Data("{".utf8).write(to: URL(fileURLWithPath: directory.appending("state/cookbook/restores/main.json")))
        let broken = await navstate(["inspect", "main"], in: directory)
        #expect(broken.status == 0)
        #expect(
            broken.standardOutput.contains(
                "guard:      unreadable: corrupt scene file '<tmp>/state/cookbook/restores/main.json': unterminated object at line 1, column 2\n"
            ))
    }

    @Test("restore --max-age restores nothing older than the duration, and says when it was saved")
    func maxAge() async throws {
        let directory = try TemporaryDirectory()
        try crashLoopScene(in: directory)
        try Data(Self.saved.utf8).write(to: URL(fileURLWithPath: directory.scenes + "/main.json"))
        let before = try directory.contents("state/cookbook/scenes/main.json")
        let old = await navstate(["restore", "main", "--max-age", "6h"], in: directory)
        #expect(old.status == 0)
        #expect(
            old.standardOutput
                == "scene:    main\nnot restored: saved at 2026-11-01T10:00:00.000Z, more than 6h ago (--max-age)\n")
        let json = await navstate(["restore", "main", "--max-age", "30d", "--json"], in: directory)
        #expect(
            try JSONValue(parsing: Array(json.standardOutput.utf8))
                == JSONValue(
                    parsing: Array(
                        #"{"scene":"main","key":"navigation","intervention":{"code":"expired","savedAt":"2026-11-01T10:00:00.000Z","maximumAge":"30d"},"budget":{"size":\#(before.count),"budget":262144,"percent":0,"over":false}}"#
                            .utf8)))
        let recent = await navstate(["restore", "main", "--max-age", "100d"], in: directory)
        #expect(recent.standardOutput.contains("category: dessert\n"))
        let bad = await navstate(["restore", "main", "--max-age", "soon"], in: directory)
        #expect(bad.status == 64)
        #expect(try directory.contents("state/cookbook/scenes/main.json") == before)
    }

    @Test("recover brings the kept-aside value back durably, clears the guard, and --dry-run writes nothing")
    func recover() async throws {
        let directory = try TemporaryDirectory()
        try crashLoopScene(in: directory)
        let before = try directory.contents("state/cookbook/scenes/main.json")
        let dry = await navstate(["recover", "main", "--dry-run"], in: directory)
        #expect(dry.status == 0)
        #expect(
            dry.standardOutput == """
                Would recover 'navigation' of scene 'main' from '\(Self.copyName)' (kept 2026-11-01T12:00:00.000Z: its restore was withheld after restores that never became healthy); nothing written.
                value: {"recipePathIds":["E35A5C9C-F1EA-4B3D-9980-E2240B363AC8"],"selectedCategory":0}

                """)
        #expect(try directory.contents("state/cookbook/scenes/main.json") == before)
        #expect(FileManager.default.fileExists(atPath: directory.appending("state/cookbook/restores/main.json")))

        let done = await navstate(["recover", "main"], in: directory)
        #expect(done.status == 0)
        #expect(
            done.standardOutput == """
                Recovered 'navigation' of scene 'main' from '\(Self.copyName)' (kept 2026-11-01T12:00:00.000Z: its restore was withheld after restores that never became healthy).
                value: {"recipePathIds":["E35A5C9C-F1EA-4B3D-9980-E2240B363AC8"],"selectedCategory":0}
                The restore guard of 'navigation' was cleared.

                """)
        #expect(!FileManager.default.fileExists(atPath: directory.appending("state/cookbook/restores/main.json")))
        let store = try StateStore(appID: AppID("cookbook"), stateRoot: directory.appending("state"))
        let document = try store.storedDocument(for: SceneID("main"))
        #expect(document.savedAt == fixedNow)
        let copy = try StoredDocument(decoding: Array(Self.saved.utf8), scene: SceneID("main"), path: "copy")
        #expect(document.values == copy.values)
        // The copy stays where it was.
        #expect(FileManager.default.fileExists(atPath: directory.scenes + "/" + Self.copyName))
        let restored = await navstate(["restore", "main"], in: directory)
        #expect(restored.standardOutput.contains("  1. Apple Pie\n"))
    }

    @Test("recover refuses when there is nothing to bring back, naming the copies there are")
    func recoverRefuses() async throws {
        let directory = try TemporaryDirectory()
        try crashLoopScene(in: directory)
        let unknown = await navstate(["recover", "main", "--file", "nope.json"], in: directory)
        #expect(unknown.status == 66)
        #expect(
            unknown.standardError.hasPrefix(
                "Error: scene 'main' has no kept-aside copy 'nope.json' (copies: \(Self.copyName))\n"))
        let otherKey = await navstate(["recover", "main", "--key", "router"], in: directory)
        #expect(otherKey.status == 66)
        #expect(
            otherKey.standardError.hasPrefix(
                "Error: scene 'main' has no readable kept-aside copy holding 'router' (copies: \(Self.copyName); keys they hold: navigation)\n"
            ))
        // A corrupt copy, named: refused with its problem.
        let corruptName = "main.corrupt-20261101T130000.000Z.json"
        try Data("{".utf8).write(to: URL(fileURLWithPath: directory.scenes + "/" + corruptName))
        let corrupt = await navstate(["recover", "main", "--file", corruptName], in: directory)
        #expect(corrupt.status == 65)
        #expect(
            corrupt.standardError.hasPrefix(
                "Error: corrupt scene file '<tmp>/state/cookbook/scenes/\(corruptName)': unterminated object at line 1, column 2\n"
            ))
        let none = await navstate(["recover", "other"], in: directory)
        #expect(none.status == 66)
        #expect(
            none.standardError.hasPrefix(
                "Error: scene 'other' has no readable kept-aside copy holding 'navigation' (it has no copies)\n"))
    }

    @Test("remove and prune take a scene's restore guard with it")
    func removeTakesTheGuard() async throws {
        let directory = try TemporaryDirectory()
        try crashLoopScene(in: directory)
        let marker = directory.appending("state/cookbook/restores/main.json")
        #expect(FileManager.default.fileExists(atPath: marker))
        let removed = await navstate(["remove", "main"], in: directory)
        #expect(removed.status == 0)
        #expect(!FileManager.default.fileExists(atPath: marker))
        try crashLoopScene(in: directory)
        let pruned = await navstate(["prune", "--older-than", "1d"], in: directory)
        #expect(pruned.status == 0)
        #expect(pruned.standardOutput.hasPrefix("Removed 1 scene not saved within 1d:\n  main\n"))
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}
