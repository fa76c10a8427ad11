#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Writing

extension StateStore {
    /// Reads a scene's values, lets `body` change them, and writes the result durably, all under
    /// the scene's exclusive lock, so concurrent updates from any process are never lost.
    ///
    /// When the values come out unchanged, nothing is written; when none is left, the scene's file
    /// is removed (a scene without values has no file). When the file in the scene's place is
    /// corrupt, it is first moved aside to `<scene>.corrupt-<time>.json`, and the update starts
    /// from no values.
    ///
    /// - Parameters:
    ///   - scene: The scene.
    ///   - body: Changes the values by key.
    /// - Returns: What was written, and where a corrupt file was moved.
    /// - Throws: ``SceneStoreError/newerFormat(path:format:supported:)``,
    ///   ``SceneStoreError/notARegularFile(path:kind:)``, ``SceneStoreError/fileTooLarge(path:size:limit:)`` and
    ///   ``SceneStoreError/cannotRead(path:errno:)`` leave the file untouched;
    ///   ``SceneStoreError/cannotCreateDirectory(path:errno:)``, ``SceneStoreError/cannotLock(path:errno:)`` and
    ///   ``SceneStoreError/cannotWrite(path:errno:)`` leave the previous file byte-identical; or what `body` throws.
    @discardableResult
    package func updateValues(
        _ scene: SceneID, _ body: (inout [String: SceneValue]) throws(SceneStoreError) -> Void
    ) throws(SceneStoreError) -> WriteOutcome {
        try update(scene, creating: true, body)
    }

    /// Updates a scene as ``update(_:_:)`` does, and keeps a copy of its file aside first, in the
    /// same hold of the scene's lock, when `shouldKeep` asks for one: for replacing a value that the
    /// caller cannot read back whole without losing it. The copy is made only when the file is
    /// about to change, and not again when the newest copy of the reason holds the same bytes.
    ///
    /// - Parameters:
    ///   - scene: The scene.
    ///   - reason: Why the copy is kept, such as ``KeptAsideFile/Reason/invalid``.
    ///   - shouldKeep: Whether the document found calls for a copy.
    ///   - body: Changes the values by key.
    /// - Returns: What was written, where a corrupt file was moved, and where a copy was kept.
    /// - Throws: The errors of ``update(_:_:)``; ``SceneStoreError/invalidArgument(_:reason:)`` for
    ///   the reason ``KeptAsideFile/Reason/corrupt``.
    @discardableResult
    package func update(
        _ scene: SceneID, keepingAside reason: KeptAsideFile.Reason, if shouldKeep: (StoredDocument) -> Bool,
        _ body: (inout [String: SceneValue]) throws(SceneStoreError) -> Void
    ) throws(SceneStoreError) -> WriteOutcome {
        guard reason != .corrupt else {
            throw .invalidArgument(reason.rawValue, reason: "corrupt files are moved aside by writes, not copied")
        }
        return try update(scene, creating: true, keepingAside: reason, if: shouldKeep, body)
    }

    /// Updates a scene as ``update(_:_:)`` does, with two more things a tool that stores a value on
    /// request needs, in the same hold of the scene's lock: a copy of the file as it was, kept aside
    /// first for the reason `keepAside` gives for the document found (nil for none; asked only when
    /// the values change), and, with `dating`, a file whose values come out unchanged written all
    /// the same at the store's current time, so that its save time says it was saved now.
    ///
    /// - Parameters:
    ///   - scene: The scene.
    ///   - dating: Whether a scene whose values come out unchanged is saved again at the current time.
    ///   - keepAside: Why the document found is to be kept aside before it is replaced, or nil.
    ///   - body: Changes the values by key.
    /// - Returns: What was written, where a corrupt file was moved, and where a copy was kept.
    /// - Throws: The errors of ``update(_:_:)``; ``SceneStoreError/invalidArgument(_:reason:)``
    ///   when `keepAside` gives the reason ``KeptAsideFile/Reason/corrupt`` (nothing is written).
    @discardableResult
    package func update(
        _ scene: SceneID, dating: Bool, keepingAside keepAside: (StoredDocument) -> KeptAsideFile.Reason?,
        _ body: (inout [String: SceneValue]) throws(SceneStoreError) -> Void
    ) throws(SceneStoreError) -> WriteOutcome {
        try update(scene, creating: true, dating: dating, keepingAside: keepAside, body)
    }

