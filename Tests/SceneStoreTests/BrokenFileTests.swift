import Foundation
import SceneNavigationTesting
import TestSupport
import Testing

@testable import SceneStore

@Suite struct BrokenFileTests {
    @Test("a corrupt file is reported on read and left as it is")
    func corruptOnRead() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try writeFile(store.path(for: scene), "{\"format\": 1,\n \"scene\": tru}")
        #expect(
            throws: SceneStoreError.corrupt(
                path: store.path(for: scene), reason: "invalid literal at line 2, column 11")
        ) {
            try store.storedDocument(for: scene)
        }
        #expect(try fileBytes(store.path(for: scene)) == Array("{\"format\": 1,\n \"scene\": tru}".utf8))
    }

    @Test("a corrupt file is moved aside before a new one is written")
    func corruptMovedAsideOnWrite() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try writeFile(store.path(for: scene), "not json")
        let outcome = try store.put(1, forKey: "a", in: scene)
        let aside = store.scenesFolder + "/main.corrupt-20270115T080000.000Z.json"
        #expect(outcome.movedAsidePath == aside)
        #expect(try fileBytes(aside) == Array("not json".utf8))
        #expect(try store.read(Int.self, forKey: "a", in: scene) == 1)
        // A second corrupt file in the same millisecond gets its own name, never overwriting the first.
        try writeFile(store.path(for: scene), "again")
        #expect(
            try store.put(2, forKey: "a", in: scene).movedAsidePath
                == aside.replacingOccurrences(of: "Z.json", with: "Z-1.json"))
        #expect(try fileBytes(aside) == Array("not json".utf8))
    }

    @Test("a file of a newer format is never overwritten")
    func newerFormatNeverOverwritten() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        let original = #"{"format": 2, "anything": "new"}"#
        try writeFile(store.path(for: scene), original)
        let expected = SceneStoreError.newerFormat(path: store.path(for: scene), format: 2, supported: 1)
        #expect(throws: expected) { try store.storedDocument(for: scene) }
        #expect(throws: expected) { try store.put(1, forKey: "a", in: scene) }
        #expect(throws: expected) { try store.deleteValue(forKey: "a", in: scene) }
        #expect(try fileBytes(store.path(for: scene)) == Array(original.utf8))
    }

    @Test("a symbolic link is refused, not followed, and its target untouched")
    func symbolicLinkRefused() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        let target = temporary.path("elsewhere.json")
        try writeFile(target, "secret")
        try FileManager.default.createDirectory(
            atPath: store.scenesFolder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: store.path(for: scene), withDestinationPath: target)
        let expected = SceneStoreError.notARegularFile(path: store.path(for: scene), kind: "symbolic link")
        #expect(throws: expected) { try store.storedDocument(for: scene) }
        #expect(throws: expected) { try store.put(1, forKey: "a", in: scene) }
        #expect(try fileBytes(target) == Array("secret".utf8))
        #expect(try store.scenes().map(\.health) == [.unreadable(reason: expected.description)])
    }

    @Test("a FIFO is refused without blocking")
    func fifoRefused() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try FileManager.default.createDirectory(
            atPath: store.scenesFolder, withIntermediateDirectories: true)
        #expect(mkfifo(store.path(for: scene), 0o600) == 0)
        let expected = SceneStoreError.notARegularFile(path: store.path(for: scene), kind: "FIFO")
        #expect(throws: expected) { try store.storedDocument(for: scene) }
        #expect(throws: expected) { try store.put(1, forKey: "a", in: scene) }
    }

    @Test("a folder in place of the file is refused")
    func folderRefused() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try FileManager.default.createDirectory(
            atPath: store.path(for: scene), withIntermediateDirectories: true)
        let expected = SceneStoreError.notARegularFile(path: store.path(for: scene), kind: "directory")
        #expect(throws: expected) { try store.storedDocument(for: scene) }
        #expect(throws: expected) { try store.put(1, forKey: "a", in: scene) }
    }

    @Test("a file over the size limit is refused unread, even a 2 GiB sparse one")
    func oversizedRefused() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try FileManager.default.createDirectory(
            atPath: store.scenesFolder, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: store.path(for: scene), contents: nil))
        #expect(truncate(store.path(for: scene), 2 << 30) == 0)
        let expected = SceneStoreError.fileTooLarge(
            path: store.path(for: scene), size: 2 << 30, limit: 4 << 20)
        #expect(throws: expected) { try store.storedDocument(for: scene) }
        #expect(throws: expected) { try store.put(1, forKey: "a", in: scene) }
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path(for: scene))
        #expect((attributes[.size] as? NSNumber)?.int64Value == 2 << 30)
    }

    @Test("the size limit is configurable, and no write makes a file over it")
    func configurableLimit() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let scene = try SceneID("main")
        // Written by a store with the default limit, read by one with a smaller limit: refused.
        try temporary.store.put(String(repeating: "x", count: 10), forKey: "a", in: scene)
        let before = try fileBytes(temporary.store.path(for: scene))
        let store = temporary.makeStore(configuration: .init(maximumFileSize: 64, now: { temporary.clock!.now }))
        #expect(
            throws: SceneStoreError.fileTooLarge(path: store.path(for: scene), size: Int64(before.count), limit: 64)
        ) {
            try store.storedDocument(for: scene)
        }
        // A store never writes what its reads would refuse: the write fails, the file stays.
        let small = temporary.makeStore(configuration: .init(maximumFileSize: 200, now: { temporary.clock!.now }))
        #expect(
            throws: SceneStoreError.documentTooLarge(path: small.path(for: scene), size: 231, limit: 200)
        ) {
            try small.put(String(repeating: "x", count: 100), forKey: "a", in: scene)
        }
        #expect(try fileBytes(temporary.store.path(for: scene)) == before)
    }

    @Test("a temporary file left by a crashed writer is removed by the next write")
    func staleTemporaryFileCleanedUp() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try store.put(1, forKey: "a", in: scene)
        try writeFile(store.scenesFolder + "/.main.json.tmp", "half a wri")
        try store.put(2, forKey: "a", in: scene)
        #expect(temporary.files().filter { $0.hasSuffix(".tmp") } == [])
        #expect(try store.read(Int.self, forKey: "a", in: scene) == 2)
    }

    static let invalidDocuments: [(String, String)] = [
        ("[]", "expected an object at the top level, found array"),
        ("{}", "missing member 'format' at line 1, column 1"),
        (#"{"format": "1"}"#, "member 'format' must be an integer, found string at line 1, column 12"),
        (#"{"format": 0}"#, "member 'format' must be at least 1, found 0 at line 1, column 12"),
        (
            #"{"format": 1, "scene": "main", "savedAt": "2027-01-15T08:00:00.000Z", "values": {}, "extra": 1}"#,
            "unknown member 'extra' at line 1, column 94"
        ),
        (
            #"{"format": 1, "scene": "other", "savedAt": "2027-01-15T08:00:00.000Z", "values": {}}"#,
            "member 'scene' is 'other' but the file is for 'main' at line 1, column 24"
        ),
        (
            #"{"format": 1, "scene": "main", "savedAt": "yesterday", "values": {}}"#,
            "member 'savedAt' must be a UTC timestamp such as 2026-01-31T12:00:00.000Z at line 1, column 43"
        ),
        (
            #"{"format": 1, "scene": "main", "savedAt": "2027-01-15T08:00:00.000Z", "values": []}"#,
            "member 'values' must be an object at line 1, column 81"
        ),
        (
            #"{"format": 1, "scene": "main", "savedAt": "2027-01-15T08:00:00.000Z", "values": {"k": 1}}"#,
            "value 'k' must be an object with exactly one member, 'json' or 'binary' at line 1, column 87"
        ),
        (
            #"{"format": 1, "scene": "main", "savedAt": "2027-01-15T08:00:00.000Z", "values": {"k": {"binary": "!!"}}}"#,
            "value 'k' has invalid base64 in 'binary' at line 1, column 87"
        ),
        (#"{"format": 1, "format": 1}"#, "duplicate key \"format\" at line 1, column 15"),
        ("\u{FEFF}{}", "byte order mark is not allowed at line 1, column 1"),
    ]

    @Test("each malformed document gets a precise reason", arguments: invalidDocuments)
    func malformedDocuments(_ text: String, _ reason: String) throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let store = temporary.store
        let scene = try SceneID("main")
        try writeFile(store.path(for: scene), text)
        #expect(throws: SceneStoreError.corrupt(path: store.path(for: scene), reason: reason)) {
            try store.storedDocument(for: scene)
        }
    }
}
