#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Keeping aside

extension StateStore {
    /// Keeps a copy of a scene's file aside, byte for byte, before the caller replaces what it
    /// holds: nothing stored is lost silently.
    ///
    /// Under the scene's lock, the file is read; when `shouldKeep` approves its document (by default
    /// always), its exact bytes are written durably to `<scene>.<reason>-<time>.json` next to it
    /// (see ``KeptAsideFile``), unless the newest copy kept for the same scene and reason holds
    /// exactly these bytes already (its path is returned then: a file is kept once, however often
    /// it is restored). The scene's file itself is not changed. A corrupt file is left for the next
    /// write, which moves it aside itself.
    ///
    /// ```swift
    /// // Before replacing a value the app cannot read:
    /// try store.keepAside(scene, reason: .invalid) { document in
    ///     document.values["navigation"].map { !canRead($0) } ?? false
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - scene: The scene.
    ///   - reason: Why the copy is kept, such as ``KeptAsideFile/Reason/invalid``.
    ///   - shouldKeep: Whether the document found calls for a copy.
    /// - Returns: The path of the copy, or nil when none was made: no readable file (none, or a
    ///   corrupt one), or `shouldKeep` said no.
    /// - Throws: ``SceneStoreError/newerFormat(path:format:supported:)``,
    ///   ``SceneStoreError/notARegularFile(path:kind:)``, ``SceneStoreError/fileTooLarge(path:size:limit:)`` or
    ///   ``SceneStoreError/cannotRead(path:errno:)`` when the file cannot be used;
    ///   ``SceneStoreError/cannotLock(path:errno:)`` or ``SceneStoreError/cannotWrite(path:errno:)``
    ///   when the copy cannot be made; ``SceneStoreError/invalidArgument(_:reason:)`` for the reason
    ///   ``KeptAsideFile/Reason/corrupt``: only a write moves corrupt files aside.
    @discardableResult
    package func keepAsideCopy(
        _ scene: SceneID, reason: KeptAsideFile.Reason, if shouldKeep: (StoredDocument) -> Bool = { _ in true }
    ) throws(SceneStoreError) -> String? {
        guard reason != .corrupt else {
            throw .invalidArgument(reason.rawValue, reason: "corrupt files are moved aside by writes, not copied")
        }
        return try copyAside(scene, reason: reason) { shouldKeep($0.document) }
    }

    /// Under the scene's lock, writes the exact bytes of its file durably to a kept-aside name when
    /// `shouldCopy` approves what is there. Nil when nothing was copied: no folder, no file, a
    /// corrupt file (the next write moves it aside itself), or not approved.
    private func copyAside(
        _ scene: SceneID, reason: KeptAsideFile.Reason, if shouldCopy: (LoadedFile) -> Bool
    ) throws(SceneStoreError) -> String? {
        let kept: String??
        do throws(SceneStoreError) {
            kept = try withExclusiveLock(on: scene, creating: false) { (directory) throws(SceneStoreError) -> String? in
                let loaded: LoadedFile?
                do throws(SceneStoreError) {
                    loaded = try load(scene, in: directory)
                } catch .corrupt {
                    return nil
                }
                guard let loaded, shouldCopy(loaded) else { return nil }
                return try keepCopy(of: loaded, scene: scene, reason: reason, in: directory)
            }
        } catch .cannotRead(_, .enotdir) {
            // No folder, so nothing stored to keep; the write that follows says what is wrong.
            return nil
        }
        return kept ?? nil
    }

    /// Reads a kept-aside copy as a scene document, as strictly as a scene's own file: a copy that
    /// is a link, a FIFO, too large, corrupt or of a newer format is refused.
    /// - Parameter file: A file from ``keptAsideFiles()``.
    /// - Returns: Its document.
    /// - Throws: The errors of ``document(for:)``, naming the copy's path.
    package func storedDocument(ofKeptAside file: KeptAsideFile) throws(SceneStoreError) -> StoredDocument {
        let name = String(file.path.split(separator: "/").last ?? "")
        guard KeptAsideFile.parse(name: name) != nil, file.path == scenesFolder + "/" + name else {
            throw .cannotRead(path: file.path, errno: .enoent)
        }
        guard let directory = try openScenesDirectory(creating: false) else {
            throw .cannotRead(path: file.path, errno: .enoent)
        }
        defer { try? fileSystem.close(directory) }
        guard let (bytes, _) = try readVerifiedFile(named: name, path: file.path, in: directory) else {
            throw .cannotRead(path: file.path, errno: .enoent)
        }
        return try decodeDocument(bytes, scene: file.scene, path: file.path)
    }

