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

    static func store(_ fileSystem: SimulatedFileSystem) -> StateStore {
        StateStore(scenesFolder: scenes, configuration: .init(now: clock), fileSystem: fileSystem)
    }

    /// What the next guarded restore counts on a disk: the failures it finds before it.
    static func nextCount(on disk: SimulatedFileSystem.DiskState) throws -> Int {
        try RestoreHealth.begin(
            scene: SceneID("main"), key: "navigation",
            store: store(SimulatedFileSystem(directory: restores, disk: disk)),
            launch: .init(simulatedID: "3-after")
        ).failures
    }

    /// Runs `operation` on a disk holding `initial`, cutting the power at each of its calls in turn,
    /// and returns every disk a reboot could find, with whether the operation had returned, and
    /// the disk it leaves when nothing is cut.
    static func outcomes(
        from initial: SimulatedFileSystem.DiskState, _ operation: (StateStore) throws -> Void
    ) throws -> (calls: Int, disks: [SimulatedFileSystem.DiskState], finished: SimulatedFileSystem.DiskState) {
        let probe = SimulatedFileSystem(directory: restores, disk: initial)
        try operation(store(probe))
        let calls = probe.callCount
        var disks: [SimulatedFileSystem.DiskState] = []
        for crashAt in 0...calls {
            let fileSystem = SimulatedFileSystem(directory: restores, disk: initial)
            fileSystem.crashAtCall = crashAt == calls ? nil : crashAt
            _ = try? operation(store(fileSystem))
            disks += fileSystem.crashStates()
        }
        return (calls, disks, probe.files)
    }

    /// A 0.2.0 marker of a restore that never became healthy, as an earlier launch left it: the
    /// next restore counts it as one failure.
    static func oldMarker() throws -> SimulatedFileSystem.DiskState {
        let setup = SimulatedFileSystem(directory: restores)
        try Marker.store(of: store(setup)).putSceneValue(
            Marker(since: clock(), failures: 0).sceneValue, forKey: "navigation", in: SceneID("main"))
        return setup.files
    }

    @Test(
        "a power cut at every call of the marker's write, which is not synced: the next restore counts from the old marker, the new one or none, and never fails"
    )
    func markerWrite() throws {
        let old = try Self.oldMarker()
        let (calls, disks, finished) = try Self.outcomes(from: old) { store in
            _ = try RestoreHealth.begin(
                scene: SceneID("main"), key: "navigation", store: store, launch: .init(simulatedID: "2-next"))
        }
        #expect(calls > 8)
        let allowed = Set([try Self.nextCount(on: [:]), try Self.nextCount(on: old), try Self.nextCount(on: finished)])
        var counted: Set<Int> = []
        var torn = 0
        for disk in disks {
            if let bytes = disk["main.json"], (try? JSONValue(parsing: bytes)) == nil { torn += 1 }
            // A torn markers file is moved aside by the next restore, which reads it as no marker.
            let count = try Self.nextCount(on: disk)
            #expect(allowed.contains(count), "counted \(count) on \(disk.keys.sorted())")
            counted.insert(count)
        }
        // The power cut does tear the unsynced marker, and the next restore still goes on.
        #expect(torn > 0)
        #expect(counted.count > 1)
    }

    @Test(
        "a power cut at every call of the marker's removal: the next restore counts from the marker or none, and never fails"
    )
    func markerRemoval() throws {
        let old = try Self.oldMarker()
        let written = SimulatedFileSystem(directory: Self.restores, disk: old)
        _ = try RestoreHealth.begin(
            scene: SceneID("main"), key: "navigation", store: Self.store(written), launch: .init(simulatedID: "2-next"))
        let withMarker = written.files
        let (_, disks, finished) = try Self.outcomes(from: withMarker) { store in
            // The marker's removal, as markHealthy() makes it.
            try Marker.store(of: store).deleteValue(forKey: "navigation", in: SceneID("main"))
        }
        let allowed = Set([
            try Self.nextCount(on: withMarker), try Self.nextCount(on: finished), try Self.nextCount(on: [:]),
        ])
        for disk in disks {
            #expect(allowed.contains(try Self.nextCount(on: disk)))
        }
    }
}
