import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A scene's persistence through its life: it takes the scene's events, asks ``SceneLife`` what to
/// do, and does it with the scene's connection. `PersistentNavigation` (SceneNavigationUI) forwards
/// SwiftUI's events to one and does nothing else; the testing kit's `SceneLifeSimulator` drives one
/// with scripted events, so what a test shows is what the app does.
///
/// ```swift
/// let scene = PersistentScene(model, store: store, onEvent: { print($0) })
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
    package private(set) var connection: SceneConnection<Value>?

    /// Told what happens to the scene.
    var onEvent: @MainActor (SceneEvent) -> Void
    /// The last failure told since ``connect()`` or ``close()`` began, which it throws.
    private var lastFailure: NavigationError?
    /// The 0.3.0 face of the current connection, made once per connection.
    var face: AnyObject?
    /// Whether the scene's connection replaces what is stored with the model's state rather than
    /// restoring it (a tool's save): a value of a newer schema, or one the model cannot read back
    /// whole, is kept aside first.
    package var replacesStoredState = false
    /// Told of each connection with the event that tells it: 0.3.0's `onConnect`.
    var onConnection: (@MainActor (SceneConnection<Value>) -> Void)?
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
    private var closed: SceneConnection<Value>?

    /// Creates a scene's persistence; nothing is read until the scene appears.
    /// - Parameters:
    ///   - model: The scene's model.
    ///   - store: The app's store.
    ///   - key: The value's key, `navigation` by default.
    ///   - policy: What to do with elements that cannot be restored, and the maximum age.
    ///   - crashGuard: The crash-loop guard, or nil for none. On by default.
    ///   - identity: How the scene's ID is found, ``SceneIdentity/perScene`` by default.
    ///   - onEvent: Told what happens to the scene, in order: each connection once it is made (with
    ///     its restore's report, intervention and copy kept aside), and each failure to restore or
    ///     save.
    public init(
        _ model: SceneNavigationModel<Value>, store: StateStore, key: String = "navigation",
        policy: RestorePolicy = RestorePolicy(), guard crashGuard: CrashLoopGuard? = CrashLoopGuard(),
        identity: SceneIdentity = .perScene, onEvent: @escaping @MainActor (SceneEvent) -> Void
    ) {
        self.model = model
        self.store = store
        self.key = key
        self.policy = policy
        self.crashGuard = crashGuard
        self.identity = identity
        self.onEvent = onEvent
    }

    // MARK: - Deprecated: 0.3.0's callbacks, one stream of events since 0.4.0 (in the class itself,
    // as 0.3.0 declared them: a member of an extension is declared otherwise)

    /// Creates a scene's persistence that tells each connection and each failure to a callback of
    /// its own.
    /// - Parameters:
    ///   - model: The scene's model.
    ///   - store: The app's store.
    ///   - key: The value's key, `navigation` by default.
    ///   - policy: What to do with elements that cannot be restored, and the maximum age.
    ///   - crashGuard: The crash-loop guard, or nil for none. On by default.
    ///   - identity: How the scene's ID is found, ``SceneIdentity/perScene`` by default.
    ///   - onConnect: Told of each connection once it is made.
    ///   - onError: Told when the scene cannot be restored or saved.
    @available(
        *, deprecated,
        message:
            "use init(_:store:key:policy:guard:identity:onEvent:), which tells connections and failures as SceneEvent"
    )
    @_disfavoredOverload
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
        onEvent = { _ in }
        if let onConnect {
            onConnection = { [weak self] connection in
                if let self { onConnect(face(of: connection)) }
            }
        }
        onEvent = { event in
            switch event {
            case .connected:
                // Told through onConnection, with the connection the event is about.
                break
            case .failed(let error):
                onError(error)
            case .linkOpened, .linkRefused, .handedOff:
                // 0.3.0 told these nowhere but the model's and the payload's reports.
                break
            }
        }
    }

    /// The connection, while the scene is shown.
    @available(*, deprecated, message: "use outcome, flush() and close(), or the events of onEvent")
    public var persistence: ScenePersistence<Value>? {
        connection.map(face(of:))
    }

    /// A connection's 0.3.0 face, the same object for the same connection.
    @available(*, deprecated, message: "use outcome, flush() and close(), or the events of onEvent")
    private func face(of connection: SceneConnection<Value>) -> ScenePersistence<Value> {
        if let face = face as? ScenePersistence<Value>, face.connection === connection { return face }
        let made = ScenePersistence(connection)
        face = made
        return made
    }

    /// What the scene's restore did, once it is connected: the report (what was kept, dropped,
    /// migrated and withheld), the intervention and the copy kept aside; nil while it is not.
    public var outcome: RestoreOutcome? { connection?.toldOutcome }

    /// Restores and connects the scene now, as a scene whose view appears does (the event
    /// ``SceneLife/Event/appeared``; no phase is assumed), and returns once it is connected: for
    /// code that drives a scene without SwiftUI, such as a tool or a test. Give the scene its ID
    /// first (``SceneIdentity/supplied(_:)``, or ``storedID`` with ``SceneIdentity/perScene``):
    /// without one, each connection starts a new scene. A scene already connected returns its
    /// outcome; one whose restore failed is tried again.
    /// - Returns: What the restore did. A failure told on the way of a scene that connected
    ///   nonetheless (a copy kept aside that could not be made) is told to `onEvent` only.
    /// - Throws: What the scene told its `onEvent` as ``SceneEvent/failed(_:)`` when it did not
    ///   connect: the scene's file or the guard's marker cannot be read or written, or another
    ///   connection of this process keeps the scene's key saved.
    @discardableResult
    public func connect() async throws(NavigationError) -> RestoreOutcome {
        lastFailure = nil
        handle(.appeared)
        await settle()
        if let connection { return connection.toldOutcome }
        throw lastFailure ?? .store(.invalidArgument(sceneID?.rawValue ?? "", reason: "the scene is not connected"))
    }

    /// Waits until the model's last change is durable: through the connection, or, while the
    /// scene is not connected, until the work in flight has ended (a close makes the last change
    /// durable). A scene that never connected has nothing to make durable.
    /// - Throws: The error of the last write (``NavigationError/store(_:)``,
    ///   ``NavigationError/cannotEncode(reason:)``), or what the work in flight told.
    public func flush() async throws(NavigationError) {
        if let connection {
            try await connection.flush()
        } else {
            lastFailure = nil
            await settle()
            if let lastFailure { throw lastFailure }
        }
    }

    /// Closes the scene as a scene whose view disappears does (the event
    /// ``SceneLife/Event/disappeared``) and returns once its last change is durable, its restore
    /// marked healthy and its key let go.
    /// - Throws: What the scene told its `onEvent` as ``SceneEvent/failed(_:)`` while it closed
    ///   (its work in flight, such as a save in the background, ends first).
    public func close() async throws(NavigationError) {
        lastFailure = nil
        handle(.disappeared)
        await settle()
        if let lastFailure { throw lastFailure }
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
        // Told as it is taken: what of the link opened, or why it could not be read.
        heldLinks.append { [weak self] model in
            let taken = model.linksTaken
            link(model)
            guard model.linksTaken != taken, let self else { return }
            switch model.lastLinkTaken {
            case .success(let report): onEvent(.linkOpened(report))
            case .failure(let error): onEvent(.linkRefused(error))
            case nil: break
            }
        }
        handle(.linkOpened)
    }

    /// Tells an event that the scene's host saw (a Handoff offered without part of the state).
    /// - Parameter event: What happened.
    package func tell(_ event: SceneEvent) {
        if case .failed(let error) = event { lastFailure = error }
        onEvent(event)
    }

    /// Waits until the work started so far has finished: closes, saves made when the scene went
    /// to the background, fresh starts.
    public func settle() async {
        while let task = running.values.first {
            await task.value
        }
        // The copy an intervention keeps, made off the main actor after the restore.
        _ = await connection?.pendingCopy?.result()
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
                            return fail(.store(error))
                        }
                    }
                    freshID = scene
                    sceneID = scene
                }
                do throws(NavigationError) {
                    let connection = try await SceneConnection.connect(
                        model, to: store, scene: scene, key: key, policy: policy, restoring: false, guard: crashGuard)
                    // What a deep link or a guard left over the stored value stays until a change.
                    do throws(NavigationError) {
                        if let previous { try connection.goOn(from: previous) }
                    } catch {
                        await connection.cancel()
                        throw error
                    }
                    connected(connection)
                } catch {
                    fail(error)
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
            guard let connection else { return link(model) }
            do throws(NavigationError) {
                try connection.applyLink(asLaunchLink: asLaunchLink) { link($0) }
            } catch {
                fail(error)
            }
        case .leaveForeground:
            guard let connection else { return }
            start { [self] in
                do throws(NavigationError) {
                    try await connection.leftForeground()
                } catch {
                    fail(error)
                }
            }
        case .close:
            guard let connection else { return }
            self.connection = nil
            closed = connection
            // The last state on its way and the key let go now: the scene's views may be made
            // again, and restore, before the close below runs.
            connection.beginClosing()
            start { [self] in
                do throws(NavigationError) {
                    try await connection.close()
                } catch {
                    fail(error)
                }
            }
        case .terminate:
            do throws(NavigationError) {
                try connection?.terminating()
            } catch {
                fail(error)
            }
        case .noteShown:
            connection?.restoredScreenShown()
        case .suspend:
            guard let connection else { return }
            self.connection = nil
            closed = connection
            // As a killed process stops, before this returns (the background task must end in its
            // expiration handler): the write in flight finishes and the lock goes; the model in
            // memory is written again when the scene connects.
            connection.suspendNow()
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
            fail(.store(error))
            return handle(.restoreFailed)
        }
        let scene = resolution.scene
        sceneID = scene
        copiedFrom = resolution.source
        if resolution.isAdopted, let source = resolution.source { LiveScenes.noteAdopted(source, key: key, in: store) }
        let apply: ((SceneNavigationModel<Value>) -> Void)? =
            links.isEmpty ? nil : { model in for link in links { link(model) } }
        if replacesStoredState { return replace(scene, deepLink: apply, unrestorable: nil) }
        do throws(NavigationError) {
            connected(
                try SceneConnection.restore(
                    model, from: store, scene: scene, copying: resolution.source, key: key, policy: policy,
                    guard: crashGuard, deepLink: apply, defersCopies: true))
        } catch {
            if resolution.isAdopted {
                // The scene to adopt could not be read: told, and this window starts fresh in its
                // own scene (the other is left as it is, for its own window or a tool).
                fail(error)
                return restoreFresh(scene, deepLink: apply)
            }
            guard let reason = RestoreDecision.unrestorable(after: error) else {
                heldLinks = links + heldLinks
                fail(error)
                return handle(.restoreFailed)
            }
            // Not the state's shape at all, or not a scene file: kept aside, and a fresh start.
            replace(scene, deepLink: apply, unrestorable: reason)
        }
    }

    /// Connects without restoring, off the main actor: the model's state replaces what is stored
    /// from its next write, a stored value it cannot read back whole kept aside first.
    private func replace(
        _ scene: SceneID, deepLink: ((SceneNavigationModel<Value>) -> Void)?, unrestorable reason: String?
    ) {
        start { [self] in
            do throws(NavigationError) {
                connected(
                    try await SceneConnection.connect(
                        model, to: store, scene: scene, key: key, policy: policy, restoring: false,
                        guard: crashGuard, deepLink: deepLink, unrestorable: reason))
            } catch {
                fail(error)
                life.connectionFailed()
            }
        }
    }

    /// Restores a new scene of the window's own, which has nothing stored.
    private func restoreFresh(_ scene: SceneID, deepLink: ((SceneNavigationModel<Value>) -> Void)?) {
        do throws(NavigationError) {
            connected(
                try SceneConnection.restore(
                    model, from: store, scene: scene, copying: nil, key: key, policy: policy, guard: crashGuard,
                    deepLink: deepLink, defersCopies: true))
        } catch {
            fail(error)
            handle(.restoreFailed)
        }
    }

    private func connected(_ connection: SceneConnection<Value>) {
        // The scene went away meanwhile: the connection closes at once.
        guard life.isConnected else {
            start { [self] in
                do throws(NavigationError) {
                    try await connection.close()
                } catch {
                    fail(error)
                }
            }
            return
        }
        self.connection = connection
        face = nil
        // Told once the copy an intervention keeps is made (off the main actor, after the first
        // frame), so that what it is told is whole.
        guard let copy = connection.pendingCopy else { return tellConnected(connection) }
        start { [self] in
            if case .failure(let error) = await copy.result() { fail(.store(error)) }
            tellConnected(connection)
        }
    }

    /// Tells a connection once it is made.
    private func tellConnected(_ connection: SceneConnection<Value>) {
        onEvent(.connected(connection.scene, connection.toldOutcome))
        onConnection?(connection)
    }

    /// Tells a failure.
    private func fail(_ error: NavigationError) {
        lastFailure = error
        onEvent(.failed(error))
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
