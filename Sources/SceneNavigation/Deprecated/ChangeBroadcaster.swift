/// 0.2.0's broadcaster of a model's changes, public then; models now keep their own, internal one.
///
/// Hands each change to any number of subscribers as a snapshot, newest first: a subscriber that
/// falls behind gets only the newest snapshot.
@available(*, deprecated, message: "observe a SceneNavigationModel with Observation (withObservationTracking) instead")
public final class ChangeBroadcaster<Snapshot: Sendable>: Sendable {
    private let broadcaster = SnapshotBroadcaster<Snapshot>()

    /// A broadcaster with no subscribers.
    public init() {}

    /// Whether anyone listens.
    public var hasSubscribers: Bool { broadcaster.hasSubscribers }

    /// A stream of the snapshots published from now on; it ends when its consuming task is
    /// cancelled or the broadcaster is finished.
    /// - Returns: The stream.
    public func subscribe() -> AsyncStream<Snapshot> { broadcaster.subscribe() }

    /// Hands a snapshot to every subscriber; `snapshot` is only built when someone listens.
    /// - Parameter snapshot: The state after the change.
    public func publish(_ snapshot: @autoclosure () -> Snapshot) { broadcaster.publish(snapshot()) }

    /// Ends every subscriber's stream; later subscriptions get an empty stream.
    public func finish() { broadcaster.finish() }
}
