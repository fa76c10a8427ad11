/// Every decision of a ``ValueWriter``, as a pure type: fed the events of its writes (a value
/// submitted, a step done or failed, a flush or a cancel asked for), it returns the actions to
/// perform (open the scene's lock, write a temporary file, sync it, rename it, give it up, wake
/// whom). It does no I/O and holds no value, only the tickets that name them, so it is tested as a
/// table and against a reference model, and `ValueWriter` only performs what it returns.
///
/// Writes are pipelined (group commit): while one write's temporary file is synced, the next
/// value is written and synced into a temporary file of its own, and the renames happen in the
/// order the values were taken. A write whose sync ends while a newer write has its own temporary
/// file is given up before its rename (at most ``mayGiveUp`` in a row), so the newest state is
/// durable about one write after it arrives, never behind two.
struct WriterMachine {
    /// A value, by the order it was submitted in.
    typealias Ticket = UInt64

    /// How many writes may be in flight at once: one syncing while the next is written and synced.
    /// The rules below are made for two (a write rides only on the one just before it).
    static let depth = 2

    /// How many values a session takes before it lets the scene's lock go (once its writes in
    /// flight have ended) and takes it again: a steady stream of values does not keep the scene
    /// from other writers, in this process or another.
    static let valuesPerSession = 8

    /// How many writes in a row may be given up for a newer one before one is carried out whatever
    /// comes: a steady stream of changes still makes a state durable every few writes.
    static let mayGiveUp = 3

    /// Where a write is.
    enum Stage: Equatable {
        /// Its value is taken; its temporary file is being written.
        case preparing
        /// Its temporary file is written and being synced.
        case syncing
        /// Its temporary file is synced; it waits for its turn to be renamed (or given up).
        case synced
        /// Its temporary file is being renamed into place.
        case renaming
        /// Renamed; the folder is being synced.
        case syncingFolder
        /// Being given up: its temporary file is being removed.
        case givingUp
        /// Its value was what the file holds (or will hold once the writes before it are in
        /// place): it is durable when they are.
        case riding
    }

    /// A write in flight.
    struct Write: Equatable {
        var ticket: Ticket
        var sequence: UInt64?
        var stage: Stage
        /// Whether it must be carried out, never given up (a copy of the file was kept aside
        /// before it).
        var mustCommit = false
        /// Whether a write before it failed while this one was being prepared or riding: if it
        /// finds nothing to write (it would ride on the write that failed), it fails too.
        var failed = false
    }

    /// What a prepared write found.
    enum Prepared: Equatable {
        /// A temporary file is written; `mustCommit` when it may not be given up.
        case written(mustCommit: Bool)
        /// The value is what the file holds (or will hold): nothing to write.
        case unchanged
        /// It failed: nothing was left behind.
        case failed
    }

    /// What happened.
    enum Event: Equatable {
        /// A value was submitted, with its sequence number if it has one.
        case submit(Ticket, sequence: UInt64?)
        /// Someone waits until every value submitted so far is durable (or failed).
        case flush(id: Int)
        /// Someone waits until no submitted value is waiting to be taken.
        case untilReady(id: Int)
        /// Stop: drop what is not taken, write nothing more; `id` waits for the writes in flight.
        case cancel(id: Int)
        /// The scene's lock is held (or could not be taken, or its file could not be read).
        case sessionOpened(succeeded: Bool)
        case prepared(Ticket, Prepared)
        case synced(Ticket, succeeded: Bool)
        case renamed(Ticket, succeeded: Bool)
        case folderSynced(Ticket, succeeded: Bool)
        /// A write given up: its temporary file removed.
        case gaveUp(Ticket)
        /// The scene's lock is let go.
        case sessionClosed
    }

