import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `navstate watch` as a user runs it: a child process whose output is read as it comes, while
/// other processes save, remove and break the scene.
@Suite struct WatchCommandTests {
    /// `navstate` started as a child process, read as it prints.
    static func watch(_ arguments: [String], _ directory: TemporaryDirectory) throws -> StreamingProcess {
        try StreamingProcess(Products.path("navstate"), arguments, environment: directory.environment)
    }

    /// Runs navstate to completion (a writer, as another process).
    static func navstate(_ arguments: [String], _ directory: TemporaryDirectory, input: String = "") throws
        -> ProcessResult
    {
        try runProcess(
            Products.path("navstate"), arguments, environment: directory.environment, input: Data(input.utf8),
            timeLimit: 60)
    }

    @Test("two saves by another process are printed each within a second, as JSON lines that parse")
    func printsSuccessiveSaves() throws {
        let directory = try TemporaryDirectory()
        let watch = try Self.watch(["watch", "main", "--json"], directory)
        // The start: nothing saved yet (the folder does not even exist).
        let first = try #require(watch.nextLine(within: 10))
        let start = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
        #expect(start?["event"] as? String == "not-saved")
        // It writes nothing: not even the folder it waits for.
        #expect(!FileManager.default.fileExists(atPath: directory.appending("state")))
        for (index, recipe) in ["Apple Pie", "Pie Crust"].enumerated() {
            let saved = try Self.navstate(["save", "main", "--category", "dessert", "--recipe", recipe], directory)
            #expect(saved.status == 0, "\(saved.standardError)")
            let savedAt = Date()
            let line = try #require(watch.nextLine(within: 1), "save \(index + 1) not printed within a second")
            #expect(Date().timeIntervalSince(savedAt) < 1)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["event"] as? String == "saved")
            #expect(object["scene"] as? String == "main")
            #expect(object["key"] as? String == "navigation")
            #expect((object["path"] as? [[String: Any]])?.map { $0["name"] as? String } == [recipe])
        }
        kill(watch.pid, SIGINT)
        #expect(watch.exitStatus(within: 10) == 0)
    }

    @Test("it survives the file replaced, corrupt, removed and created again, and Ctrl-C exits 0")
    func survivesReplaceRemoveCreate() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.navstate(["save", "main", "--category", "salad"], directory)
        let watch = try Self.watch(["watch", "main"], directory)
        let start = try #require(watch.nextLine(within: 10))
        #expect(start.hasSuffix("  main  navigation  category salad, path (empty)"), "\(start)")

        let stale = #"{"selectedCategory":0,"recipePathIds":["00000000-0000-0000-0000-000000000000"]}"#
        _ = try Self.navstate(["save", "main", "--input", "-", "--as-is"], directory, input: stale)
        let replaced = try #require(watch.nextLine(within: 5))
        #expect(
            replaced.hasSuffix(
                "  main  navigation  category dessert, path (empty); a restore would drop 1: position 1, 00000000-0000-0000-0000-000000000000: not in the recipe data"
            ), "\(replaced)")

        let file = directory.scenes + "/main.json"
        // Another tool writes a broken file: shown, not fatal. On Linux it is written in place (inotify
        // reports the file's close after writing); kqueue reports the folder's entries, so on Apple
        // platforms it is replaced, as every save replaces it.
        #if os(Linux)
            try Data("{broken".utf8).write(to: URL(fileURLWithPath: file))
        #else
            try Data("{broken".utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        #endif
        let corrupt = try #require(watch.nextLine(within: 5))
        #expect(corrupt.contains("  main  navigation  unreadable: corrupt scene file"), "\(corrupt)")

        try FileManager.default.removeItem(atPath: file)
        let removed = try #require(watch.nextLine(within: 5))
        #expect(removed.hasSuffix("  main  navigation  removed"), "\(removed)")

        _ = try Self.navstate(["save", "main", "--category", "pancake"], directory)
        let created = try #require(watch.nextLine(within: 5))
        #expect(created.hasSuffix("  main  navigation  category pancake, path (empty)"), "\(created)")

        // A polite kill ends it as Ctrl-C does.
        kill(watch.pid, SIGTERM)
        #expect(watch.exitStatus(within: 10) == 0)
    }

    @Test("every scene of the app, and --count stops after that many changes with status 0")
    func everySceneWithCount() throws {
        let directory = try TemporaryDirectory()
        _ = try Self.navstate(["save", "main", "--category", "salad"], directory)
        let watch = try Self.watch(["watch", "--count", "2"], directory)
        #expect(try #require(watch.nextLine(within: 10)).hasSuffix("  main  navigation  category salad, path (empty)"))
        _ = try Self.navstate(["save", "side", "--category", "dessert"], directory)
        #expect(try #require(watch.nextLine(within: 5)).hasSuffix("  side  navigation  category dessert, path (empty)"))
        _ = try Self.navstate(["remove", "main"], directory)
        #expect(try #require(watch.nextLine(within: 5)).hasSuffix("  main  navigation  removed"))
        #expect(watch.exitStatus(within: 10) == 0)
    }

    @Test("hostile and fuzzed scene files: the listing and the watch show each, and neither crashes")
    func hostileFiles() throws {
        let directory = try TemporaryDirectory()
        let scenes = directory.scenes
        try FileManager.default.createDirectory(atPath: scenes, withIntermediateDirectories: true)
        var names: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("hostile")) {
            try FileManager.default.copyItem(atPath: Fixtures.path("hostile/" + file), toPath: scenes + "/" + file)
            names.append(String(file.dropLast(5)))
        }
        let corpus = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("fuzz-corpus")).sorted().prefix(
            100)
        for file in corpus {
            try FileManager.default.copyItem(
                atPath: Fixtures.path("fuzz-corpus/" + file), toPath: scenes + "/" + file + ".json")
            names.append(file)
        }
        let list = try Self.navstate(["inspect"], directory)
        #expect(list.status == 0, "\(list.standardError)")
        #expect(list.standardOutput.split(separator: "\n").count >= names.count + 1)
        let watch = try Self.watch(["watch", "--count", "1"], directory)
        var shown = Set<String>()
        for _ in names {
            let line = try #require(watch.nextLine(within: 10))
            shown.insert(String(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        }
        #expect(shown == Set(names))
        _ = try Self.navstate(["save", "main", "--category", "salad"], directory)
        #expect(try #require(watch.nextLine(within: 5)).hasSuffix("  main  navigation  category salad, path (empty)"))
        #expect(watch.exitStatus(within: 10) == 0)
    }

    @Test("bad input: a bad count, a missing scene argument's ID, options that write are refused")
    @MainActor func badInput() async throws {
        let directory = try TemporaryDirectory()
        let count = try Self.navstate(["watch", "--count", "0"], directory)
        #expect(count.status == 64)
        #expect(count.standardError.hasPrefix("Error: '0' is not a count for '--count' (a whole number above 0)\n"))
        let scene = try Self.navstate(["watch", "../x"], directory)
        #expect(scene.status == 64)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
