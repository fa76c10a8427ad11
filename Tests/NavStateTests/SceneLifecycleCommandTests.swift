import Foundation
import SceneStore
import TestSupport
import Testing

@testable import navstate

/// What Apple platforms bring to the CLI: scenes removed for good leave nothing, and scene IDs that
/// differ only in case are refused where a file system ignores case.
@MainActor
@Suite struct SceneLifecycleCommandTests {
    func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test("remove and prune leave no scene file, marker or lock file behind")
    func removalLeavesNothing() async throws {
        let directory = try TemporaryDirectory()
        _ = await navstate(["save", "main", "--recipe", "Apple Pie"], in: directory)
        _ = await navstate(["save", "old", "--recipe", "Apple Pie"], in: directory)
        let restores = directory.appending("state/cookbook/restores")
        try FileManager.default.createDirectory(atPath: restores, withIntermediateDirectories: true)
        for scene in ["main", "old"] {
            try Data(
                #"{"format":1,"savedAt":"2026-11-02T10:00:00.000Z","scene":"\#(scene)","values":{"navigation":{"json":{"failures":1,"restoringSince":"2026-11-02T10:00:00Z"}}}}"#
                    .utf8
            ).write(to: URL(fileURLWithPath: restores + "/\(scene).json"))
            try Data().write(to: URL(fileURLWithPath: restores + "/.\(scene).lock"))
        }
        #expect(names(in: directory.scenes) == [".main.lock", ".old.lock", "main.json", "old.json"])
        let removed = await navstate(["remove", "main"], in: directory)
        #expect(removed.status == 0)
        #expect(names(in: directory.scenes) == [".old.lock", "old.json"])
        #expect(names(in: restores) == [".old.lock", "old.json"])
        let pruned = await navstate(
            ["prune", "--older-than", "1d"], in: directory, now: fixedNow.addingTimeInterval(2 * 86_400))
        #expect(pruned.status == 0)
        #expect(names(in: directory.scenes) == [])
        #expect(names(in: restores) == [])
    }

    @Test("scene IDs that differ only in case, on one file: exit 65 naming both, nothing moved or written")
    func caseConflict() async throws {
        let directory = try TemporaryDirectory()
        _ = await navstate(["save", "main", "--recipe", "Apple Pie"], in: directory)
        // Two names of one file, as a file system that ignores case makes `Main.json` of `main.json`.
        #expect(linkAsSecondName(directory.scenes + "/main.json", directory.scenes + "/Main.json"))
        let before = try directory.contents("state/cookbook/scenes/main.json")
        let saved = await navstate(["save", "Main", "--recipe", "Pie Crust"], in: directory)
        #expect(saved.status == 65)
        #expect(
            saved.standardError.hasPrefix(
                "Error: scene 'Main' and scene 'main' differ only in letter case, and '<tmp>/state/cookbook/scenes/Main.json' holds 'main' (this file system does not tell them apart); use scene IDs that differ in more than case\n"
            ))
        let restored = await navstate(["restore", "Main"], in: directory)
        #expect(restored.status == 65)
        #expect(try directory.contents("state/cookbook/scenes/main.json") == before)
        #expect(names(in: directory.scenes).filter { $0.contains("corrupt") || $0.contains("invalid") }.isEmpty)
    }
}
