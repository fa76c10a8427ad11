import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What to do with what a scene stores, decided from what was read: a pure function, so that every
/// combination is tested as a table and the I/O around it (``SceneConnection/connect(_:to:scene:key:policy:restoring:guard:deepLink:)``)
/// only carries the plan out.
enum RestoreDecision {
    /// What was read before deciding.
    struct Facts: Equatable {
        /// Whether the scene holds a value under the key (when restoring; not read otherwise).
        var hasStoredValue: Bool
        /// The schema the value was stored with, and the one the model writes.
        var storedSchema = 0
        var supportedSchema = 0
        /// When the scene was saved, and now.
        var savedAt: Date?
        var now = Date(timeIntervalSince1970: 0)
        /// The policy's age limit.
        var maximumAge: Duration?
        /// The crash-loop guard, when one is used; and how many restores before this one never
        /// became healthy, as its marker says.
        var crashGuard: CrashLoopGuard?
        var failuresBefore = 0
        /// Whether a deep link is to be applied in place of the saved paths.
        var hasDeepLink = false
        /// Whether the app asks to restore at all (false: replace what is stored).
        var restoring = true
        /// Why an earlier attempt of this launch could not restore the stored value at all, when
        /// it could not (the scene then starts fresh, not restoring).
        var unrestorable: String?
    }

    /// How much of the stored value is applied.
    enum Restore: Equatable {
        /// Nothing.
        case nothing
        /// All of it.
        case everything
        /// The state without its paths: every path element is reported as withheld.
        case withoutPaths
    }

    /// What to do.
    struct Plan: Equatable {
        var restore: Restore = .nothing
        /// Why the stored value is not applied as is, or nil.
        var intervention: RestoreIntervention?
        /// A copy of the scene's file to keep before anything can replace it, and why.
        var keepAside: KeptAsideFile.Reason?
        /// Whether the guard's marker is written before the restore is applied.
        var beginsGuard = false
        /// Whether nothing is ever written over the stored value (a newer schema).
        var isReadOnly = false
        /// Whether the stored value (if any) is kept aside when the model cannot read it back whole,
        /// before the model's state replaces it (connecting without restoring).
        var keepsUnreadableValue = false
        /// Whether, when the restore leaves out what a later version could restore (or withholds
        /// the paths), a copy of the file is kept before the first write over it (when no copy
        /// was kept for another reason).
        var keepsWhatIsLeftOut = false
        /// Whether nothing is written over the stored value until the model changes: a close
        /// without a change leaves it as it is (a deep link's state is not the user's).
        var leavesStoredValueUntilChanged = false
    }

    /// The plan for what was read.
    static func plan(_ facts: Facts) -> Plan {
        var plan = Plan()
        guard facts.restoring else {
            plan.keepsUnreadableValue = true
            plan.intervention = facts.unrestorable.map { .unrestorable(reason: $0) }
            return plan
        }
        guard facts.hasStoredValue else { return plan }
        if facts.storedSchema > facts.supportedSchema {
            plan.intervention = .newerSchema(stored: facts.storedSchema, supported: facts.supportedSchema)
            plan.isReadOnly = true
            return plan
        }
        if let maximumAge = facts.maximumAge, let savedAt = facts.savedAt,
            RestorePolicy(maximumAge: maximumAge).isExpired(savedAt: savedAt, now: facts.now)
        {
            plan.intervention = .expired(savedAt: savedAt, maximumAge: maximumAge)
            plan.keepAside = .expired
            return plan
        }
        plan.restore = .everything
        if let crashGuard = facts.crashGuard {
            plan.beginsGuard = true
            if facts.failuresBefore > 0 {
                let nothing = facts.failuresBefore >= crashGuard.restoresNothingAfter
                plan.intervention = .crashLoop(failures: facts.failuresBefore, restoredNothing: nothing)
                plan.restore = nothing ? .nothing : .withoutPaths
                // Once per loop: the first guarded launch's copy holds what was last saved (a
                // later launch of the loop saved its state without the withheld paths; a copy of
                // that would be the one `recover` picks). A later launch points at that copy.
                if facts.failuresBefore == 1 { plan.keepAside = .crashLoop }
            }
        }
        if facts.hasDeepLink {
            if plan.restore == .everything { plan.restore = .withoutPaths }
            if plan.intervention == nil { plan.intervention = .deepLink }
            plan.leavesStoredValueUntilChanged = true
        }
        plan.keepsWhatIsLeftOut = plan.restore != .nothing && plan.keepAside == nil
        return plan
    }

    /// Whether a copy of the scene's file is kept before the first write over the value restored:
    /// when the plan asks for one and the restore left out what a later version could restore,
    /// or withheld the paths.
    static func copiesBeforeFirstWrite(_ plan: Plan, report: RestoreReport?) -> Bool {
        guard plan.keepsWhatIsLeftOut, let report else { return false }
        return report.dropped.contains { $0.reason.couldBeUndone || $0.reason == .withheld }
    }

    /// Why a stored value is kept aside before a value of `supportedSchema` replaces it (connecting
    /// without restoring, or storing a value on request), or nil when it need not be: one of a
    /// newer schema is a newer version's (`newerSchema`); one whose schema cannot be read, or that
    /// the app cannot read back whole, is `invalid`.
    /// - Parameters:
    ///   - storedSchema: The schema stored beside the value; nil when it is not a version.
    ///   - supportedSchema: The schema of the value that replaces it.
    ///   - readsWhole: Whether the app reads the stored value back whole (asked last, as it decodes).
    static func replacementCopy(
        storedSchema: Int?, supportedSchema: Int, readsWhole: () -> Bool
    ) -> KeptAsideFile.Reason? {
        guard let storedSchema else { return .invalid }
        if storedSchema > supportedSchema { return .newerSchema }
        return readsWhole() ? nil : .invalid
    }

    /// Why a restore that failed with `error` starts the scene fresh instead (the value kept
    /// aside, the model's state written from its next change): the stored value is not the
    /// state's shape at all (an incompatible build saved it), or the scene's file is not a scene
    /// document at all. Nil for every other error, which the caller gets.
    static func unrestorable(after error: NavigationError) -> String? {
        switch error {
        case .cannotDecode(_, let reason, _): reason
        case .store(.corrupt(let path, let reason)): "\(path) is corrupt: \(reason)"
        default: nil
        }
    }
}
