import Observation
import SceneNavigation
import SceneStore
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The navigation state of one scene of the cookbook: the selected category and the path of
/// recipes, as in Apple's NavigationCookbook sample.
///
/// It is `@Observable`, so a SwiftUI app on Apple platforms can bind to it directly, and it lives
/// on the main actor like any view model. Changing it never waits for I/O: saving is done by a
/// ``NavigationPersistence`` that listens to ``changes()``.
///
/// ```swift
/// let model = NavigationModel()
/// model.selectedCategory = .dessert
/// model.path = [pie]
/// let data = model.jsonData                     // {"recipePathIds":["…"],"selectedCategory":0}
/// let report = try model.restore(from: data!)   // what was dropped, and why
/// ```
@MainActor
@Observable
public final class NavigationModel {
    /// The selected category, if any.
    public var selectedCategory: Category? {
        didSet { publishChange() }
    }

    /// The recipes on the navigation path, from the root.
    public var path: [Recipe] {
        didSet { publishChange() }
    }

    /// The shipped sample's split-view setting, kept verbatim so a round trip loses nothing.
    public var columnVisibility: JSONValue? {
        didSet { publishChange() }
    }

    /// Members of restored data that this version does not know, written back unchanged.
    @ObservationIgnored public private(set) var additionalMembers: [String: JSONValue] = [:]

    /// The recipes that identifiers are looked up in.
    @ObservationIgnored public let dataModel: DataModel

    /// Counts the changes published so far; each snapshot carries the count after its change.
    @ObservationIgnored public private(set) var revision: UInt64 = 0

    /// The report of the last restore through ``jsonData``.
    public private(set) var lastRestoreReport: RestoreReport?
    /// The error of the last restore through ``jsonData``, which left the model untouched.
    public private(set) var lastRestoreError: RecipeDataError?

    @ObservationIgnored private var isApplyingRestore = false
    @ObservationIgnored let broadcaster = ChangeBroadcaster<Snapshot>()

    /// Creates a model.
    /// - Parameters:
    ///   - dataModel: The recipes to look identifiers up in; the built-in cookbook by default.
    ///   - selectedCategory: The initial category.
    ///   - path: The initial path.
    public init(dataModel: DataModel = .cookbook, selectedCategory: Category? = nil, path: [Recipe] = []) {
        self.dataModel = dataModel
        self.selectedCategory = selectedCategory
        self.path = path
    }

    deinit {
        broadcaster.finish()
    }

    /// The state as it is saved: the path as identifiers.
    public var state: NavigationState {
        NavigationState(
            selectedCategory: selectedCategory, recipes: path, columnVisibility: columnVisibility,
            additionalMembers: additionalMembers)
    }
}

// MARK: - Restoring

extension NavigationModel {
    /// The model encoded as the sample encodes it, or restored from such data.
    ///
    /// Setting it restores with the default policy (skip missing recipes). Unlike the sample, a
    /// failure is not silent: the model is left untouched and the error is in ``lastRestoreError``;
    /// what was dropped is in ``lastRestoreReport``. Setting nil does nothing.
    public var jsonData: Data? {
        get { Data(state.encoded()) }
        set {
            guard let newValue else { return }
            do {
                lastRestoreReport = try restore(from: newValue)
                lastRestoreError = nil
            } catch {
                lastRestoreError = error
            }
        }
    }

    /// Restores from navigation JSON in any accepted shape.
    ///
    /// Decoding happens first: data that cannot be decoded throws and leaves the model untouched.
    /// Otherwise every property is set at once and one change is published.
    ///
    /// - Parameters:
    ///   - data: The JSON bytes.
    ///   - policy: How to treat identifiers that no longer resolve.
    /// - Returns: What was restored and what was dropped, and why.
    /// - Throws: ``RecipeDataError/invalidNavigationData(reason:)``.
    @discardableResult
    public func restore(
        from data: some Collection<UInt8>, policy: RestorePolicy = RestorePolicy()
    ) throws(RecipeDataError) -> RestoreReport {
        restore(from: try NavigationPayload(data: data), policy: policy)
    }