    /// Moves a scene's save time to now without changing its values, durably and under the
    /// scene's lock: for a save that was asked for and found its values stored already, so that
    /// what goes by the save time (such as ``prune(before:)``) knows the state is current.
    /// The file is rewritten whole (atomically, as every write); a scene without a file is left
    /// without one.
    ///
    /// - Parameter scene: The scene.
    /// - Returns: Whether the scene had a file, now saved at the store's current time.
    /// - Throws: The errors of ``update(_:_:)``, with the file untouched; a corrupt file is an error
    ///   here (``SceneStoreError/corrupt(path:reason:)``) and stays where it is.
    @discardableResult
    package func confirm(_ scene: SceneID) throws(SceneStoreError) -> Bool {
        // Looked for before locking, so a scene that is not there does not get a lock file.
        guard let directory = try openScenesDirectory(creating: false) else { return false }
        defer { try? fileSystem.close(directory) }
        do throws(Errno) {
            _ = try fileSystem.statusAt(directory, Self.fileName(for: scene))
        } catch .enoent {
            return false
        } catch {
            throw .cannotRead(path: path(for: scene), errno: error)
        }
        let confirmed = try withExclusiveLock(on: scene, creating: false) { (directory) throws(SceneStoreError) in
            guard let existing = try load(scene, in: directory) else { return false }
            return try apply(dated(existing, scene: scene), over: existing, scene: scene, in: directory) == .changed
        }
        return confirmed ?? false
    }

    /// An update that, when `creating` is false and the scenes folder does not exist, does nothing
    /// (for removals: without a folder there is nothing to remove).
    func update(
        _ scene: SceneID, creating: Bool, keepingAside reason: KeptAsideFile.Reason? = nil,
        if shouldKeep: (StoredDocument) -> Bool = { _ in false },
        _ body: (inout [String: SceneValue]) throws(SceneStoreError) -> Void
    ) throws(SceneStoreError) -> WriteOutcome {
        try update(
            scene, creating: creating, dating: false,
            keepingAside: { document in reason.flatMap { shouldKeep(document) ? $0 : nil } }, body)
    }

    /// The update every other one is: `keepAside` says, for the document found, why a copy of it is
    /// kept before the values change (nil: none); `dating` writes a file whose values come out
    /// unchanged at the current time all the same.
    func update(
        _ scene: SceneID, creating: Bool, dating: Bool,
        keepingAside keepAside: (StoredDocument) -> KeptAsideFile.Reason?,
        _ body: (inout [String: SceneValue]) throws(SceneStoreError) -> Void
    ) throws(SceneStoreError) -> WriteOutcome {
        let path = path(for: scene)
        let outcome = try withExclusiveLock(on: scene, creating: creating) {
            (directory) throws(SceneStoreError) in
            var movedAside: String?
            var existing: LoadedFile?
            do throws(SceneStoreError) {
                existing = try load(scene, in: directory)
            } catch .corrupt {
                movedAside = try moveAside(scene, in: directory)
            }
            let before = existing?.document.values
            var values = before ?? [:]
            try body(&values)
            // Checked against the limits before any copy is made: a refused write leaves nothing.
            var change = try change(to: values, from: existing, holding: before, scene: scene)
            var keptAside: String?
            if let existing, change != nil, let reason = keepAside(existing.document) {
                guard reason != .corrupt else {
                    throw .invalidArgument(
                        reason.rawValue, reason: "corrupt files are moved aside by writes, not copied")
                }
                keptAside = try keepCopy(of: existing, scene: scene, reason: reason, in: directory)
            }
            if change == nil, dating, let existing {
                change = try dated(existing, scene: scene)
            }
            let result = try apply(change, over: existing, scene: scene, in: directory)
            return WriteOutcome(
                path: path, wroteFile: result == .changed, movedAsidePath: movedAside, keptAsidePath: keptAside)
        }
        return outcome ?? WriteOutcome(path: path, wroteFile: false)
    }

