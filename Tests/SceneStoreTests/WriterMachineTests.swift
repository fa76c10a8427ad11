import TestSupport
import Testing

@testable import SceneStore

/// The writer's decisions, as a table of events and the actions each returns, and a randomized
/// model check of every interleaving of submits, flushes, cancels, step completions and failures
/// against a reference: the latest value wins, no flush is lost, nothing is written after a
/// cancel, renames keep the values' order.
@Suite struct WriterMachineTests {
    typealias Event = WriterMachine.Event
    typealias Action = WriterMachine.Action

    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var steps: [(Event, [Action])]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "one value: lock, write, sync, rename, sync the folder, let go, wake the flush",
            steps: [
                (.submit(0, sequence: nil), [.openSession]),
                (.flush(id: 1), []),
                (.sessionOpened(succeeded: true), [.prepare(0)]),
                (.prepared(0, .written(mustCommit: false)), [.synchronize(0)]),
                (.synced(0, succeeded: true), [.rename(0)]),
                (.renamed(0, succeeded: true), [.synchronizeFolder(0)]),
                (.folderSynced(0, succeeded: true), [.closeSession]),
                (.sessionClosed, [.resumeFlushed([1], failed: false)]),
            ]),
        Row(
            name: "a newer value while a write syncs is written beside it, and the older is given up for it",
            steps: [
                (.submit(0, sequence: nil), [.openSession]),
                (.sessionOpened(succeeded: true), [.prepare(0)]),
                (.prepared(0, .written(mustCommit: false)), [.synchronize(0)]),
                (.submit(1, sequence: nil), [.prepare(1)]),
                (.prepared(1, .written(mustCommit: false)), [.synchronize(1)]),
                // The newer one synced first waits for its turn: renames keep the order.
                (.synced(1, succeeded: true), []),
                (.synced(0, succeeded: true), [.giveUp(0)]),
                (.gaveUp(0), [.rename(1)]),
                (.renamed(1, succeeded: true), [.synchronizeFolder(1)]),
                (.folderSynced(1, succeeded: true), [.closeSession]),
            ]),
        Row(
            name: "a write synced while the newer one is still being prepared is renamed, not given up",
            steps: [
                (.submit(0, sequence: nil), [.openSession]),
                (.sessionOpened(succeeded: true), [.prepare(0)]),
                (.prepared(0, .written(mustCommit: false)), [.synchronize(0)]),
                (.submit(1, sequence: nil), [.prepare(1)]),
                (.synced(0, succeeded: true), [.rename(0)]),
                (.prepared(1, .written(mustCommit: false)), [.synchronize(1)]),
                (.renamed(0, succeeded: true), [.synchronizeFolder(0)]),
                // The newer write may be renamed once the older is: its folder sync need not end.
                (.synced(1, succeeded: true), [.rename(1)]),
                (.folderSynced(0, succeeded: true), []),
                (.renamed(1, succeeded: true), [.synchronizeFolder(1)]),
                (.folderSynced(1, succeeded: true), [.closeSession]),
            ]),
        Row(
            name: "a third value waits while two writes are in flight, and replaces older waiting ones",
            steps: [
                (.submit(0, sequence: nil), [.openSession]),
                (.sessionOpened(succeeded: true), [.prepare(0)]),
                (.prepared(0, .written(mustCommit: false)), [.synchronize(0)]),
                (.submit(1, sequence: nil), [.prepare(1)]),
                (.prepared(1, .written(mustCommit: false)), [.synchronize(1)]),
                (.submit(2, sequence: nil), []),
                (.submit(3, sequence: nil), [.discard(2)]),
                (.synced(0, succeeded: true), [.giveUp(0)]),
                (.gaveUp(0), [.prepare(3)]),
            ]),
        Row(
            name: "a write that keeps a copy aside is carried out, never given up",
            steps: [
                (.submit(0, sequence: nil), [.openSession]),
                (.sessionOpened(succeeded: true), [.prepare(0)]),
                (.prepared(0, .written(mustCommit: true)), [.synchronize(0)]),
                (.submit(1, sequence: nil), [.prepare(1)]),
                (.prepared(1, .written(mustCommit: false)), [.synchronize(1)]),
                (.synced(1, succeeded: true), []),
                (.synced(0, succeeded: true), [.rename(0)]),
            ]),
        Row(
            name: "a value found on disk already rides on the write before it, which is then not given up",
            steps: [
                (.submit(0, sequence: 7), [.openSession]),
                (.sessionOpened(succeeded: true), [.prepare(0)]),
                (.prepared(0, .written(mustCommit: false)), [.synchronize(0)]),
                (.submit(1, sequence: 8), [.prepare(1)]),
                (.prepared(1, .unchanged), []),
                (.synced(0, succeeded: true), [.rename(0)]),
                (.renamed(0, succeeded: true), [.synchronizeFolder(0)]),
                (.folderSynced(0, succeeded: true), [.closeSession]),
            ]),
        Row(
            name: "a value that rides on a write that fails is not durable either: the flush fails",
            steps: [
                (.submit(0, sequence: nil), [.openSession]),
                (.flush(id: 5), []),
                (.sessionOpened(succeeded: true), [.prepare(0)]),
                (.prepared(0, .written(mustCommit: false)), [.synchronize(0)]),
                (.submit(1, sequence: nil), [.prepare(1)]),
                (.prepared(1, .unchanged), []),
                (.synced(0, succeeded: false), [.closeSession]),
                (.sessionClosed, [.resumeFlushed([5], failed: true)]),
            ]),
        Row(
            name: "an older sequence than one submitted is dropped",
            steps: [
                (.submit(0, sequence: 5), [.openSession]),
                (.submit(1, sequence: 5), [.discard(1)]),
                (.submit(2, sequence: 4), [.discard(2)]),
            ]),
        Row(
            name: "a lock that cannot be taken drops the value and fails the flush",
            steps: [
                (.submit(0, sequence: nil), [.openSession]),
                (.flush(id: 2), []),
                (.sessionOpened(succeeded: false), [.discard(0), .resumeFlushed([2], failed: true)]),
            ]),
        Row(
            name: "a cancel drops the waiting value, lets the write in flight end, and then nothing is written",
            steps: [
                (.submit(0, sequence: nil), [.openSession]),
                (.sessionOpened(succeeded: true), [.prepare(0)]),
                (.submit(1, sequence: nil), []),
                (.cancel(id: 9), [.discard(1)]),
                (.submit(2, sequence: nil), [.discard(2)]),
                (.prepared(0, .written(mustCommit: false)), [.synchronize(0)]),
                (.synced(0, succeeded: true), [.rename(0)]),
                (.renamed(0, succeeded: true), [.synchronizeFolder(0)]),
                (.folderSynced(0, succeeded: true), [.closeSession]),
                (.sessionClosed, [.resumeFlushed([9], failed: false)]),
            ]),
        Row(
            name: "a flush of an idle writer returns at once",
            steps: [(.flush(id: 3), [.resumeFlushed([3], failed: false)])]),
    ]

    @Test("each row's events give its actions", arguments: rows)
    func table(_ row: Row) {
        var machine = WriterMachine()
        for (index, (event, expected)) in row.steps.enumerated() {
            #expect(machine.handle(event) == expected, "step \(index + 1): \(event)")
        }
    }

    @Test("three writes in a row may be given up for newer ones; the fourth is carried out whatever comes")
    func givingUpIsBounded() {
        var machine = WriterMachine()
        _ = machine.handle(.submit(0, sequence: nil))
        _ = machine.handle(.sessionOpened(succeeded: true))
        _ = machine.handle(.prepared(0, .written(mustCommit: false)))
        var decisions: [Action] = []
        for ticket in UInt64(1)...4 {
            _ = machine.handle(.submit(ticket, sequence: nil))
            _ = machine.handle(.prepared(ticket, .written(mustCommit: false)))
            let actions = machine.handle(.synced(ticket - 1, succeeded: true))
            decisions += actions
            if case .giveUp(let given)? = actions.first { _ = machine.handle(.gaveUp(given)) }
        }
        #expect(decisions == [.giveUp(0), .giveUp(1), .giveUp(2), .rename(3)])
    }

    // MARK: - Model check

    /// What a simulated step does: its effect on the disk happens when it runs, and the machine
    /// hears of it later, as another step (a thread that did the work and has yet to report it).
    enum Job {
        case perform(Action)
        case report(Event)
    }

    /// Runs the machine against a simulated disk, performing its actions in a random order with
    /// random failures, and checks the reference's promises. Returns the problems found.
    static func explore(seed: UInt64, events: Int) -> [String] {
        var random = SplitMix(state: seed)
        var machine = WriterMachine()
        var problems: [String] = []
        var values: [UInt64: Int] = [:]  // ticket -> value
        var nextTicket: UInt64 = 0
        var jobs: [Job] = []
        var disk: Int? = nil  // the file's value, renamed into place
        var durable: Int? = nil  // what a power cut leaves: renamed, and the folder synced after
        var renameUnsynced = false
        // What the session's next write compares with; nil after the newest write failed: the
        // next is written whatever it holds.
        var base: Int? = nil
        var newestPrepared: UInt64?
        var preparedValue: [UInt64: Int] = [:]
        var lastRenamed: UInt64?
        var lastAccepted: Int?
        var cancelled = false
        var waitingFlushes: Set<Int> = []
        var flushID = 0
        var givenUpInARow = 0
        var preparing = 0
        var failuresSinceSuccess = 0

        func perform(_ actions: [Action]) {
            for action in actions {
                switch action {
                case .discard(let ticket): values[ticket] = nil
                case .resumeReady: break
                case .resumeFlushed(let ids, let failed):
                    for id in ids where waitingFlushes.remove(id) == nil {
                        problems.append("flush \(id) resumed twice or never asked")
                    }
                    // A flush that succeeds finds the last value accepted durable (unless a cancel
                    // dropped it); one that fails follows a failure since the last that succeeded.
                    if !failed, !cancelled, durable != lastAccepted {
                        problems.append(
                            "a flush succeeded with \(String(describing: durable)) durable, not \(String(describing: lastAccepted))"
                        )
                    }
                    if failed, failuresSinceSuccess == 0 { problems.append("a flush failed with no failure") }
                    if !failed { failuresSinceSuccess = 0 }
                case .openSession:
                    if cancelled { problems.append("a session opened after the cancel") }
                    jobs.append(.perform(action))
                case .prepare(let ticket):
                    preparing += 1
                    if preparing > 1 { problems.append("two prepares at once") }
                    if values[ticket] == nil { problems.append("prepare of a ticket with no value") }
                    if cancelled { problems.append("a value taken after the cancel") }
                    jobs.append(.perform(action))
                case .rename(let ticket):
                    if let lastRenamed, ticket <= lastRenamed {
                        problems.append("rename of \(ticket) after \(lastRenamed)")
                    }
                    lastRenamed = ticket
                    givenUpInARow = 0
                    jobs.append(.perform(action))
                case .giveUp:
                    givenUpInARow += 1
                    if givenUpInARow > WriterMachine.mayGiveUp { problems.append("more than three given up in a row") }
                    jobs.append(.perform(action))
                default: jobs.append(.perform(action))
                }
            }
        }

        var submitted = 0
        while submitted < events || !jobs.isEmpty {
            let external = submitted < events && (jobs.isEmpty || random.next() % 3 == 0)
            if external {
                submitted += 1
                switch random.next() % 10 {
                case 0:
                    flushID += 1
                    waitingFlushes.insert(flushID)
                    perform(machine.handle(.flush(id: flushID)))
                case 1 where random.next() % 8 == 0:
                    flushID += 1
                    waitingFlushes.insert(flushID)
                    cancelled = true
                    perform(machine.handle(.cancel(id: flushID)))
                default:
                    let value = Int(random.next() % 4)
                    values[nextTicket] = value
                    if machine.accepts(sequence: nil) { lastAccepted = value }
                    perform(machine.handle(.submit(nextTicket, sequence: nil)))
                    nextTicket += 1
                }
                continue
            }
            let job = jobs.remove(at: Int(random.next() % UInt64(jobs.count)))
            let fails = random.next() % 12 == 0
            if fails { failuresSinceSuccess += 1 }
            guard case .perform(let action) = job else {
                if case .report(let event) = job {
                    if case .prepared = event { preparing -= 1 }
                    perform(machine.handle(event))
                }
                continue
            }
            switch action {
            case .openSession:
                // After a folder sync that failed, the file may hold what is not durable: the
                // session's first write is made whatever it holds.
                if !fails { base = renameUnsynced ? nil : disk }
                jobs.append(.report(.sessionOpened(succeeded: !fails)))
            case .prepare(let ticket):
                guard let value = values.removeValue(forKey: ticket), !fails else {
                    jobs.append(.report(.prepared(ticket, .failed)))
                    continue
                }
                if value == base {
                    jobs.append(.report(.prepared(ticket, .unchanged)))
                } else {
                    base = value
                    newestPrepared = ticket
                    preparedValue[ticket] = value
                    jobs.append(.report(.prepared(ticket, .written(mustCommit: false))))
                }
            case .synchronize(let ticket):
                if fails, newestPrepared == ticket {
                    base = nil
                    newestPrepared = nil
                }
                jobs.append(.report(.synced(ticket, succeeded: !fails)))
            case .rename(let ticket):
                if fails {
                    if newestPrepared == ticket {
                        base = nil
                        newestPrepared = nil
                    }
                } else {
                    disk = preparedValue[ticket]
                }
                jobs.append(.report(.renamed(ticket, succeeded: !fails)))
            case .synchronizeFolder(let ticket):
                if fails {
                    renameUnsynced = true
                    if newestPrepared == ticket {
                        base = nil
                        newestPrepared = nil
                    }
                } else {
                    renameUnsynced = false
                    durable = disk
                }
                jobs.append(.report(.folderSynced(ticket, succeeded: !fails)))
            case .giveUp(let ticket):
                jobs.append(.report(.gaveUp(ticket)))
            case .closeSession:
                jobs.append(.report(.sessionClosed))
            default:
                problems.append("unexpected job \(action)")
            }
        }
        // At rest: every flush was answered, and the last value accepted is on disk unless the
        // last write failed or a cancel dropped it.
        if !machine.isIdle { problems.append("not at rest with no job left") }
        if !waitingFlushes.isEmpty { problems.append("flushes never answered: \(waitingFlushes.sorted())") }
        flushID += 1
        let actions = machine.handle(.flush(id: flushID))
        guard case .resumeFlushed(_, let failed)? = actions.last else {
            problems.append("a flush at rest was not answered at once")
            return problems
        }
        if !failed && !cancelled && durable != lastAccepted {
            problems.append(
                "at rest with no failure, the disk holds \(String(describing: durable)), not \(String(describing: lastAccepted))"
            )
        }
        return problems
    }

    @Test("every interleaving tried keeps latest-wins, no lost flush, no write after a cancel, renames in order")
    func modelCheck() {
        var failures: [String] = []
        for seed in UInt64(1)...3_000 {
            let problems = Self.explore(seed: seed, events: 40)
            if !problems.isEmpty { failures.append("seed \(seed): \(problems.joined(separator: "; "))") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}
