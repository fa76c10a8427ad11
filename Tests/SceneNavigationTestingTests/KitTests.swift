import Foundation
import SceneNavigationTesting
import TestSupport
import Testing

@testable import SceneNavigation
@testable import SceneStore

enum Screen: String, Codable, Hashable, Sendable {
    case inbox, message, settings
}

struct AppState: Codable, Equatable, Sendable {
    var tab = 0
    var path: RoutePath<Screen> = []
}

@MainActor
@Suite struct KitTests {
    @Test("a temporary store lives in a fresh folder of its own, and the folder goes with it")
    func temporaryStore() throws {
        var root = ""
        do {
            let temporary = try TemporaryStore(appID: "com.example.mail")
            root = temporary.stateRoot
            #expect(FileManager.default.fileExists(atPath: root))
            #expect(temporary.store.scenesFolder == root + "/com.example.mail/scenes")
            #expect(temporary.environment["XDG_STATE_HOME"] == root)
            try temporary.saveScene("main", value: AppState(tab: 1, path: [.inbox]))
            #expect(
                try temporary.makeStore().readSceneValue(forKey: "navigation", in: SceneID("main"))
                    == .json(try JSONValue(parsing: Array(#"{"path":["inbox"],"tab":1}"#.utf8))))
            let other = try TemporaryStore()
            #expect(other.stateRoot != root)
        }
        #expect(!FileManager.default.fileExists(atPath: root))
    }

    @Test("fixture helpers write stale, old and corrupt scenes exactly")
    func fixtures() throws {
        let temporary = try TemporaryStore()
        let old = Date(timeIntervalSince1970: 1_700_000_000)
        try temporary.saveScene("stale", json: #"["inbox","gone"]"#, savedAt: old)
        let document = try temporary.store.storedDocument(for: SceneID("stale"))
        #expect(document.savedAt == old)
        #expect(document.values["navigation"] == .json(.array([.string("inbox"), .string("gone")])))
        try temporary.writeCorruptScene("broken")
        #expect(throws: SceneStoreError.self) { try temporary.store.storedDocument(for: SceneID("broken")) }
        // A scenes folder that is a file: the error says where and why.
        let blocked = try TemporaryStore()
        try FileManager.default.createDirectory(
            atPath: blocked.stateRoot + "/app", withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: blocked.store.scenesFolder))
        #expect(
            throws: SceneStoreError.cannotWrite(
                path: blocked.store.scenesFolder + "/main.json", errno: .enotdir)
        ) {
            try blocked.writeSceneFile("main", bytes: [])
        }
        #expect(
            throws: SceneStoreError.cannotDecode(
                key: "navigation", scene: try SceneID("bad"),
                reason: "the fixture is not JSON: unexpected end of input at line 1, column 2")
        ) {
            try temporary.saveScene("bad", json: "[")
        }
    }

    @Test("relaunch after close restores everything; a kill before the restore became healthy is guarded next time")
    func relaunch() async throws {
        let temporary = try TemporaryStore()
        let app = try AppSimulator(temporary) { SceneNavigationModel(AppState()) }
        let first = try await app.launch()
        #expect(first.outcome.report == nil)
        first.model.state = AppState(tab: 1, path: [.inbox, .message])
        let second = try await app.relaunch(after: .closed)
        #expect(second.model.state == AppState(tab: 1, path: [.inbox, .message]))
        #expect(second.outcome.report?.isComplete == true)
        #expect(second.outcome.intervention == nil)

        // A change written through marks the restore healthy: flushed then killed, the next launch
        // restores it as is.
        second.model.state.path.append(.settings)
        let third = try await app.relaunch(after: .flushedThenKilled)
        #expect(third.outcome.intervention == nil)
        #expect(third.model.state == AppState(tab: 1, path: [.inbox, .message, .settings]))
        // Crashed with no change since the restore: it never became healthy, so the guard acts.
        let guarded = try await app.relaunch(after: .crashed)
        #expect(guarded.outcome.intervention == .crashLoop(failures: 1, restoredNothing: false))
        #expect(guarded.model.state == AppState(tab: 1, path: []))
        try await app.end(.closed)

        // Crashed before the change was written: the next launch finds the state before it.
        let fourth = try await app.launch()
        let before = fourth.model.state
        try await app.end(.crashed)
        let fifth = try await app.launch()
        #expect(fifth.outcome.intervention == .crashLoop(failures: 1, restoredNothing: false))
        #expect(fifth.model.state.tab == before.tab)
        try await app.end(.closed)
        await #expect(throws: SimulatorError.notRunning) { try await app.end(.closed) }
        _ = try await app.launch()
        await #expect(throws: SimulatorError.alreadyRunning) { try await app.launch() }
    }

    @Test("a kill drops the change waiting to be written and writes nothing after it")
    func killDropsPendingChange() async throws {
        let temporary = try TemporaryStore()
        try temporary.saveScene("main", value: AppState(tab: 3, path: [.inbox]))
        let saved = try temporary.store.readSceneValue(forKey: "navigation", in: SceneID("main"))
        let app = try AppSimulator(temporary, crashGuard: nil) { SceneNavigationModel(AppState()) }
        let launch = try await app.launch()
        #expect(launch.model.state == AppState(tab: 3, path: [.inbox]))
        // Another writer holds the scene's lock: the change is handed to the writer, which waits
        // for the lock before taking it.
        let lock = try HeldSceneLock(temporary.store.scenesFolder + "/.main.lock")
        launch.model.state.tab = 4
        let writer = launch.connection.writer
        await writer.waitUntil { $0.statistics.submitted == 1 && $0.hasPending }
        let killing = Task { @MainActor in try await app.end(.killed) }
        await writer.waitUntil { $0.isCancelled }
        lock.release()  // the writer gets the lock and finds nothing to write
        try await killing.value
        #expect(try temporary.makeStore().readSceneValue(forKey: "navigation", in: SceneID("main")) == saved)
        #expect(launch.connection.writerStatistics == ValueWriter.Statistics(submitted: 1))
        // Nothing is written after the kill, whatever the model does.
        launch.model.state.tab = 5
        try await launch.connection.flush()
        #expect(try temporary.makeStore().readSceneValue(forKey: "navigation", in: SceneID("main")) == saved)
        let relaunched = try await app.launch()
        #expect(relaunched.model.state == AppState(tab: 3, path: [.inbox]))
    }

    @Test("crashDuringRestore drives the crash-loop guard without a real crash")
    func crashDuringRestore() async throws {
        let temporary = try TemporaryStore()
        try temporary.saveScene("main", value: AppState(tab: 2, path: [.inbox, .settings]))
        let app = try AppSimulator(temporary) { SceneNavigationModel(AppState()) }
        try await app.crashDuringRestore(times: 1)
        let guarded = try await app.launch()
        #expect(guarded.outcome.intervention == .crashLoop(failures: 1, restoredNothing: false))
        #expect(guarded.model.state == AppState(tab: 2, path: []))
        try await app.end(.crashed)
        let nothing = try await app.launch()
        #expect(nothing.outcome.intervention == .crashLoop(failures: 2, restoredNothing: true))
        try await app.end(.closed)
        #expect(try temporary.store.keptAsideFiles().map(\.reason) == [.crashLoop])
    }

    @Test("a scene file without the replayed key is refused with the file, the key and the keys it has")
    func replayWithoutTheKey() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.appending("other-key.json")
        try Data(
            #"{"format":1,"savedAt":"2026-11-01T10:00:00.000Z","scene":"main","values":{"sidebar":{"json":1}}}"#.utf8
        ).write(to: URL(fileURLWithPath: path))
        let replay = PayloadReplay(folder: folder.path)
        await #expect(throws: NavigationError.noValue(key: "navigation", in: path, keys: ["sidebar"])) {
            _ = try await replay.run(model: { SceneNavigationModel(AppState()) })
        }
    }

    @Test("a replay matches its golden files, records them on request, and names the file and the lines that differ")
    func replay() async throws {
        let folder = try TemporaryDirectory()
        try Data(#"["inbox","message"]"#.utf8).write(to: URL(fileURLWithPath: folder.appending("v1-bare.json")))
        try Data(
            #"{"format":1,"savedAt":"2026-11-01T10:00:00.000Z","scene":"main","values":{"navigation":{"json":{"path":["inbox","gone"],"tab":1}}}}"#
                .utf8
        ).write(to: URL(fileURLWithPath: folder.appending("v2-scene.json")))
        try Data("not json".utf8).write(to: URL(fileURLWithPath: folder.appending("garbage.data")))
        var migrations = NavigationMigrations()
        migrations.addStep { old in old.arrayValue != nil ? .object(["path": old, "tab": .number(JSONNumber(0))]) : old
        }
        let model: @MainActor () -> SceneNavigationModel<AppState> = {
            SceneNavigationModel(AppState(), migrations: migrations)
        }

        // Record the golden files.
        var replay = PayloadReplay(folder: folder.path)
        replay.isRecording = true
        let recorded = try await replay.run(model: model, describe: \.json)
        #expect(recorded.mismatches.isEmpty)
        #expect(
            recorded.recorded.map { String($0.split(separator: "/").last ?? "") } == [
                "garbage.report.json", "v1-bare.report.json", "v2-scene.report.json",
            ])
        #expect(
            try String(contentsOfFile: folder.appending("v2-scene.report.json"), encoding: .utf8) == """
                {
                  "intervention": null,
                  "report": {
                    "dropped": [
                      {
                        "error": "Screen has no case 'gone'",
                        "json": "gone",
                        "location": "path",
                        "position": 1,
                        "reason": "undecodable"
                      }
                    ],
                    "migrated": [],
                    "restored": 1
                  },
                  "state": {
                    "path": [
                      "inbox"
                    ],
                    "tab": 1
                  }
                }

                """)

        // Replayed again: all match.
        replay.isRecording = false
        let again = try await replay.run(model: model, describe: \.json)
        #expect(again.mismatches.isEmpty)
        #expect(again.payloads.count == 3)
        #expect(again.description == "3 payloads replayed, all as their golden files say")

        // The app changes: "gone" is a screen again. The mismatch names the file and the lines.
        var renamed = migrations
        renamed.alias(.string("gone"), to: .string("settings"))
        let changed = try await replay.run(
            model: { SceneNavigationModel(AppState(), migrations: renamed) }, describe: \.json)
        #expect(changed.mismatches.map { String($0.payload.split(separator: "/").last ?? "") } == ["v2-scene.json"])
        let mismatch = try #require(changed.mismatches.first)
        #expect(mismatch.golden == folder.appending("v2-scene.report.json"))
        #expect(
            mismatch.difference == """
                    "intervention": null,
                    "report": {
                -     "dropped": [
                +     "dropped": [],
                +     "migrated": [
                        {
                -         "error": "Screen has no case 'gone'",
                -         "json": "gone",
                +         "from": "gone",
                          "location": "path",
                          "position": 1,
                -         "reason": "undecodable"
                +         "to": "settings"
                        }
                      ],
                -     "migrated": [],
                -     "restored": 1
                +     "restored": 2
                    },
                    "state": {
                      "path": [
                -       "inbox"
                +       "inbox",
                +       "settings"
                      ],
                      "tab": 1
                """)
        #expect(
            changed.description.hasPrefix(
                "1 of 3 payloads differ from their golden files:\n\n\(folder.path)/v2-scene.json: the restore differs from \(folder.path)/v2-scene.report.json:\n"
            ))

        // A missing golden file is a mismatch that says how to record it.
        try FileManager.default.removeItem(atPath: folder.appending("v1-bare.report.json"))
        let missing = try await replay.run(model: model, describe: \.json)
        #expect(
            missing.mismatches.first?.difference.hasPrefix(
                "the golden file is missing (NAVSTATE_RECORD_GOLDEN=1 writes it); the restore gave:\n{\n") == true)
    }

    @Test("a replay restores a payload with the schema saved beside it, exactly as a relaunch does")
    func replayAgreesWithRelaunch() async throws {
        struct NotABarePath: Error {}
        // Schema 1 wraps version 0's bare path; run on anything else, the step fails.
        var migrations = NavigationMigrations()
        migrations.addStep { old in
            guard case .array = old else { throw NotABarePath() }
            return .object(["path": old, "tab": .number(JSONNumber(0))])
        }
        let model: @MainActor () -> SceneNavigationModel<AppState> = {
            SceneNavigationModel(AppState(), migrations: migrations)
        }
        let bytes = Array(
            #"{"format":1,"savedAt":"2026-11-01T10:00:00.000Z","scene":"main","values":{"navigation":{"json":{"path":["inbox"],"tab":1}},"navigation.schema":{"json":1}}}"#
                .utf8)
        // Relaunched from that file: schema 1 is current, no step runs.
        let temporary = try TemporaryStore()
        try temporary.writeSceneFile("main", bytes: bytes)
        let app = try AppSimulator(temporary, crashGuard: nil, makeModel: model)
        let launch = try await app.launch()
        #expect(launch.model.state == AppState(tab: 1, path: [.inbox]) && launch.outcome.report?.isComplete == true)
        try await app.end(.killed)
        // Replayed: the same.
        let folder = try TemporaryDirectory()
        try Data(bytes).write(to: URL(fileURLWithPath: folder.appending("schema-1.json")))
        var replay = PayloadReplay(folder: folder.path)
        replay.isRecording = true
        _ = try await replay.run(model: model)
        let golden = try JSONValue(
            parsing: Array(try Data(contentsOf: URL(fileURLWithPath: folder.appending("schema-1.report.json")))))
        #expect(golden.objectValue?["error"] == nil)
        #expect(golden.objectValue?["state"] == (try StateCoding.encode(AppState(tab: 1, path: [.inbox]))))
        #expect(golden.objectValue?["report"]?.objectValue?["restored"] == .number(JSONNumber(1)))
        // A closure replay is handed every value of the scene, the schema among them.
        let payloads = try await replay.replay { payload in
            .number(JSONNumber(try payload.schemaVersion()))
        }
        #expect(payloads.payloads.count == 1)
    }

    @Test("a replay meets what a relaunch meets: the file's own save time, its format, its scene")
    func replayUsesTheFileAsItIs() async throws {
        let folder = try TemporaryDirectory()
        // Saved long ago, under a scene of its own name; and a file of a newer format.
        try Data(
            #"{"format":1,"savedAt":"2020-01-01T00:00:00.000Z","scene":"inbox","values":{"navigation":{"json":{"path":["inbox"],"tab":1}}}}"#
                .utf8
        ).write(to: URL(fileURLWithPath: folder.appending("old.json")))
        try Data(#"{"format":2,"everything":"else"}"#.utf8).write(
            to: URL(fileURLWithPath: folder.appending("newer.json")))
        var replay = PayloadReplay(folder: folder.path, policy: RestorePolicy(maximumAge: .seconds(86_400)))
        replay.isRecording = true
        _ = try await replay.run(model: { SceneNavigationModel(AppState()) })
        let old = try JSONValue(
            parsing: Array(try Data(contentsOf: URL(fileURLWithPath: folder.appending("old.report.json")))))
        #expect(old.objectValue?["intervention"] == .string("expired"))
        let newer = try JSONValue(
            parsing: Array(try Data(contentsOf: URL(fileURLWithPath: folder.appending("newer.report.json")))))
        #expect(
            newer.objectValue?["error"]?.stringValue?.contains("has format 2, newer than the supported format 1")
                == true)
        // A custom replay is handed the file as it is, and its values when a store can read them.
        let payloads = try await replay.replay { payload in
            .array([.string(payload.scene), .bool(payload.sceneFile != nil), .number(JSONNumber(payload.values.count))])
        }
        #expect(payloads.payloads.count == 2)
    }

    @Test(
        "an app suspended then killed, or quit without a close, is not taken for a crash; one SIGKILL is not; a crash is, and SIGKILL twice"
    )
    func suspensionIsNoCrash() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        try temporary.saveScene("main", value: AppState(tab: 1, path: [.inbox, .message]))
        let app = try AppSimulator(temporary) { SceneNavigationModel(AppState()) }
        for ending in [AppSimulator<AppState>.Ending.suspendedThenKilled, .quitWithoutClose] {
            // Opened, looked at without navigating, left: the system kills it later.
            try await app.launch()
            try await app.end(ending)
            let next = try await app.launch()
            #expect(next.outcome.intervention == nil && next.model.state == AppState(tab: 1, path: [.inbox, .message]))
            try await app.end(.closed)
        }
        try await app.launch()
        try await app.end(.killed)
        #expect(try await app.launch().outcome.intervention == nil)
        try await app.end(.killed)
        #expect(try await app.launch().outcome.intervention == .crashLoop(failures: 1, restoredNothing: false))
        try await app.end(.closed)
        try await app.launch()
        try await app.end(.crashed)
        #expect(try await app.launch().outcome.intervention == .crashLoop(failures: 1, restoredNothing: false))
        try await app.end(.closed)
    }

    @Test("a scene of several keys: every key restored, guarded and ended alike, one copy for one crash")
    @available(*, deprecated, message: "simulates 0.3.0's scene of several keys")
    func severalKeys() async throws {
        let temporary = try TemporaryStore(clock: TestClock())
        let keys = ["tab1", "tab2", "tab3", "tab4", "tab5"]
        let app = try AppSimulator(temporary, keys: keys) { key in
            SceneNavigationModel(AppState(tab: Int(key.dropFirst(3)) ?? 0))
        }
        let first = try await app.launch()
        for key in keys { first.models[key]!.state.path.append(.inbox) }
        try await app.end(.closed)
        try await app.crashDuringRestore()
        let guarded = try await app.launch()
        for key in keys {
            #expect(guarded.connections[key]!.intervention == .crashLoop(failures: 1, restoredNothing: false))
            #expect(guarded.models[key]!.state.path.isEmpty)
        }
        // One copy of the scene's file for the crash, whichever key's restore made it.
        #expect(try temporary.store.keptAsideFiles().map(\.reason) == [.crashLoop])
        #expect(Set(keys.map { guarded.connections[$0]!.keptAsidePath }).count == 1)
        #expect(try CrashLoopGuard.states(of: SceneID("main"), in: temporary.store).keys.sorted() == keys)
        try await app.end(.closed)
        #expect(try CrashLoopGuard.states(of: SceneID("main"), in: temporary.store).isEmpty)
        #expect(throws: SceneStoreError.invalidKey("tab1", reason: "each key is given once")) {
            try AppSimulator(temporary, keys: ["tab1", "tab1"]) { _ in SceneNavigationModel(AppState()) }
        }
    }
}
