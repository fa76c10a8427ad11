import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A scene's navigation value as stored, for the tools that read and write it on request (the
/// command-line tool, the fuzz target): the value with what a restore now would decide about it,
/// the screens left out of it, and a value stored exactly as given.
package enum StoredNavigation {}

// MARK: - Storing a value on request

extension StoredNavigation {
    /// What ``store(_:schema:key:in:of:replacingNewerSchema:keepingAside:)`` did.
    package struct Replacement: Sendable, Equatable {
        /// The scene's file.
        public var path: String
        /// Whether the file was written.
        public var wroteFile: Bool
        /// Where the file as it was was kept aside; nil when nothing was replaced that needed keeping.
        public var keptAsidePath: String?
        /// Why it was kept aside (`newer-schema`, `invalid`, or the caller's reason); nil when it was not.
        public var keptAsideReason: KeptAsideFile.Reason?
        /// Where a corrupt file in the scene's place was moved first, if one was.
        public var movedAsidePath: String?
    }

    /// Stores `value` under `key` exactly as given, with exactly `schema` beside it (`<key>.schema`,
    /// nothing for 0), durably and under the scene's lock, and saves the scene at the current time
    /// even when it held them already: for a tool or an app that replaces a scene's navigation on
    /// request (a fixture, an import, `navstate save --input`). Other keys are left as they are.
    ///
    /// Nothing it replaces is lost: in the same hold of the lock, when the value stored under the
    /// key (or its schema) differs, the scene's file as it was is kept aside first:
    ///
    /// - a value stored with a newer schema than `schema` (a newer version's) is refused, unless
    ///   `replacingNewerSchema`, and then kept aside as `newer-schema`;
    /// - a value whose schema is not a version is kept aside as `invalid`;
    /// - any other is kept aside for the reason `keepAside` gives for the document found (nil: not
    ///   kept): `replaced` by default, for a caller that cannot judge whether the app reads it.
    ///
    /// - Parameters:
    ///   - value: The value to store.
    ///   - schema: The schema version it is of (0: none stored).
    ///   - key: The value's key, `navigation` by default.
    ///   - scene: The scene.
    ///   - store: The app's store.
    ///   - replacingNewerSchema: Whether a value of a newer schema is replaced (kept aside first).
    ///   - keepAside: Why a value of this schema or an older one is kept aside before it is
    ///     replaced, or nil for not at all.
    /// - Returns: The file written, and the copies made.
    /// - Throws: ``NavigationError/newerSchema(key:stored:supported:)`` when a value of a newer
    ///   schema is there and `replacingNewerSchema` is false (nothing is written);
    ///   ``NavigationError/store(_:)`` with the errors of ``/SceneStore/StateStore/update(_:_:)``
    ///   (an invalid key, a file of a newer format, a value over the limits).
    @discardableResult
    package static func store(
        _ value: SceneValue, schema: Int = 0, key: String = "navigation", in scene: SceneID, of store: StateStore,
        replacingNewerSchema: Bool = false,
        keepingAside keepAside: (StoredDocument) -> KeptAsideFile.Reason? = { _ in .replaced }
    ) throws(NavigationError) -> Replacement {
        let schemaKey = NavigationMigrations.companionKey(for: key)
        let companion = NavigationMigrations.schemaValue(schema)
        var refused: Int?
        var reason: KeptAsideFile.Reason?
        do throws(SceneStoreError) {
            try StateStore.validate(key: key)
            // The stored value's schema is judged once, in the body, which sees what the file holds
            // before the copy is asked for.
            let outcome = try store.update(
                scene, dating: true,
                keepingAside: { document in
                    guard document.hasValue(forKey: key) else { return nil }
                    reason = reason ?? keepAside(document)
                    return reason
                },
                { (values) throws(SceneStoreError) in
                    if values[key] != nil {
                        switch try? NavigationMigrations.storedSchema(forKey: key, in: values) {
                        case nil: reason = .invalid
                        case let stored? where stored > schema:
                            guard replacingNewerSchema else {
                                // Nothing is written: the update is left by this error, the refusal.
                                refused = stored
                                throw .invalidArgument(key, reason: "a value of a newer schema is stored under it")
                            }
                            reason = .newerSchema
                        default: break
                        }
                    }
                    values[key] = value
                    values[schemaKey] = companion
                    // The value as given left nothing out: an earlier save's record goes.
                    values[UnsavedCut.companionKey(for: key)] = nil
                })
            return Replacement(
                path: outcome.path, wroteFile: outcome.wroteFile, keptAsidePath: outcome.keptAsidePath,
                keptAsideReason: outcome.keptAsidePath == nil ? nil : reason, movedAsidePath: outcome.movedAsidePath)
        } catch {
            if let refused { throw .newerSchema(key: key, stored: refused, supported: schema) }
            throw .store(error)
        }
    }

