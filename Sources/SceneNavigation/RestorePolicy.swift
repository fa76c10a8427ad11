#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a restore treats the elements of a saved path that cannot be restored.
///
/// ```swift
/// let policy = RestorePolicy(onDrop: .truncate, maximumDepth: 50)
/// ```
public struct RestorePolicy: Sendable, Hashable {
    /// What happens to the rest of the path after an element is dropped.
    public enum DropHandling: String, Sendable, Hashable, CaseIterable {
        /// Drop the element and keep the rest, as the cookbook's `compactMap` does. The default.
        case skip
        /// Keep the path up to the first dropped element and drop everything from there, so the
        /// restored stack is a prefix of the saved one and stays coherent.
        case truncate
    }

    /// What happens after an element that no longer decodes or resolves.
    public var onDrop: DropHandling
    /// The deepest path restored; elements past it are dropped. 10,000 by default.
    public var maximumDepth: Int
    /// Whether an element of a path equal to one already restored is dropped. Off by default: a
    /// path can legitimately visit one screen twice. A chain of presentations keeps its levels
    /// whatever this says.
    public var dropsDuplicates: Bool
    /// Whether paths are restored. When false, every element of every path is dropped as
    /// ``RestoreReport/Reason/withheld`` and the rest of the state (a selected tab, a category)
    /// is restored: what a crash-loop guard and a deep link do. True by default.
    public var restoresPaths: Bool
    /// The oldest saved state restored: state saved longer ago is not restored at all (it is
    /// reported, and kept aside by ``PersistentScene``). Applied where the save time is known:
    /// ``PersistentScene``, and `navstate restore --max-age`. Nil (no limit) by default.
    public var maximumAge: Duration?

    /// Whether state saved at `savedAt` is older than ``maximumAge`` at `now` (never without one).
    /// - Parameters:
    ///   - savedAt: When the state was saved.
    ///   - now: The time of the restore.
    /// - Returns: Whether it is too old to restore.
    package func isExpired(savedAt: Date, now: Date) -> Bool {
        guard let maximumAge else { return false }
        let (seconds, attoseconds) = maximumAge.components
        return now.timeIntervalSince(savedAt) > Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// Creates a policy.
    /// - Parameters:
    ///   - onDrop: Skip or truncate at a dropped element.
    ///   - maximumDepth: The deepest path restored.
    ///   - dropsDuplicates: Whether repeated elements are dropped.
    ///   - restoresPaths: Whether paths are restored at all.
    ///   - maximumAge: The oldest saved state restored, or nil.
    public init(
        onDrop: DropHandling = .skip, maximumDepth: Int = 10_000, dropsDuplicates: Bool = false,
        restoresPaths: Bool = true, maximumAge: Duration? = nil
    ) {
        self.onDrop = onDrop
        self.maximumDepth = maximumDepth
        self.dropsDuplicates = dropsDuplicates
        self.restoresPaths = restoresPaths
        self.maximumAge = maximumAge
    }
}
