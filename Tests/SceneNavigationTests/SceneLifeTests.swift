import Foundation
import Testing

@testable import SceneNavigation

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
            name: "a later appearance connects as it is; a link while hidden is applied at once, as a change",
            events: [.appeared, .disappeared, .linkOpened, .appeared],
            actions: [[.restore(deepLink: false)], [.close], [.applyLink(asLaunchLink: false)], [.connect]]),
        Row(
            name: "a failed restore applies the links that were to be its deep link, and restores again next time",
            events: [.linkOpened, .appeared, .restoreFailed, .appeared],
            actions: [[], [.restore(deepLink: true)], [.applyHeldLinks], [.restore(deepLink: false)]]),
        Row(
            name: "once the launch has settled, a link is a change",
            events: [.appeared, .phase(.active), .launchSettled, .linkOpened],
            actions: [[.restore(deepLink: false)], [], [.noteShown], [.applyLink(asLaunchLink: false)]]),
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
        Row(
            name: "a failed restore is tried again at the next activation, its links as the retry's deep link",
            events: [
                .phase(.active), .linkOpened, .appeared, .restoreFailed, .linkOpened, .phase(.inactive),
                .phase(.active),
            ],
            actions: [
                [], [], [.restore(deepLink: true)], [.applyHeldLinks], [.applyLink(asLaunchLink: false)], [],
                [.restore(deepLink: true)],
            ]),
        Row(
            name: "a failed restore with no link is tried again at the next appearance, without a deep link",
            events: [.appeared, .restoreFailed, .disappeared, .phase(.active), .appeared],
            actions: [[.restore(deepLink: false)], [.applyHeldLinks], [], [], [.restore(deepLink: false)]]),
        Row(
            name: "the app switcher after the restored screen was active: the screen showed, once",
            events: [.phase(.active), .appeared, .phase(.inactive), .phase(.active), .phase(.inactive)],
            actions: [[], [.restore(deepLink: false)], [.noteShown], [], []]),
        Row(
            name: "restored while inactive, never active: the screen is not known to have shown",
            events: [.phase(.inactive), .appeared, .phase(.inactive)],
            actions: [[], [.restore(deepLink: false)], []]),
        Row(
            name: "restored in the background: healthy then, nothing to note",
            events: [.phase(.background), .appeared, .launchSettled],
            actions: [[], [.restore(deepLink: false), .leaveForeground], []]),
        Row(
            name: "background time expired: the connection stops, and connects again when active",
            events: [
                .phase(.active), .appeared, .phase(.background), .backgroundTimeExpired, .backgroundTimeExpired,
                .terminating, .phase(.active),
            ],
            actions: [[], [.restore(deepLink: false)], [.leaveForeground], [.suspend], [], [], [.connect]]),
        Row(
            name: "phases after the appearance, as before it: the restore comes with the appearance",
            events: [.appeared, .phase(.inactive), .phase(.active), .launchSettled],
            actions: [[.restore(deepLink: false)], [], [], [.noteShown]]),
    ]

    @Test("each row's events give its actions", arguments: rows)
    func table(_ row: Row) {
        var life = SceneLife()
        let actions = row.events.map { life.handle($0) }
        #expect(actions == row.actions)
    }
}

/// How the previous restore's marker and its launch's end count against the next restore.
@Suite struct MarkerCountTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var previous: Marker?
        var end: RecordedEnd?
        var counted: [Int]
        var testDescription: String { name }
    }

    static let since = Date(timeIntervalSince1970: 1_800_000_000)

    static let rows: [Row] = [
        Row(name: "no marker: nothing", previous: nil, end: nil, counted: [0, 0]),
        Row(
            name: "a crash counts at once",
            previous: Marker(since: since, failures: 0, launch: "1-a"), end: .crashed, counted: [1, 0]),
        Row(
            name: "a crash after SIGKILLs counts one more and ends the run",
            previous: Marker(since: since, failures: 1, launch: "1-a", unexplained: 2), end: .crashed,
            counted: [2, 0]),
        Row(
            name: "one SIGKILL is not counted",
            previous: Marker(since: since, failures: 0, launch: "1-a"), end: nil, counted: [0, 1]),
        Row(
            name: "the second SIGKILL in a row is",
            previous: Marker(since: since, failures: 0, launch: "1-a", unexplained: 1), end: nil, counted: [1, 2]),
        Row(
            name: "a SIGKILL after the restored screen showed is not counted",
            previous: Marker(since: since, failures: 0, launch: "1-a"), end: .shown, counted: [0, 0]),
        Row(
            name: "a SIGKILL after the restored screen showed ends the row of SIGKILLs before it",
            previous: Marker(since: since, failures: 0, launch: "1-a", unexplained: 1), end: .shown,
            counted: [0, 0]),
        Row(
            name: "a SIGKILL after the restored screen showed keeps what was counted",
            previous: Marker(since: since, failures: 1, launch: "1-a", unexplained: 3), end: .shown,
            counted: [1, 0]),
        Row(
            name: "an exit is never counted and keeps what was",
            previous: Marker(since: since, failures: 1, launch: "1-a", unexplained: 2), end: .exited,
            counted: [1, 0]),
        Row(
            name: "a restore of the same launch did not end",
            previous: Marker(since: since, failures: 1, launch: "2-b", unexplained: 1), end: .crashed,
            counted: [1, 1]),
        Row(
            name: "a 0.2.0 marker counts as 0.2.0 counted it",
            previous: Marker(since: since, failures: 1), end: nil, counted: [2, 0]),
    ]

    @Test("each row counts as its name says", arguments: rows)
    func table(_ row: Row) {
        let counted = Marker.count(after: row.previous, ended: row.end, next: "2-b")
        #expect([counted.failures, counted.unexplained] == row.counted)
    }
}
