import Foundation
import SceneNavigationTesting
import SceneStore
import TestSupport
import Testing

@testable import SceneNavigation

/// An app state with a path beside other state.
struct TabState: Codable, Equatable, Sendable {
    var tab = 0
    var path: RoutePath<String> = []
}

@MainActor
@Suite struct TrustedRestoreTests {
    let temporary: TemporaryStore
    let clock = TestClock()
    let crashes = Crashes()

    /// The launches of ``crashedLaunch(_:)``: how many, and the one running.
    @MainActor final class Crashes {
        var count = 0
        var running: (SceneConnection<TabState>, CrashLoopGuard.Process)?
    }
    let store: StateStore
    let scene: SceneID

    init() throws {
        temporary = try TemporaryStore(clock: clock)
        store = temporary.store
        scene = try SceneID("main")
    }

    /// Saves `{"path": ["a","b"], "tab": 2}` the way the app does, and closes.
    func seed() async throws {
        let model = SceneNavigationModel(TabState())
        let persistence = try await SceneConnection.connect(model, to: store, scene: scene)
        model.state = TabState(tab: 2, path: ["a", "b"])
        try await persistence.close()
    }

    var markerPath: String { temporary.path("app/restores/main.json") }

    /// A launch that crashes before the restore becomes healthy: a simulated process of its own
    /// connects and never closes; when the next one launches, it is cancelled and its crash
    /// recorded, as its signal handler would.
    func crashedLaunch(_ guardConfiguration: CrashLoopGuard = CrashLoopGuard(healthyAfter: nil)) async throws -> (
        SceneNavigationModel<TabState>, SceneConnection<TabState>
    ) {
        if let (persistence, launch) = crashes.running {
            await persistence.cancel()
            try launch.record(.crashed, in: store)
        }
        crashes.count += 1
        var configuration = guardConfiguration
        configuration.process = CrashLoopGuard.Process(simulatedID: "\(crashes.count)-crashing")
        let model = SceneNavigationModel(TabState())
        let persistence = try await SceneConnection.connect(model, to: store, scene: scene, guard: configuration)
        crashes.running = (persistence, configuration.process)
        return (model, persistence)
    }

    @Test("a restore that never became healthy withholds the paths next time, then restores nothing, and keeps a copy")
    func crashLoop() async throws {
        try await seed()
        #expect(!FileManager.default.fileExists(atPath: markerPath))
        let scenes = store.scenesFolder
        let savedBytes = try Data(contentsOf: URL(fileURLWithPath: store.path(for: scene)))

        let (first, firstPersistence) = try await crashedLaunch()
        #expect(first.state == TabState(tab: 2, path: ["a", "b"]))
        #expect(firstPersistence.intervention == nil && !firstPersistence.isHealthy)
        #expect(
            try CrashLoopGuard.markerState(of: scene, key: "navigation", in: store)
                == .restoring(since: clock.now, failures: 0))

