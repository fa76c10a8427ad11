import Foundation
import TestSupport
import Testing

@testable import SceneStore

/// Every crash window of a write, SQLite/RocksDB style: cut the power at each call the write makes,
/// then boot every disk that power loss could leave and check what is there.
@Suite struct CrashWindowTests {
    static let directory = "/simulated/app/scenes"

    struct Finding: Equatable {
        var crashAtCall: Int
        var problem: String
    }

    /// Writes `new` over a disk holding `old` (or nothing), crashing at every call in turn, and
    /// returns what went wrong: acknowledged writes lost, torn or unreadable files, temporary files
    /// left behind after recovery.
    static func findings(old: Int?, new: Int, fsyncDoesNothing: Bool = false) throws -> (
        findings: [Finding], crashPoints: Int, states: Int
    ) {
        let scene = try SceneID("main")
        let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
        var initial: SimulatedFileSystem.DiskState?
        if let old {
            let setup = SimulatedFileSystem(directory: directory)
            try SceneStore(scenesDirectory: directory, configuration: .init(now: clock), fileSystem: setup)
                .set(old, forKey: "n", in: scene)
            initial = setup.files
        }
        // Count the calls of a write that does not crash.
        let probe = SimulatedFileSystem(directory: directory, disk: initial)
        try SceneStore(scenesDirectory: directory, configuration: .init(now: clock), fileSystem: probe).set(
            new, forKey: "n", in: scene)
        let totalCalls = probe.callCount

        var findings: [Finding] = []
        var statesChecked = 0
        for crashAt in 0...totalCalls {
            let fileSystem = SimulatedFileSystem(directory: directory, disk: initial)
            fileSystem.fsyncDoesNothing = fsyncDoesNothing
            fileSystem.crashAtCall = crashAt == totalCalls ? nil : crashAt
            let store = SceneStore(scenesDirectory: directory, configuration: .init(now: clock), fileSystem: fileSystem)
            let acknowledged = (try? store.set(new, forKey: "n", in: scene)) != nil
            // After an acknowledged write the power goes out too: nothing more was synced.
            for disk in fileSystem.crashStates() {
                statesChecked += 1
                let rebooted = SimulatedFileSystem(directory: directory, disk: disk)
                let recovered = SceneStore(
                    scenesDirectory: directory, configuration: .init(now: clock), fileSystem: rebooted)
                do {
                    let value = try recovered.value(Int.self, forKey: "n", in: scene)
                    let allowed: [Int?] = acknowledged ? [new] : [old, new]
                    if !allowed.contains(value) {
                        findings.append(
                            Finding(
                                crashAtCall: crashAt,
                                problem: "found \(value.map(String.init) ?? "nothing"), expected \(allowed)"))
                    }
                } catch {
                    findings.append(Finding(crashAtCall: crashAt, problem: "unreadable after reboot: \(error)"))
                    continue
                }
                // The next write succeeds and leaves no temporary file behind.
                do {
                    try recovered.set(new + 1, forKey: "n", in: scene)
                    if rebooted.files.keys.contains(where: { $0.hasSuffix(".tmp") }) {
                        findings.append(
                            Finding(crashAtCall: crashAt, problem: "temporary file left after the next write"))
                    }
                } catch {
                    findings.append(Finding(crashAtCall: crashAt, problem: "next write failed: \(error)"))
                }
            }
        }
        return (findings, totalCalls + 1, statesChecked)
    }

    @Test("no crash window loses an acknowledged write or tears a file (first write)")
    func firstWrite() throws {
        let result = try Self.findings(old: nil, new: 1)
        #expect(result.findings == [])
        #expect(result.crashPoints > 10)
    }

    @Test("no crash window loses an acknowledged write or tears a file (overwrite)")
    func overwrite() throws {
        let result = try Self.findings(old: 1, new: 2)
        #expect(result.findings == [])
        if ProcessInfo.processInfo.environment["NAVSTATE_VERBOSE"] != nil {
            print("crash points: \(result.crashPoints), disk states checked: \(result.states)")
        }
        #expect(result.states > result.crashPoints)
    }

