#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Why ``PersistentScene`` did not apply what a scene stores, in whole or in part.
public enum RestoreIntervention: Sendable, Hashable, CustomStringConvertible {
    /// The last `failures` restores of this scene never became healthy (the app crashed or was
    /// killed before its restore was marked healthy): the paths were withheld and the rest
    /// restored, or, from ``CrashLoopGuard/restoresNothingAfter`` failures on, nothing was
    /// restored. A copy of the scene's file was kept aside.
    case crashLoop(failures: Int, restoredNothing: Bool)
    /// The state was saved at `savedAt`, longer ago than the policy's maximum age: nothing was
    /// restored, and a copy of the scene's file was kept aside.
    case expired(savedAt: Date, maximumAge: Duration)
    /// A deep link was applied in place of the saved paths (the rest of the state was restored).
    /// The saved file is left as it is until the model next changes.
    case deepLink
    /// The value was saved with a newer schema than the app knows: nothing was restored, and
    /// nothing is written over it.
    case newerSchema(stored: Int, supported: Int)
    /// The stored value is not the state's shape at all (`reason` says why): nothing was restored,
    /// a copy of the scene's file was kept aside, and the scene started from the model's state
    /// (``PersistentScene`` does this
    /// rather than fail every launch).
    case unrestorable(reason: String)

    /// The stable code written in JSON: `crash-loop`, `expired`, `deep-link`, `newer-schema` or
    /// `unrestorable`.
    public var code: String {
        switch self {
        case .crashLoop: "crash-loop"
        case .expired: "expired"
        case .deepLink: "deep-link"
        case .newerSchema: "newer-schema"
        case .unrestorable: "unrestorable"
        }
    }

    /// The intervention in words.
    public var description: String {
        switch self {
        case .crashLoop(let failures, let restoredNothing):
            "the last \(failures == 1 ? "restore" : "\(failures) restores") of this scene never became healthy; "
                + (restoredNothing ? "nothing was restored" : "the paths were withheld")
        case .expired(let savedAt, let maximumAge):
            "saved at \(savedAt.formatted(.iso8601)), more than \(Self.words(maximumAge)) ago; nothing was restored"
        case .deepLink: "a deep link was applied in place of the saved paths"
        case .newerSchema(let stored, let supported):
            "saved with schema \(stored), newer than this version knows (\(supported)); nothing was restored"
        case .unrestorable(let reason): "the stored value cannot be restored (\(reason)); kept aside, started fresh"
        }
    }

    /// A duration as `6h`, `30m`, `2d` or `90s`.
    static func words(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        for (unit, size) in [("d", Int64(86_400)), ("h", 3_600), ("m", 60)] where seconds >= size && seconds % size == 0
        {
            return "\(seconds / size)\(unit)"
        }
        return "\(seconds)s"
    }
}
