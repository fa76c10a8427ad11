import SceneStore
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Launches

extension CrashLoopGuard {
    /// A launch of the app, whose end the guard records so that the next launch can tell a crash
    /// from an end that is not one.
    ///
    /// A guarded restore writes its launch's ID into its marker and, before the restore is
    /// applied, opens the launch's record, `launch-<id>.end` beside the markers. How the process
    /// ends is written there:
    ///
    /// - a fatal signal (a Swift runtime trap, `abort()`, a bad access, a stack overflow) writes
    ///   `crash`, from a signal handler installed with `sigaction` on an alternate signal stack
    ///   that makes only async-signal-safe calls and then hands the signal, with its own
    ///   `siginfo_t` and context, to the handler that was there before (a crash reporter's, the
    ///   Swift runtime's backtracer), or lets it end the process with the default action, as
    ///   crash reporters chain;
    /// - a normal exit (`exit`, a Mac app's Quit, returning from `main`) writes `exit`;
    /// - when the restored screen has shown (``SceneLife`` notes it: the launch settled with the
    ///   scene in the foreground, or the scene left `.active` after it was active with the
    ///   restore), the launch writes `shown`, under any `crash` or `exit` written later;
    /// - SIGKILL writes nothing: the system's watchdog, memory pressure (jetsam), Xcode's Stop, the
    ///   user's flick in the app switcher and the end of a suspended app all send it, and no code
    ///   runs.
    ///
    /// The next restore of the value reads the record of the launch its marker names: a crash is
    /// counted at once; an exit never; an end with nothing written after the restored screen
    /// showed (`shown`: the app switcher, Xcode's Stop once the screen was up) never, and it ends a
    /// row of unexplained ends; an end with nothing written at all (or no record: killed before
    /// the restored screen could show, as the watchdog kills a launch that hangs) only when it
    /// repeats, two launches in a row. A launch whose scene went to the background marked its
    /// restore healthy then (the scene going to the background), so its later end is never
    /// looked at.
    ///
    /// The app's launch is ``current``. A simulator of launches (the testing kit's) makes one per
    /// simulated process with ``init(simulatedID:)`` and writes its end with ``record(_:in:)``.
    package struct Process: Sendable, Hashable {
        /// The launch's ID: `<milliseconds since 1970>-<process ID>` for a process.
        package let id: String
        /// Whether this is the running process's launch, whose end its handlers record.
        let isProcess: Bool

        /// How a launch ended, as its record says.
        package enum End: String, Sendable, Hashable, CaseIterable {
            /// A fatal signal: counted at once.
            case crashed = "crash"
            /// A normal exit: never counted.
            case exited = "exit"
        }

        /// The running process's launch.
        package static let current = Process(
            id: "\(Int64(Date().timeIntervalSince1970 * 1000))-\(Platform.processID)", isProcess: true)

        /// A simulated launch, for tests of launches in one process: nothing is installed, and its
        /// end is what ``record(_:in:)`` writes (nothing, as SIGKILL writes, until then, or that
        /// its restored screen showed once a persistence notes it).
        /// - Parameter id: The launch's ID: letters, digits, `-` and `_`.
        package init(simulatedID id: String) {
            self.init(id: id, isProcess: false)
        }

        private init(id: String, isProcess: Bool) {
            self.id = id
            self.isProcess = isProcess
        }

        /// Writes how a simulated launch ended into its record in an app's store. A store with no
        /// markers' folder had no guarded restore, so nothing reads the record: nothing is written.
        /// - Parameters:
        ///   - end: How it ended.
        ///   - store: The app's store.
        /// - Throws: ``/SceneStore/SceneStoreError/cannotWrite(path:errno:)`` when the record cannot be written.
        package func record(_ end: End, in store: StateStore) throws(SceneStoreError) {
            try Marker.store(of: store).replaceRecord(
                named: LaunchRecords.fileName(of: id), with: Array((end.rawValue + "\n").utf8))
        }
    }
}