    /// Restores from decoded navigation data.
    /// - Parameters:
    ///   - payload: The decoded data.
    ///   - policy: How to treat identifiers that no longer resolve.
    /// - Returns: What was restored and what was dropped, and why.
    @discardableResult
    public func restore(from payload: NavigationPayload, policy: RestorePolicy = RestorePolicy()) -> RestoreReport {
        let (state, path, report) = dataModel.restore(payload, policy: policy)
        isApplyingRestore = true
        selectedCategory = state.selectedCategory
        self.path = path
        columnVisibility = state.columnVisibility
        additionalMembers = state.additionalMembers
        isApplyingRestore = false
        publishChange()
        return report
    }
}

// MARK: - Observing

extension NavigationModel {
    /// The model after one change: its revision and its state. The state holds the path's recipes
    /// (copying an array is constant-time; identifiers are taken when saved).
    public struct Snapshot: Sendable {
        /// The model's ``NavigationModel/revision`` after the change.
        public let revision: UInt64
        /// The state, as it is saved.
        public let state: NavigationState

        /// The selected category.
        public var selectedCategory: Category? { state.selectedCategory }
        /// The path's recipes.
        public var path: [Recipe] { state.recipes ?? [] }
        /// The sample's split-view setting.
        public var columnVisibility: JSONValue? { state.columnVisibility }
        /// Unknown members.
        public var additionalMembers: [String: JSONValue] { state.additionalMembers }
    }

    /// The model's changes, each as a snapshot of the state *after* the change.
    ///
    /// Observation's `onChange` fires before a mutation; this stream is fed from the properties'
    /// `didSet`, so it never delivers the old state. A subscriber that falls behind gets only the
    /// newest snapshot (bursts coalesce), and a mutation costs the producer no wake-up while the
    /// subscriber has not asked for the next snapshot. Any number of subscribers may listen; a
    /// stream ends when its consuming task is cancelled or the model goes away.
    ///
    /// - Returns: A stream that starts with the next change.
    public func changes() -> AsyncStream<Snapshot> {
        broadcaster.subscribe()
    }

    private func publishChange() {
        guard !isApplyingRestore else { return }
        revision &+= 1
        broadcaster.publish(currentSnapshot)
    }
}

// MARK: - Persisting

extension NavigationModel: PersistableNavigationModel {
    /// The current state as a snapshot.
    public var currentSnapshot: Snapshot { Snapshot(revision: revision, state: state) }

    /// A snapshot's revision.
    /// - Parameter snapshot: The snapshot.
    /// - Returns: Its revision.
    public nonisolated static func revision(of snapshot: Snapshot) -> UInt64 { snapshot.revision }

    /// A snapshot as stored: the sample's navigation JSON, with the path as identifiers.
    /// - Parameter snapshot: The snapshot.
    /// - Returns: The value to store.
    public nonisolated static func sceneValue(of snapshot: Snapshot) -> SceneValue { snapshot.state.sceneValue }

    /// Whether a stored value is navigation data in any accepted shape.
    /// - Parameter value: The stored value.
    /// - Returns: Whether a restore would succeed.
    public nonisolated static func canRestore(from value: SceneValue) -> Bool {
        (try? NavigationPayload(sceneValue: value)) != nil
    }

    /// The schema version of the cookbook's navigation JSON: that of the data's migrations (0).
    public var schemaVersion: Int { dataModel.migrations.version }

    /// Restores from a stored value, as ``restore(from:policy:)`` does.
    /// - Parameters:
    ///   - value: The stored value.
    ///   - key: The value's key, for error messages.
    ///   - policy: How to treat identifiers that no longer resolve.
    ///   - schemaVersion: The schema version the value was stored with.
    /// - Returns: What was restored and what was dropped.
    /// - Throws: ``SceneNavigation/NavigationError/cannotDecode(key:reason:)`` when the value is not
    ///   navigation data, ``SceneNavigation/NavigationError/newerSchema(key:stored:supported:)``
    ///   when it was stored with a newer schema; the model is untouched.
    public func restore(
        from value: SceneValue, key: String, policy: RestorePolicy, schemaVersion: Int
    ) throws(NavigationError) -> RestoreReport {
        guard schemaVersion <= self.schemaVersion else {
            throw .newerSchema(key: key, stored: schemaVersion, supported: self.schemaVersion)
        }
        let payload: NavigationPayload
        do {
            payload = try NavigationPayload(sceneValue: value)
        } catch {
            guard case .invalidNavigationData(let reason) = error else {
                throw .cannotDecode(key: key, reason: error.description)
            }
            throw .cannotDecode(key: key, reason: reason)
        }
        return restore(from: payload, policy: policy)
    }
}
