import Foundation
import SceneNavigationTesting
import TestSupport
import Testing

@testable import SceneStore

/// Scene IDs that differ only in letter case on a file system that ignores case (APFS and HFS+ by
/// default): one file for two scenes. Emulated by a simulated file system that ignores case, and
/// by two hard links of one file on this one.
@Suite struct CaseConflictTests {
    static let directory = "/simulated/app/scenes"
    static let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }

    @Test("on a file system that ignores case, a scene whose ID differs only in case is an error, and nothing moves")
    func simulatedCaseInsensitiveDisk() throws {
        let fileSystem = SimulatedFileSystem(directory: Self.directory)
        fileSystem.ignoresCase = true
        let store = StateStore(
            scenesFolder: Self.directory, configuration: .init(now: Self.clock), fileSystem: fileSystem)
        let lower = try SceneID("main")
        let upper = try SceneID("Main")
        try store.put(1, forKey: "n", in: lower)
        let before = fileSystem.files
        let conflict = SceneStoreError.caseConflict(path: store.path(for: upper), scene: upper, found: "main")
        #expect(throws: conflict) { try store.put(2, forKey: "n", in: upper) }
        #expect(throws: conflict) { try store.storedDocument(for: upper) }
        #expect(throws: conflict) { try store.keepAsideCopy(upper, reason: .invalid) }
        // Nothing moved aside as corrupt, nothing written: `main` is as it was.
        #expect(fileSystem.files == before)
        #expect(try store.read(Int.self, forKey: "n", in: lower) == 1)
        #expect(
            conflict.description
                == "scene 'Main' and scene 'main' differ only in letter case, and '\(Self.directory)/Main.json' holds 'main' (this file system does not tell them apart); use scene IDs that differ in more than case"
        )
    }

    @Test("two hard links of one file, named as two scenes that differ in case, are a conflict on this disk too")
    func hardLinks() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        try store.put(1, forKey: "n", in: SceneID("main"))
        let lowerPath = store.path(for: try SceneID("main"))
        let upper = try SceneID("Main")
        #expect(linkAsSecondName(lowerPath, store.path(for: upper)))
        let before = try Data(contentsOf: URL(fileURLWithPath: lowerPath))
        #expect(throws: SceneStoreError.caseConflict(path: store.path(for: upper), scene: upper, found: "main")) {
            try store.put(2, forKey: "n", in: upper)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: lowerPath)) == before)
        #expect(try store.keptAsideFiles().isEmpty)
    }

    @Test("removing a scene whose ID differs only in case removes nothing of the other scene")
    func removalRefusesAConflict() throws {
        let fileSystem = SimulatedFileSystem(directory: Self.directory)
        fileSystem.ignoresCase = true
        let store = StateStore(
            scenesFolder: Self.directory, configuration: .init(now: Self.clock), fileSystem: fileSystem)
        try store.put(1, forKey: "n", in: SceneID("main"))
        let before = fileSystem.files
        let upper = try SceneID("Main")
        let conflict = SceneStoreError.caseConflict(path: store.path(for: upper), scene: upper, found: "main")
        #expect(throws: conflict) { try store.removeScene(upper) }
        #expect(throws: conflict) { try store.removeScene(upper, keepingNewerFormat: true) }
        #expect(fileSystem.files == before)
    }

    @Test("on a disk that tells case apart, a file naming another scene is corrupt, not a conflict")
    func caseSensitiveDisk() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try temporary.writeSceneFile(
            "main",
            bytes: Array(#"{"format":1,"savedAt":"2026-11-01T10:00:00.000Z","scene":"MAIN","values":{}}"#.utf8))
        #expect(throws: SceneStoreError.self) { try store.storedDocument(for: scene) }
        do {
            _ = try store.storedDocument(for: scene)
        } catch {
            guard case .corrupt(_, let reason) = error else {
                Issue.record("not corrupt: \(error)")
                return
            }
            #expect(reason == "member 'scene' is 'MAIN' but the file is for 'main'")
        }
        // A write moves it aside as any corrupt file, and goes on.
        let outcome = try store.updateValues(scene) { $0["n"] = .json(.number(JSONNumber(1))) }
        #expect(outcome.movedAsidePath != nil)
    }

    @Test("a lock file removed and made again while a writer waited: the writer locks the file its name leads to")
    func lockFileReplacedWhileWaiting() throws {
        let fileSystem = SimulatedFileSystem(directory: Self.directory)
        let store = StateStore(
            scenesFolder: Self.directory, configuration: .init(now: Self.clock), fileSystem: fileSystem)
        let scene = try SceneID("main")
        try store.put(1, forKey: "n", in: scene)
        // While the next writer waits for the lock, another process removes the lock file and a
        // third makes it anew: the writer must not go on holding the removed one.
        let replaced = LockCounter()
        fileSystem.onLock = { fileSystem, name in
            guard name == ".main.lock", replaced.next() == 1 else { return }
            fileSystem.replaceWithNewFile(name)
        }
        try store.put(2, forKey: "n", in: scene)
        // Locked twice: once on the removed file, once on the one its name leads to now.
        #expect(replaced.count == 2)
        #expect(try store.read(Int.self, forKey: "n", in: scene) == 2)
    }

    @Test("removing a scene removes its lock file too; a scene with only a lock file is found and removed")
    func removalTakesTheLockFile() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try store.put(1, forKey: "n", in: scene)
        try store.put(1, forKey: "n", in: SceneID("other"))
        #expect(try store.storedSceneIDs() == [scene, SceneID("other")])
        #expect(try store.removeScene(scene))
        #expect(
            temporary.files().filter { $0.hasPrefix("app/scenes/") } == [
                "app/scenes/.other.lock", "app/scenes/other.json",
            ])
        // Its values all removed, a scene keeps only its lock file; removing the scene takes it.
        try store.deleteValue(forKey: "n", in: SceneID("other"))
        #expect(try store.storedSceneIDs() == [SceneID("other")])
        #expect(try !store.removeScene(SceneID("other")))
        #expect(temporary.files().filter { $0.hasPrefix("app/scenes/.") }.isEmpty)
        #expect(try store.storedSceneIDs().isEmpty)
    }
}

/// Counts calls from the simulated file system's hook. `@unchecked Sendable`: every access holds `lock`.
private final class LockCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        calls += 1
        return calls
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return calls
    }
}
