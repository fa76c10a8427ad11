import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Reading

extension StateStore {
    /// Reads a scene's whole document.
    ///
    /// Reading never creates, moves or repairs anything.
    ///
    /// - Parameter scene: The scene.
    /// - Returns: The document.
    /// - Throws: ``SceneStoreError/sceneNotFound(_:path:)`` when nothing is saved;
    ///   ``SceneStoreError/notARegularFile(path:kind:)``, ``SceneStoreError/fileTooLarge(path:size:limit:)``,
    ///   ``SceneStoreError/corrupt(path:reason:)``, ``SceneStoreError/newerFormat(path:format:supported:)`` or
    ///   ``SceneStoreError/cannotRead(path:errno:)`` when the file cannot be used.
    package func storedDocument(for scene: SceneID) throws(SceneStoreError) -> StoredDocument {
        guard let loaded = try loadWithoutLock(scene) else {
            throw .sceneNotFound(scene, path: path(for: scene))
        }
        return loaded.document
    }

    /// A scene's file as stored: its exact bytes and its decoded document, read once.
    /// - Parameter scene: The scene.
    /// - Returns: The bytes, the document and the file's size.
    /// - Throws: The errors of ``document(for:)``.
    package func sceneFile(of scene: SceneID) throws(SceneStoreError) -> StoredFile {
        guard let loaded = try loadWithoutLock(scene) else {
            throw .sceneNotFound(scene, path: path(for: scene))
        }
        return StoredFile(path: path(for: scene), bytes: loaded.bytes, document: loaded.document)
    }

    /// A scene's file's exact bytes, without decoding them: what a corrupt file or one of a newer
    /// format holds, so a tool can show it.
    ///
    /// The same checks as every read apply: a symbolic link, FIFO, device or folder is refused
    /// without being followed or opened, and a file over the size limit is not read.
    ///
    /// - Parameter scene: The scene.
    /// - Returns: The bytes.
    /// - Throws: ``SceneStoreError/sceneNotFound(_:path:)``, ``SceneStoreError/notARegularFile(path:kind:)``,
    ///   ``SceneStoreError/fileTooLarge(path:size:limit:)`` or ``SceneStoreError/cannotRead(path:errno:)``.
    package func fileBytes(of scene: SceneID) throws(SceneStoreError) -> [UInt8] {
        let path = path(for: scene)
        guard let directory = try openScenesDirectory(creating: false) else { throw .sceneNotFound(scene, path: path) }
        defer { try? fileSystem.close(directory) }
        guard let (bytes, _) = try readVerifiedFile(named: Self.fileName(for: scene), path: path, in: directory) else {
            throw .sceneNotFound(scene, path: path)
        }
        return bytes
    }

    /// Reads one value of a scene as it is stored.
    /// - Parameters:
    ///   - key: The value's key.
    ///   - scene: The scene.
    /// - Returns: The value, or nil when the scene or the key has none.
    /// - Throws: The errors of ``document(for:)`` other than `sceneNotFound`, and
    ///   ``SceneStoreError/invalidKey(_:reason:)``.
    package func readSceneValue(forKey key: String, in scene: SceneID) throws(SceneStoreError) -> SceneValue? {
        try Self.validate(key: key)
        return try loadWithoutLock(scene)?.document.value(forKey: key)
    }