    /// Changes the values of a scene that exists and reads cleanly, under the scene's exclusive
    /// lock, for tools that repair what is stored: unlike ``update(_:_:)``, a missing scene is an
    /// error and a corrupt file is left where it is, untouched.
    ///
    /// When the values come out unchanged, nothing is written; when none is left, the file is removed.
    ///
    /// - Parameters:
    ///   - scene: The scene.
    ///   - body: Changes the values by key.
    /// - Returns: What was written.
    /// - Throws: ``SceneStoreError/sceneNotFound(_:path:)``; ``SceneStoreError/corrupt(path:reason:)``
    ///   and the read errors of ``update(_:_:)``, with the file untouched; its write errors, with the
    ///   previous file byte-identical; or what `body` throws.
    @discardableResult
    package func updateExistingValues(
        _ scene: SceneID, _ body: (inout [String: SceneValue]) throws(SceneStoreError) -> Void
    ) throws(SceneStoreError) -> WriteOutcome {
        let path = path(for: scene)
        // Looked for before locking, so a scene that is not there does not get a lock file.
        guard let directory = try openScenesDirectory(creating: false) else { throw .sceneNotFound(scene, path: path) }
        defer { try? fileSystem.close(directory) }
        do throws(Errno) {
            _ = try fileSystem.statusAt(directory, Self.fileName(for: scene))
        } catch .enoent {
            throw .sceneNotFound(scene, path: path)
        } catch {
            throw .cannotRead(path: path, errno: error)
        }
        let outcome = try withExclusiveLock(on: scene, creating: false) {
            (directory) throws(SceneStoreError) -> WriteOutcome in
            guard let existing = try load(scene, in: directory) else { throw .sceneNotFound(scene, path: path) }
            let before = existing.document.values
            var values = before
            try body(&values)
            let result = try apply(
                try change(to: values, from: existing, holding: before, scene: scene), over: existing, scene: scene,
                in: directory)
            return WriteOutcome(path: path, wroteFile: result == .changed)
        }
        guard let outcome else { throw .sceneNotFound(scene, path: path) }
        return outcome
    }

    /// Stores one value; `nil` removes the key, as assigning nil to an optional `@SceneStorage` does.
    /// - Parameters:
    ///   - value: The value, or nil.
    ///   - key: The value's key.
    ///   - scene: The scene.
    /// - Returns: What was written.
    /// - Throws: ``SceneStoreError/invalidKey(_:reason:)``, or the errors of ``update(_:_:)``.
    @discardableResult
    package func putSceneValue(
        _ value: SceneValue?, forKey key: String, in scene: SceneID
    ) throws(SceneStoreError) -> WriteOutcome {
        try Self.validate(key: key)
        return try updateValues(scene) { values in values[key] = value }
    }

    /// Removes one value of a scene; the scene's other values stay, and its file goes with the last.
    /// - Parameters:
    ///   - key: The value's key.
    ///   - scene: The scene.
    /// - Returns: What was written.
    /// - Throws: ``SceneStoreError/invalidKey(_:reason:)``, or the errors of ``update(_:_:)``.
    @discardableResult
    package func deleteValue(forKey key: String, in scene: SceneID) throws(SceneStoreError)
        -> WriteOutcome
    {
        try Self.validate(key: key)
        // Nothing is created to remove a value: a scene without a folder has none.
        return try update(scene, creating: false) { values in values[key] = nil }
    }

    /// What an update does to the scene's file.
    private enum FileChange {
        /// Writes the bytes of a document, made of these entries.
        case write([UInt8], StoredDocument, [String: StoredDocument.Entry])
        /// Removes the file: no value is left.
        case remove
    }

