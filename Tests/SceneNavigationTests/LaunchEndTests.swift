import Foundation
import SceneNavigationTesting
import SceneStore
import TestSupport
import Testing

@testable import SceneNavigation

/// How real processes' ends are counted by the next launch (`NavigationWorker`): the restored
/// screen showing, stack overflows, and crash reporters installed before or after the guard.
@Suite struct LaunchEndTests {
    let temporary: TemporaryStore
    let store: StateStore
    let scene: SceneID

    init() throws {
        temporary = try TemporaryStore(clock: TestClock())
        store = StateStore(appID: try AppID("worker"), stateRoot: temporary.stateRoot)
        scene = try SceneID("main")
    }

    /// What the user left: a tab and a path, as a healthy launch saved them.
    func navigate() throws {
        try store.putSceneValue(
            .json(try StateCoding.encode(TabState(tab: 2, path: ["a", "b"]))), forKey: "navigation", in: scene)
    }

    /// Runs one launch of the worker: its exit status (128 + the signal for a signal) and what it restored.
    func launch(_ end: String, _ options: [String] = []) throws -> (status: Int32, line: [String: JSONValue]) {
        // The Swift runtime's backtracer stays out: the previous disposition is the default.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let result = try runProcess(
            Products.path("NavigationWorker"), [end, temporary.stateRoot, "main"] + options, environment: environment,
            timeLimit: 60)
        let line = try JSONValue(parsing: Array(result.standardOutput.utf8))
        return (result.status, try #require(line.objectValue, "\(result.standardError)"))
    }

    /// What the worker's crash reporter was given: the signal, `si_code`, `si_addr`.
    func report(_ path: String) throws -> [UInt64] {
        let bytes = try #require(FileManager.default.contents(atPath: path))
        try #require(bytes.count == 16)
        return bytes.withUnsafeBytes { raw in
            [
                UInt64(raw.load(fromByteOffset: 0, as: Int32.self)),
                UInt64(bitPattern: Int64(raw.load(fromByteOffset: 4, as: Int32.self))),
                raw.load(fromByteOffset: 8, as: UInt64.self),
            ]
        }
    }

    static let restored: [String: JSONValue] = ["intervention": .null, "path": .array([.string("a"), .string("b")])]
    static let withheld: [String: JSONValue] = [
        "intervention": .string("crash-loop"), "failures": .number(JSONNumber(1)), "path": .array([]),
    ]

    func expect(_ line: [String: JSONValue], _ expected: [String: JSONValue], _ comment: Comment) {
        #expect(line.filter { expected[$0.key] != nil } == expected, comment)
    }

    @Test("real processes: SIGKILL after the restored screen showed is never counted; before it, twice in a row is")
    func shownThenKilled() throws {
        // The app switcher twice (or Xcode's Stop twice) once the restored screen showed.
        try navigate()
        var (status, line) = try launch("kill", ["shown"])
        #expect(status == 128 + SIGKILL)
        expect(line, Self.restored, "the first launch restores")
        (status, line) = try launch("kill", ["shown"])
        #expect(status == 128 + SIGKILL)
        expect(line, Self.restored, "one SIGKILL after the screen showed is not counted")
        (status, line) = try launch("healthy")
        #expect(status == 0)
        expect(line, Self.restored, "nor a second in a row")

        // A SIGKILL after the screen showed ends a row of SIGKILLs before it could show.
        try navigate()
        for options in [[], ["shown"], []] {
            (status, line) = try launch("kill", options)
            #expect(status == 128 + SIGKILL)
            expect(line, Self.restored, "a row of one SIGKILL at a time is not counted")
        }
        (status, line) = try launch("healthy")
        expect(line, Self.restored, "the SIGKILL after the screen showed broke the row")

        // Killed twice before the restored screen could show (a watchdog at launch): counted.
        try navigate()
        (status, line) = try launch("kill")
        (status, line) = try launch("kill")
        expect(line, Self.restored, "one SIGKILL before the screen showed is not counted")
        (status, line) = try launch("healthy")
        expect(line, Self.withheld, "the second in a row is")

        // A crash after the screen showed is counted at once.
        try navigate()
        (status, line) = try launch("trap", ["shown"])
        #expect([128 + SIGILL, 128 + SIGTRAP].contains(status))
        expect(line, Self.restored, "after a healthy launch, everything is restored")
        (status, line) = try launch("healthy")
        expect(line, Self.withheld, "a crash after the screen showed is counted at once")
    }

