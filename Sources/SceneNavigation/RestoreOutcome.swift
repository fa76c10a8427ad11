#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a restore from a scene did with what the scene stored: what it kept and dropped, why it
/// was not applied as is, and where a copy of the scene's file was kept.
///
/// ``PersistentScene`` holds one (``PersistentScene/outcome``), returns it from
/// ``PersistentScene/connect()`` and tells it in ``SceneEvent/connected(_:_:)``.
public struct RestoreOutcome: Sendable, Equatable {
    /// What the restore kept and dropped; nil when nothing was stored, when not restoring, or when
    /// nothing was restored: a newer schema, an age limit, or a crash loop past
    /// ``CrashLoopGuard/restoresNothingAfter`` (``intervention`` says which; the last decodes
    /// nothing, as the app's decoding may be what crashes).
    public var report: RestoreReport?
    /// Why what is stored was not applied as is: a crash-loop guard, an age limit, a deep link, a
    /// newer schema; nil when it was.
    public var intervention: RestoreIntervention?
    /// Where a copy of the scene's file was kept aside before its value could be replaced.
    public var keptAsidePath: String?
    /// Whether nothing is written over the stored value: it is of a newer schema than the model's.
    public var isReadOnly: Bool
    /// When the scene was last saved; nil when it was not read (no file, or not restoring).
    public var savedAt: Date?

    /// Creates an outcome.
    /// - Parameters:
    ///   - report: What the restore kept and dropped.
    ///   - intervention: Why the stored value was not applied as is.
    ///   - keptAsidePath: Where a copy was kept.
    ///   - isReadOnly: Whether nothing is written over the stored value.
    ///   - savedAt: When the scene was last saved.
    package init(
        report: RestoreReport? = nil, intervention: RestoreIntervention? = nil, keptAsidePath: String? = nil,
        isReadOnly: Bool = false, savedAt: Date? = nil
    ) {
        self.report = report
        self.intervention = intervention
        self.keptAsidePath = keptAsidePath
        self.isReadOnly = isReadOnly
        self.savedAt = savedAt
    }
}
