import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One hold of a scene's lock by a ``ValueWriter``, and the steps of its writes: each step a few
/// system calls, taken in the order the writer's ``WriterMachine`` gives them.
///
/// Each write is the durable atomic replace of every file of the store (``DurableWrite``), its steps
/// taken one by one: temporary file (`O_EXCL`, the file's mode), every byte, `fsync`, checked
/// close, rename, `fsync` of the folder. Two writes may be in flight: while one's temporary file is synced, the next is
/// written and synced into a temporary file of its own (the second name), and the renames follow
/// the order of the values.
///
/// `@unchecked Sendable`: the machine never orders two prepares at once, nor a step of a write
/// before the step it follows, nor a close while a write is in flight; what a prepare, a rename
/// and a failure share (the entries, the file as found) is touched under `shared`, and a sync
/// touches its own write's descriptor only.
final class SceneWriteSession: @unchecked Sendable {
    private let shared = Mutex(())
    let store: StateStore
    let scene: SceneID
    private let directory: Int32
    private let lock: SceneLock
    /// The entries of the file as it will be once every prepared write is in place (empty: no
    /// file), and its mode.
    private var entries: [String: StoredDocument.Entry]
    /// The write `entries` are of, while it is in flight.
    private var newest: Prepared?
    /// Whether the next write is made whatever it holds: the newest write failed, so what the
    /// file will hold is not known (an older write may still be renamed).
    private var mustWrite = false
    private var mode: UInt32
    /// The file as found when the lock was taken, until a write replaces it: the one a copy is
    /// kept of. Its document is nil when this store wrote it as text.
    private var found: (pieces: [[UInt8]], status: FileStatus, document: StoredDocument?)?
    /// Where a corrupt file in the scene's place was moved when the lock was taken.
    let movedAsidePath: String?
    /// The steps of each write, in the scenes folder.
    private var write: DurableWrite { store.durableWrite(of: StateStore.fileName(for: scene), in: directory) }

    /// What a change sets: the writer's value and its companions.
    enum Value {
        /// A JSON value written as text.
        case text(JSONText)
        /// A value, or nil to remove the key.
        case value(SceneValue?)
    }

    /// A write whose temporary file is written.
    final class Prepared: @unchecked Sendable {
        /// The file's bytes as pieces, in order, and its entries; nil for a removal of the file.
        let pieces: [[UInt8]]?
        let entries: [String: StoredDocument.Entry]
        /// The temporary file's name and descriptor (open until synced).
        let temporary: String
        var descriptor: Int32?
        /// Where a copy of the file was kept before this write, if one was.
        let keptAsidePath: String?

        init(
            pieces: [[UInt8]]?, entries: [String: StoredDocument.Entry], temporary: String, descriptor: Int32?,
            keptAsidePath: String?
        ) {
            self.pieces = pieces
            self.entries = entries
            self.temporary = temporary
            self.descriptor = descriptor
            self.keptAsidePath = keptAsidePath
        }
    }

