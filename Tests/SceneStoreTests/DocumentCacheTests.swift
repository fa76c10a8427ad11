import Foundation
import SceneNavigationTesting
import Testing

@testable import SceneStore

/// A store keeps the last file it read or wrote of a scene, to skip parsing it again and to reuse
/// the serialized values that did not change. What it must never do: hide a write by anyone else.
@Suite struct DocumentCacheTests {
    @Test("a write by another store between two writes of this one is kept")
    func otherWriterMerged() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let scene = try SceneID("main")
        let other = temporary.makeStore()
        try temporary.store.put(1, forKey: "a", in: scene)
        try other.put(2, forKey: "b", in: scene)
        try temporary.store.put(3, forKey: "a", in: scene)
        #expect(try other.read(Int.self, forKey: "a", in: scene) == 3)
        #expect(try temporary.store.read(Int.self, forKey: "b", in: scene) == 2)
    }

    @Test("a file rewritten with other bytes of the same size is read again, not taken from memory")
    func sameSizeRewriteSeen() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let scene = try SceneID("main")
        try temporary.store.put("x", forKey: "b", in: scene)
        try temporary.store.put(1, forKey: "a", in: scene)
        let path = temporary.store.path(for: scene)
        let bytes = try temporary.store.sceneFile(of: scene).bytes
        let rewritten = Array(
            String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"x\"", with: "\"y\"").utf8)
        #expect(rewritten.count == bytes.count && rewritten != bytes)
        try temporary.writeSceneFile("main", bytes: rewritten)
        #expect(try temporary.store.sceneFile(of: scene).bytes == rewritten, "\(path)")
        try temporary.store.put(2, forKey: "a", in: scene)
        #expect(try temporary.store.read(String.self, forKey: "b", in: scene) == "y")
    }

    @Test("a file written with reused values is byte-identical to the document encoded whole")
    func reusedEntriesByteIdentical() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let scene = try SceneID("main")
        let store = temporary.store
        try store.putSceneValue(
            .json(.object(["path": .array([1, 2, 3].map { .number(JSONNumber($0)) })])), forKey: "navigation", in: scene
        )
        try store.put("dessert", forKey: "category", in: scene)
        try store.putSceneValue(
            .json(.object(["path": .array([1, 2, 3, 4].map { .number(JSONNumber($0)) })])), forKey: "navigation",
            in: scene)
        try store.put("salad", forKey: "category", in: scene)
        try store.putSceneValue(.binary(Data([0, 1, 2])), forKey: "blob", in: scene)
        try store.put("/slash\u{1}", forKey: "category", in: scene)
        let file = try store.sceneFile(of: scene)
        #expect(file.bytes == file.document.encodedBytes())
        #expect(try StoredDocument(decoding: file.bytes, scene: scene, path: "main.json").encodedBytes() == file.bytes)
    }

    /// The file as the store wrote it before values were serialized one by one: the whole document
    /// as one JSON tree, pretty-printed with sorted keys, and a newline.
    static func wholeTree(_ document: StoredDocument) -> [UInt8] {
        var values: [String: JSONValue] = [:]
        for (key, value) in document.values {
            switch value {
            case .json(let json): values[key] = .object(["json": json])
            case .binary(let data): values[key] = .object(["binary": .string(data.base64EncodedString())])
            }
        }
        var bytes = JSONValue.object([
            "format": .number(JSONNumber(StoredDocument.formatVersion)),
            "savedAt": .string(StoredDocument.timestamp(document.savedAt)),
            "scene": .string(document.scene.rawValue), "values": .object(values),
        ]).serialized(pretty: true)
        bytes.append(0x0A)
        return bytes
    }

    @Test("files written value by value, with values reused, are the whole tree's bytes: nesting, escapes, sort order")
    func sameBytesAsWholeTree() throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let scene = try SceneID("main")
        let store = temporary.store
        let nested: JSONValue = .object([
            "path": .array([.string("a/b"), .object([:]), .array([]), .array([.number(JSONNumber(1)), .null])]),
            "flags": .object(["on": .bool(true), "off": .bool(false), "tab\t": .string("quote \" and \\")]),
        ])
        let steps: [(String, SceneValue)] = [
            ("navigation", .json(nested)), ("é", .json(.string("accent"))), ("Z", .json(.number(JSONNumber(2)))),
            ("z", .json(.array([]))), ("日本", .json(.object([:]))), ("a\"b", .binary(Data([0, 255, 7]))),
            ("navigation", .json(.object(["path": .array([.string("\u{1}control")])]))), ("é", .json(.string("again"))),
        ]
        for (key, value) in steps {
            try store.putSceneValue(value, forKey: key, in: scene)
            let file = try store.sceneFile(of: scene)
            #expect(file.bytes == Self.wholeTree(file.document), "after setting \(key)")
        }
    }

    @Test("the document a store remembers is the one its bytes decode to, to the millisecond, with the system clock")
    func rememberedDocumentMatchesBytes() throws {
        let temporary = try TemporaryStore()
        let scene = try SceneID("main")
        for value in 0..<5 {
            try temporary.store.put(value, forKey: "n", in: scene)
            let file = try temporary.store.sceneFile(of: scene)
            #expect(file.document == (try StoredDocument(decoding: file.bytes, scene: scene, path: file.path)))
        }
    }
}
