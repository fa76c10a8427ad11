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
/// - ``adoptingMostRecent``: as ``perScene``, but a scene that comes without an ID starts with a
///   copy of the most recently saved scene that no window of the process holds or has copied, so
///   the state comes back after a kill, a force quit or a Quit. It takes a copy, never the scene:
///   the copy is saved under a new ID of its own, and the scene it came from stays as it was for
///   its own window, which may still come back with its ID (iPad and Mac restore several windows
///   at a launch in no documented order, and a window may come back without its ID while another
///   comes back with it). Only the windows of a launch adopt: a window opened after the launch
///   settled (two seconds after its first restore; Cmd-N, an iPad's new window) starts fresh.
///   Right for a one-window iPhone app, and for a Mac app whose windows should reopen where they
///   were after Quit. Choosing reads no scene's file: the scenes are ordered by their files'
///   modification times, and only the one taken is read, by the restore.
/// - ``supplied(_:)``: the app's own ID: a document's, the value of `WindowGroup(for:)`, or a UIKit
///   scene's `UISceneSession.persistentIdentifier`. The scene's storage is not read.
///
/// Whatever the identity, no two windows of a process hold one scene: a window whose scene another
/// window holds (two windows of one document, or a stored ID that a second window comes back with)
/// starts with a copy of that scene's state under a new ID, and saves there.
public enum SceneIdentity: Sendable, Hashable {
    /// Each scene its own ID, kept in `@SceneStorage` (the default).
    case perScene
    /// As ``perScene``, but a scene without an ID adopts the most recently saved scene no live scene
    /// holds.
    case adoptingMostRecent
    /// The app's own ID for the scene.
    case supplied(SceneID)

    /// Where a window's scene comes from: the scene it saves to, and, when that is a new scene
    /// that starts with a copy of another's state, the scene whose stored state it restores.
    package struct Resolution: Sendable, Hashable {
        /// The scene the window saves to (and restores, without a source).
        package var scene: SceneID
        /// The scene whose stored state the window restores a copy of, or nil for its own.
        package var source: SceneID?
        /// Whether the source was chosen by adoption (rather than claimed by an ID that another
        /// window holds).
        package var isAdopted = false
    }

    /// The window's scene: a pure decision from what is known.
    /// - Parameters:
    ///   - stored: The ID the scene's storage holds, or nil when it came without one.
    ///   - candidates: The store's scenes, newest first (read only for ``adoptingMostRecent``
    ///     without a stored ID).
    ///   - live: The scenes held by windows of the process now, lower-cased.
    ///   - adopted: The scenes whose state a window of the process has taken a copy of, lower-cased.
    ///   - new: A new ID, for a scene that starts fresh or with a copy.
    /// - Returns: The scene, and the source of its state when that is another scene.
    package func resolve(
        stored: SceneID?, candidates: [SceneID], live: Set<String>, adopted: Set<String>, new: SceneID
    ) -> Resolution {
        let wanted: SceneID?
        switch self {
        case .supplied(let scene): wanted = scene
        case .perScene, .adoptingMostRecent: wanted = stored
        }
        if let wanted {
            // Another window holds it: this one starts with a copy of its state, saved apart.
            guard live.contains(wanted.rawValue.lowercased()) else { return Resolution(scene: wanted) }
            return Resolution(scene: new, source: wanted)
        }
        guard self == .adoptingMostRecent else { return Resolution(scene: new) }
        let taken = live.union(adopted)
        guard let orphan = candidates.first(where: { !taken.contains($0.rawValue.lowercased()) }) else {
            return Resolution(scene: new)
        }
        return Resolution(scene: new, source: orphan, isAdopted: true)
    }

    /// Whether resolving needs the store's scenes listed.
    /// - Parameter stored: The ID the scene's storage holds, or nil.
    package func needsListing(stored: SceneID?) -> Bool {
        self == .adoptingMostRecent && stored == nil
    }

    /// The window's scene, listing the store's scenes (names and modification times, no file read)
    /// when resolving needs them.
    /// - Parameters:
    ///   - stored: The ID the scene's storage holds, or nil.
    ///   - store: The app's store.
    ///   - key: The key the scene saves its value under.
    ///   - new: A new ID, for a scene that starts fresh or with a copy.
    /// - Returns: The scene, and the source of its state when that is another scene.
    /// - Throws: ``/SceneStore/SceneStoreError/cannotRead(path:errno:)`` when the scenes cannot be listed.
    package func resolve(
        stored: SceneID?, in store: StateStore, key: String = "navigation", new: SceneID
    ) throws(SceneStoreError) -> Resolution {
        // Only the launch's windows adopt: one opened after the launch settled starts fresh.
        let adopts = needsListing(stored: stored) && LiveScenes.isLaunching(store)
        let candidates = adopts ? try store.scenesByModification().map(\.scene) : []
        return resolve(
            stored: stored, candidates: candidates, live: SceneHolds.scenes(in: store),
            adopted: LiveScenes.adoptedScenes(in: store, key: key), new: new)
    }
}
