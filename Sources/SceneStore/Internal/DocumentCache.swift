import Synchronization

/// The document a store last read or wrote of each of a few scenes, with its file's bytes and its
/// values' serialized entries. An update whose file still holds exactly these bytes (compared
/// whole, so a write by another process, or by anything else, is always seen) takes the document
/// without parsing it again, and the next document serializes again only the values that changed.
///
/// A file this store's writer put in place is also held open (``HeldFile``): while it is, its
/// inode cannot be another file's, so a file found with the same device, inode, size and times is
/// the one written, unchanged (a writer of any store replaces the file with a new one; a change in
/// place moves its `ctime`, which no program sets), and its bytes need no reading back.
final class DocumentCache: Sendable {
    /// A scene's file as last read or written.
    struct Entry: Sendable {
        /// The file's bytes, as pieces in order: the pieces a writer wrote it from (its values'
        /// entries, uncopied), or the bytes read.
        var pieces: [[UInt8]]
        /// The document they hold; nil when a writer wrote values as text and nobody has read
        /// them since (the bytes are parsed when someone does).
        var document: StoredDocument?
        /// The values' entries, by key, as the bytes hold them: all of them, or none when the file
        /// was read.
        var entries: [String: StoredDocument.Entry]
        /// The file held open since it was written, and its status then; nil when it was read.
        var held: HeldFile?

        init(bytes: [UInt8], document: StoredDocument?, entries: [String: StoredDocument.Entry]) {
            self.init(pieces: [bytes], document: document, entries: entries, held: nil)
        }

        init(pieces: [[UInt8]], document: StoredDocument?, entries: [String: StoredDocument.Entry], held: HeldFile?) {
            self.pieces = pieces
            self.document = document
            self.entries = entries
            self.held = held
        }

        /// Whether the file's bytes are exactly `bytes`.
        func holds(_ bytes: [UInt8]) -> Bool {
            guard pieces.reduce(0, { $0 + $1.count }) == bytes.count else { return false }
            var offset = 0
            for piece in pieces {
                guard Platform.sameBytes(piece, bytes, at: offset) else { return false }
                offset += piece.count
            }
            return true
        }
    }

    /// A file a writer put in place, held open so that its inode is not reused, with its status
    /// right after the rename. Closed when the cache lets go of it.
    final class HeldFile: Sendable {
        let status: FileStatus
        private let descriptor: Int32
        private let fileSystem: any FileSystem

        /// Opens the file a writer has just renamed into place, under the scene's lock; nil when it
        /// cannot be opened or looked at (its bytes are then read back at the next write).
        init?(_ name: String, in directory: Int32, fileSystem: any FileSystem) {
            let flags = Platform.readOnly | Platform.noFollow | Platform.closeOnExec | Platform.nonBlocking
            guard let descriptor = try? fileSystem.openAt(directory, name, flags: flags, mode: 0) else { return nil }
            guard let status = try? fileSystem.status(descriptor), status.kind == .regular else {
                try? fileSystem.close(descriptor)
                return nil
            }
            self.descriptor = descriptor
            self.status = status
            self.fileSystem = fileSystem
        }

        deinit { try? fileSystem.close(descriptor) }
    }

    /// How many scenes are kept: an app shows a few at a time.
    static let capacity = 8

    private let scenes = Mutex<[SceneID: Entry]>([:])

    init() {}

    /// The entry of a scene whose file holds exactly `bytes`.
    func entry(of scene: SceneID, holding bytes: [UInt8]) -> Entry? {
        guard let entry = scenes.withLock({ $0[scene] }), entry.holds(bytes) else { return nil }
        return entry
    }

    /// The entry of a scene whose file is the one this store's writer left, unchanged: found with
    /// the status the held file had after its rename.
    func entry(of scene: SceneID, unchangedAs status: FileStatus) -> Entry? {
        guard let entry = scenes.withLock({ $0[scene] }), let held = entry.held, held.status == status else {
            return nil
        }
        return entry
    }

    /// The entries of a scene's values, as last written or read, to serialize its next document.
    func entries(of scene: SceneID) -> [String: StoredDocument.Entry] {
        scenes.withLock { $0[scene]?.entries ?? [:] }
    }

    /// Remembers a scene's file, forgetting another scene's when full.
    func remember(_ entry: Entry, for scene: SceneID) {
        scenes.withLock { scenes in
            if scenes[scene] == nil, scenes.count >= Self.capacity, let other = scenes.keys.first {
                scenes[other] = nil
            }
            scenes[scene] = entry
        }
    }

    /// Forgets a scene whose file is gone.
    func forget(_ scene: SceneID) {
        _ = scenes.withLock { $0.removeValue(forKey: scene) }
    }
}