    /// What to do.
    enum Action: Equatable {
        /// Take the scene's lock and look at its file.
        case openSession
        /// Write the value of a ticket into a temporary file (or find it unchanged).
        case prepare(Ticket)
        /// Sync a write's temporary file.
        case synchronize(Ticket)
        /// Rename a write's temporary file into place.
        case rename(Ticket)
        /// Sync the folder after a write's rename.
        case synchronizeFolder(Ticket)
        /// Remove a write's temporary file: a newer write will be renamed in its place.
        case giveUp(Ticket)
        /// Let go of the scene's lock.
        case closeSession
        /// Forget the value of a ticket that will never be written (replaced or dropped).
        case discard(Ticket)
        /// Wake those waiting for a value to be taken.
        case resumeReady([Int])
        /// Wake those waiting for the writes to end, with whether the last one failed.
        case resumeFlushed([Int], failed: Bool)
    }

    /// Counts, as ``ValueWriter/Statistics`` reports them.
    struct Counts: Equatable {
        var submitted = 0
        var coalesced = 0
        var written = 0
        var unchanged = 0
        var failed = 0
    }

    enum Session: Equatable {
        case closed, opening, open, closing
    }

    private(set) var pending: (ticket: Ticket, sequence: UInt64?)?
    private(set) var writes: [Write] = []
    private(set) var session = Session.closed
    private(set) var cancelled = false
    private(set) var counts = Counts()
    /// Whether the newest write that ended failed: what a flush reports. An older write that ends
    /// later (its folder synced after a newer one failed) does not hide the newer one's failure.
    private(set) var lastFailed = false
    /// The ticket of the newest write that ended: whose error a flush reports when it failed.
    private(set) var lastEnded: Ticket?
    /// How many values the session has taken since the lock was taken.
    private var takenInSession = 0
    /// The sequence number of the last value written or found on disk.
    private(set) var writtenSequence: UInt64?
    private var newestSequence: UInt64?
    private var givenUpInARow = 0
    private var flushWaiters: [Int] = []
    private var readyWaiters: [Int] = []

    /// Whether nothing is pending, in flight or held.
    var isIdle: Bool { pending == nil && writes.isEmpty && session == .closed }

    /// Whether the value submitted with a sequence number would be taken (not older than one
    /// already submitted) and the writer is not cancelled.
    func accepts(sequence: UInt64?) -> Bool {
        guard !cancelled else { return false }
        if let sequence, let newestSequence, sequence <= newestSequence { return false }
        return true
    }

    /// Handles an event: the new state, and the actions to perform, in order.
    mutating func handle(_ event: Event) -> [Action] {
        var actions: [Action] = []
        switch event {
        case .submit(let ticket, let sequence):
            guard accepts(sequence: sequence) else { return [.discard(ticket)] }
            if let sequence { newestSequence = sequence }
            counts.submitted += 1
            if let replaced = pending {
                counts.coalesced += 1
                actions.append(.discard(replaced.ticket))
            }
            pending = (ticket, sequence)
        case .flush(let id):
            flushWaiters.append(id)
        case .untilReady(let id):
            readyWaiters.append(id)
        case .cancel(let id):
            cancelled = true
            if let dropped = pending {
                actions.append(.discard(dropped.ticket))
                pending = nil
            }
            flushWaiters.append(id)
        case .sessionOpened(let succeeded):
            guard succeeded else {
                // The value waiting could not even be taken (no lock, an unreadable file): it goes
                // too, so that the writer comes to rest and a flush reports the failure.
                session = .closed
                if let dropped = pending {
                    actions.append(.discard(dropped.ticket))
                    pending = nil
                    ended(dropped.ticket, failed: true, sequence: dropped.sequence)
                }
                break
            }
            session = .open
            takenInSession = 0
        case .prepared(let ticket, let outcome):
            guard let index = index(of: ticket) else { break }
            switch outcome {
            case .written(let mustCommit):
                writes[index].stage = .syncing
                writes[index].mustCommit = mustCommit
                writes[index].failed = false
                actions.append(.synchronize(ticket))
            case .unchanged:
                writes[index].stage = .riding
            case .failed:
                fail(at: index)
            }
        case .synced(let ticket, let succeeded):
            guard let index = index(of: ticket) else { break }
            if succeeded { writes[index].stage = .synced } else { fail(at: index) }
        case .renamed(let ticket, let succeeded):
            guard let index = index(of: ticket) else { break }
            if succeeded {
                writes[index].stage = .syncingFolder
                actions.append(.synchronizeFolder(ticket))
            } else {
                fail(at: index)
            }
        case .folderSynced(let ticket, let succeeded):
            guard let index = index(of: ticket) else { break }
            if succeeded {
                let write = writes.remove(at: index)
                counts.written += 1
                ended(write.ticket, failed: false, sequence: write.sequence)
            } else {
                fail(at: index)
            }
        case .gaveUp(let ticket):
            guard let index = index(of: ticket) else { break }
            writes.remove(at: index)
            counts.coalesced += 1
            givenUpInARow += 1
        case .sessionClosed:
            session = .closed
        }
        advance(into: &actions)
        return actions
    }

