import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The model's restores, as a scene's connection, the tools and the JSON of the model make them:
// each decodes element by element and member by member, and puts the state in place at once.
extension SceneNavigationModel {
    /// Restores the state from a stored scene value, each path element by element and each member
    /// on its own; the screens the save left out (``UnsavedCut``, read beside the value) are
    /// reported after what the value holds.
    ///
    /// Decoding happens first: a value that is not the state's shape at all throws and leaves the
    /// model untouched. Otherwise the state is replaced at once (one change is published): what
    /// was dropped is reported, each member that no longer decodes left at ``initialState``.
    @discardableResult
    package func restoreValue(
        _ value: SceneValue, key: String = "navigation", policy: RestorePolicy = RestorePolicy(),
        schemaVersion: Int = 0
    ) throws(NavigationError) -> RestoreReport {
        try restoreValue(value, key: key, policy: policy, schemaVersion: schemaVersion, unsaved: [])
    }

    /// Restores as ``restoreValue(_:key:policy:schemaVersion:)``, the screens the save left out
    /// reported after what the value holds.
    func restoreValue(
        _ value: SceneValue, key: String, policy: RestorePolicy, schemaVersion: Int, unsaved: [UnsavedCut]
    ) throws(NavigationError) -> RestoreReport {
        try restoreValue(
            StateCoding.stored(of: value, key: key), key: key, policy: policy, schemaVersion: schemaVersion,
            unsaved: unsaved)
    }

    /// Restores as ``restoreValue(_:key:policy:schemaVersion:)`` a value read from a scene's file,
    /// decoded from its checked text.
    func restoreValue(
        _ read: ReadValue, policy: RestorePolicy, schemaVersion: Int, unsaved: [UnsavedCut]
    ) throws(NavigationError) -> RestoreReport {
        try restoreValue(read.stored(), key: read.key, policy: policy, schemaVersion: schemaVersion, unsaved: unsaved)
    }

    private func restoreValue(
        _ stored: StoredJSON, key: String, policy: RestorePolicy, schemaVersion: Int, unsaved: [UnsavedCut]
    ) throws(NavigationError) -> RestoreReport {
        let initial = initialState
        var (restored, report) = try StateCoding.decode(
            State.self, from: stored, key: key, policy: policy, resolvers: resolvers, types: types,
            migrations: migrations, schemaVersion: schemaVersion, fallback: try? ValueEncoder.encode(initial))
        report.dropped += UnsavedCut.dropped(unsaved)
        apply(restored, report: report)
        return report
    }

    /// Restores the model from a value given as input (an import, a fixture, `navstate save
    /// --input`), strictly: an element or member that does not decode, or whose type is not
    /// registered (what a restore of stored state drops as ``RestoreReport/Reason/couldBeUndone``),
    /// is an error naming where it is, since input is to be fixed, not salvaged; what the app's
    /// lookups find nothing for, or the policy drops, is dropped and reported as a restore drops it.
    ///
    /// - Parameters:
    ///   - value: The input: JSON, or binary data holding JSON.
    ///   - key: The value's key, for error messages.
    ///   - policy: What to do with elements the app's lookups find nothing for.
    ///   - schemaVersion: The schema version the input is of.
    /// - Returns: What was dropped and migrated.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)`` for input that is not the
    ///   state's shape, or that holds an element or member that does not decode (its reason names
    ///   it, its location points at it); ``NavigationError/newerSchema(key:stored:supported:)``.
    ///   The model is untouched.
    @discardableResult
    package func importValue(
        _ value: SceneValue, key: String = "navigation", policy: RestorePolicy = RestorePolicy(),
        schemaVersion: Int = 0
    ) throws(NavigationError) -> RestoreReport {
        let json = try StateCoding.json(of: value, key: key)
        let initial = initialState
        let (restored, report) = try StateCoding.decode(
            State.self, from: json, key: key, policy: policy, resolvers: resolvers, types: types,
            migrations: migrations, schemaVersion: schemaVersion, fallback: try? ValueEncoder.encode(initial))
        if let wrong = report.dropped.first(where: { $0.reason.couldBeUndone }) {
            throw .cannotDecode(key: key, reason: wrong.description, location: wrong.codingPath)
        }
        apply(restored, report: report)
        return report
    }

