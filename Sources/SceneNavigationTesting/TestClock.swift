import SceneStore
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A clock a test sets by hand: for stores whose save times, kept-aside names and age limits must
/// be known to the millisecond.
///
/// ```swift
/// let clock = TestClock()                            // 2027-01-15T08:00:00.000Z
/// let temporary = try TemporaryStore(clock: clock)
/// try temporary.saveScene("main", json: "[]")        // saved at 08:00
/// clock.advance(by: .seconds(7 * 3_600))             // seven hours later
/// ```
///
/// `Sendable` through its mutex: a store reads it from its own queues.
public final class TestClock: Sendable {
    /// The time a clock starts at when none is given: 2027-01-15T08:00:00.000Z.
    public static let start = Date(timeIntervalSince1970: 1_800_000_000)

    private let current: Mutex<Date>

    /// A clock standing at a time.
    /// - Parameter now: The time it shows, ``start`` by default.
    public init(_ now: Date = TestClock.start) {
        current = Mutex(now)
    }

    /// The time it shows; set it to move the clock.
    public var now: Date {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    /// Moves the clock forward.
    /// - Parameter duration: How far.
    public func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        current.withLock { $0 = $0.addingTimeInterval(Double(seconds) + Double(attoseconds) * 1e-18) }
    }
}
