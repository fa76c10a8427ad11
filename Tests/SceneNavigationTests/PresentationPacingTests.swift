import SceneNavigation
import Testing

/// SwiftUI's rule for a chain of presentations, as a table: one level per update, each once the
/// content beneath it has appeared, none while a level taken down is still going away; a view
/// hidden under what is presented over it keeps what it presents; late events of a view gone
/// change nothing of the one in its place.
@Suite struct PresentationPacingTests {
    typealias Event = PresentationPacing.Event
    typealias Level = PresentationPacing.Level

    /// A step: an event (or none), then how many levels of the chain SwiftUI is given.
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let steps: [(event: Event?, chain: [Level], given: Int)]
        var testDescription: String { name }
    }

    /// A sheet (or popover, or inspector) level.
    static func sheet(_ identity: Int) -> Level { Level(identity: identity, covers: false) }
    /// A full-screen cover level.
    static func cover(_ identity: Int) -> Level { Level(identity: identity, covers: true) }
    /// The content view `view` of the level at `index` appeared.
    static func appeared(_ index: Int, _ level: Level, view: Int) -> Event {
        .contentAppeared(index: index, level: level, view: view)
    }
    /// The content view `view` of the level at `index` disappeared.
    static func disappeared(_ index: Int, view: Int) -> Event { .contentDisappeared(index: index, view: view) }

    static let (a, b, c, d) = (sheet(1), sheet(2), sheet(3), sheet(4))

    static let rows: [Row] = [
        Row(
            name:
                "a restored chain is shown after the first frame, one level per update, each once the one beneath appeared",
            steps: [
                (nil, [a, b, c], 0),
                (.rootAppeared, [a, b, c], 1),
                (nil, [a, b, c], 1),
                (appeared(0, a, view: 1), [a, b, c], 2),
                (appeared(1, b, view: 2), [a, b, c], 3),
                (appeared(2, c, view: 3), [a, b, c], 3),
            ]),
        Row(
            name: "a level the user presents over one on screen is shown at once; a dismissal takes the levels above",
            steps: [
                (.rootAppeared, [], 0),
                (nil, [a], 1),
                (appeared(0, a, view: 1), [a, b], 2),
                (appeared(1, b, view: 2), [a], 1),
                // Until the dismissed level's content has gone, nothing new is presented.
                (nil, [a, d], 1),
                (disappeared(1, view: 2), [a, d], 2),
            ]),
        Row(
            name:
                "a level replaced is taken down with those above it; once gone, its successor and the rest come one by one",
            steps: [
                (.rootAppeared, [a, b], 1),
                (appeared(0, a, view: 1), [a, b], 2),
                (appeared(1, b, view: 2), [c, b], 0),
                (disappeared(1, view: 2), [c, b], 0),
                (disappeared(0, view: 1), [c, b], 1),
                (appeared(0, c, view: 3), [c, b], 2),
            ]),
        Row(
            name: "the root hidden keeps what it presents, and presents nothing new until it is shown again",
            steps: [
                (.rootAppeared, [a, b], 1),
                (appeared(0, a, view: 1), [a, b], 2),
                (.rootDisappeared, [a, b], 2),
                (nil, [a, b], 2),
                (disappeared(1, view: 9), [a], 1),
                (nil, [], 0),
                (disappeared(0, view: 1), [c], 0),
                (.rootAppeared, [c], 1),
            ]),
        Row(
            name: "an appearance of a level SwiftUI was not given is not taken",
            steps: [
                (appeared(1, b, view: 2), [a, b, c], 0),
                (.rootAppeared, [a, b, c], 1),
                (appeared(1, b, view: 2), [a, b, c], 1),
                (appeared(0, c, view: 3), [a, b, c], 1),
                (appeared(0, a, view: 1), [a, b, c], 2),
            ]),
        Row(
            name: "what a cover hides disappears, before or after its content appears: the chain stays, and goes on",
            steps: [
                (.rootAppeared, [a, cover(5), c], 1),
                (appeared(0, a, view: 1), [a, cover(5), c], 2),
                // The cover is being presented: the root and the sheet's content go under it first.
                (.rootDisappeared, [a, cover(5), c], 2),
                (disappeared(0, view: 1), [a, cover(5), c], 2),
                (appeared(1, cover(5), view: 2), [a, cover(5), c], 3),
                (appeared(2, c, view: 3), [a, cover(5), c], 3),
            ]),
        Row(
            name: "a sheet adapted to the full screen hides its presenter as a cover does: nothing is taken down",
            steps: [
                (.rootAppeared, [a, b], 1),
                (.rootDisappeared, [a, b], 1),
                (appeared(0, a, view: 1), [a, b], 2),
                (disappeared(0, view: 1), [a, b], 2),
                (appeared(1, b, view: 2), [a, b], 2),
                // Over the hidden sheet, the adapted one presents.
                (nil, [a, b, c], 3),
            ]),
        Row(
            name: "a cover dismissed: what it hid appears again; a level presented over it waits until it has",
            steps: [
                (.rootAppeared, [a, cover(5), c], 1),
                (appeared(0, a, view: 1), [a, cover(5), c], 2),
                (.rootDisappeared, [a, cover(5), c], 2),
                (appeared(1, cover(5), view: 2), [a, cover(5), c], 3),
                (disappeared(0, view: 1), [a, cover(5), c], 3),
                (appeared(2, c, view: 3), [a], 1),
                // The user dismissed the cover: the sheet's content comes back before the cover's goes.
                (nil, [a, d], 1),
                (appeared(0, a, view: 1), [a, d], 1),
                (.rootAppeared, [a, d], 1),
                (disappeared(2, view: 3), [a, d], 1),
                (disappeared(1, view: 2), [a, d], 2),
            ]),
        Row(
            name:
                "two covers dismissed at once: the lower's content, hidden, is not told again; presented again, one by one",
            steps: [
                (.rootAppeared, [cover(5), cover(6)], 1),
                (appeared(0, cover(5), view: 1), [cover(5), cover(6)], 2),
                (.rootDisappeared, [cover(5), cover(6)], 2),
                (appeared(1, cover(6), view: 2), [cover(5), cover(6)], 2),
                (disappeared(0, view: 1), [cover(5), cover(6)], 2),
                (nil, [], 0),
                (.rootAppeared, [], 0),
                (disappeared(1, view: 2), [cover(5), cover(6)], 1),
            ]),
        Row(
            name: "dismissed, then presented again before the old content's disappearance: it waits, then shows anew",
            steps: [
                (.rootAppeared, [a], 1),
                (appeared(0, a, view: 1), [a], 1),
                (nil, [], 0),
                (nil, [a, b, c], 0),
                (disappeared(0, view: 1), [a, b, c], 1),
                (appeared(0, a, view: 2), [a, b, c], 2),
                // A late event of the old view changes nothing of the new one, which presents at once.
                (disappeared(0, view: 1), [a, d], 2),
                (appeared(1, d, view: 3), [a, d, c], 3),
            ]),
        Row(
            name: "a dismissal told before the chain changes: nothing is going away, the next level comes at once",
            steps: [
                (.rootAppeared, [a], 1),
                (appeared(0, a, view: 1), [a], 1),
                (disappeared(0, view: 1), [a], 1),
                (nil, [], 0),
                (nil, [b], 1),
            ]),
        Row(
            name: "the level being presented stays given while its presenter is hidden under it",
            steps: [
                (.rootAppeared, [cover(5)], 1),
                (.rootDisappeared, [cover(5)], 1),
                (nil, [cover(5)], 1),
                (appeared(0, cover(5), view: 1), [cover(5)], 1),
            ]),
    ]

    @Test("each row's events give its levels", arguments: rows)
    func row(_ row: Row) {
        var pacing = PresentationPacing()
        for (index, step) in row.steps.enumerated() {
            if let event = step.event { pacing.handle(event) }
            #expect(pacing.give(step.chain) == step.given, "step \(index + 1)")
        }
    }

    @Test("a level's identity is its route and the style it is shown in")
    func identity() {
        let sheet = PresentationPacing.levels(of: [Presentation("a", style: .sheet)], shownAs: { $0 })
        let cover = PresentationPacing.levels(of: [Presentation("a", style: .fullScreenCover)], shownAs: { $0 })
        let coverAsSheet = PresentationPacing.levels(
            of: [Presentation("a", style: .fullScreenCover)], shownAs: { _ in .sheet })
        #expect(sheet[0] != cover[0])
        #expect(cover[0].covers && !sheet[0].covers && !coverAsSheet[0].covers)
        #expect(coverAsSheet == sheet)
    }
}
