import Foundation
import SceneNavigationTesting
import TestSupport
import Testing

@testable import SceneStore

@Suite struct KeepingAsideTests {
    @Test("a scene's file is copied aside, byte for byte, before its value is replaced")
    func keepsUnreadableValueAside() throws {
        let temporary = try TemporaryStore(clock: TestClock(Date(timeIntervalSince1970: 1_800_000_000)))
        let store = temporary.store
        let scene = try SceneID("main")
        try store.put("not navigation", forKey: "navigation", in: scene)
        try store.put(true, forKey: "other", in: scene)
        let before = try fileBytes(store.path(for: scene))
        let kept = try store.keepAsideCopy(scene, reason: .invalid)
        let expectedPath = store.scenesFolder + "/main.invalid-20270115T080000.000Z.json"
        #expect(kept == expectedPath)
        #expect(try fileBytes(expectedPath) == before)
        // The scene itself is untouched until the caller writes.
        #expect(try fileBytes(store.path(for: scene)) == before)
        // The same bytes again: the newest copy already holds them, and no second one is made.
        #expect(try store.keepAsideCopy(scene, reason: .invalid) == expectedPath)
        #expect(try store.keptAsideFiles().map(\.path) == [expectedPath])
        // Other bytes within the same millisecond get a copy of their own name.
        try store.put(false, forKey: "other", in: scene)
        let changed = try fileBytes(store.path(for: scene))
        let again = try store.keepAsideCopy(scene, reason: .invalid)
        #expect(again == store.scenesFolder + "/main.invalid-20270115T080000.000Z-1.json")
        #expect(try fileBytes(store.scenesFolder + "/main.invalid-20270115T080000.000Z-1.json") == changed)
        #expect(
            try store.keptAsideFiles().map(\.path) == [
                expectedPath, store.scenesFolder + "/main.invalid-20270115T080000.000Z-1.json",
            ])
    }

    @Test("nothing is copied when the caller says no or the scene does not exist; corrupt is not a copy's reason")
    func keepsNothingWhenNotNeeded() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        #expect(try store.keepAsideCopy(scene, reason: .invalid) == nil)
        try store.put(1, forKey: "navigation", in: scene)
        #expect(try store.keepAsideCopy(scene, reason: .invalid) { _ in false } == nil)
        #expect(try store.keptAsideFiles() == [])
        #expect(
            throws: SceneStoreError.invalidArgument(
                "corrupt", reason: "corrupt files are moved aside by writes, not copied")
        ) {
            try store.keepAsideCopy(scene, reason: .corrupt)
        }
    }

    @Test("an update keeps the file aside in the same hold of the lock, only when asked and when it changes the file")
    func updateKeepingAside() throws {
        let temporary = try TemporaryStore(clock: TestClock(Date(timeIntervalSince1970: 1_800_000_000)))
        let store = temporary.store
        let scene = try SceneID("main")
        // No file yet: nothing to keep.
        let first = try store.update(
            scene, keepingAside: .invalid, if: { _ in true }, { $0["navigation"] = .json(.number(JSONNumber(1))) })
        #expect(first.keptAsidePath == nil)
        let before = try fileBytes(store.path(for: scene))
        // The caller says no: written, nothing kept.
        let refused = try store.update(
            scene, keepingAside: .invalid, if: { _ in false }, { $0["navigation"] = .json(.number(JSONNumber(2))) })
        #expect(try refused.keptAsidePath == nil && store.keptAsideFiles().isEmpty)
        #expect(try fileBytes(store.path(for: scene)) != before)
        // The same value: the file does not change, so nothing is kept even when asked.
        let unchanged = try store.update(
            scene, keepingAside: .invalid, if: { _ in true }, { $0["navigation"] = .json(.number(JSONNumber(2))) })
        #expect(try unchanged.keptAsidePath == nil && store.keptAsideFiles().isEmpty)
        // Asked, and the value changes: the copy holds the file as it was, the scene the new value.
        let asIt = try fileBytes(store.path(for: scene))
        let kept = try store.update(
            scene, keepingAside: .invalid, if: { $0.values["navigation"] == .json(.number(JSONNumber(2))) },
            { $0["navigation"] = .json(.number(JSONNumber(3))) })
        let expectedPath = store.scenesFolder + "/main.invalid-20270115T080000.000Z.json"
        #expect(kept.keptAsidePath == expectedPath)
        #expect(try fileBytes(expectedPath) == asIt)
        #expect(try store.storedDocument(for: scene).values["navigation"] == .json(.number(JSONNumber(3))))
        #expect(
            throws: SceneStoreError.invalidArgument(
                "corrupt", reason: "corrupt files are moved aside by writes, not copied")
        ) {
            try store.update(
                scene, keepingAside: .corrupt, if: { _ in true }, { $0["navigation"] = .json(.number(JSONNumber(4))) })
        }
    }

    @Test("kept-aside files are listed with scene, reason, time and size; other names are not")
    func listsKeptAsideFiles() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let directory = store.scenesFolder
        try writeFile(directory + "/b.corrupt-20270101T000000.000Z.json", "{")
        try writeFile(directory + "/a.invalid-20261231T235959.999Z-2.json", "{}")
        // An open set: a reason of another module, hyphenated, and the old spelling of one.
        try writeFile(directory + "/c.crash-loop-20270101T000000.000Z.json", "{}")
        try writeFile(directory + "/c.crashloop-20261101T000000.000Z-10.json", "{}")
        for name in [
            "a.json", ".a.lock", ".a.json.tmp", "a.corrupt-2027.json", "a.Other-20270101T000000.000Z.json",
            "a.corrupt-20270101T000000.000Z-.json", "bad id.corrupt-20270101T000000.000Z.json",
            "a.-20270101T000000.000Z.json", "a.9lives-20270101T000000.000Z.json",
        ] {
            try writeFile(directory + "/" + name, "{")
        }
        let files = try store.keptAsideFiles()
        #expect(
            files == [
                KeptAsideFile(
                    of: try SceneID("a"), path: directory + "/a.invalid-20261231T235959.999Z-2.json",
                    reason: .invalid, keptAt: Date(timeIntervalSince1970: 1_798_761_599.999), size: 2),
                KeptAsideFile(
                    of: try SceneID("b"), path: directory + "/b.corrupt-20270101T000000.000Z.json",
                    reason: .corrupt, keptAt: Date(timeIntervalSince1970: 1_798_761_600), size: 1),
                KeptAsideFile(
                    of: try SceneID("c"), path: directory + "/c.crashloop-20261101T000000.000Z-10.json",
                    reason: try #require(KeptAsideFile.Reason(rawValue: "crashloop")),
                    keptAt: Date(timeIntervalSince1970: 1_793_491_200), size: 2),
                KeptAsideFile(
                    of: try SceneID("c"), path: directory + "/c.crash-loop-20270101T000000.000Z.json",
                    reason: try #require(KeptAsideFile.Reason(rawValue: "crash-loop")),
                    keptAt: Date(timeIntervalSince1970: 1_798_761_600), size: 2),
            ])
        #expect(files.map(\.fileName).first == "a.invalid-20261231T235959.999Z-2.json")
    }

    @Test("prune removes kept-aside files kept before the cut-off and keeps lock files")
    func pruneRemovesOldKeptAsideFiles() throws {
        let temporary = try TemporaryStore(clock: TestClock(Date(timeIntervalSince1970: 1_800_000_000)))
        let store = temporary.store
        try store.put(1, forKey: "a", in: try SceneID("a"))
        let directory = store.scenesFolder
        try writeFile(directory + "/a.corrupt-20200101T000000.000Z.json", "{")
        try writeFile(directory + "/a.corrupt-20270115T075959.000Z.json", "{")
        let outcome = try store.prune(before: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(outcome.removedScenes == [])
        #expect(outcome.removedKeptAside.map(\.path) == [directory + "/a.corrupt-20200101T000000.000Z.json"])
        #expect(
            temporary.files().filter { $0.hasPrefix("app/scenes/") }.sorted() == [
                "app/scenes/.a.lock", "app/scenes/a.corrupt-20270115T075959.000Z.json",
                "app/scenes/a.json",
            ])
    }

    @Test("a corrupt file moved aside by a write is listed as kept aside")
    func movedAsideIsListed() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        try writeFile(store.scenesFolder + "/main.json", "{")
        let outcome = try store.put(1, forKey: "a", in: try SceneID("main"))
        #expect(try store.keptAsideFiles().map(\.path) == [try #require(outcome.movedAsidePath)])
        #expect(try store.keptAsideFiles().map(\.reason) == [.corrupt])
    }

    @Test("a regular file where the scenes folder should be is an error for readers, not 'nothing saved'")
    func scenesFolderIsAFile() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        try writeFile(store.scenesFolder, "not a folder")
        let expected = SceneStoreError.cannotRead(path: store.scenesFolder, errno: .enotdir)
        #expect(throws: expected) { try store.scenes() }
        #expect(throws: expected) { try store.keptAsideFiles() }
        #expect(throws: expected) { try store.storedDocument(for: try SceneID("main")) }
    }

    @Test("stored bytes are read without decoding, with the same refusals as every read")
    func storedBytes() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        try writeFile(store.scenesFolder + "/broken.json", "{\u{1b}")
        #expect(try store.fileBytes(of: try SceneID("broken")) == [0x7B, 0x1B])
        #expect(throws: SceneStoreError.sceneNotFound(try SceneID("none"), path: store.scenesFolder + "/none.json")) {
            try store.fileBytes(of: try SceneID("none"))
        }
        try FileManager.default.createSymbolicLink(
            atPath: store.scenesFolder + "/link.json", withDestinationPath: store.scenesFolder + "/broken.json")
        #expect(
            throws: SceneStoreError.notARegularFile(path: store.scenesFolder + "/link.json", kind: "symbolic link")
        ) {
            try store.fileBytes(of: try SceneID("link"))
        }
    }
}
