import SceneStore
import Synchronization

/// The scenes this process keeps saved right now, by store, scene and key: a second connection of
/// one scene's key is refused (two would overwrite each other's value), and a scene that is
/// restored or connected is never removed by a prune or by removing all but the live scenes.
///
/// Scenes are compared without case: on a case-insensitive disk (APFS on macOS, by default),
/// `Main` and `main` are one file.
package enum LiveScenes {
    /// A scene's key held by one connection, until released.
    final class Hold: Sendable {
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
        var isReleased: Bool { released.load(ordering: .acquiring) }

        /// Lets the scene's key go: idempotent.
        func release() {
            guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
            held.withLock { held in
                if held[entry] == token { held[entry] = nil }
            }
        }

        deinit { release() }
    }

    fileprivate struct Entry: Hashable {
        var folder: String
        var scene: String
        var key: String
    }

    private static let held = Mutex<[Entry: UInt64]>([:])
    private static let tokens = Atomic<UInt64>(0)

    /// Holds a scene's key in a store for one connection.
    /// - Throws: ``NavigationError/store(_:)`` (``/SceneStore/SceneStoreError/invalidArgument(_:reason:)``)
    ///   when another connection of this process holds it.
    static func hold(_ scene: SceneID, key: String, in store: StateStore) throws(NavigationError) -> Hold {
        let entry = Entry(folder: store.scenesDirectory, scene: scene.rawValue.lowercased(), key: key)
        let token = tokens.wrappingAdd(1, ordering: .relaxed).newValue
        let isNew = held.withLock { held in
            guard held[entry] == nil else { return false }
            held[entry] = token
            return true
        }
        guard isNew else {
            throw .store(
                .invalidArgument(
                    key,
                    reason:
                        "scene '\(scene)' already keeps '\(key)' saved in this process; two connections of one key "
                        + "would overwrite each other's value (give each its own key, or close the first)"))
        }
        return Hold(entry, token: token)
    }

    /// Whether any connection of this process holds a scene of a store.
    static func isLive(_ scene: SceneID, in store: StateStore) -> Bool {
        let folder = store.scenesDirectory
        let name = scene.rawValue.lowercased()
        // A connection that is closing still has its last write on the way.
        return held.withLock { entries in entries.keys.contains { $0.folder == folder && $0.scene == name } }
            || closing.withLock { writers in writers.keys.contains { $0.folder == folder && $0.scene == name } }
    }

    /// The scenes of a store held now.
    static func scenes(in store: StateStore) -> Set<String> {
        let folder = store.scenesDirectory
        return held.withLock { entries in Set(entries.keys.filter { $0.folder == folder }.map(\.scene)) }
    }

    /// The writers of connections that are closing, by scene and key: their last write is on its
    /// way, and a restore of the scene waits for it.
    private static let closing = Mutex<[Entry: SceneWriter]>([:])

    /// Notes that a connection of a scene's key is closing, its last state handed to `writer`.
    static func beginClosing(_ scene: SceneID, key: String, in store: StateStore, writer: SceneWriter) {
        let entry = Entry(folder: store.scenesDirectory, scene: scene.rawValue.lowercased(), key: key)
        closing.withLock { $0[entry] = writer }
    }

    /// Notes that a closing connection has closed.
    static func endClosing(_ scene: SceneID, key: String, in store: StateStore, writer: SceneWriter) {
        let entry = Entry(folder: store.scenesDirectory, scene: scene.rawValue.lowercased(), key: key)
        closing.withLock { writers in
            if writers[entry] === writer { writers[entry] = nil }
        }
    }

    /// Waits, blocking the caller, until a closing connection of the scene's key has written its
    /// last state, for at most `limit`: for a restore, which must read it. The writer works on a
    /// queue of its own, so the main actor may wait for it; the wait is bounded, as the write
    /// needs the scene's lock, which another process may hold, and past the limit the restore
    /// reads what is there.
    static func awaitClosing(_ scene: SceneID, key: String, in store: StateStore, limit: Duration = .seconds(1)) {
        let entry = Entry(folder: store.scenesDirectory, scene: scene.rawValue.lowercased(), key: key)
        guard let writer = closing.withLock({ $0[entry] }) else { return }
        _ = waitBlocking(atMost: limit) { try? await writer.flush() }
    }

    /// The stores whose launch has settled (a scene's launch settled): from then on a window that
    /// comes without its ID is a new window (Cmd-N, an iPad's new window), not one the launch
    /// restores, and adopts nothing. Weak, so that a store opened again (a simulated process) is
    /// a new launch.
    private static let settled = Mutex<[WeakStore]>([])

    private struct WeakStore: @unchecked Sendable {
        // Only compared by identity while alive, never used through; held under the mutex.
        weak var store: StateStore?
    }

    /// Notes that a store's launch has settled.
    static func settleLaunch(of store: StateStore) {
        settled.withLock { stores in
            stores.removeAll { $0.store == nil }
            if !stores.contains(where: { $0.store === store }) { stores.append(WeakStore(store: store)) }
        }
    }

    /// Whether a store's launch is still restoring its windows: adoption is for them only.
    static func isLaunching(_ store: StateStore) -> Bool {
        settled.withLock { stores in !stores.contains { $0.store === store } }
    }

    /// Scenes whose state a window of this process took a copy of (adoption): no second window
    /// takes the same one; the scene itself stays free for the window that comes back with its ID.
    private static let adopted = Mutex<Set<Entry>>([])

    /// Notes that a window took a copy of a scene's state for `key`.
    static func noteAdopted(_ scene: SceneID, key: String, in store: StateStore) {
        let entry = Entry(folder: store.scenesDirectory, scene: scene.rawValue.lowercased(), key: key)
        _ = adopted.withLock { $0.insert(entry) }
    }

    /// The scenes of a store whose state for `key` a window of this process has adopted.
    static func adoptedScenes(in store: StateStore, key: String) -> Set<String> {
        let folder = store.scenesDirectory
        return adopted.withLock { entries in
            Set(entries.filter { $0.folder == folder && $0.key == key }.map(\.scene))
        }
    }
}