    /// Takes the scene's lock (making the scenes folder if needed) and looks at its file: a corrupt
    /// one is moved aside first, as every write does.
    /// - Parameters:
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - mustWrite: Whether the first write is made whatever it holds: the folder sync after the
    ///     writer's last rename failed, so the file may hold a value that a power cut would undo.
    ///   - kept: The lock file the writer's last session kept open (``close()``), if any: the lock
    ///     is taken through it when the lock file's name still leads to it. The session owns it
    ///     from now on: it is closed on every failure, and when it is no longer the lock file.
    /// - Throws: The errors of ``StateStore/update(_:_:)`` before its write.
    init(store: StateStore, scene: SceneID, mustWrite: Bool = false, keeping kept: SceneLock? = nil)
        throws(SceneStoreError)
    {
        self.store = store
        self.scene = scene
        let directory: Int32
        do throws(SceneStoreError) {
            guard let opened = try store.openScenesDirectory(creating: true) else {
                throw .cannotCreateDirectory(path: store.scenesFolder, errno: .enoent)
            }
            directory = opened
        } catch {
            if let kept { try? store.fileSystem.close(kept.descriptor) }
            throw error
        }
        let lock: SceneLock
        do {
            lock = try store.lockScene(scene, in: directory, keeping: kept)
        } catch {
            try? store.fileSystem.close(directory)
            throw error
        }
        var movedAside: String?
        var found: (pieces: [[UInt8]], status: FileStatus, document: StoredDocument?)?
        var entries: [String: StoredDocument.Entry] = [:]
        do throws(SceneStoreError) {
            do throws(SceneStoreError) {
                let path = store.path(for: scene)
                let name = StateStore.fileName(for: scene)
                let looked = try store.statusOfFile(named: name, path: path, in: directory)
                if let looked, let known = store.documents.entry(of: scene, unchangedAs: looked),
                    !known.entries.isEmpty
                {
                    // The file this store's writer left, held open since: unchanged, so its bytes
                    // are those remembered, and nothing is read.
                    entries = known.entries
                    found = (known.pieces, looked, known.document)
                } else if let looked,
                    let (bytes, status) = try store.readVerifiedFile(
                        named: name, path: path, in: directory, looked: looked)
                {
                    if let known = store.documents.entry(of: scene, holding: bytes), !known.entries.isEmpty {
                        // The bytes this store last wrote (compared whole, so another writer's are
                        // always seen): their entries are known, and nothing is parsed.
                        entries = known.entries
                        found = ([bytes], status, known.document)
                    } else {
                        // Read, or remembered only as read: its entries are serialized from its values.
                        let loaded = try store.loaded(bytes, status: status, scene: scene, in: directory)
                        found = ([loaded.bytes], loaded.status, loaded.document)
                        for (key, value) in loaded.document.values { entries[key] = .init(key: key, value: value) }
                    }
                }
            } catch .corrupt {
                movedAside = try store.moveAside(scene, in: directory)
            }
        } catch {
            try? store.fileSystem.close(lock.descriptor)
            try? store.fileSystem.close(directory)
            throw error
        }
        self.directory = directory
        self.lock = lock
        self.found = found
        self.entries = entries
        self.mode = found?.status.permissions ?? 0o600
        self.movedAsidePath = movedAside
        self.mustWrite = mustWrite
        // A second temporary file left by a writer that crashed mid-pipeline goes now: only the
        // holder of the lock makes one.
        try? store.fileSystem.unlinkAt(directory, Self.temporaryName(for: scene, slot: 1))
    }

    /// The name of a temporary file: the first is every write's, the second the pipelined one's.
    static func temporaryName(for scene: SceneID, slot: Int) -> String {
        slot == 0 ? StateStore.temporaryName(for: scene) : "." + scene.rawValue + ".json.\(slot).tmp"
    }

    /// Writes the file that setting `values` gives into a temporary file (not synced yet), or
    /// finds that the file holds them already.
    /// - Parameters:
    ///   - values: The values to set, by key (the writer's and its companions').
    ///   - slot: Which temporary file: 0 or 1, one per write in flight.
    ///   - keepAside: Why a copy of the file as found is kept before it is replaced, and whether the
    ///     document found calls for one; nil for none.
    /// - Returns: The write, or nil when nothing changes.
    func prepare(
        _ values: [String: Value], slot: Int,
        keepAside: (reason: KeptAsideFile.Reason, shouldKeep: (StoredDocument) -> Bool)?
    ) throws(SceneStoreError) -> Prepared? {
        // What the file will hold is worked out under the lock; its bytes are written outside it,
        // so that the older write's rename does not wait for them.
        let prepared = try shared.withLock { (_: inout ()) throws(SceneStoreError) -> Prepared? in
            try prepareHoldingLock(values, slot: slot, keepAside: keepAside)
        }
        guard let prepared, let pieces = prepared.pieces else { return prepared }
        do throws(SceneStoreError) {
            prepared.descriptor = try write.begin(prepared.temporary, pieces: pieces, mode: mode).descriptor
        } catch {
            failed(prepared)
            throw error
        }
        return prepared
    }

    private func prepareHoldingLock(
        _ values: [String: Value], slot: Int,
        keepAside: (reason: KeptAsideFile.Reason, shouldKeep: (StoredDocument) -> Bool)?
    ) throws(SceneStoreError) -> Prepared? {
        let path = store.path(for: scene)
        var next = entries
        for (key, value) in values {
            switch value {
            case .text(let text): next[key] = .init(key: key, text: text)
            case .value(nil): next[key] = nil
            case .value(.some(let value)):
                if case .json(let json) = value, json.nestingDepth(exceeding: store.settings.maximumDepth - 3) {
                    throw .documentTooDeep(
                        path: path, depth: 3 + json.nestingDepth, limit: store.settings.maximumDepth)
                }
                next[key] = .init(key: key, value: value)
            }
            if let entry = next[key], entry.depth > store.settings.maximumDepth {
                throw .documentTooDeep(path: path, depth: entry.depth, limit: store.settings.maximumDepth)
            }
        }
        // Compared as bytes: the same values always serialize to the same bytes.
        if !mustWrite, next.count == entries.count,
            next.allSatisfy({ key, entry in entries[key].map { Platform.sameBytes($0.bytes, entry.bytes) } ?? false })
        {
            return nil
        }
        var pieces: [[UInt8]]?
        if !next.isEmpty {
            // The file as pieces, its values' entries uncopied: written by one gathered write.
            let assembled = StoredDocument(scene: scene, savedAt: store.savedAtNow(), values: [:]).encodedPieces(
                entries: next)
            let size = assembled.reduce(0) { $0 + $1.count }
            guard size <= store.settings.maximumFileSize else {
                throw .documentTooLarge(path: path, size: size, limit: store.settings.maximumFileSize)
            }
            pieces = assembled
        }
        var keptAside: String?
        if let keepAside, let found {
            let bytes = Array(found.pieces.joined())
            let document: StoredDocument
            if let known = found.document {
                document = known
            } else {
                document = try store.decodeDocument(bytes, scene: scene, path: path)
            }
            if keepAside.shouldKeep(document) {
                keptAside = try store.keepCopy(
                    of: StateStore.LoadedFile(document: document, status: found.status, bytes: bytes),
                    scene: scene, reason: keepAside.reason, in: directory)
            }
        }
        entries = next
        mustWrite = false
        let prepared = Prepared(
            pieces: pieces, entries: next, temporary: Self.temporaryName(for: scene, slot: slot), descriptor: nil,
            keptAsidePath: keptAside)
        newest = prepared
        return prepared
    }