    @Test("real processes: a crash on a restored sheet withholds the sheet with the paths next time, and keeps a copy")
    func crashOnRestoredSheet() throws {
        struct SheetState: Codable, Equatable {
            var tab = 2
            var path: RoutePath<String> = ["a", "b"]
            var presented: PresentationChain<String> = [
                Presentation("details"), Presentation("crash", style: .popover),
            ]
        }
        try store.putSceneValue(.json(try StateCoding.encode(SheetState())), forKey: "navigation", in: scene)
        var (status, line) = try launch("sheet")
        #expect([128 + SIGILL, 128 + SIGTRAP].contains(status))
        expect(
            line, ["intervention": .null, "presented": .array([.string("details"), .string("crash")])],
            "the first launch restores the sheets, and the second one crashes")
        (status, line) = try launch("sheet")
        #expect(status == 0, "nothing presented, nothing crashes")
        expect(
            line,
            [
                "intervention": .string("crash-loop"), "failures": .number(JSONNumber(1)),
                "tab": .number(JSONNumber(2)),
                "path": .array([]), "presented": .array([]),
                "dropped": .array(Array(repeating: .string("withheld"), count: 4)),
            ],
            "the next launch withholds the sheets with the paths, and restores the rest")
        // The copy kept aside holds the sheets, for `recover`.
        let copy = try #require(line["keptAside"].flatMap { if case .string(let name) = $0 { name } else { nil } })
        let kept = try store.storedDocument(
            ofKeptAside: try #require(store.keptAsideFiles().first { $0.fileName == copy }))
        #expect(kept.values["navigation"] == .json(try StateCoding.encode(SheetState())))
        (status, line) = try launch("sheet")
        #expect(status == 0)
        expect(line, ["intervention": .null, "presented": .array([])], "a healthy launch clears the guard")
    }

    @Test("real processes: a stack overflow is recorded as a crash and counted at once")
    func stackOverflow() throws {
        try navigate()
        var (status, line) = try launch("overflow")
        #expect(status == 128 + SIGSEGV)
        expect(line, Self.restored, "the first launch restores")
        (status, line) = try launch("healthy")
        #expect(status == 0)
        expect(line, Self.withheld, "the overflow is counted at once")
    }

    @Test("real processes: a crash reporter installed before the guard gets the fault's own si_code and si_addr")
    func reporterBefore() throws {
        try navigate()
        let file = temporary.path("report")
        var (status, line) = try launch("segv", ["reporter-before", file])
        #expect(status == 128 + SIGSEGV)
        expect(line, Self.restored, "the first launch restores")
        // SEGV_MAPERR (1) at the address the worker wrote to, not SI_USER/SI_TKILL from a re-raise.
        #expect(try report(file) == [UInt64(SIGSEGV), 1, 0x100])
        (status, line) = try launch("healthy")
        expect(line, Self.withheld, "the guard recorded the crash too")
    }

    @Test(
        "real processes: a crash reporter installed after the guard runs first; when it chains, the guard records too")
    func reporterAfter() throws {
        try navigate()
        let alone = temporary.path("alone")
        var (status, line) = try launch("segv", ["reporter-after", alone])
        #expect(status == 128 + SIGSEGV)
        #expect(try report(alone) == [UInt64(SIGSEGV), 1, 0x100])
        (status, line) = try launch("healthy")
        // It did not chain: the guard saw nothing, one end with nothing recorded is not counted.
        expect(line, Self.restored, "a reporter that does not chain keeps the crash to itself")

        try navigate()
        let chaining = temporary.path("chaining")
        (status, line) = try launch("segv", ["reporter-chaining", chaining])
        #expect(status == 128 + SIGSEGV)
        #expect(try report(chaining) == [UInt64(SIGSEGV), 1, 0x100])
        (status, line) = try launch("healthy")
        expect(line, Self.withheld, "chained to, the guard records the crash")
    }

    @Test("a simulated launch notes its restored screen only in a record that holds nothing yet")
    func simulatedShown() throws {
        let store = temporary.store
        let folder = try Marker.store(of: store).scenesFolder
        let first = CrashLoopGuard.Process(simulatedID: "1-shown")
        let (_, health) = try RestoreHealth.begin(scene: scene, key: "navigation", store: store, launch: first)
        #expect(LaunchRecords.end(of: first.id, in: folder) == nil)
        health.noteShown()
        #expect(LaunchRecords.end(of: first.id, in: folder) == .shown)
        // A crash after it is written over it, and counted at once.
        try first.record(.crashed, in: store)
        #expect(LaunchRecords.end(of: first.id, in: folder) == .crashed)
        let second = CrashLoopGuard.Process(simulatedID: "2-exited")
        let (failures, again) = try RestoreHealth.begin(scene: scene, key: "navigation", store: store, launch: second)
        #expect(failures == 1)
        // An end already written is never written over.
        try second.record(.exited, in: store)
        again.noteShown()
        #expect(LaunchRecords.end(of: second.id, in: folder) == .exited)
    }
}