    /// What writing `values` over the file loaded takes: nil when they are what it holds (or there
    /// is no file and no value), the file's removal when none is left, or the new file's bytes,
    /// which every read with the store's limits accepts.
    private func change(
        to values: [String: SceneValue], from existing: LoadedFile?, holding before: [String: SceneValue]?,
        scene: SceneID
    ) throws(SceneStoreError) -> FileChange? {
        if existing != nil, before == values { return nil }
        if values.isEmpty { return existing == nil ? nil : .remove }
        let document = StoredDocument(scene: scene, savedAt: savedAtNow(), values: values)
        // The values that did not change keep their serialized entries.
        let (bytes, entries) = try document.encoded(
            within: settings, path: path(for: scene), reusing: documents.entries(of: scene))
        return .write(bytes, document, entries)
    }

    /// The file's values as they are, saved at the current time.
    private func dated(_ existing: LoadedFile, scene: SceneID) throws(SceneStoreError) -> FileChange {
        let document = StoredDocument(scene: scene, savedAt: savedAtNow(), values: existing.document.values)
        let (bytes, entries) = try document.encoded(
            within: settings, path: path(for: scene), reusing: documents.entries(of: scene))
        return .write(bytes, document, entries)
    }

    /// The clock's time as the file keeps it (to the millisecond), so the document a store remembers
    /// is the one its bytes decode to.
    func savedAtNow() -> Date {
        let now = settings.now()
        return StoredDocument.date(fromTimestamp: StoredDocument.timestamp(now)) ?? now
    }

    /// What carrying a change out did.
    private enum ApplyResult {
        case unchanged, changed
    }

    /// Carries a change out under the scene's lock, keeping the file's mode.
    private func apply(
        _ change: FileChange?, over existing: LoadedFile?, scene: SceneID, in directory: Int32
    ) throws(SceneStoreError) -> ApplyResult {
        switch change {
        case nil: return .unchanged
        case .remove:
            // The scene is gone: so are its records beside the scenes folder.
            try removeSiblingRecords(of: scene)
            try unlink(scene, in: directory)
        case .write(let bytes, let document, let entries):
            try replace(scene, with: bytes, in: directory, mode: existing?.status.permissions ?? 0o600)
            documents.remember(.init(bytes: bytes, document: document, entries: entries), for: scene)
        }
        return .changed
    }

    /// Removes a scene's file under its lock, durably unless the configuration says otherwise.
    func unlink(_ scene: SceneID, in directory: Int32) throws(SceneStoreError) {
        documents.forget(scene)
        do throws(Errno) {
            try fileSystem.unlinkAt(directory, Self.fileName(for: scene))
            if settings.durableRemovals { try fileSystem.synchronize(directory) }
        } catch {
            throw .cannotRemove(path: path(for: scene), errno: error)
        }
    }

    // MARK: - Machinery

    /// Runs `body` with the scenes folder open and the scene's lock held. Returns nil, without
    /// running `body`, when the folder does not exist and `creating` is false.
    func withExclusiveLock<Result>(
        on scene: SceneID, creating: Bool, _ body: (Int32) throws(SceneStoreError) -> Result
    ) throws(SceneStoreError) -> Result? {
        guard let directory = try openScenesDirectory(creating: creating) else { return nil }
        defer { try? fileSystem.close(directory) }
        let lock = try lockScene(scene, in: directory)
        defer { try? fileSystem.close(lock) }  // closing releases the flock
        return try body(directory)
    }

    /// Takes the scene's exclusive lock: the `flock` of `.<scene>.lock`, made if missing.
    ///
    /// A lock file may be removed (``removeScene(_:)`` removes it, holding it): whoever waited on
    /// the removed file then holds a lock on a file no other writer can find. So after `flock`
    /// returns, the name must still lead to the file locked (same device and inode); if not, the
    /// lock is let go and taken again on the file the name leads to now.
    /// - Returns: The lock file's descriptor; closing it releases the lock.
    func lockScene(_ scene: SceneID, in directory: Int32) throws(SceneStoreError) -> Int32 {
        try lockScene(scene, in: directory, keeping: nil).descriptor
    }

