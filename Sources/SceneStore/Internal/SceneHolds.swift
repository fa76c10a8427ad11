import Synchronization

/// The scenes this process holds right now, by store folder, scene and key: a scene's key held by
/// one writer of its values (a connection, in the layer above) at a time, since two would overwrite
/// each other's value; and the writes of holders that are letting go, whose last value is on its
/// way. A held scene, or one whose last write is on its way, is never pruned
/// (``StateStore/prune(before:)``) nor removed as not live (``StateStore/removeAll(except:)``).
///
/// Scenes are compared without case: on a case-insensitive disk (APFS on macOS, by default),
/// `Main` and `main` are one file.
package enum SceneHolds {
    /// A scene's key held by one holder, until released.
    package final class Hold: Sendable {
        private let entry: Entry
        /// This hold's own mark in the registry: a release lets go of the entry only while it is
        /// still this hold's (a simulated process's end may have let it go, and another taken it).
        private let token: UInt64
        private let released = Atomic(false)

        fileprivate init(_ entry: Entry, token: UInt64) {
            self.entry = entry
            self.token = token
        }

        /// Whether the key has been let go.
        package var isReleased: Bool { released.load(ordering: .acquiring) }

        /// Lets the scene's key go: idempotent.
        package func release() {
            guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
            held.withLock { held in
                if held[entry] == token { held[entry] = nil }
            }
        }

        deinit { release() }
    }

    /// A scene's key in a store's folder, the scene without case.
    package struct Entry: Hashable, Sendable {
        package var folder: String
        package var scene: String
        package var key: String

        package init(_ scene: SceneID, key: String, in store: StateStore) {
            self.folder = store.scenesFolder
            self.scene = scene.rawValue.lowercased()
            self.key = key
        }
    }

    private static let held = Mutex<[Entry: UInt64]>([:])
    private static let tokens = Atomic<UInt64>(0)
    /// The writers of holders letting go, by scene and key: their last write is on its way.
    private static let closing = Mutex<[Entry: ValueWriter]>([:])

    /// Holds a scene's key in a store.
    /// - Throws: ``SceneStoreError/invalidArgument(_:reason:)`` when a holder of this process
    ///   holds it.
    package static func hold(_ scene: SceneID, key: String, in store: StateStore) throws(SceneStoreError) -> Hold {
        let entry = Entry(scene, key: key, in: store)
        let token = tokens.wrappingAdd(1, ordering: .relaxed).newValue
        let isNew = held.withLock { held in
            guard held[entry] == nil else { return false }
            held[entry] = token
            return true
        }
        guard isNew else {
            throw .invalidArgument(
                key,
                reason:
                    "scene '\(scene)' already keeps '\(key)' saved in this process; two connections of one key "
                    + "would overwrite each other's value (give each its own key, or close the first)")
        }
        return Hold(entry, token: token)
    }

    /// Whether a key of a scene of a store is held, or its last write is on its way.
    package static func isHeld(_ scene: SceneID, in store: StateStore) -> Bool {
        let folder = store.scenesFolder
        let name = scene.rawValue.lowercased()
        return held.withLock { entries in entries.keys.contains { $0.folder == folder && $0.scene == name } }
            || closing.withLock { writers in writers.keys.contains { $0.folder == folder && $0.scene == name } }
    }

    /// The scenes of a store held now, without case.
    package static func scenes(in store: StateStore) -> Set<String> {
        let folder = store.scenesFolder
        return held.withLock { entries in Set(entries.keys.filter { $0.folder == folder }.map(\.scene)) }
    }

    /// Notes that a holder of a scene's key is letting go, its last value handed to `writer`.
    package static func beginClosing(_ scene: SceneID, key: String, in store: StateStore, writer: ValueWriter) {
        closing.withLock { $0[Entry(scene, key: key, in: store)] = writer }
    }

    /// Notes that a holder letting go has let go.
    package static func endClosing(_ scene: SceneID, key: String, in store: StateStore, writer: ValueWriter) {
        let entry = Entry(scene, key: key, in: store)
        closing.withLock { writers in
            if writers[entry] === writer { writers[entry] = nil }
        }
    }

    /// The writer of a holder of a scene's key that is letting go, if one is.
    package static func closingWriter(of scene: SceneID, key: String, in store: StateStore) -> ValueWriter? {
        closing.withLock { $0[Entry(scene, key: key, in: store)] }
    }

    /// Lets go of every hold and closing write in a store's folder, as a process's end does: for a
    /// simulated process that ends while the test process runs on.
    package static func releaseAll(in store: StateStore) {
        let folder = store.scenesFolder
        held.withLock { held in held = held.filter { $0.key.folder != folder } }
        closing.withLock { writers in writers = writers.filter { $0.key.folder != folder } }
    }
}
