import Foundation
import SceneNavigationTesting
import SceneStore
import Synchronization
import TestSupport
import Testing

@testable import SceneNavigation

/// What a scene's launch reads and writes on the main actor, before its first frame: its own file
/// and the guard's records, and nothing else (no other scene's file, no synced copy), so that a
/// slow or large store is no launch hitch and no watchdog kill.
@MainActor
@Suite struct LaunchInputOutputTests {
    /// Whether the calls made now are made by the scene's launch on the main actor (set around
    /// the event; a detached task, as the writer's and the copy's are, does not inherit it).
    enum Launch {
        @TaskLocal static var isOnMainActor = false
    }

    /// The real file system, with every file opened and every sync noted with whether the launch
    /// made it on the main actor.
    final class RecordingFileSystem: ForwardingFileSystem, Sendable {
        struct Call: Sendable, Equatable {
            var name: String
            var onMain: Bool
        }
        let system = SystemFileSystem()
        private let log = Mutex<(opened: [Call], synced: [Bool], listed: [Call])>(([], [], []))

        var opened: [Call] { log.withLock { $0.opened } }
        var syncedOnMain: Int { log.withLock { $0.synced.filter { $0 }.count } }
        var synced: Int { log.withLock { $0.synced.count } }
        var listed: [Call] { log.withLock { $0.listed } }
        func clear() { log.withLock { $0 = ([], [], []) } }

        func open(_ path: String, flags: Int32, mode: UInt32) throws(Errno) -> Int32 {
            let name = String(path.split(separator: "/").last ?? "")
            log.withLock { $0.opened.append(Call(name: name, onMain: Launch.isOnMainActor)) }
            return try system.open(path, flags: flags, mode: mode)
        }
        func openAt(_ directory: Int32, _ name: String, flags: Int32, mode: UInt32) throws(Errno) -> Int32 {
            log.withLock { $0.opened.append(Call(name: name, onMain: Launch.isOnMainActor)) }
            return try system.openAt(directory, name, flags: flags, mode: mode)
        }
        func synchronize(_ descriptor: Int32) throws(Errno) {
            log.withLock { $0.synced.append(Launch.isOnMainActor) }
            try system.synchronize(descriptor)
        }
        func listDirectory(_ path: String) throws(Errno) -> [String] {
            let name = String(path.split(separator: "/").last ?? "")
            log.withLock { $0.listed.append(Call(name: name, onMain: Launch.isOnMainActor)) }
            return try system.listDirectory(path)
        }
    }

    let temporary: TemporaryStore
    let files = RecordingFileSystem()
    let store: StateStore

    init() throws {
        temporary = try TemporaryStore()
        store = StateStore(
            scenesFolder: temporary.store.scenesFolder, configuration: temporary.configuration, fileSystem: files)
    }

    @Test("adopting reads one scene's file, the one it takes, however many the store holds")
    func adoptionReadsOneFile() async throws {
        // The files' modification times set a second apart (a file system's clock may give files
        // written within a few milliseconds the same one), the newest last.
        let base = Date(timeIntervalSince1970: 1_800_000_000)
        for index in 0...40 {
            let name = index == 40 ? "scene-newest" : String(format: "scene-%02d", index)
            try temporary.saveScene(name, value: TabState(tab: index, path: ["a"]))
            try FileManager.default.setAttributes(
                [.modificationDate: base.addingTimeInterval(Double(index))],
                ofItemAtPath: temporary.store.path(for: SceneID(name)))
        }
        let scene = PersistentScene(
            SceneNavigationModel(TabState()), store: store, guard: CrashLoopGuard(healthyAfter: nil),
            identity: .adoptingMostRecent, onEvent: { if case .failed(let error) = $0 { Issue.record("\(error)") } })
        scene.handle(.phase(.active))
        files.clear()
        Launch.$isOnMainActor.withValue(true) { scene.handle(.appeared) }
        let sceneFiles = files.opened.filter { $0.onMain && $0.name.hasPrefix("scene-") }.map(\.name)
        #expect(sceneFiles == ["scene-newest.json"])
        #expect(scene.model.state == TabState(tab: 40, path: ["a"]))
        scene.handle(.disappeared)
        await scene.settle()
    }

    @Test("a crash loop's copy is made off the main actor after the restore, before any write")
    func crashLoopCopyOffTheMainActor() async throws {
        let main = try SceneID("main")
        try temporary.saveScene("main", value: TabState(tab: 2, path: ["a", "b"]))
        // A restore that crashed: its marker stays, and its launch's record says so.
        let crashed = CrashLoopGuard.Process(simulatedID: "1-crashed")
        let first = try SceneConnection.restore(
            SceneNavigationModel(TabState()), from: temporary.store, scene: main,
            guard: CrashLoopGuard(healthyAfter: nil, process: crashed))
        await first.cancel()
        try crashed.record(.crashed, in: temporary.store)

        let connected = Connections()
        let scene = PersistentScene(
            SceneNavigationModel(TabState()), store: store,
            guard: CrashLoopGuard(healthyAfter: nil, process: .init(simulatedID: "2-next")),
            identity: .supplied(main),
            onEvent: { event in
                switch event {
                case .connected(_, let outcome): connected.all.append(outcome.keptAsidePath)
                case .failed(let error): Issue.record("\(error)")
                case .linkOpened, .linkRefused, .handedOff: Issue.record("no link was opened")
                }
            })
        scene.handle(.phase(.active))
        files.clear()
        Launch.$isOnMainActor.withValue(true) { scene.handle(.appeared) }
        // Before the first frame: the restore withheld the paths, and nothing was synced on the
        // main thread (the copy is synced, the marker is not).
        #expect(scene.model.state == TabState(tab: 2, path: []))
        guard case .crashLoop(1, _)? = scene.connection?.intervention else {
            Issue.record("not guarded: \(String(describing: scene.connection?.intervention))")
            return
        }
        #expect(files.opened.contains { $0.onMain && $0.name == "main.json" })
        #expect(files.syncedOnMain == 0)
        #expect(!files.listed.contains { $0.onMain && $0.name != "restores" && $0.name != "scenes" })
        // The change waits for the copy, which keeps the withheld paths.
        scene.model.state.tab = 3
        await scene.settle()
        try await scene.connection?.flush()
        let kept = try #require(try temporary.store.keptAsideFiles().first)
        #expect(try temporary.store.storedDocument(ofKeptAside: kept).values["navigation"] != nil)
        #expect(connected.all == [kept.path])
        #expect(files.synced > 0)
        #expect(try temporary.store.readDecoded(TabState.self, forKey: "navigation", in: main)?.tab == 3)
        scene.handle(.disappeared)
        await scene.settle()
    }

    @MainActor final class Connections {
        var all: [String?] = []
    }
}