// MARK: - Records

/// What a launch's record says: how it ended (``CrashLoopGuard/Process/End``), or that its
/// restored screen showed and nothing was written after (an end with no code run: SIGKILL after
/// the screen showed). Stronger ends are written over weaker ones, never the other way: a crash
/// over an exit over `shown` over nothing.
enum RecordedEnd: String, Sendable, Hashable, CaseIterable {
    /// A fatal signal.
    case crashed = "crash"
    /// A normal exit.
    case exited = "exit"
    /// The restored screen showed; the end, if the launch is over, wrote nothing.
    case shown

    init(_ end: CrashLoopGuard.Process.End) {
        switch end {
        case .crashed: self = .crashed
        case .exited: self = .exited
        }
    }
}

/// The records of launches: where they are, how to read one, and the running process's, written by
/// its signal handler, at exit, and when its restored screen shows.
enum LaunchRecords {
    static func fileName(of id: String) -> String { "launch-\(id).end" }

    /// What a launch's record in `folder` says: nil when nothing was written (a SIGKILL before
    /// the restored screen showed, or no record).
    static func end(of id: String, in folder: String) -> RecordedEnd? {
        guard let bytes = Platform.prefix(of: folder + "/" + fileName(of: id)) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return RecordedEnd(rawValue: text)
    }

    /// Begins recording a launch's end in `folder` (the markers' folder, which exists by then):
    /// for the running process, opens its record once per folder and installs the handlers once;
    /// for a simulated launch, makes an empty record. As it opens a record, it removes the oldest
    /// records beyond the newest 16 (a marker whose record is gone reads its launch's end as
    /// nothing recorded, as SIGKILL's). A process records in at most 16 stores' folders; in any
    /// further one, its end reads as nothing recorded too.
    static func begin(_ launch: CrashLoopGuard.Process, in markers: StateStore) {
        let folder = markers.scenesFolder
        let path = folder + "/" + fileName(of: launch.id)
        if launch.isProcess {
            opened.withLock { opened in
                guard opened.slots[folder] == nil, opened.slots.count < capacity else { return }
                let descriptor = Platform.openForRecording(path)
                // Tried again at the next restore.
                guard descriptor >= 0 else { return }
                let slot = opened.slots.count
                let recording = LaunchRecords.recording
                recording.descriptors[slot] = descriptor
                recording.pointee.count.store(slot + 1, ordering: .releasing)
                opened.slots[folder] = slot
                removeOld(in: folder, keeping: fileName(of: launch.id))
                guard !opened.installed else { return }
                opened.installed = true
                Platform.installFatalSignalHandlers {
                    LaunchRecords.recording.pointee.ended.store(
                        LaunchRecords.crashed, ordering: .sequentiallyConsistent)
                    LaunchRecords.writeEnd(LaunchRecords.crashed)
                }
                // An exit after a crash (a crash reporter that exits) leaves the crash recorded.
                Platform.atExit {
                    guard
                        LaunchRecords.recording.pointee.ended.compareExchange(
                            expected: 0, desired: LaunchRecords.exited, ordering: .sequentiallyConsistent
                        ).exchanged
                    else { return }
                    LaunchRecords.writeEnd(LaunchRecords.exited)
                }
            }
        } else if Platform.prefix(of: path) == nil {
            // Not written: a record that cannot be made reads as nothing written, as SIGKILL's.
            _ = try? markers.replaceRecord(named: fileName(of: launch.id), with: [])
            removeOld(in: folder, keeping: fileName(of: launch.id))
        }
    }

