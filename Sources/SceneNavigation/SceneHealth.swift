import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One saved scene's health, as an app's fleet of scenes is checked (`navstate inspect`): its
/// file, the crash-loop guard of each of its keys, its size against its budget, and what a restore
/// of its value would do now, changing nothing.
///
/// ```swift
/// let now = Date()
/// for summary in try store.scenes() {
///     let health = SceneHealth(of: summary, key: "navigation", in: store, now: now) { document in
///         try NavigationModel().restore(from: document, key: "navigation", now: now)
///     }
///     if health.needsAttention { print(summary.scene, health.drops ?? 0, health.problem ?? "") }
/// }
/// ```
package struct SceneHealth: Sendable {
    /// The scene's file, as listed.
    public var summary: SceneSummary
    /// The crash-loop guard of every key of the scene, or why its markers cannot be read.
    public var guards: Result<[String: CrashLoopGuard.MarkerState], SceneStoreError>
    /// How many elements and members a restore would drop now (every entry of its report's
    /// ``RestoreReport/dropped``), or nil when none can be counted: no value under the key, a file
    /// that cannot be used, or a value that cannot be restored (``problem``).
    public var drops: Int?
    /// Why the value under the key cannot be restored now (it does not decode, its schema is newer
    /// than the app's or cannot be read), when it cannot.
    public var problem: String?
    /// The time since the scene was last saved (0 for a save time in the future: another machine's
    /// clock).
    public var age: Duration
    /// The file's size against its budget.
    public var budget: SizeBudget

    /// Examines a scene: its guards and its budget, and, when its file can be used and holds a
    /// value under `key`, what `dryRun` (a restore that changes nothing, such as
    /// ``SceneNavigationModel/restore(from:key:policy:now:)``) makes of it.
    /// - Parameters:
    ///   - summary: The scene, as ``/SceneStore/StateStore/scenes()`` lists it.
    ///   - key: The value's key, `navigation` by default.
    ///   - store: The app's store.
    ///   - now: The time ages are measured at (one reading for a whole listing, so ages compare).
    ///   - dryRun: Restores the scene's document, changing nothing.
    public init(
        of summary: SceneSummary, key: String = "navigation", in store: StateStore, now: Date,
        dryRun: (StoredDocument) throws(NavigationError) -> RestoreOutcome
    ) {
        self.summary = summary
        guards = Result { () throws(SceneStoreError) in try CrashLoopGuard.states(of: summary.scene, in: store) }
        age = .seconds(max(0, now.timeIntervalSince(summary.lastSaved)))
        budget = store.budget(forSize: summary.size)
        guard summary.health == .ok else { return }
        let document: StoredDocument
        do throws(SceneStoreError) {
            document = try store.storedDocument(for: summary.scene)
        } catch {
            problem = error.description
            return
        }
        guard document.hasValue(forKey: key) else { return }
        do throws(NavigationError) {
            let outcome = try dryRun(document)
            if case .newerSchema(let stored, let supported)? = outcome.intervention {
                // A restore takes nothing from it: not a drop, a value this version cannot use.
                problem = "saved with schema \(stored), newer than this version's \(supported)"
            } else {
                drops = outcome.report?.dropped.count ?? 0
            }
        } catch {
            problem = Self.reason(error)
        }
    }

    /// Whether the scene needs attention: a file that cannot be used, a value that cannot be
    /// restored, anything a restore would drop, a guard that is not clean (or cannot be read), or a
    /// file near or over its budget.
    public var needsAttention: Bool {
        if summary.health != .ok || problem != nil || (drops ?? 0) > 0 || budget.isNear { return true }
        guard case .success(let states) = guards else { return true }
        return states.values.contains { $0 != .clean }
    }

    /// A restore error in words, without the key a listing names already: a decoding error's
    /// reason alone, any other error's description.
    /// - Parameter error: The error.
    /// - Returns: The words.
    public static func reason(_ error: NavigationError) -> String {
        if case .cannotDecode(_, let reason, _) = error { return reason }
        return error.description
    }
}
