import Synchronization

/// The document a store last read or wrote of each of a few scenes, with its file's bytes and its
/// values' serialized entries. An update whose file still holds exactly these bytes (compared
/// whole, so a write by another process, or by anything else, is always seen) takes the document
/// without parsing it again, and the next document serializes again only the values that changed.
final class DocumentCache: Sendable {
    /// A scene's file as last read or written.
    struct Entry: Sendable {
        /// The file's bytes.
        var bytes: [UInt8]
        /// The document they hold; nil when a writer wrote values as text and nobody has read
        /// them since (the bytes are parsed when someone does).
        var document: StoredDocument?
        /// The values' entries, by key, as the bytes hold them: all of them, or none when the file
        /// was read.
        var entries: [String: StoredDocument.Entry]
    }

    /// How many scenes are kept: an app shows a few at a time.
    static let capacity = 8

    private let scenes = Mutex<[SceneID: Entry]>([:])

    init() {}

    /// The entry of a scene whose file holds exactly `bytes`.
    func entry(of scene: SceneID, holding bytes: [UInt8]) -> Entry? {
        guard let entry = scenes.withLock({ $0[scene] }), Platform.sameBytes(entry.bytes, bytes) else { return nil }
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