    /// Refuses to replace a scene's value of a newer schema than `schema`: what a tool asks before it
    /// replaces a scene's state without restoring it (a scene's connection made without restoring
    /// keeps such a value aside as `newer-schema` and replaces it).
    /// - Parameters:
    ///   - scene: The scene.
    ///   - key: The value's key, `navigation` by default.
    ///   - schema: The schema of the state that would replace it.
    ///   - store: The app's store.
    /// - Throws: ``NavigationError/newerSchema(key:stored:supported:)`` when the value stored under
    ///   the key is of a newer schema; ``NavigationError/store(_:)`` when the scene's file cannot be
    ///   read (a corrupt file is no value of a newer schema: it is moved aside by the next write).
    package static func refuseNewerSchema(
        of scene: SceneID, key: String = "navigation", than schema: Int, in store: StateStore
    ) throws(NavigationError) {
        let document: StoredDocument
        do throws(SceneStoreError) {
            try StateStore.validate(key: key)
            document = try store.storedDocument(for: scene)
        } catch .sceneNotFound, .corrupt, .cannotRead(_, .enotdir) {
            // No value of a newer schema: the write that follows moves a corrupt file aside, and
            // says what is wrong with a folder that is not one.
            return
        } catch {
            throw .store(error)
        }
        guard document.hasValue(forKey: key),
            let stored = try? NavigationMigrations.storedSchema(forKey: key, in: document), stored > schema
        else { return }
        throw .newerSchema(key: key, stored: stored, supported: schema)
    }
}

// MARK: - A value as stored

extension StoredNavigation {
    /// A scene's value as stored, and what a restore now would decide about it before decoding it.
    package struct StoredValue: Sendable, Equatable {
        /// The value.
        public var value: SceneValue
        /// The schema version stored beside it (0 when none is).
        public var schema: Int
        /// When the scene was last saved.
        public var savedAt: Date
        /// Why a restore now would not apply it, decided as a restore decides without the app's
        /// types: ``RestoreIntervention/expired(savedAt:maximumAge:)`` past the policy's maximum
        /// age; nil otherwise.
        public var intervention: RestoreIntervention?
        /// The screens its save left out (``SelectivelySaved``), as a restore reports them.
        public var unsaved: [RestoreReport.DroppedElement] = []
    }

    /// Reads a scene's value under a key as stored, with what a restore now would decide about it
    /// before decoding it (its age against `policy.maximumAge`, as
    /// a scene's restore (``PersistentScene``) decides it): for a tool
    /// that shows an app's stored value without the app's types. Changes nothing.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - key: The value's key, `navigation` by default.
    ///   - policy: The policy whose maximum age applies.
    ///   - store: The app's store.
    /// - Returns: The value, its schema and save time, and the intervention.
    /// - Throws: ``NavigationError/store(_:)`` when the scene has no file or it cannot be read;
    ///   ``NavigationError/noValue(key:in:keys:)`` when it holds no value under the key;
    ///   ``NavigationError/cannotDecode(key:reason:location:)`` when the schema beside it is not a version.
    package static func storedValue(
        of scene: SceneID, key: String = "navigation", policy: RestorePolicy = RestorePolicy(), in store: StateStore
    ) throws(NavigationError) -> StoredValue {
        let document: StoredDocument
        do throws(SceneStoreError) {
            try StateStore.validate(key: key)
            document = try store.storedDocument(for: scene)
        } catch {
            throw .store(error)
        }
        guard let value = document.value(forKey: key) else {
            throw .noValue(key: key, in: "scene '\(scene)'", keys: document.keys.sorted())
        }
        var facts = RestoreDecision.Facts(hasStoredValue: true)
        facts.storedSchema = try NavigationMigrations.storedSchema(forKey: key, in: document)
        // Without the app's types, no schema is newer than the one stored.
        facts.supportedSchema = facts.storedSchema
        facts.savedAt = document.savedAt
        facts.now = store.settings.now()
        facts.maximumAge = policy.maximumAge
        let plan = RestoreDecision.plan(facts)
        return StoredValue(
            value: value, schema: facts.storedSchema, savedAt: document.savedAt, intervention: plan.intervention,
            unsaved: try unsavedScreens(forKey: key, in: document))
    }

    /// The screens a save of the value under `key` left out, as a restore reports them
    /// (``RestoreReport/Reason/notSaved(_:)``), read from the record beside the value (nothing
    /// else of the document is built).
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)`` naming `<key>.unsaved` when
    ///   the record is not one.
    package static func unsavedScreens(
        forKey key: String, in document: StoredDocument
    ) throws(NavigationError) -> [RestoreReport.DroppedElement] {
        UnsavedCut.dropped(try UnsavedCut.recorded(forKey: key, in: document))
    }
}