    /// Reads a scene's document without blocking the caller, on a background queue.
    /// - Parameter scene: The scene.
    /// - Returns: The document, or nil when nothing is saved for the scene.
    /// - Throws: The errors of ``document(for:)`` other than `sceneNotFound`.
    package func loadedDocument(for scene: SceneID) async throws(SceneStoreError) -> StoredDocument? {
        let result: Result<StoredDocument?, SceneStoreError> = await withCheckedContinuation { continuation in
            StateStore.ioQueue.async {
                do throws(SceneStoreError) {
                    continuation.resume(returning: .success(try self.loadWithoutLock(scene)?.document))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// The queue on which asynchronous reads run, so they never block a caller's executor.
    static let ioQueue = DispatchQueue(label: "SceneStore.io", attributes: .concurrent)

    struct LoadedFile {
        var document: StoredDocument
        var status: FileStatus
        /// The file's bytes.
        var bytes: [UInt8]
    }

    /// Loads a scene without taking its lock: the rename in every write makes the file whole.
    func loadWithoutLock(_ scene: SceneID) throws(SceneStoreError) -> LoadedFile? {
        guard let directory = try openScenesDirectory(creating: false) else { return nil }
        defer { try? fileSystem.close(directory) }
        return try load(scene, in: directory)
    }

    /// Loads a scene through an open descriptor of the scenes folder; nil when there is no file.
    func load(_ scene: SceneID, in directory: Int32) throws(SceneStoreError) -> LoadedFile? {
        let path = path(for: scene)
        guard
            let (bytes, status) = try readVerifiedFile(
                named: Self.fileName(for: scene), path: path, in: directory)
        else { return nil }
        return try loaded(bytes, status: status, scene: scene, in: directory)
    }

    /// A scene's file as read through an open descriptor of the scenes folder, its document decoded
    /// (or known, when these are the bytes this store last read or wrote).
    func loaded(
        _ bytes: [UInt8], status: FileStatus, scene: SceneID, in directory: Int32
    ) throws(SceneStoreError) -> LoadedFile {
        let path = path(for: scene)
        // The bytes this store last read or wrote: the document they hold is known.
        if let known = documents.entry(of: scene, holding: bytes) {
            if let document = known.document { return LoadedFile(document: document, status: status, bytes: bytes) }
            // Written as text by this store: parsed now that someone reads its values.
            var parsed = known
            parsed.document = try decodeDocument(bytes, scene: scene, path: path)
            documents.remember(parsed, for: scene)
            return LoadedFile(document: parsed.document!, status: status, bytes: bytes)
        }
        let document: StoredDocument
        do {
            document = try decodeDocument(bytes, scene: scene, path: path)
        } catch .caseConflict(_, _, let found) {
            // A conflict only when the other name is this very file (the file system ignores case);
            // on a disk that tells them apart, the file is simply not this scene's document.
            guard isSameFile(found, as: scene, in: directory) else {
                throw .corrupt(
                    path: path,
                    reason: "member 'scene' is '\(SceneStoreError.printable(found))' but the file is for '\(scene)'")
            }
            throw .caseConflict(path: path, scene: scene, found: found)
        }
        documents.remember(.init(bytes: bytes, document: document, entries: [:]), for: scene)
        return LoadedFile(document: document, status: status, bytes: bytes)
    }

    /// Whether `<other>.json` and the scene's file are one file (same device and inode).
    private func isSameFile(_ other: String, as scene: SceneID, in directory: Int32) -> Bool {
        guard let mine = try? fileSystem.statusAt(directory, Self.fileName(for: scene)),
            let theirs = try? fileSystem.statusAt(directory, other + ".json")
        else { return false }
        return mine.identity == theirs.identity
    }

    /// Decodes a scene's document (from its file or a kept-aside copy), naming `path` in errors.
    func decodeDocument(_ bytes: [UInt8], scene: SceneID, path: String) throws(SceneStoreError) -> StoredDocument {
        try StoredDocument(decoding: bytes, scene: scene, path: path, maximumDepth: settings.maximumDepth)
    }

    /// A file's status, looked at without opening it; nil when there is no file.
    func statusOfFile(named name: String, path: String, in directory: Int32) throws(SceneStoreError) -> FileStatus? {
        do throws(Errno) {
            return try fileSystem.statusAt(directory, name)
        } catch .enoent {
            return nil
        } catch {
            throw .cannotRead(path: path, errno: error)
        }
    }

    /// Reads a file only when it is a regular file within the size limit, never following a link
    /// and never blocking on a FIFO.
    /// - Parameter looked: The file's status as just looked at by name, when the caller has.
    func readVerifiedFile(
        named name: String, path: String, in directory: Int32, looked: FileStatus? = nil
    ) throws(SceneStoreError) -> ([UInt8], FileStatus)? {
        // Look before opening: opening a device or FIFO can block or have side effects.
        let before: FileStatus
        if let looked {
            before = looked
        } else {
            guard let status = try statusOfFile(named: name, path: path, in: directory) else { return nil }
            before = status
        }
        try check(before, path: path)
        let descriptor: Int32
        do throws(Errno) {
            descriptor = try fileSystem.openAt(
                directory, name,
                flags: Platform.readOnly | Platform.noFollow | Platform.closeOnExec | Platform.nonBlocking,
                mode: 0)
        } catch .enoent {
            return nil
        } catch .eloop {
            throw .notARegularFile(path: path, kind: "symbolic link")
        } catch {
            throw .cannotRead(path: path, errno: error)
        }
        defer { try? fileSystem.close(descriptor) }
        do {
            // Look again at what was opened, in case the file was swapped in between.
            let status = try fileSystem.status(descriptor)
            try check(status, path: path)
            guard
                let bytes = try fileSystem.readAll(
                    descriptor, expectedSize: Int(status.size), limit: settings.maximumFileSize)
            else {
                throw SceneStoreError.fileTooLarge(
                    path: path, size: Int64(settings.maximumFileSize) + 1,
                    limit: settings.maximumFileSize)
            }
            return (bytes, status)
        } catch let error as Errno {
            throw .cannotRead(path: path, errno: error)
        } catch let error as SceneStoreError {
            throw error
        } catch {
            throw .cannotRead(path: path, errno: .eio)
        }
    }

    private func check(_ status: FileStatus, path: String) throws(SceneStoreError) {
        guard status.kind == .regular else {
            throw .notARegularFile(path: path, kind: status.kind.description)
        }
        if status.size > Int64(settings.maximumFileSize) {
            throw .fileTooLarge(path: path, size: status.size, limit: settings.maximumFileSize)
        }
    }

    /// Opens the scenes folder, creating it (and its parents, mode 0700) when `creating` is set.
    /// Returns nil when it does not exist and is not to be created.
    func openScenesDirectory(creating: Bool) throws(SceneStoreError) -> Int32? {
        let flags = Platform.readOnly | Platform.directory | Platform.noFollow | Platform.closeOnExec
        do throws(Errno) {
            return try fileSystem.open(scenesFolder, flags: flags, mode: 0)
        } catch {
            // Missing: nothing is stored yet. A file where a folder should be is an error for a
            // reader; a writer goes on to create the folders, which says exactly where it fails.
            // Anything else (no permission) is a read error.
            switch (error, creating) {
            case (.enoent, false): return nil
            case (.enoent, true), (.enotdir, true): break
            default: throw .cannotRead(path: scenesFolder, errno: error)
            }
        }
        try createDirectories()
        do {
            return try fileSystem.open(scenesFolder, flags: flags, mode: 0)
        } catch {
            throw .cannotCreateDirectory(path: scenesFolder, errno: error)
        }
    }

    /// Creates each missing folder of `scenesFolder` with mode 0700, leaving existing ones alone.
    private func createDirectories() throws(SceneStoreError) {
        var prefix = ""
        for component in scenesFolder.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            do throws(Errno) {
                try fileSystem.makeDirectory(prefix, mode: 0o700)
            } catch .eexist {
                continue
            } catch {
                throw .cannotCreateDirectory(path: prefix, errno: error)
            }
            // mkdir applies the umask, which can only remove bits: put back any it took from 0700.
            if let descriptor = try? fileSystem.open(
                prefix,
                flags: Platform.readOnly | Platform.directory | Platform.noFollow | Platform.closeOnExec,
                mode: 0)
            {
                defer { try? fileSystem.close(descriptor) }
                if let status = try? fileSystem.status(descriptor), status.permissions != 0o700 {
                    try? fileSystem.setMode(descriptor, 0o700)
                }
            }
        }
    }
}

extension FileStatus.Kind: CustomStringConvertible {
    package var description: String {
        switch self {
        case .regular: "regular file"
        case .directory: "directory"
        case .symbolicLink: "symbolic link"
        case .fifo: "FIFO"
        case .socket: "socket"
        case .device: "device"
        case .other: "special file"
        }
    }
}
