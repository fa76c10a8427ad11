import Foundation
import TestSupport
import Testing

@testable import SceneStore

@Suite struct KeepingAsideTests {
    @Test("a scene's file is copied aside, byte for byte, before its value is replaced")
    func keepsUnreadableValueAside() throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store(now: Date(timeIntervalSince1970: 1_800_000_000))
        let scene = try SceneID("main")
        try store.set("not navigation", forKey: "navigation", in: scene)
        try store.set(true, forKey: "other", in: scene)
        let before = try fileBytes(store.path(for: scene))
        let kept = try store.keepAside(scene, reason: .invalid)
        let expectedPath = store.scenesDirectory + "/main.invalid-20270115T080000.000Z.json"
        #expect(kept == expectedPath)
        #expect(try fileBytes(expectedPath) == before)
        // The scene itself is untouched until the caller writes.
        #expect(try fileBytes(store.path(for: scene)) == before)
        // A second copy within the same millisecond gets its own name.
        let again = try store.keepAside(scene, reason: .invalid)
        #expect(again == store.scenesDirectory + "/main.invalid-20270115T080000.000Z-1.json")
        #expect(
            try store.keptAsideFiles().map(\.path) == [
                expectedPath, store.scenesDirectory + "/main.invalid-20270115T080000.000Z-1.json",
            ])
    }

    @Test("nothing is copied when the caller says no or the scene does not exist; corrupt is not a copy's reason")
    func keepsNothingWhenNotNeeded() throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store()
        let scene = try SceneID("main")
        #expect(try store.keepAside(scene, reason: .invalid) == nil)
        try store.set(1, forKey: "navigation", in: scene)
        #expect(try store.keepAside(scene, reason: .invalid) { _ in false } == nil)
        #expect(try store.keptAsideFiles() == [])
        #expect(
            throws: SceneStoreError.invalidKey("corrupt", reason: "corrupt files are moved aside by writes, not copied")
        ) {
            try store.keepAside(scene, reason: .corrupt)
        }
    }

    @Test("kept-aside files are listed with scene, reason, time and size; other names are not")
    func listsKeptAsideFiles() throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store()
        let directory = store.scenesDirectory
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
                    scene: try SceneID("a"), path: directory + "/a.invalid-20261231T235959.999Z-2.json",
                    reason: .invalid, keptAt: Date(timeIntervalSince1970: 1_798_761_599.999), size: 2),
                KeptAsideFile(
                    scene: try SceneID("b"), path: directory + "/b.corrupt-20270101T000000.000Z.json",
                    reason: .corrupt, keptAt: Date(timeIntervalSince1970: 1_798_761_600), size: 1),
                KeptAsideFile(
                    scene: try SceneID("c"), path: directory + "/c.crashloop-20261101T000000.000Z-10.json",
                    reason: try #require(KeptAsideFile.Reason(rawValue: "crashloop")),
                    keptAt: Date(timeIntervalSince1970: 1_793_491_200), size: 2),
                KeptAsideFile(
                    scene: try SceneID("c"), path: directory + "/c.crash-loop-20270101T000000.000Z.json",
                    reason: try #require(KeptAsideFile.Reason(rawValue: "crash-loop")),
                    keptAt: Date(timeIntervalSince1970: 1_798_761_600), size: 2),
            ])
        #expect(files.map(\.fileName).first == "a.invalid-20261231T235959.999Z-2.json")
    }

    @Test("prune removes kept-aside files kept before the cut-off and keeps lock files")
    func pruneRemovesOldKeptAsideFiles() throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store(now: Date(timeIntervalSince1970: 1_800_000_000))
        try store.set(1, forKey: "a", in: try SceneID("a"))
        let directory = store.scenesDirectory
        try writeFile(directory + "/a.corrupt-20200101T000000.000Z.json", "{")
        try writeFile(directory + "/a.corrupt-20270115T075959.000Z.json", "{")
        let outcome = try store.prune(before: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(outcome.removedScenes == [])
        #expect(outcome.removedKeptAside.map(\.path) == [directory + "/a.corrupt-20200101T000000.000Z.json"])
        #expect(
            try temporary.listing().filter { $0.hasPrefix("state/app/scenes/") }.sorted() == [
                "state/app/scenes/.a.lock", "state/app/scenes/a.corrupt-20270115T075959.000Z.json",
                "state/app/scenes/a.json",
            ])
    }

    @Test("a corrupt file moved aside by a write is listed as kept aside")
    func movedAsideIsListed() throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store()
        try writeFile(store.scenesDirectory + "/main.json", "{")
        let outcome = try store.set(1, forKey: "a", in: try SceneID("main"))
        #expect(try store.keptAsideFiles().map(\.path) == [try #require(outcome.movedAsidePath)])
        #expect(try store.keptAsideFiles().map(\.reason) == [.corrupt])
    }

    @Test("a regular file where the scenes folder should be is an error for readers, not 'nothing saved'")
    func scenesFolderIsAFile() throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store()
        try writeFile(store.scenesDirectory, "not a folder")
        let expected = SceneStoreError.cannotRead(path: store.scenesDirectory, errno: .notADirectory)
        #expect(throws: expected) { try store.scenes() }
        #expect(throws: expected) { try store.keptAsideFiles() }
        #expect(throws: expected) { try store.document(for: try SceneID("main")) }
    }

    @Test("stored bytes are read without decoding, with the same refusals as every read")
    func storedBytes() throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store()
        try writeFile(store.scenesDirectory + "/broken.json", "{\u{1b}")
        #expect(try store.storedBytes(of: try SceneID("broken")) == [0x7B, 0x1B])
        #expect(throws: SceneStoreError.sceneNotFound(try SceneID("none"), path: store.scenesDirectory + "/none.json"))
        {
            try store.storedBytes(of: try SceneID("none"))
        }
        try FileManager.default.createSymbolicLink(
            atPath: store.scenesDirectory + "/link.json", withDestinationPath: store.scenesDirectory + "/broken.json")
        #expect(
            throws: SceneStoreError.notARegularFile(path: store.scenesDirectory + "/link.json", kind: "symbolic link")
        ) {
            try store.storedBytes(of: try SceneID("link"))
        }
    }
}