    /// Restores the model from what a scene stores, changing nothing on disk: the same decisions as
    /// a scene's connection (``PersistentScene``) about a value
    /// of a newer schema (not restored) and one older than `policy.maximumAge` (not restored), with
    /// no crash-loop guard, no copy kept and nothing written. For tools and tests: `navstate
    /// restore` is this call.
    ///
    /// It reads the scene's file off the main actor.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - scene: The scene.
    ///   - key: The value's key, `navigation` by default.
    ///   - policy: What to do with elements that cannot be restored, and the maximum age.
    /// - Returns: What was restored (``RestoreOutcome/report``), or why nothing was
    ///   (``RestoreOutcome/intervention``), and when the scene was saved.
    /// - Throws: ``NavigationError/store(_:)`` when the scene has no file or it cannot be read;
    ///   ``NavigationError/noValue(key:in:keys:)`` when the scene holds no value under the key;
    ///   the errors of ``restoreValue(_:key:policy:schemaVersion:)``.
    @discardableResult
    package func restoreReadOnly(
        from store: StateStore, scene: SceneID, key: String = "navigation", policy: RestorePolicy = RestorePolicy()
    ) async throws(NavigationError) -> RestoreOutcome {
        let document = try await offMain { () throws(SceneStoreError) in try store.storedDocument(for: scene) }
        return try restore(from: document, key: key, policy: policy, now: store.settings.now())
    }

    /// Restores the model from a scene's document already read, changing nothing on disk: the
    /// decisions of ``restoreReadOnly(from:scene:key:policy:)``, for a tool that holds the document.
    ///
    /// - Parameters:
    ///   - document: The scene's document.
    ///   - key: The value's key, `navigation` by default.
    ///   - policy: What to do with elements that cannot be restored, and the maximum age.
    ///   - now: The time the age limit is measured at.
    /// - Returns: What was restored, or why nothing was, and when the scene was saved.
    /// - Throws: ``NavigationError/noValue(key:in:keys:)`` when the document holds no value under
    ///   the key; the errors of ``restoreValue(_:key:policy:schemaVersion:)``.
    @discardableResult
    package func restore(
        from document: StoredDocument, key: String = "navigation", policy: RestorePolicy = RestorePolicy(), now: Date
    ) throws(NavigationError) -> RestoreOutcome {
        guard let stored = ReadValue(key, in: document) else {
            throw .noValue(key: key, in: "scene '\(document.scene)'", keys: document.keys.sorted())
        }
        var facts = RestoreDecision.Facts(hasStoredValue: true)
        facts.storedSchema = try NavigationMigrations.storedSchema(forKey: key, in: document)
        let unsaved = try UnsavedCut.recorded(forKey: key, in: document)
        facts.supportedSchema = schemaVersion
        facts.savedAt = document.savedAt
        facts.now = now
        facts.maximumAge = policy.maximumAge
        let plan = RestoreDecision.plan(facts)
        var outcome = RestoreOutcome(
            intervention: plan.intervention, isReadOnly: plan.isReadOnly, savedAt: document.savedAt)
        if plan.restore == .everything {
            outcome.report = try restoreValue(
                stored, policy: policy, schemaVersion: facts.storedSchema, unsaved: unsaved)
        }
        return outcome
    }

    /// Whether a scene's document holds under `key` a value this model restores with nothing lost
    /// for good: it restores (at the schema stored beside it), and nothing is dropped that a later
    /// version could restore again (``RestoreReport/Reason/couldBeUndone``). No value under the key
    /// passes. A value that does not pass is worth keeping aside before it is written over.
    /// - Parameters:
    ///   - document: The scene's document.
    ///   - key: The value's key.
    /// - Returns: Whether the value restores whole.
    package func restoresWhole(_ document: StoredDocument, key: String = "navigation") -> Bool {
        // Decoded here, on the main actor, where the state's conformances live (in an app whose
        // types are main-actor isolated, they may be used nowhere else).
        guard let read = ReadValue(key, in: document) else { return true }
        let initial = initialState
        guard let schema = try? NavigationMigrations.storedSchema(forKey: key, in: document),
            let stored = try? read.stored(),
            let (_, report) = try? StateCoding.decode(
                State.self, from: stored, key: key, resolvers: resolvers, types: types, migrations: migrations,
                schemaVersion: schema, fallback: try? ValueEncoder.encode(initial))
        else { return false }
        return !report.dropped.contains { $0.reason.couldBeUndone }
    }
}