    /// Every file kept aside for the app's scenes, sorted by scene and then by time.
    ///
    /// - Returns: The files; empty when the app has no folder yet.
    /// - Throws: ``SceneStoreError/cannotRead(path:errno:)`` when the folder cannot be read.
    public func keptAsideFiles() throws(SceneStoreError) -> [KeptAsideFile] {
        let files =
            try withListing { (directory, names) -> [KeptAsideFile] in
                names.compactMap { name in
                    guard let (scene, reason, keptAt) = KeptAsideFile.parse(name: name) else { return nil }
                    let size = (try? fileSystem.statusAt(directory, name))?.size ?? 0
                    return KeptAsideFile(
                        of: scene, path: scenesFolder + "/" + name, reason: reason, keptAt: keptAt, size: size)
                }
            } ?? []
        // Within one millisecond, `-1`, `-2`, ... come after the first, and `-10` after `-9`.
        return files.sorted {
            ($0.scene, $0.keptAt, $0.path.count, $0.path) < ($1.scene, $1.keptAt, $1.path.count, $1.path)
        }
    }

    /// Writes a loaded file's exact bytes to a kept-aside name, durably, under the scene's lock held
    /// by the caller; or gives the newest copy of the same reason when it holds these bytes already.
    func keepCopy(
        of loaded: LoadedFile, scene: SceneID, reason: KeptAsideFile.Reason, in directory: Int32
    ) throws(SceneStoreError) -> String {
        if let kept = newestCopy(of: scene, reason: reason, holding: loaded.bytes, in: directory) { return kept }
        let name = try freeName(for: scene, reason: reason, in: directory)
        try replace(scene, with: loaded.bytes, in: directory, mode: loaded.status.permissions, named: name)
        return scenesFolder + "/" + name
    }

    /// The path of the newest copy kept of a scene for a reason, when it holds exactly `bytes`.
    private func newestCopy(
        of scene: SceneID, reason: KeptAsideFile.Reason, holding bytes: [UInt8], in directory: Int32
    ) -> String? {
        guard let names = try? fileSystem.listDirectory(scenesFolder) else { return nil }
        let copies = names.compactMap { name -> (name: String, keptAt: Date)? in
            guard let parsed = KeptAsideFile.parse(name: name), parsed.scene == scene, parsed.reason == reason else {
                return nil
            }
            return (name, parsed.keptAt)
        }
        guard
            let newest = copies.max(by: { ($0.keptAt, $0.name.count, $0.name) < ($1.keptAt, $1.name.count, $1.name) }),
            let (stored, _) = try? readVerifiedFile(
                named: newest.name, path: scenesFolder + "/" + newest.name, in: directory),
            stored == bytes
        else { return nil }
        return scenesFolder + "/" + newest.name
    }

    /// Moves a corrupt file out of the scene's place to `<scene>.corrupt-<time>.json`.
    func moveAside(_ scene: SceneID, in directory: Int32) throws(SceneStoreError) -> String {
        let name = try freeName(for: scene, reason: .corrupt, in: directory)
        do {
            try fileSystem.renameAt(directory, Self.fileName(for: scene), name)
            try fileSystem.synchronize(directory)
        } catch {
            throw .cannotWrite(path: scenesFolder + "/" + name, errno: error)
        }
        return scenesFolder + "/" + name
    }

    /// A kept-aside name that no file has yet. Only the holder of the scene's lock makes these.
    private func freeName(
        for scene: SceneID, reason: KeptAsideFile.Reason, in directory: Int32
    ) throws(SceneStoreError) -> String {
        let now = settings.now()
        var attempt = 0
        while true {
            let name = KeptAsideFile.name(for: scene, reason: reason, at: now, attempt: attempt)
            do throws(Errno) {
                _ = try fileSystem.statusAt(directory, name)
                attempt += 1
            } catch .enoent {
                return name
            } catch {
                throw .cannotWrite(path: scenesFolder + "/" + name, errno: error)
            }
        }
    }
}