/// `updateExisting`: the strict update that repair tools use.
@Suite struct UpdateExistingTests {
    @Test("a missing scene is an error and leaves no file, not even a lock file")
    func missingScene() throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store()
        let scene = try SceneID("main")
        #expect(throws: SceneStoreError.sceneNotFound(scene, path: store.path(for: scene))) {
            try store.updateExisting(scene) { values in values["a"] = .json(.bool(true)) }
        }
        try store.set(1, forKey: "a", in: try SceneID("other"))
        #expect(throws: SceneStoreError.sceneNotFound(scene, path: store.path(for: scene))) {
            try store.updateExisting(scene) { values in values["a"] = .json(.bool(true)) }
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: store.scenesDirectory).sorted() == [
                ".other.lock", "other.json",
            ])
    }

    @Test("a corrupt file is an error and stays where it is, byte for byte, with nothing kept aside")
    func corruptFile() throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store()
        let scene = try SceneID("main")
        try store.set(1, forKey: "a", in: scene)
        let broken: [UInt8] = Array(#"{"format":1,"savedAt":"#.utf8)
        try Data(broken).write(to: URL(fileURLWithPath: store.path(for: scene)))
        var called = false
        #expect(
            throws: SceneStoreError.corrupt(
                path: store.path(for: scene), reason: "unexpected end of input at line 1, column 23")
        ) {
            try store.updateExisting(scene) { _ in called = true }
        }
        #expect(!called)
        #expect(try fileBytes(store.path(for: scene)) == broken)
        #expect(try store.keptAsideFiles().isEmpty)
    }

    @Test("unchanged values write nothing; changed values are written with the new time")
    func changes() throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store(now: Date(timeIntervalSince1970: 1_800_000_000))
        let scene = try SceneID("main")
        try store.set(1, forKey: "a", in: scene)
        let before = try fileBytes(store.path(for: scene))
        #expect(try store.updateExisting(scene) { _ in }.wroteFile == false)
        #expect(try fileBytes(store.path(for: scene)) == before)
        let later = try temporary.store(now: Date(timeIntervalSince1970: 1_800_000_100))
        #expect(try later.updateExisting(scene) { values in values["a"] = .json(.number(JSONNumber(2))) }.wroteFile)
        #expect(try store.value(Int.self, forKey: "a", in: scene) == 2)
        #expect(try store.document(for: scene).savedAt == Date(timeIntervalSince1970: 1_800_000_100))
    }
}

/// Stores next to the scenes folder, and removals that take an emptied file with them.
@Suite struct SiblingStoreTests {
    @Test("a sibling store lives next to the scenes folder; names that are not folder names are refused")
    func siblingFolders() throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store()
        let markers = try store.siblingStore(folder: "restores")
        #expect(markers.scenesDirectory == temporary.appending("state/app/restores"))
        try markers.set(1, forKey: "a", in: SceneID("main"))
        #expect(try store.scenes().isEmpty)
        let reason = "a folder name is 1 to 64 letters, digits, '-' or '_', and not 'scenes'"
        for name in ["", "scenes", "../x", "a/b", ".hidden", String(repeating: "a", count: 65), "é"] {
            #expect(throws: SceneStoreError.invalidKey(name, reason: reason)) { try store.siblingStore(folder: name) }
        }
    }

    @Test("removing the last value removes the file; removing one of several rewrites the rest")
    func removingTheLastValueRemovesTheFile() throws {
        let temporary = try TemporaryDirectory()
        let store = try temporary.store()
        let scene = try SceneID("main")
        try store.set(1, forKey: "a", in: scene)
        try store.set(2, forKey: "b", in: scene)
        #expect(try store.removeValue(forKey: "a", in: scene).wroteFile)
        #expect(try store.document(for: scene).values.keys.sorted() == ["b"])
        #expect(try !store.removeValue(forKey: "a", in: scene).wroteFile)
        #expect(try store.removeValue(forKey: "b", in: scene).wroteFile)
        #expect(!FileManager.default.fileExists(atPath: store.path(for: scene)))
        // Removing from a scene that has no folder creates nothing.
        let elsewhere = try temporary.store(app: "other")
        #expect(try !elsewhere.removeValue(forKey: "a", in: scene).wroteFile)
        #expect(!FileManager.default.fileExists(atPath: temporary.appending("state/other")))
    }
}