    /// A write failed (its temporary file, its sync or its rename): when it was the newest, the next write is made
    /// whatever it holds. Its entries stay the base of the next: the scene's other values are
    /// what the file holds (the lock is ours), and the writer's own are set anew by every write.
    func failed(_ prepared: Prepared) {
        shared.withLock { _ in
            guard newest === prepared else { return }
            mustWrite = true
            newest = nil
        }
    }

    /// Syncs a write's temporary file and closes it. A failure removes the temporary file.
    /// - Throws: ``SceneStoreError/cannotWrite(path:errno:)``.
    func synchronize(_ prepared: Prepared) throws(SceneStoreError) {
        guard let descriptor = prepared.descriptor else { return }
        prepared.descriptor = nil
        try write.seal(.init(temporary: prepared.temporary, descriptor: descriptor))
    }

    /// Renames a synced write into place (or removes the file, for a write that leaves no value),
    /// and remembers the file's bytes for the next write.
    /// - Throws: ``SceneStoreError/cannotWrite(path:errno:)`` or ``SceneStoreError/cannotRemove(path:errno:)``.
    func rename(_ prepared: Prepared) throws(SceneStoreError) {
        guard let pieces = prepared.pieces else {
            try store.removeSiblingRecords(of: scene)
            store.documents.forget(scene)
            do throws(Errno) {
                try store.fileSystem.unlinkAt(directory, StateStore.fileName(for: scene))
            } catch {
                throw .cannotRemove(path: store.path(for: scene), errno: error)
            }
            shared.withLock { _ in found = nil }
            return
        }
        try write.commit(prepared.temporary)
        // The file as found is replaced: no copy of it is kept from now on.
        shared.withLock { _ in found = nil }
        // Held open under the lock, right after the rename, so the next write need not read it back.
        let held = DocumentCache.HeldFile(StateStore.fileName(for: scene), in: directory, fileSystem: store.fileSystem)
        store.documents.remember(
            .init(pieces: pieces, document: nil, entries: prepared.entries, held: held), for: scene)
    }

    /// Syncs the folder after a rename (after a removal only when the store's removals are durable).
    /// - Throws: ``SceneStoreError/cannotWrite(path:errno:)``.
    func synchronizeFolder(after prepared: Prepared) throws(SceneStoreError) {
        guard prepared.pieces == nil else { return try write.synchronizeFolder() }
        guard store.settings.durableRemovals else { return }
        do throws(Errno) {
            try store.fileSystem.synchronize(directory)
        } catch {
            throw .cannotRemove(path: store.path(for: scene), errno: error)
        }
    }

    /// Gives a synced write up for a newer one: its temporary file goes, the scene's file stays.
    func giveUp(_ prepared: Prepared) {
        if let descriptor = prepared.descriptor { try? store.fileSystem.close(descriptor) }
        prepared.descriptor = nil
        if prepared.pieces != nil { try? store.fileSystem.unlinkAt(directory, prepared.temporary) }
    }

    /// Lets go of the lock, and keeps the lock file open for the writer's next session.
    /// - Returns: The lock file, open and not locked, which the caller owns; nil when the lock could
    ///   be let go only by closing the file.
    func close() -> SceneLock? {
        try? store.fileSystem.close(directory)
        do throws(Errno) {
            try store.fileSystem.unlock(lock.descriptor)
            return lock
        } catch {
            try? store.fileSystem.close(lock.descriptor)  // closing releases the flock
            return nil
        }
    }
}
