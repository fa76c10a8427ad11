import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A scene's persistence through its life: it takes the scene's events, asks ``SceneLife`` what to
/// do, and does it with a ``ScenePersistence``. `PersistentNavigation` (SceneNavigationUI) forwards
/// SwiftUI's events to one and does nothing else; the testing kit's `SceneLifeSimulator` drives one
/// with scripted events, so what a test shows is what the app does.
///
/// ```swift
/// let scene = PersistentScene(model, store: store, onError: { print($0) })
/// scene.storedID = nil                  // what @SceneStorage holds: nothing at a first launch
/// scene.handle(.phase(.active))
/// scene.handle(.appeared)               // restores now, before the first frame
/// print(scene.sceneID!)                 // to keep in @SceneStorage
/// ```
@MainActor
public final class PersistentScene<Value: Codable & Equatable> {
    /// A link's change to the model.
    public typealias Link = @MainActor (SceneNavigationModel<Value>) -> Void

    /// The scene's model.
    public let model: SceneNavigationModel<Value>
    /// The app's store.
    package let store: StateStore
    /// The value's key.
    package let key: String
    /// What to do with elements that cannot be restored, and the maximum age.
    package let policy: RestorePolicy
    /// The crash-loop guard, or nil.
    package let crashGuard: CrashLoopGuard?
    /// How the scene's ID is found.
    package let identity: SceneIdentity
    /// The ID the scene's storage (`@SceneStorage`) holds: set it before ``SceneLife/Event/appeared``.
    public var storedID: String?
    /// The scene's ID, once chosen at the first appearance: keep it in the scene's storage.
    public private(set) var sceneID: SceneID?
    /// The scene whose state the last restore copied into this one (an adopted state, or one
    /// another window holds), whose crash-loop marker it wrote too; nil when it restored its own.
    package private(set) var copiedFrom: SceneID?
    /// The scene's life so far.
    package private(set) var life = SceneLife()
    /// The connection, while the scene is shown.
    public private(set) var persistence: ScenePersistence<Value>?

    private let onConnect: (@MainActor (ScenePersistence<Value>) -> Void)?
    private let onError: @MainActor (NavigationError) -> Void
    /// Links waiting for the restore or a connection.
    private var heldLinks: [Link] = []
    /// Links applied as changes since a restore failed: the retry's deep link.
    private var linksSinceFailure: [Link] = []
    /// Work started and not yet finished: closes, saves in the background, fresh starts; each
    /// removes itself when it ends.
    private var running: [Int: Task<Void, Never>] = [:]
    private var nextWork = 0
    /// The new ID this scene takes when it has none of its own, chosen once: a retried restore
    /// saves where the first attempt said.
    private var freshID: SceneID?
    /// The connection that closed last, which the next one goes on from.
    private var closed: ScenePersistence<Value>?

