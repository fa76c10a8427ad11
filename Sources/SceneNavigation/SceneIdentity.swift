import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which scene's file a scene of the app restores and saves: SwiftUI gives a scene no identifier,
/// so the app chooses how one is found.
///
/// - ``perScene``: each scene has its own ID, kept in `@SceneStorage` and restored with the scene,
///   as `@SceneStorage` itself keeps values. A scene that comes back without its ID starts fresh:
///   SwiftUI saves scene storage "with no guarantees as to when", so a process killed before that
///   save, a user's force quit (the system discards the scene's restoration data) and a Mac app
///   quit with "Close windows when quitting an application" on all bring a new ID. The default:
///   right for apps with several windows of the same kind, which must not share one state.
/// - ``adoptingMostRecent``: as ``perScene``, but a scene that comes without an ID adopts the most
///   recently saved scene that holds the key and that no live scene of the process holds, so the
///   state comes back after a kill, a force quit or a Quit. Right for a one-window iPhone app, and
///   for a Mac app whose windows should reopen where they were after Quit. With several windows it
///   cannot tell an orphan from a window that has not appeared yet, or from one the user closed
///   for good: a new window (Cmd-N) adopts the newest such scene, and a window that comes back
///   later with that ID stored is refused (two connections of one key). Use ``perScene`` for apps
///   with several windows of one kind. The store's scenes are listed (each file read) on the main
///   actor when a scene comes without an ID.
/// - ``supplied(_:)``: the app's own ID: a document's, or the value of `WindowGroup(for:)`. The
///   scene's storage is not read.
public enum SceneIdentity: Sendable, Hashable {
    /// Each scene its own ID, kept in `@SceneStorage` (the default).
    case perScene
    /// As ``perScene``, but a scene without an ID adopts the most recently saved scene no live scene
    /// holds.
    case adoptingMostRecent
    /// The app's own ID for the scene.
    case supplied(SceneID)

    /// The scene's ID: a pure decision from what is known.
    /// - Parameters:
    ///   - stored: The ID the scene's storage holds, or nil when it came without one.
    ///   - saved: The scenes of the store with when each was last saved (read only for
    ///     ``adoptingMostRecent`` without a stored ID).
    ///   - live: The scenes of the process that are restored or connected now.
    ///   - new: A new ID, for a scene that starts fresh.
    /// - Returns: The scene's ID.
    package func choose(
        stored: SceneID?, saved: [(scene: SceneID, lastSaved: Date)], live: Set<SceneID>, new: SceneID
    ) -> SceneID {
        switch self {
        case .supplied(let scene): return scene
        case .perScene: return stored ?? new
        case .adoptingMostRecent:
            if let stored { return stored }
            let liveNames = Set(live.map { $0.rawValue.lowercased() })
            let orphan = saved.filter { !liveNames.contains($0.scene.rawValue.lowercased()) }
                .max { ($0.lastSaved, $1.scene.rawValue) < ($1.lastSaved, $0.scene.rawValue) }
            return orphan?.scene ?? new
        }
    }

    /// Whether choosing needs the store's scenes listed.
    /// - Parameter stored: The ID the scene's storage holds, or nil.
    package func needsListing(stored: SceneID?) -> Bool {
        self == .adoptingMostRecent && stored == nil
    }

    /// The scene's ID, reading the store's scenes when choosing needs them (only those that hold
    /// `key` can be adopted).
    /// - Parameters:
    ///   - stored: The ID the scene's storage holds, or nil.
    ///   - store: The app's store.
    ///   - key: The key the scene saves its value under.
    ///   - new: A new ID, for a scene that starts fresh.
    /// - Returns: The scene's ID.
    /// - Throws: ``/SceneStore/SceneStoreError/cannotRead(path:errno:)`` when the scenes cannot be listed.
    package func sceneID(
        stored: SceneID?, in store: SceneStore, key: String = "navigation", new: SceneID
    ) throws(SceneStoreError) -> SceneID {
        let saved =
            needsListing(stored: stored)
            ? try store.scenes().filter { $0.health == .ok && $0.keys.contains(key) }.map {
                (scene: $0.scene, lastSaved: $0.lastSaved)
            } : []
        let live = Set(LiveScenes.scenes(in: store).compactMap { try? SceneID($0) })
        return choose(stored: stored, saved: saved, live: live, new: new)
    }
}
