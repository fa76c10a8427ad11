import Foundation
import Synchronization
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
            try StateStore(scenesFolder: directory, configuration: .init(now: clock), fileSystem: setup)
                .put(old, forKey: "n", in: scene)
            initial = setup.files
        }
        // Count the calls of a write that does not crash.
        let probe = SimulatedFileSystem(directory: directory, disk: initial)
        try StateStore(scenesFolder: directory, configuration: .init(now: clock), fileSystem: probe).put(
            new, forKey: "n", in: scene)
        let totalCalls = probe.callCount

        var findings: [Finding] = []
        var statesChecked = 0
        for crashAt in 0...totalCalls {
            let fileSystem = SimulatedFileSystem(directory: directory, disk: initial)
            fileSystem.fsyncDoesNothing = fsyncDoesNothing
            fileSystem.crashAtCall = crashAt == totalCalls ? nil : crashAt
            let store = StateStore(scenesFolder: directory, configuration: .init(now: clock), fileSystem: fileSystem)
            let acknowledged = (try? store.put(new, forKey: "n", in: scene)) != nil
            // After an acknowledged write the power goes out too: nothing more was synced.
            for disk in fileSystem.crashStates() {
                statesChecked += 1
                let rebooted = SimulatedFileSystem(directory: directory, disk: disk)
                let recovered = StateStore(
                    scenesFolder: directory, configuration: .init(now: clock), fileSystem: rebooted)
                do {
                    let value = try recovered.read(Int.self, forKey: "n", in: scene)
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
                    try recovered.put(new + 1, forKey: "n", in: scene)
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

/// The crash windows of pipelined writes: a ``ValueWriter`` writing 2 over 1, with 3 arriving
/// while 2's bytes are written (so 3 is written and synced beside 2, and 2 may be given up for it),
/// the power cut at every call in turn. Whenever the power goes out, the file holds 1, 2 or 3,
/// whole, and 3 once the flush returned; the next writer leaves no temporary file of either slot.
@Suite struct PipelinedWriteCrashWindowTests {
    static let directory = CrashWindowTests.directory

    static func write(on fileSystem: SimulatedFileSystem, scene: SceneID) async -> Bool {
        let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
        let store = StateStore(scenesFolder: directory, configuration: .init(now: clock), fileSystem: fileSystem)
        guard let writer = try? store.makeWriter(forKey: "n", in: scene) else { return false }
        let submitted = Mutex(false)
        fileSystem.onWrite = { _, name in
            guard name.hasSuffix(".tmp"), !submitted.withLock({ $0 }) else { return }
            submitted.withLock { $0 = true }
            writer.submit(3)
        }
        writer.submit(2)
        return (try? await writer.flush()) != nil
    }

    @Test("a power cut at every call of pipelined writes leaves the old value, or a newer one, whole")
    func pipelinedWrites() async throws {
        let scene = try SceneID("main")
        let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
        let setup = SimulatedFileSystem(directory: Self.directory)
        try StateStore(scenesFolder: Self.directory, configuration: .init(now: clock), fileSystem: setup)
            .put(1, forKey: "n", in: scene)
        let old = setup.files
        let probe = SimulatedFileSystem(directory: Self.directory, disk: old)
        #expect(await Self.write(on: probe, scene: scene))
        // The writes' threads make their calls in either order from run to run: a few more crash
        // points than the probe made cover the runs that make more.
        let totalCalls = probe.callCount + 4
        var problems: [String] = []
        var states = 0
        for crashAt in 0...totalCalls {
            let fileSystem = SimulatedFileSystem(directory: Self.directory, disk: old)
            fileSystem.crashAtCall = crashAt
            let acknowledged = await Self.write(on: fileSystem, scene: scene)
            for disk in fileSystem.crashStates() {
                states += 1
                let rebooted = SimulatedFileSystem(directory: Self.directory, disk: disk)
                let recovered = StateStore(
                    scenesFolder: Self.directory, configuration: .init(now: clock), fileSystem: rebooted)
                do {
                    let value = try recovered.read(Int.self, forKey: "n", in: scene)
                    let allowed: [Int?] = acknowledged ? [3] : [1, 2, 3]
                    if !allowed.contains(value) {
                        problems.append(
                            "crash at call \(crashAt): found \(String(describing: value)), expected \(allowed)")
                    }
                    // The next writer takes the lock, removes what a crash left, and writes.
                    let next = try recovered.makeWriter(forKey: "n", in: scene)
                    next.submit(4)
                    try await next.flush()
                    if rebooted.files.keys.contains(where: { $0.hasSuffix(".tmp") }) {
                        problems.append("crash at call \(crashAt): temporary file left after the next write")
                    }
                } catch {
                    problems.append("crash at call \(crashAt): \(error)")
                }
            }
        }
        #expect(problems == [])
        #expect(totalCalls > 20)
        #expect(states > totalCalls)
    }
}
