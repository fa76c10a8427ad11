import SceneNavigation
import Testing

/// ``SceneLife``'s rules as a table: each row a scene's events, and the actions they give.
@Suite struct SceneLifeTests {
    typealias Event = SceneLife.Event
    typealias Action = SceneLife.Action

    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var events: [Event]
        var actions: [[Action]]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "cold launch: the first appearance restores at once, before the first frame",
            events: [.phase(.active), .appeared],
            actions: [[], [.restore(deepLink: false)]]),
        Row(
            name: "a link before the restore is its deep link",
            events: [.linkOpened, .linkOpened, .appeared],
            actions: [[], [], [.restore(deepLink: true)]]),
        Row(
            name: "a link after the restore, while the launch shows what was restored, is the launch's",
            events: [.appeared, .phase(.active), .linkOpened],
            actions: [[.restore(deepLink: false)], [], [.applyLink(asLaunchLink: true)]]),
        Row(
            name: "a link after the scene was in the background is a change",
            events: [.appeared, .phase(.background), .phase(.active), .linkOpened],
            actions: [[.restore(deepLink: false)], [.leaveForeground], [], [.applyLink(asLaunchLink: false)]]),
        Row(
            name: "connected while already in the background: healthy and durable at once",
            events: [.phase(.background), .appeared],
            actions: [[], [.restore(deepLink: false), .leaveForeground]]),
        Row(
            name: "a later appearance connects as it is, and applies the links held meanwhile",
            events: [.appeared, .disappeared, .linkOpened, .appeared],
            actions: [[.restore(deepLink: false)], [.close], [.applyLink(asLaunchLink: false)], [.connect]]),
        Row(
            name: "a failed restore applies the links that were to be its deep link, as changes",
            events: [.linkOpened, .appeared, .restoreFailed],
            actions: [[], [.restore(deepLink: true)], [.applyHeldLinks]]),
        Row(
            name: "a quit makes the state durable while connected, and does nothing otherwise",
            events: [.terminating, .appeared, .terminating, .disappeared, .terminating],
            actions: [[], [.restore(deepLink: false)], [.terminate], [.close], []]),
        Row(
            name: "an appearance that repeats while connected changes nothing",
            events: [.appeared, .appeared, .disappeared, .disappeared],
            actions: [[.restore(deepLink: false)], [], [.close], []]),
        Row(
            name: "inactive is not the background: nothing is marked healthy",
            events: [.appeared, .phase(.inactive)],
            actions: [[.restore(deepLink: false)], []]),
    ]

    @Test("each row's events give its actions", arguments: rows)
    func table(_ row: Row) {
        var life = SceneLife()
        let actions = row.events.map { life.handle($0) }
        #expect(actions == row.actions)
    }
}
