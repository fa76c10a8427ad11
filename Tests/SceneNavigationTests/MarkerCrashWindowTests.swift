import Foundation
import SceneStore
import TestSupport
import Testing

@testable import SceneNavigation

/// The crash-loop guard's marker under a power cut at every call of its write and of its removal,
/// on the simulated file system that models what a power loss can leave.
@Suite struct MarkerCrashWindowTests {
    static let restores = "/simulated/app/restores"
    static let scenes = "/simulated/app/scenes"
    static let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }

    static func store(_ fileSystem: SimulatedFileSystem) -> SceneStore {
        SceneStore(scenesDirectory: scenes, configuration: .init(now: clock), fileSystem: fileSystem)
    }

    /// Runs `operation` on a disk holding `initial`, cutting the power at each of its calls in turn,
    /// and returns every guard state found after a reboot, with whether the operation had returned.
    static func outcomes(
        from initial: SimulatedFileSystem.DiskState, _ operation: (SceneStore) throws -> Void
    ) throws -> (calls: Int, found: [(acknowledged: Bool, state: CrashLoopGuard.MarkerState)]) {
        let scene = try SceneID("main")
        let probe = SimulatedFileSystem(directory: restores, disk: initial)
        try operation(store(probe))
        let calls = probe.callCount
        var found: [(Bool, CrashLoopGuard.MarkerState)] = []
        for crashAt in 0...calls {
            let fileSystem = SimulatedFileSystem(directory: restores, disk: initial)
            fileSystem.crashAtCall = crashAt == calls ? nil : crashAt
            let acknowledged = (try? operation(store(fileSystem))) != nil
            for disk in fileSystem.crashStates() {
                let rebooted = store(SimulatedFileSystem(directory: restores, disk: disk))
                found.append((acknowledged, try CrashLoopGuard.markerState(of: scene, key: "navigation", in: rebooted)))
            }
        }
        return (calls, found)
    }

    @Test("a power cut at every call of the marker's write leaves the old marker or the new one, never a torn one")
    func markerWrite() throws {
        let scene = try SceneID("main")
        // The marker of a restore that never became healthy, as an earlier launch left it.
        let setup = SimulatedFileSystem(directory: Self.restores)
        // A 0.2.0 marker: the next begin counts it as one failure.
        try Marker.store(of: Self.store(setup)).setSceneValue(
            Marker(since: Self.clock(), failures: 0).sceneValue, forKey: "navigation", in: scene)
        let old = CrashLoopGuard.MarkerState.restoring(since: Self.clock(), failures: 0)
        let new = CrashLoopGuard.MarkerState.restoring(since: Self.clock(), failures: 1)
        let (calls, found) = try Self.outcomes(from: setup.files) { store in
            _ = try RestoreHealth.begin(
                scene: scene, key: "navigation", store: store, launch: .init(simulatedID: "2-next"))
        }
        #expect(calls > 10)
        #expect(found.count > calls)
        for (acknowledged, state) in found {
            #expect(acknowledged ? state == new : [old, new].contains(state), "\(state)")
        }
        #expect(Set(found.map(\.state.description)) == [old.description, new.description])
    }

    @Test("a power cut at every call of the marker's removal leaves the marker or none, never a torn one")
    func markerRemoval() throws {
        let scene = try SceneID("main")
        let setup = SimulatedFileSystem(directory: Self.restores)
        // A 0.2.0 marker: the next begin counts it as one failure.
        try Marker.store(of: Self.store(setup)).setSceneValue(
            Marker(since: Self.clock(), failures: 0).sceneValue, forKey: "navigation", in: scene)
        let old = CrashLoopGuard.MarkerState.restoring(since: Self.clock(), failures: 0)
        let new = CrashLoopGuard.MarkerState.restoring(since: Self.clock(), failures: 1)
        let (_, found) = try Self.outcomes(from: setup.files) { store in
            let health = try RestoreHealth.begin(
                scene: scene, key: "navigation", store: store, launch: .init(simulatedID: "2-next"))
            try health.health.markHealthy()
        }
        // The removal is not fsynced: a power cut after it may bring the new marker back (one
        // guarded restore that was not needed), never the old one once the write was acknowledged.
        for (acknowledged, state) in found {
            #expect(acknowledged ? [.clean, new].contains(state) : [old, new, .clean].contains(state))
        }
        #expect(found.contains { $0.acknowledged && $0.state == .clean })
    }
}