    private func index(of ticket: Ticket) -> Int? { writes.firstIndex { $0.ticket == ticket } }

    /// Records how a write ended: what a flush reports, unless a newer one has ended already.
    private mutating func ended(_ ticket: Ticket, failed: Bool, sequence: UInt64?) {
        if failed { counts.failed += 1 }
        guard lastEnded.map({ ticket >= $0 }) ?? true else { return }
        lastEnded = ticket
        lastFailed = failed
        if !failed { writtenSequence = sequence }
    }

    /// A write failed: it leaves nothing behind, and the writes that ride on it are not durable.
    private mutating func fail(at index: Int) {
        let write = writes.remove(at: index)
        ended(write.ticket, failed: true, sequence: write.sequence)
        // The writes after it that have no file of their own (riding, or still being prepared
        // on top of it) are not durable by it.
        var next = index
        while next < writes.count, [.riding, .preparing].contains(writes[next].stage) {
            writes[next].failed = true
            next += 1
        }
    }

    /// What follows from the state: the next steps of the writes, the session, and the waiters.
    private mutating func advance(into actions: inout [Action]) {
        while true {
            let before = actions.count
            step(into: &actions)
            if actions.count == before { break }
        }
        if pending == nil, !readyWaiters.isEmpty {
            actions.append(.resumeReady(readyWaiters))
            readyWaiters = []
        }
        if isIdle, !flushWaiters.isEmpty {
            actions.append(.resumeFlushed(flushWaiters, failed: lastFailed))
            flushWaiters = []
        }
    }

    /// One step, if one can be taken.
    private mutating func step(into actions: inout [Action]) {
        // Writes that ride on others end once every write before them has.
        if let first = writes.first, first.stage == .riding {
            writes.removeFirst()
            if !first.failed { counts.unchanged += 1 }
            ended(first.ticket, failed: first.failed, sequence: first.sequence)
            step(into: &actions)
            return
        }
        switch session {
        case .closed:
            if pending != nil, !cancelled {
                session = .opening
                actions.append(.openSession)
            }
            return
        case .opening, .closing:
            return
        case .open:
            break
        }
        // Rename the oldest write not yet renamed, once synced, or give it up for a newer one
        // that has a temporary file of its own.
        if let index = writes.firstIndex(where: { $0.stage != .syncingFolder }), writes[index].stage == .synced,
            writes[..<index].allSatisfy({ $0.stage == .syncingFolder })
        {
            let newerHasFile = writes[(index + 1)...].contains { [.syncing, .synced].contains($0.stage) }
            if newerHasFile, !writes[index].mustCommit, givenUpInARow < Self.mayGiveUp {
                writes[index].stage = .givingUp
                actions.append(.giveUp(writes[index].ticket))
            } else {
                writes[index].stage = .renaming
                givenUpInARow = 0
                actions.append(.rename(writes[index].ticket))
            }
            return
        }
        // Take the newest value, when no write is being prepared and there is room.
        if let next = pending, !cancelled, writes.count < Self.depth, takenInSession < Self.valuesPerSession,
            !writes.contains(where: { $0.stage == .preparing })
        {
            pending = nil
            takenInSession += 1
            writes.append(Write(ticket: next.ticket, sequence: next.sequence, stage: .preparing))
            actions.append(.prepare(next.ticket))
            return
        }
        if writes.isEmpty, pending == nil || cancelled || takenInSession >= Self.valuesPerSession {
            session = .closing
            actions.append(.closeSession)
        }
    }
}
