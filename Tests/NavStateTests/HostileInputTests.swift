import Foundation
import SceneStore
import TestSupport
import Testing

/// The hostile corpus (`Fixtures/hostile/`, plus what cannot be committed: a 2 GiB sparse file, a
/// symbolic link, a FIFO, a folder and files over and near the size limit), each through the library
/// and through `navstate restore` and `inspect`.
@Suite struct HostileInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// `navstate restore`: exit status and first line of stderr.
        var restoreStatus: Int32
        var restoreError: String
        /// The health `inspect` lists.
        var health: String
        var testDescription: String { name }
    }

    static let dir = "<tmp>/state/cookbook/scenes"
    static let cases: [Case] = [
        Case(
            name: "truncated", restoreStatus: 65,
            restoreError: "Error: corrupt scene file '\(dir)/truncated.json': unterminated object at line 8, column 3",
            health: "corrupt"),
        Case(
            name: "deep-nesting", restoreStatus: 65,
            restoreError:
                "Error: corrupt scene file '\(dir)/deep-nesting.json': nesting deeper than 256 levels at line 1, column 366",
            health: "corrupt"),
        Case(
            name: "invalid-utf8", restoreStatus: 65,
            restoreError:
                "Error: corrupt scene file '\(dir)/invalid-utf8.json': invalid UTF-8 in string at line 1, column 132",
            health: "corrupt"),
        Case(
            name: "bom", restoreStatus: 65,
            restoreError:
                "Error: corrupt scene file '\(dir)/bom.json': byte order mark is not allowed at line 1, column 1",
            health: "corrupt"),
        Case(
            name: "nul-bytes", restoreStatus: 65,
            restoreError:
                "Error: corrupt scene file '\(dir)/nul-bytes.json': unescaped control character U+0 in string at line 1, column 67",
            health: "corrupt"),
        Case(
            name: "duplicate-keys", restoreStatus: 65,
            restoreError:
                "Error: corrupt scene file '\(dir)/duplicate-keys.json': duplicate key \"navigation\" at line 1, column 139",
            health: "corrupt"),
        Case(
            name: "wrong-types", restoreStatus: 65,
            restoreError:
                "Error: corrupt scene file '\(dir)/wrong-types.json': member 'format' must be an integer, found string at line 1, column 12",
            health: "corrupt"),
        Case(
            name: "absurd-numbers", restoreStatus: 65,
            restoreError:
                "Error: corrupt scene file '\(dir)/absurd-numbers.json': member 'format' must be an integer, found number at line 1, column 12",
            health: "corrupt"),
        // A member of the wrong type is dropped on its own, and the rest restores.
        Case(
            name: "navigation-wrong-types", restoreStatus: 0,
            restoreError: "warning: dropped category \"dessert\": it names no category", health: "ok"),
        Case(
            name: "navigation-absurd-numbers", restoreStatus: 0,
            restoreError: "warning: dropped category 123456789012345678901234567890: it names no category",
            health: "ok"),
        Case(
            name: "control-characters", restoreStatus: 0,
            restoreError: "warning: dropped recipe \\u{1b}[2J\\u{1b}[31mgotcha at position 1: not a UUID", health: "ok"),
        Case(
            name: "huge-string", restoreStatus: 65,
            restoreError:
                "Error: '\(dir)/huge-string.json': line 1, column 103: value 'navigation' of scene 'huge-string' is not navigation data: Expected to decode Dictionary<String, Any> but found a string instead.",
            health: "ok"),
        Case(
            name: "oversized", restoreStatus: 65,
            restoreError:
                "Error: refusing '\(dir)/oversized.json': it is 5242880 bytes, more than the limit of 4194304 bytes",
            health: "unreadable"),
        Case(
            name: "sparse", restoreStatus: 65,
            restoreError:
                "Error: refusing '\(dir)/sparse.json': it is 2147483648 bytes, more than the limit of 4194304 bytes",
            health: "unreadable"),
        Case(
            name: "symlink", restoreStatus: 65,
            restoreError: "Error: refusing '\(dir)/symlink.json': it is a symbolic link, not a regular file",
            health: "unreadable"),
        Case(
            name: "fifo", restoreStatus: 65,
            restoreError: "Error: refusing '\(dir)/fifo.json': it is a FIFO, not a regular file", health: "unreadable"),
        Case(
            name: "folder", restoreStatus: 65,
            restoreError: "Error: refusing '\(dir)/folder.json': it is a directory, not a regular file",
            health: "unreadable"),
    ]

    /// A state folder holding the whole corpus, and a file outside it that the symlink points to.
    static func makeCorpus() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let scenes = directory.appending("state/cookbook/scenes")
        try FileManager.default.createDirectory(atPath: scenes, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("hostile")) {
            try FileManager.default.copyItem(atPath: Fixtures.path("hostile/\(name)"), toPath: scenes + "/" + name)
        }
        let huge =
            #"{"format":1,"savedAt":"2026-11-01T10:00:00.000Z","scene":"huge-string","values":{"navigation":{"json":""#
            + String(repeating: "x", count: 3 << 20) + "\"}}}"
        try Data(huge.utf8).write(to: URL(fileURLWithPath: scenes + "/huge-string.json"))
        try Data(repeating: 0x20, count: 5 << 20).write(to: URL(fileURLWithPath: scenes + "/oversized.json"))
        #expect(FileManager.default.createFile(atPath: scenes + "/sparse.json", contents: nil))
        #expect(truncate(scenes + "/sparse.json", 2 << 30) == 0)
        try Data("outside".utf8).write(to: URL(fileURLWithPath: directory.appending("outside.txt")))
        try FileManager.default.createSymbolicLink(
            atPath: scenes + "/symlink.json", withDestinationPath: directory.appending("outside.txt"))
        #expect(mkfifo(scenes + "/fifo.json", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: scenes + "/folder.json", withIntermediateDirectories: false)
        return directory
    }

    /// Bounded memory: every run has at most 64 MiB of data (`ulimit -d`), so reading the 2 GiB file, or
    /// holding the 3 MiB string many times over, would fail the run. Linux enforces the limit; macOS
    /// does not, so there this test checks the errors and statuses alone.
    @Test("each hostile file gets its documented error and exit status from restore and inspect, with bounded memory")
    func hostileCorpus() throws {
        let directory = try Self.makeCorpus()
        let listing = try FileManager.default.subpathsOfDirectory(atPath: directory.path).sorted()
        for testCase in Self.cases {
            let restore = try runBinary(["restore", testCase.name], in: directory, dataLimitKilobytes: 65_536)
            #expect(restore.status == testCase.restoreStatus, "\(testCase.name)")
            #expect(
                restore.standardError.split(separator: "\n").first.map(String.init) == testCase.restoreError,
                "\(testCase.name)")
            let inspect = try runBinary(["inspect", testCase.name], in: directory, dataLimitKilobytes: 65_536)
            #expect(inspect.status == testCase.restoreStatus, "\(testCase.name)")
            #expect(!inspect.standardError.contains("Fatal error"), "\(testCase.name)")
        }
        let list = try runBinary(["inspect", "--json"], in: directory, dataLimitKilobytes: 65_536)
        #expect(list.status == 0)
        let summaries = try JSONValue(parsing: Array(list.standardOutput.utf8)).objectValue?["scenes"]?.arrayValue ?? []
        let health = Dictionary(
            uniqueKeysWithValues: summaries.compactMap { item -> (String, String)? in
                guard let object = item.objectValue, let scene = object["scene"]?.stringValue,
                    let value = object["health"]?.stringValue
                else { return nil }
                return (scene, value)
            })
        #expect(health == Dictionary(uniqueKeysWithValues: Self.cases.map { ($0.name, $0.health) }))
        // Nothing was created, moved or followed: the tree and the symlink's target are as before.
        #expect(try FileManager.default.subpathsOfDirectory(atPath: directory.path).sorted() == listing)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.appending("outside.txt"))) == Data("outside".utf8))
    }

    @Test("the library reports the same errors, and writing over a hostile file never follows or overwrites it")
    func libraryAndWrites() throws {
        let directory = try Self.makeCorpus()
        let store = StateStore(appID: try AppID("cookbook"), stateRoot: directory.appending("state"))
        for testCase in Self.cases where testCase.health != "ok" {
            let scene = try SceneID(testCase.name)
            do {
                _ = try store.storedDocument(for: scene)
                Issue.record("\(testCase.name) was read")
            } catch {
                let message = error.description.replacingOccurrences(of: directory.path, with: "<tmp>")
                #expect("Error: " + message == testCase.restoreError)
            }
        }
        for name in ["symlink", "fifo", "folder", "sparse", "oversized"] {
            #expect(throws: SceneStoreError.self) { try store.put(1, forKey: "k", in: try SceneID(name)) }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.appending("outside.txt"))) == Data("outside".utf8))
        // A corrupt one is moved aside and replaced, its bytes kept.
        let outcome = try store.put(1, forKey: "k", in: try SceneID("truncated"))
        let aside = try #require(outcome.movedAsidePath)
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == Data(try Fixtures.bytes("hostile/truncated.json")))
    }
}
