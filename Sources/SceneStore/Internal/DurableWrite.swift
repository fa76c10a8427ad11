/// The durable atomic replace of a file in a folder, the one way every file of an app's store is
/// written (a scene's values, whether written at once or through a writer, the crash-loop guard's
/// markers, the records of simulated launches): temporary file (`O_EXCL`, owner-only, then the
/// file's mode), every byte, `fsync`, checked close, rename over the file, `fsync` of the folder.
/// A store whose writes are not synced (`Configuration.synchronizesWrites`: the guard's records,
/// which need only outlive the process) leaves out both `fsync`s.
///
/// Success is reported only after all of it; on any failure before the rename, the temporary file
/// is removed and the old file is untouched. A writer that pipelines its writes takes the steps
/// one by one (``begin(_:bytes:mode:)``, ``seal(_:)``, ``commit(_:)``, ``synchronizeFolder()``);
/// every other writer calls ``replace(bytes:mode:temporary:)``.
struct DurableWrite {
    let fileSystem: any FileSystem
    /// The folder's descriptor, open.
    let directory: Int32
    /// The file's name in the folder.
    let target: String
    /// The path errors name: the file's.
    let path: String
    /// Whether the file and the folder are synced.
    let synchronizes: Bool

    /// A write whose temporary file is written, open until sealed.
    struct Pending {
        let temporary: String
        let descriptor: Int32
    }

    /// Writes every step, with `temporary` as the temporary file's name.
    /// - Throws: ``SceneStoreError/cannotWrite(path:errno:)`` naming the file.
    func replace(bytes: [UInt8], mode: UInt32, temporary: String) throws(SceneStoreError) {
        let pending = try begin(temporary, bytes: bytes, mode: mode)
        try seal(pending)
        try commit(pending.temporary)
        try synchronizeFolder()
    }

    /// Creates the temporary file and writes every byte into it, not synced yet. A temporary file
    /// left by a writer that crashed is removed first: only the holder of the file's lock, which
    /// the caller is, ever creates it. On failure the temporary file is removed.
    /// - Throws: ``SceneStoreError/cannotWrite(path:errno:)`` naming the file.
    func begin(_ temporary: String, bytes: [UInt8], mode: UInt32) throws(SceneStoreError) -> Pending {
        try begin(temporary, pieces: [bytes], mode: mode)
    }

    /// ``begin(_:bytes:mode:)`` of a file given as pieces, written in order with no copy of them
    /// into one buffer.
    func begin(_ temporary: String, pieces: [[UInt8]], mode: UInt32) throws(SceneStoreError) -> Pending {
        let flags =
            Platform.writeOnly | Platform.create | Platform.exclusive | Platform.noFollow | Platform.closeOnExec
        let descriptor: Int32
        do throws(Errno) {
            do throws(Errno) {
                descriptor = try fileSystem.openAt(directory, temporary, flags: flags, mode: 0o600)
            } catch .eexist {
                try fileSystem.unlinkAt(directory, temporary)
                descriptor = try fileSystem.openAt(directory, temporary, flags: flags, mode: 0o600)
            }
        } catch {
            throw .cannotWrite(path: path, errno: error)
        }
        do throws(Errno) {
            try fileSystem.setMode(descriptor, mode & 0o7777)
            try fileSystem.writeAll(descriptor, pieces: pieces)
        } catch {
            try? fileSystem.close(descriptor)
            try? fileSystem.unlinkAt(directory, temporary)
            throw .cannotWrite(path: path, errno: error)
        }
        return Pending(temporary: temporary, descriptor: descriptor)
    }

    /// Syncs the temporary file and closes it. A failed `fsync` fails the write (it is never
    /// retried on this descriptor); any failure removes the temporary file.
    /// - Throws: ``SceneStoreError/cannotWrite(path:errno:)`` naming the file.
    func seal(_ pending: Pending) throws(SceneStoreError) {
        do throws(Errno) {
            if synchronizes { try fileSystem.synchronize(pending.descriptor) }
        } catch {
            try? fileSystem.close(pending.descriptor)
            try? fileSystem.unlinkAt(directory, pending.temporary)
            throw .cannotWrite(path: path, errno: error)
        }
        do throws(Errno) {
            try fileSystem.close(pending.descriptor)
        } catch {
            try? fileSystem.unlinkAt(directory, pending.temporary)
            throw .cannotWrite(path: path, errno: error)
        }
    }

    /// Renames the sealed temporary file over the file. A failure removes the temporary file.
    /// - Throws: ``SceneStoreError/cannotWrite(path:errno:)`` naming the file.
    func commit(_ temporary: String) throws(SceneStoreError) {
        do throws(Errno) {
            try fileSystem.renameAt(directory, temporary, target)
        } catch {
            try? fileSystem.unlinkAt(directory, temporary)
            throw .cannotWrite(path: path, errno: error)
        }
    }

    /// Syncs the folder, so that the rename survives a power cut.
    /// - Throws: ``SceneStoreError/cannotWrite(path:errno:)`` naming the file.
    func synchronizeFolder() throws(SceneStoreError) {
        do throws(Errno) {
            if synchronizes { try fileSystem.synchronize(directory) }
        } catch {
            throw .cannotWrite(path: path, errno: error)
        }
    }
}