    /// Creates a scene's persistence; nothing is read until the scene appears.
    /// - Parameters:
    ///   - model: The scene's model.
    ///   - store: The app's store.
    ///   - key: The value's key, `navigation` by default.
    ///   - policy: What to do with elements that cannot be restored, and the maximum age.
    ///   - crashGuard: The crash-loop guard, or nil for none. On by default.
    ///   - identity: How the scene's ID is found, ``SceneIdentity/perScene`` by default.
    ///   - onConnect: Told of each connection once it is made.
    ///   - onError: Told when the scene cannot be restored or saved.
    public init(
        _ model: SceneNavigationModel<Value>, store: StateStore, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), guard crashGuard: CrashLoopGuard? = CrashLoopGuard(),
        identity: SceneIdentity = .perScene, onConnect: (@MainActor (ScenePersistence<Value>) -> Void)? = nil,
        onError: @escaping @MainActor (NavigationError) -> Void
    ) {
        self.model = model
        self.store = store
        self.key = key
        self.policy = policy
        self.crashGuard = crashGuard
        self.identity = identity
        self.onConnect = onConnect
        self.onError = onError
    }

    /// Takes one of the scene's events and does what its life says.
    /// - Parameter event: What happened.
    public func handle(_ event: SceneLife.Event) {
        // From the launch's settling on, a window without its ID is a new one, and adopts nothing.
        if event == .launchSettled { LiveScenes.settleLaunch(of: store) }
        for action in life.handle(event) { perform(action) }
    }

    /// A link the scene opened: held until the restore (its deep link), or applied.
    /// - Parameter link: The link's change to the model.
    public func open(_ link: @escaping Link) {
        heldLinks.append(link)
        handle(.linkOpened)
    }

    /// Waits until the work started so far has finished: closes, saves made when the scene went
    /// to the background, fresh starts.
    public func settle() async {
        while let task = running.values.first {
            await task.value
        }
        // The copy an intervention keeps, made off the main actor after the restore.
        _ = await persistence?.pendingCopy?.result()
    }

    // MARK: - Actions

    private func perform(_ action: SceneLife.Action) {
        switch action {
        case .restore(let deepLink):
            restore(deepLink: deepLink)
        case .connect:
            guard let scene = sceneID else { return }
            // After the last close has let the scene's key go.
            let closing = Array(running.values)
            let previous = closed
            start { [self] in
                for task in closing { await task.value }
                var scene = scene
                // Another window took the scene while this one was hidden (its root made again
                // with the same ID): this one goes on in a new scene of its own, with its model.
                if SceneHolds.scenes(in: store).contains(scene.rawValue.lowercased()) {
                    if let freshID {
                        scene = freshID
                    } else {
                        do throws(SceneStoreError) {
                            scene = try SceneID(UUID().uuidString.lowercased())
                        } catch {
                            return onError(.store(error))
                        }
                    }
                    freshID = scene
                    sceneID = scene
                }
                do throws(NavigationError) {
                    let persistence = try await ScenePersistence.connect(
                        model, to: store, scene: scene, key: key, policy: policy, restoring: false, guard: crashGuard)
                    // What a deep link or a guard left over the stored value stays until a change.
                    do throws(NavigationError) {
                        if let previous { try persistence.goOn(from: previous) }
                    } catch {
                        await persistence.cancel()
                        throw error
                    }
                    connected(persistence)
                } catch {
                    onError(error)
                    // Not connected: tried again at the next activation or appearance.
                    life.connectionFailed()
                }
            }
        case .applyHeldLinks:
            let links = heldLinks
            heldLinks = []
            for link in links { link(model) }
            linksSinceFailure += links
        case .applyLink(let asLaunchLink):
            guard !heldLinks.isEmpty else { return }
            let link = heldLinks.removeFirst()
            if life.isRestorePending { linksSinceFailure.append(link) }
            guard let persistence else { return link(model) }
            do throws(NavigationError) {
                try persistence.applyLink(asLaunchLink: asLaunchLink) { link($0) }
            } catch {
                onError(error)
            }
        case .leaveForeground:
            guard let persistence else { return }
            start { [self] in
                do throws(NavigationError) {
                    try await persistence.leftForeground()
                } catch {
                    onError(error)
                }
            }
        case .close:
            guard let persistence else { return }
            self.persistence = nil
            closed = persistence
            // The last state on its way and the key let go now: the scene's views may be made
            // again, and restore, before the close below runs.
            persistence.beginClosing()
            start { [self] in
                do throws(NavigationError) {
                    try await persistence.close()
                } catch {
                    onError(error)
                }
            }
        case .terminate:
            do throws(NavigationError) {
                try persistence?.terminating()
            } catch {
                onError(error)
            }
        case .noteShown:
            persistence?.restoredScreenShown()
        case .suspend:
            guard let persistence else { return }
            self.persistence = nil
            closed = persistence
            // As a killed process stops, before this returns (the background task must end in its
            // expiration handler): the write in flight finishes and the lock goes; the model in
            // memory is written again when the scene connects.
            persistence.suspendNow()
        }
    }

    /// Restores now: the scene's ID chosen, the file read, the model restored, before this returns.
    private func restore(deepLink: Bool) {
        let links = deepLink ? linksSinceFailure + heldLinks : []
        linksSinceFailure = []
        if deepLink { heldLinks = [] }
        let resolution: SceneIdentity.Resolution
        do throws(SceneStoreError) {
            let stored = try storedID.map { id throws(SceneStoreError) in try SceneID(id) }
            let new: SceneID
            if let freshID {
                new = freshID
            } else {
                new = try SceneID(UUID().uuidString.lowercased())
            }
            freshID = new
            resolution = try identity.resolve(stored: stored, in: store, key: key, new: new)
        } catch {
            heldLinks = links + heldLinks
            onError(.store(error))
            return handle(.restoreFailed)
        }
        let scene = resolution.scene
        sceneID = scene
        copiedFrom = resolution.source
        if resolution.isAdopted, let source = resolution.source { LiveScenes.noteAdopted(source, key: key, in: store) }
        let apply: ((SceneNavigationModel<Value>) -> Void)? =
            links.isEmpty ? nil : { model in for link in links { link(model) } }
        do throws(NavigationError) {
            connected(
                try ScenePersistence.restore(
                    model, from: store, scene: scene, copying: resolution.source, key: key, policy: policy,
                    guard: crashGuard, deepLink: apply, defersCopies: true))
        } catch {
            if resolution.isAdopted {
                // The scene to adopt could not be read: told, and this window starts fresh in its
                // own scene (the other is left as it is, for its own window or a tool).
                onError(error)
                return restoreFresh(scene, deepLink: apply)
            }
            guard let reason = RestoreDecision.unrestorable(after: error) else {
                heldLinks = links + heldLinks
                onError(error)
                return handle(.restoreFailed)
            }
            // Not the state's shape at all, or not a scene file: kept aside, and a fresh start.
            start { [self] in
                do throws(NavigationError) {
                    connected(
                        try await ScenePersistence.connect(
                            model, to: store, scene: scene, key: key, policy: policy, restoring: false,
                            guard: crashGuard, deepLink: apply, unrestorable: reason))
                } catch {
                    onError(error)
                    life.connectionFailed()
                }
            }
        }
    }

    /// Restores a new scene of the window's own, which has nothing stored.
    private func restoreFresh(_ scene: SceneID, deepLink: ((SceneNavigationModel<Value>) -> Void)?) {
        do throws(NavigationError) {
            connected(
                try ScenePersistence.restore(
                    model, from: store, scene: scene, copying: nil, key: key, policy: policy, guard: crashGuard,
                    deepLink: deepLink, defersCopies: true))
        } catch {
            onError(error)
            handle(.restoreFailed)
        }
    }

    private func connected(_ persistence: ScenePersistence<Value>) {
        // The scene went away meanwhile: the connection closes at once.
        guard life.isConnected else {
            start { [self] in
                do throws(NavigationError) {
                    try await persistence.close()
                } catch {
                    onError(error)
                }
            }
            return
        }
        self.persistence = persistence
        guard let onConnect else { return }
        // Told once the copy an intervention keeps is made (off the main actor, after the first
        // frame), so that what it is told is whole.
        guard let copy = persistence.pendingCopy else { return onConnect(persistence) }
        start { [self] in
            if case .failure(let error) = await copy.result() { onError(.store(error)) }
            onConnect(persistence)
        }
    }

    private func start(_ work: @escaping @MainActor () async -> Void) {
        let id = nextWork
        nextWork += 1
        running[id] = Task { @MainActor [weak self] in
            await work()
            self?.running[id] = nil
        }
    }
}