    /// Notes in a launch's record in `folder` that its restored screen showed, once: for the
    /// running process, a `pwrite` into its open record (not synced: it has to outlive the
    /// process, not a power cut); for a simulated launch, the record's file. Never over an end
    /// already written.
    static func noteShown(_ launch: CrashLoopGuard.Process, in markers: StateStore) {
        let folder = markers.scenesFolder
        guard launch.isProcess else {
            let path = folder + "/" + fileName(of: launch.id)
            if Platform.prefix(of: path)?.isEmpty ?? true {
                _ = try? markers.replaceRecord(named: fileName(of: launch.id), with: Array("shown\n".utf8))
            }
            return
        }
        opened.withLock { opened in
            guard let slot = opened.slots[folder], opened.shown.insert(folder).inserted else { return }
            let descriptor = recording.descriptors[slot]
            let shown: StaticString = "shown\n"
            Platform.record(
                UnsafeRawBufferPointer(start: shown.utf8Start, count: shown.utf8CodeUnitCount), into: descriptor)
            // An end recorded meanwhile (another thread's crash) may have been written before
            // `shown`: written again after it. One recorded later is written after `shown` anyway:
            // its handler stores the end before it writes.
            let ended = recording.pointee.ended.load(ordering: .sequentiallyConsistent)
            if ended != 0 { writeEnd(ended) }
        }
    }

    /// Keeps the 16 newest records (by their IDs' time) and the one being made.
    private static func removeOld(in folder: String, keeping current: String) {
        let records = Platform.names(in: folder).filter { $0.hasPrefix("launch-") && $0.hasSuffix(".end") }
        guard records.count > 16 else { return }
        func time(_ name: String) -> Int64 { Int64(name.dropFirst(7).prefix { $0 != "-" }) ?? 0 }
        for name in records.sorted(by: { time($0) > time($1) }).dropFirst(16) where name != current {
            Platform.remove(folder + "/" + name)
        }
    }

    /// Writes an end (``crashed`` or ``exited``) at the start of every open record: from the
    /// signal handler or at exit, so only atomic loads, reads of the recording's block, and
    /// `pwrite` of static bytes.
    private static func writeEnd(_ end: Int) {
        let crash: StaticString = "crash\n"
        let exit: StaticString = "exit\n"
        let text = end == crashed ? crash : exit
        let bytes = UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        let recording = LaunchRecords.recording
        let open = recording.pointee.count.load(ordering: .acquiring)
        for slot in 0..<open { Platform.record(bytes, into: recording.descriptors[slot]) }
    }

    /// The values of ``Recording/ended``: computed, so the handlers read no lazily initialised static.
    private static var exited: Int { 1 }
    private static var crashed: Int { 2 }

    /// What the signal and exit handlers read, in one block made before either is installed
    /// (``recording``): how the process ended so far, and the open records, whose descriptors
    /// follow it in the block.
    struct Recording: ~Copyable {
        /// 0 while the process runs, then ``exited`` or ``crashed``; a crash is stored over an
        /// exit, never the other way.
        let ended = Atomic<Int>(0)
        /// How many descriptors follow, open.
        let count = Atomic<Int>(0)
    }

    /// How many folders the running process records in, at most.
    private static let capacity = 16

    /// The folders the running process records in, by their descriptor's slot; those whose
    /// record says `shown`; and whether the handlers are installed.
    private struct Opened {
        var slots: [String: Int] = [:]
        var shown: Set<String> = []
        var installed = false
    }
    private static let opened = Mutex(Opened())

    /// The recording's block: made at the first restore, before the handlers are installed.
    nonisolated(unsafe) private static let recording: UnsafeMutablePointer<Recording> = {
        let header = MemoryLayout<Recording>.stride
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: header + capacity * MemoryLayout<Int32>.stride, alignment: MemoryLayout<Recording>.alignment)
        (block + header).bindMemory(to: Int32.self, capacity: capacity).initialize(repeating: -1, count: capacity)
        let recording = block.bindMemory(to: Recording.self, capacity: 1)
        recording.initialize(to: Recording())
        return recording
    }()
}

extension UnsafeMutablePointer where Pointee == LaunchRecords.Recording {
    /// The open records' descriptors, after the recording in its block.
    fileprivate var descriptors: UnsafeMutablePointer<Int32> {
        UnsafeMutableRawPointer(self + 1).assumingMemoryBound(to: Int32.self)
    }
}