/// The connections of the process, for the app's termination: each makes its state durable.
extension LiveScenes {
    /// What a process's end lets go of, for a simulated process that ends while the test process
    /// runs on (the testing kit's): the scenes its connections held, those it copied from, and the
    /// writes it was closing, in the store's folder. A real process's end lets go of all of them
    /// with the process.
    /// - Parameter store: The store the simulated process ran in.
    package static func endSimulatedProcess(in store: StateStore) {
        let folder = store.scenesDirectory
        held.withLock { held in held = held.filter { $0.key.folder != folder } }
        closing.withLock { writers in writers = writers.filter { $0.key.folder != folder } }
        adopted.withLock { entries in entries = entries.filter { $0.folder != folder } }
    }
}

@MainActor
enum Termination {
    private static var connections: [(id: ObjectIdentifier, terminate: () throws(NavigationError) -> Bool)] = []

    /// Adds a connection; `terminate` returns false once the connection is gone.
    static func add(_ id: ObjectIdentifier, _ terminate: @escaping () throws(NavigationError) -> Bool) {
        connections.append((id, terminate))
    }

    /// Removes a connection that closed or was cancelled.
    static func remove(_ id: ObjectIdentifier) {
        connections.removeAll { $0.id == id }
    }

    /// Makes every connection's state durable.
    /// - Returns: The errors, in the order the connections were made.
    static func terminateAll() -> [NavigationError] {
        var errors: [NavigationError] = []
        connections = connections.filter { connection in
            do throws(NavigationError) {
                return try connection.terminate()
            } catch {
                errors.append(error)
                return true
            }
        }
        return errors
    }
}