    /// Takes the scene's exclusive lock as ``lockScene(_:in:)`` does, through the lock file a
    /// writer kept open since it last let go of the lock (``SceneLock``) when the name still leads to
    /// that file; else the kept file is closed, and the lock taken on the file the name leads to.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - directory: The scenes folder, open.
    ///   - kept: The lock file kept open, if any, which this call owns: returned held, or closed.
    /// - Returns: The lock file, held; closing it, or letting go of it, releases the lock.
    func lockScene(
        _ scene: SceneID, in directory: Int32, keeping kept: SceneLock?
    ) throws(SceneStoreError) -> SceneLock {
        let name = Self.lockName(for: scene)
        let lockPath = scenesFolder + "/" + name
        if let kept {
            do throws(Errno) {
                try fileSystem.lock(kept.descriptor, exclusive: true)
                // The descriptor is still the file it was, and the name still leads to it.
                if try fileSystem.status(kept.descriptor).identity == kept.identity,
                    try fileSystem.statusAt(directory, name).identity == kept.identity
                {
                    return kept
                }
            } catch {
                // Removed or replaced since, or not lockable: taken anew below.
            }
            try? fileSystem.close(kept.descriptor)
        }
        while true {
            let lock: Int32
            do {
                lock = try fileSystem.openAt(
                    directory, name,
                    flags: Platform.readWrite | Platform.create | Platform.noFollow | Platform.closeOnExec,
                    mode: 0o600)
            } catch {
                throw .cannotLock(path: lockPath, errno: error)
            }
            do throws(Errno) {
                try fileSystem.lock(lock, exclusive: true)
                let held = try fileSystem.status(lock).identity
                let named = try fileSystem.statusAt(directory, name).identity
                if held == named { return SceneLock(descriptor: lock, identity: held) }
            } catch .enoent {
                // Removed while we waited: take the one made next.
            } catch {
                try? fileSystem.close(lock)
                throw .cannotLock(path: lockPath, errno: error)
            }
            try? fileSystem.close(lock)
        }
    }

    /// The durable atomic replace of a file of the scenes folder (``DurableWrite``), named for
    /// the scene unless `name` says otherwise.
    func replace(
        _ scene: SceneID, with bytes: [UInt8], in directory: Int32, mode: UInt32, named name: String? = nil
    ) throws(SceneStoreError) {
        try durableWrite(of: name ?? Self.fileName(for: scene), in: directory).replace(
            bytes: bytes, mode: mode, temporary: Self.temporaryName(for: scene))
    }

    /// Replaces a file of the scenes folder that is no scene's (a record of a launch) with
    /// `bytes`, owner-only, by the durable write of every file of the store. It takes no lock: a
    /// launch's record is written only by that launch, one write after another.
    /// - Parameters:
    ///   - name: The file's name in the folder.
    ///   - bytes: What it holds.
    /// - Returns: False, writing nothing, when the folder does not exist.
    /// - Throws: ``SceneStoreError/cannotWrite(path:errno:)`` or ``SceneStoreError/cannotRead(path:errno:)``.
    @discardableResult
    package func replaceRecord(named name: String, with bytes: [UInt8]) throws(SceneStoreError) -> Bool {
        guard let directory = try openScenesDirectory(creating: false) else { return false }
        defer { try? fileSystem.close(directory) }
        try durableWrite(of: name, in: directory).replace(bytes: bytes, mode: 0o600, temporary: "." + name + ".tmp")
        return true
    }

    /// The durable write of a file of the scenes folder, synced as the configuration says.
    func durableWrite(of name: String, in directory: Int32) -> DurableWrite {
        DurableWrite(
            fileSystem: fileSystem, directory: directory, target: name, path: scenesFolder + "/" + name,
            synchronizes: settings.synchronizesWrites)
    }
}