    @Test("the checker finds the damage when fsync does nothing")
    func checkerDetectsLyingDisk() throws {
        let result = try Self.findings(old: 1, new: 2, fsyncDoesNothing: true)
        #expect(!result.findings.isEmpty)
        #expect(result.findings.contains { $0.problem.hasPrefix("found 1, expected [Optional(2)]") })
    }
}

/// The crash windows of a write given up for a newer value (``SceneWriter`` gives a stale write up
/// before its rename): whenever the power goes out, the old file is there, whole, and never the
/// value given up; the next write leaves no temporary file.
@Suite struct SupersededWriteCrashWindowTests {
    static let directory = CrashWindowTests.directory

    /// Gives up writing `abandoned` over `old` at the `givenUpAtCheck`-th check (1: after its bytes
    /// are written, 2: after they are synced), crashing at every call in turn.
    static func problems(givenUpAtCheck: Int) throws -> (problems: [String], crashPoints: Int) {
        let scene = try SceneID("main")
        let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
        let setup = SimulatedFileSystem(directory: directory)
        try SceneStore(scenesDirectory: directory, configuration: .init(now: clock), fileSystem: setup)
            .set(1, forKey: "n", in: scene)
        let old = setup.files

        func giveUp(_ store: SceneStore) throws(SceneStoreError) -> SceneWriteOutcome {
            var checks = 0
            func isSuperseded() -> Bool {
                checks += 1
                return checks >= givenUpAtCheck
            }
            return try store.update(scene, creating: true, isSuperseded: isSuperseded) { values in
                values["n"] = .json(.number(JSONNumber(2)))
            }
        }
        let probe = SimulatedFileSystem(directory: directory, disk: old)
        let outcome = try giveUp(
            SceneStore(scenesDirectory: directory, configuration: .init(now: clock), fileSystem: probe))
        #expect(outcome.wasSuperseded && !outcome.wroteFile)
        #expect(probe.files == old)
        let totalCalls = probe.callCount

        var problems: [String] = []
        for crashAt in 0...totalCalls {
            let fileSystem = SimulatedFileSystem(directory: directory, disk: old)
            fileSystem.crashAtCall = crashAt == totalCalls ? nil : crashAt
            _ = try? giveUp(
                SceneStore(scenesDirectory: directory, configuration: .init(now: clock), fileSystem: fileSystem))
            for disk in fileSystem.crashStates() {
                let rebooted = SimulatedFileSystem(directory: directory, disk: disk)
                let recovered = SceneStore(
                    scenesDirectory: directory, configuration: .init(now: clock), fileSystem: rebooted)
                do {
                    let value = try recovered.value(Int.self, forKey: "n", in: scene)
                    if value != 1 {
                        problems.append("crash at call \(crashAt): found \(value.map(String.init) ?? "nothing")")
                    }
                    try recovered.set(3, forKey: "n", in: scene)
                    if rebooted.files.keys.contains(where: { $0.hasSuffix(".tmp") }) {
                        problems.append("crash at call \(crashAt): temporary file left after the next write")
                    }
                } catch {
                    problems.append("crash at call \(crashAt): \(error)")
                }
            }
        }
        return (problems, totalCalls + 1)
    }

    @Test("a write given up after its bytes are written leaves the old file at every crash window")
    func givenUpAfterWriting() throws {
        let result = try Self.problems(givenUpAtCheck: 1)
        #expect(result.problems == [])
        #expect(result.crashPoints > 5)
    }

    @Test("a write given up after its bytes are synced leaves the old file at every crash window")
    func givenUpAfterSyncing() throws {
        let result = try Self.problems(givenUpAtCheck: 2)
        #expect(result.problems == [])
        #expect(result.crashPoints > 6)
    }
}