        clock.advance(by: .seconds(1))
        let (second, secondPersistence) = try await crashedLaunch()
        #expect(secondPersistence.intervention == .crashLoop(failures: 1, restoredNothing: false))
        #expect(second.state == TabState(tab: 2, path: []))
        #expect(secondPersistence.report?.dropped.map(\.reason) == [.withheld, .withheld])
        #expect(secondPersistence.report?.dropped.map(\.json) == [.string("a"), .string("b")])
        let kept = try #require(secondPersistence.keptAsidePath)
        #expect(kept == scenes + "/main.crash-loop-20270115T080001.000Z.json")
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == savedBytes)
        #expect(try store.keptAsideFiles().map(\.reason) == [.crashLoop])

        clock.advance(by: .seconds(1))
        let (third, thirdPersistence) = try await crashedLaunch()
        #expect(thirdPersistence.intervention == .crashLoop(failures: 2, restoredNothing: true))
        #expect(third.state == TabState())
        // Nothing restored, nothing decoded (the app's decoding may be what crashes): no report.
        #expect(thirdPersistence.report == nil)
        // One copy for the whole episode, and this launch points at it.
        #expect(thirdPersistence.keptAsidePath == kept)
        #expect(try store.keptAsideFiles().count == 1)
        #expect(
            try CrashLoopGuard.markerState(of: scene, key: "navigation", in: store)
                == .restoring(since: Date(timeIntervalSince1970: 1_800_000_002), failures: 2))

        // A launch that closes normally is healthy: the marker goes, the next restore is applied.
        try await thirdPersistence.close()
        #expect(thirdPersistence.isHealthy)
        #expect(try CrashLoopGuard.markerState(of: scene, key: "navigation", in: store) == .clean)
        #expect(!FileManager.default.fileExists(atPath: markerPath))
        // It wrote its own state at close, without the withheld paths: they live on only in the
        // copy kept aside, until a recover brings it back.
        #expect(
            try store.sceneFile(of: scene).document.values["navigation"]
                == .json(.object(["path": .array([]), "tab": .number(JSONNumber(0))])))
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == savedBytes)
        _ = (first, second)
    }

    @Test("restoresNothingAfter: 1 restores nothing at the first failure")
    func restoresNothingAtOnce() async throws {
        try await seed()
        _ = try await crashedLaunch()
        let (model, persistence) = try await crashedLaunch(CrashLoopGuard(restoresNothingAfter: 1, healthyAfter: nil))
        #expect(persistence.intervention == .crashLoop(failures: 1, restoredNothing: true))
        #expect(model.state == TabState())
        #expect(persistence.keptAsidePath != nil)
    }

    @Test("the first change written through marks the restore healthy; so does markHealthy and the delay")
    func becomesHealthy() async throws {
        try await seed()
        let (model, persistence) = try await crashedLaunch()
        #expect(FileManager.default.fileExists(atPath: markerPath))
        model.state.path.append("c")
        // The marker goes once the change is durable, without a flush or a close.
        await persistence.health?.waitUntilHealthy()
        #expect(!FileManager.default.fileExists(atPath: markerPath))
        #expect(persistence.isHealthy)
        #expect(
            try store.storedDocument(for: scene).values["navigation"] == .json(try StateCoding.encode(model.state))
        )

        // markHealthy, explicitly.
        let (_, explicit) = try await crashedLaunch(CrashLoopGuard(healthyAfterFirstWrite: false, healthyAfter: nil))
        #expect(explicit.intervention == nil)
        #expect(FileManager.default.fileExists(atPath: markerPath))
        try await explicit.markHealthy()
        #expect(!FileManager.default.fileExists(atPath: markerPath))

        // After the delay, with no change at all.
        let (_, delayed) = try await crashedLaunch(
            CrashLoopGuard(healthyAfterFirstWrite: false, healthyAfter: .milliseconds(50)))
        #expect(delayed.intervention == nil)
        await delayed.health?.waitUntilHealthy()
        #expect(delayed.isHealthy)
        #expect(!FileManager.default.fileExists(atPath: markerPath))
    }

    @Test("without the guard, or with nothing stored, no marker is written")
    func noMarker() async throws {
        let (_, empty) = try await crashedLaunch()
        #expect(empty.report == nil && empty.isHealthy)
        #expect(!FileManager.default.fileExists(atPath: markerPath))
        try await empty.close()
        try await seed()
        let model = SceneNavigationModel(TabState())
        let unguarded = try await SceneConnection.connect(model, to: store, scene: scene, guard: nil)
        #expect(model.state.path == ["a", "b"])
        #expect(!FileManager.default.fileExists(atPath: markerPath))
        try await unguarded.close()
    }

    @Test(
        "a broken marker is treated as a broken scene file is: corrupt is moved aside, a link or too large is refused")
    func brokenMarker() async throws {
        try await seed()
        let restores = temporary.path("app/restores")
        try FileManager.default.createDirectory(atPath: restores, withIntermediateDirectories: true)
        // Corrupt: moved aside by the marker's write, and the restore goes on as a first one.
        try Data(#"{"format":1,"#.utf8).write(to: URL(fileURLWithPath: markerPath))
        let (model, corrupt) = try await crashedLaunch()
        #expect(corrupt.intervention == nil && model.state.path == ["a", "b"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: restores).filter { $0.contains(".corrupt-") }.count == 1
        )
        try await corrupt.close()
        // A marker value of another shape: kept aside, and counted as one failed restore.
        try Data(
            #"{"format":1,"savedAt":"2026-11-01T10:00:00.000Z","scene":"main","values":{"navigation":{"json":"x"}}}"#
                .utf8
        ).write(to: URL(fileURLWithPath: markerPath))
        let (_, odd) = try await crashedLaunch()
        #expect(odd.intervention == .crashLoop(failures: 1, restoredNothing: false))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: restores).filter { $0.contains(".invalid-") }.count == 1
        )
        try await odd.close()
        // A symbolic link, a file over the limit, a newer format: the connection fails, naming the marker.
        try FileManager.default.createSymbolicLink(atPath: markerPath, withDestinationPath: "/etc/passwd")
        await #expect(throws: NavigationError.store(.notARegularFile(path: markerPath, kind: "symbolic link"))) {
            _ = try await crashedLaunch()
        }
        try FileManager.default.removeItem(atPath: markerPath)
        try Data(repeating: 0x20, count: 5 << 20).write(to: URL(fileURLWithPath: markerPath))
        await #expect(
            throws: NavigationError.store(.fileTooLarge(path: markerPath, size: 5 << 20, limit: 4 << 20))
        ) {
            _ = try await crashedLaunch()
        }
        try Data(#"{"format":99,"savedAt":"2026-11-01T10:00:00.000Z","scene":"main","values":{}}"#.utf8).write(
            to: URL(fileURLWithPath: markerPath))
        await #expect(throws: NavigationError.store(.newerFormat(path: markerPath, format: 99, supported: 1))) {
            _ = try await crashedLaunch()
        }
    }

    @Test("state older than the maximum age is not restored, is kept aside, and is reported with its save time")
    func ageLimit() async throws {
        try await seed()
        clock.advance(by: .seconds(6 * 3600 + 1))
        let model = SceneNavigationModel(TabState())
        let persistence = try await SceneConnection.connect(
            model, to: store, scene: scene, policy: RestorePolicy(maximumAge: .seconds(6 * 3600)))
        #expect(
            persistence.intervention
                == .expired(savedAt: Date(timeIntervalSince1970: 1_800_000_000), maximumAge: .seconds(21_600)))
        #expect(
            persistence.intervention?.description
                == "saved at 2027-01-15T08:00:00Z, more than 6h ago; nothing was restored")
        #expect(model.state == TabState())
        #expect(persistence.report == nil)
        #expect(persistence.keptAsidePath == store.scenesFolder + "/main.expired-20270115T140001.000Z.json")
        try await persistence.close()
        // Within the age: restored.
        let young = SceneNavigationModel(TabState())
        let again = try await SceneConnection.connect(
            young, to: store, scene: scene, policy: RestorePolicy(maximumAge: .seconds(60)))
        #expect(again.intervention == nil)
        try await again.close()
    }

    @Test("a deep link wins: the rest is restored, the saved path is not, and the file stays until the next change")
    func deepLink() async throws {
        try await seed()
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path(for: scene)))
        let model = SceneNavigationModel(TabState())
        let persistence = try await SceneConnection.connect(model, to: store, scene: scene, guard: nil) {
            $0.state.path = ["linked"]
        }
        #expect(persistence.intervention == .deepLink)
        #expect(model.state == TabState(tab: 2, path: ["linked"]))
        #expect(persistence.report?.dropped.map(\.reason) == [.withheld, .withheld])
        // The deep link is applied before the change stream is listened to: nothing was handed over.
        #expect(persistence.writerStatistics == ValueWriter.Statistics())
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path(for: scene))) == before)
        model.state.path.append("next")
        try await persistence.flush()
        #expect(
            try store.storedDocument(for: scene).values["navigation"]
                == .json(try StateCoding.encode(TabState(tab: 2, path: ["linked", "next"]))))
        try await persistence.close()
    }

    @Test("migrations: steps from the stored schema, aliases reported apart from drops, the schema stored beside")
    func migrations() async throws {
        // Version 0 stored a bare path of strings.
        try store.putSceneValue(
            .json(.array([.string("home"), .string("old-settings")])), forKey: "navigation", in: scene)
        var migrations = NavigationMigrations()
        migrations.addStep { old in .object(["path": old, "tab": .number(JSONNumber(0))]) }
        migrations.addStep { old in
            guard case .object(var members) = old else { return old }
            members["tab"] = .number(JSONNumber(1))
            return .object(members)
        }
        migrations.alias(.string("old-settings"), to: .string("settings"))
        let model = SceneNavigationModel(TabState(), migrations: migrations)
        let persistence = try await SceneConnection.connect(model, to: store, scene: scene)
        #expect(model.state == TabState(tab: 1, path: ["home", "settings"]))
        #expect(
            persistence.report?.migrated == [
                .init(location: "path", position: 1, from: .string("old-settings"), to: .string("settings"))
            ])
        #expect(persistence.report?.dropped == [])
        #expect(persistence.report?.json.objectValue?["migrated"]?.arrayValue?.count == 1)
        model.state.path.append("more")
        try await persistence.close()
        // Written with its schema beside it.
        #expect(try store.storedDocument(for: scene).values["navigation.schema"] == .json(.number(JSONNumber(2))))

        // An app that knows only schema 1 meets schema 2: nothing restored, nothing written over.
        var older = NavigationMigrations()
        older.addStep { old in .object(["path": old, "tab": .number(JSONNumber(0))]) }
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path(for: scene)))
        let downgraded = SceneNavigationModel(TabState(), migrations: older)
        let readOnly = try await SceneConnection.connect(downgraded, to: store, scene: scene)
        #expect(readOnly.intervention == .newerSchema(stored: 2, supported: 1))
        #expect(readOnly.isReadOnly)
        #expect(downgraded.state == TabState())
        downgraded.state.path.append("ignored")
        try await readOnly.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path(for: scene))) == before)

        // A failing step is a decoding error naming the step; the model is untouched.
        var failing = NavigationMigrations()
        failing.addStep { _ in throw CocoaError(.featureUnsupported) }
        failing.addStep { $0 }
        failing.addStep { $0 }
        #expect(throws: NavigationError.self) {
            try StateCoding.decode(TabState.self, from: JSONValue.array([]), migrations: failing)
        }
        do {
            _ = try StateCoding.decode(TabState.self, from: JSONValue.array([]), migrations: failing)
        } catch {
            guard case .cannotDecode(let key, let reason, _) = error else { throw error }
            #expect(key == "navigation")
            #expect(reason.hasPrefix("the migration from schema 0 to 1 failed: "))
        }
    }

    @Test(
        "real processes: a trap is counted at once, a single SIGKILL is not, a repeated one is, a normal exit never"
    )
    func realEnds() throws {
        let root = temporary.stateRoot
        let store = StateStore(appID: try AppID("worker"), stateRoot: root)
        // What the user left: a healthy launch that withheld the paths writes its state without
        // them when it closes, so each part of the test starts from this again.
        func navigate() throws {
            try store.putSceneValue(
                .json(try StateCoding.encode(TabState(tab: 2, path: ["a", "b"]))), forKey: "navigation", in: scene)
        }
        try navigate()
        func launch(_ mode: String) throws -> (status: Int32, line: [String: JSONValue]) {
            // The Swift runtime's backtracer, which a trap reaches through the guard's handler, is
            // quiet and quick here.
            var environment = ProcessInfo.processInfo.environment
            environment["SWIFT_BACKTRACE"] = "enable=no"
            let result = try runProcess(
                Products.path("NavigationWorker"), [mode, root, "main"], environment: environment, timeLimit: 60)
            let line = try JSONValue(parsing: Array(result.standardOutput.utf8))
            return (result.status, try #require(line.objectValue))
        }
        let restored: [String: JSONValue] = ["intervention": .null, "path": .array([.string("a"), .string("b")])]
        let withheld: [String: JSONValue] = [
            "intervention": .string("crash-loop"), "failures": .number(JSONNumber(1)), "path": .array([]),
        ]
        func expect(_ line: [String: JSONValue], _ expected: [String: JSONValue], _ comment: Comment) {
            #expect(line.filter { expected[$0.key] != nil } == expected, comment)
        }

        // A trap on the restored screen: the guard's handler records it, then the runtime's ends
        // the process with the trap's signal (SIGILL on x86_64, SIGTRAP on arm64).
        var (status, line) = try launch("trap")
        #expect([128 + SIGILL, 128 + SIGTRAP].contains(status))
        expect(line, restored, "the first launch restores")
        (status, line) = try launch("healthy")
        #expect(status == 0)
        expect(line, withheld, "one trap is counted at once")

        // SIGKILL once (Xcode's Stop, one watchdog kill) is not counted; twice in a row is.
        try navigate()
        (status, line) = try launch("kill")
        #expect(status == 128 + 9)
        expect(line, restored, "after a healthy launch, everything is restored")
        (status, line) = try launch("kill")
        #expect(status == 128 + 9)
        expect(line, restored, "one SIGKILL is not counted")
        (status, line) = try launch("exit")
        #expect(status == 0)
        expect(line, withheld, "a second SIGKILL in a row is counted")

        // A normal exit (a Quit) before the restore became healthy is never counted, and does not
        // clear what was: the guarded launch's exit proves nothing of the paths it withheld.
        (status, line) = try launch("healthy")
        #expect(status == 0)
        expect(line, withheld, "an exit keeps what was counted")
        try navigate()
        (status, line) = try launch("exit")
        #expect(status == 0)
        expect(line, restored, "after a healthy launch, everything is restored")
        (status, line) = try launch("healthy")
        #expect(status == 0)
        expect(line, restored, "an exit is not counted")
    }
}
