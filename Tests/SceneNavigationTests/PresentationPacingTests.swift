import SceneNavigation
import Testing

/// SwiftUI's rule for a chain of presentations, as a table: one level per update, each once the
/// one beneath has appeared; a view a full-screen cover hides is covered, not gone.
@Suite struct PresentationPacingTests {
    typealias Event = PresentationPacing.Event
    typealias Level = PresentationPacing.Level

    /// A step: an event, then how many levels of the chain are presented.
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let steps: [(event: Event?, chain: [Level], presented: Int)]
        var testDescription: String { name }
    }

    /// A sheet (or popover, or inspector) level.
    static func sheet(_ identity: Int) -> Level { Level(identity: identity, covers: false) }
    /// A full-screen cover level.
    static func cover(_ identity: Int) -> Level { Level(identity: identity, covers: true) }

    static let rows: [Row] = [
        Row(
            name:
                "a restored chain is shown after the first frame, one level per update, each once the one beneath appeared",
            steps: [
                (nil, [sheet(1), sheet(2), sheet(3)], 0),
                (.appeared(level: 0, shown: nil), [sheet(1), sheet(2), sheet(3)], 1),
                (.appeared(level: 1, shown: sheet(1)), [sheet(1), sheet(2), sheet(3)], 2),
                (.appeared(level: 2, shown: sheet(2)), [sheet(1), sheet(2), sheet(3)], 3),
                (.appeared(level: 3, shown: sheet(3)), [sheet(1), sheet(2), sheet(3)], 3),
            ]),
        Row(
            name: "a level the user presents over one on screen is shown at once; a dismissal takes the levels above",
            steps: [
                (.appeared(level: 0, shown: nil), [], 0),
                (nil, [sheet(1)], 1),
                (.appeared(level: 1, shown: sheet(1)), [sheet(1), sheet(2)], 2),
                (.appeared(level: 2, shown: sheet(2)), [sheet(1)], 1),
                (.disappeared(level: 2, shown: sheet(2), chain: [sheet(1)]), [sheet(1)], 1),
                (nil, [sheet(1), sheet(5)], 2),
            ]),
        Row(
            name: "a level replaced takes the levels above it down, and they come back one by one",
            steps: [
                (.appeared(level: 0, shown: nil), [sheet(1), sheet(2)], 1),
                (.appeared(level: 1, shown: sheet(1)), [sheet(1), sheet(2)], 2),
                (.appeared(level: 2, shown: sheet(2)), [sheet(7), sheet(8)], 1),
                // The new bottom level's content appears before the old one's goes.
                (.appeared(level: 1, shown: sheet(7)), [sheet(7), sheet(8)], 2),
                (.disappeared(level: 2, shown: sheet(2), chain: [sheet(7), sheet(8)]), [sheet(7), sheet(8)], 2),
                (.disappeared(level: 1, shown: sheet(1), chain: [sheet(7), sheet(8)]), [sheet(7), sheet(8)], 2),
                (.appeared(level: 2, shown: sheet(8)), [sheet(7), sheet(8)], 2),
            ]),
        Row(
            name: "a level replaced whose old content goes first: the new one is shown in its place, then the rest",
            steps: [
                (.appeared(level: 0, shown: nil), [sheet(1), sheet(2)], 1),
                (.appeared(level: 1, shown: sheet(1)), [sheet(1), sheet(2)], 2),
                (.appeared(level: 2, shown: sheet(2)), [sheet(7), sheet(8)], 1),
                (.disappeared(level: 2, shown: sheet(2), chain: [sheet(7), sheet(8)]), [sheet(7), sheet(8)], 1),
                (.disappeared(level: 1, shown: sheet(1), chain: [sheet(7), sheet(8)]), [sheet(7), sheet(8)], 1),
                (.appeared(level: 1, shown: sheet(7)), [sheet(7), sheet(8)], 2),
            ]),
        Row(
            name: "the presenting view hidden presents nothing; shown again, the chain comes back level by level",
            steps: [
                (.appeared(level: 0, shown: nil), [sheet(1), sheet(2)], 1),
                (.appeared(level: 1, shown: sheet(1)), [sheet(1), sheet(2)], 2),
                (.disappeared(level: 0, shown: nil, chain: [sheet(1), sheet(2)]), [sheet(1), sheet(2)], 0),
                (.appeared(level: 0, shown: nil), [sheet(1), sheet(2)], 1),
                (.appeared(level: 1, shown: sheet(1)), [sheet(1), sheet(2)], 2),
            ]),
        Row(
            name: "an appearance for a level not yet presentable is not taken",
            steps: [
                (.appeared(level: 2, shown: sheet(2)), [sheet(1), sheet(2), sheet(3)], 0),
                (.appeared(level: 0, shown: nil), [sheet(1), sheet(2), sheet(3)], 1),
                (.appeared(level: 2, shown: sheet(2)), [sheet(1), sheet(2), sheet(3)], 1),
            ]),
        Row(
            name:
                "the views a cover hides disappear, before or after its content appears: the chain stays, and goes on",
            steps: [
                (.appeared(level: 0, shown: nil), [sheet(1), cover(2), sheet(3)], 1),
                (.appeared(level: 1, shown: sheet(1)), [sheet(1), cover(2), sheet(3)], 2),
                // The cover is being presented: the root and the sheet's content go under it first.
                (
                    .disappeared(level: 0, shown: nil, chain: [sheet(1), cover(2), sheet(3)]),
                    [sheet(1), cover(2), sheet(3)], 2
                ),
                (
                    .disappeared(level: 1, shown: sheet(1), chain: [sheet(1), cover(2), sheet(3)]),
                    [sheet(1), cover(2), sheet(3)], 2
                ),
                (.appeared(level: 2, shown: cover(2)), [sheet(1), cover(2), sheet(3)], 3),
            ]),
        Row(
            name: "a cover's content appears before the views it hides disappear",
            steps: [
                (.appeared(level: 0, shown: nil), [cover(1), sheet(2)], 1),
                (.appeared(level: 1, shown: cover(1)), [cover(1), sheet(2)], 2),
                (.disappeared(level: 0, shown: nil, chain: [cover(1), sheet(2)]), [cover(1), sheet(2)], 2),
                (.appeared(level: 2, shown: sheet(2)), [cover(1), sheet(2)], 2),
            ]),
        Row(
            name: "a cover dismissed: what it hid appears again and changes nothing; what it presented goes",
            steps: [
                (.appeared(level: 0, shown: nil), [sheet(1), cover(2), sheet(3)], 1),
                (.appeared(level: 1, shown: sheet(1)), [sheet(1), cover(2), sheet(3)], 2),
                (
                    .disappeared(level: 0, shown: nil, chain: [sheet(1), cover(2), sheet(3)]),
                    [sheet(1), cover(2), sheet(3)], 2
                ),
                (.appeared(level: 2, shown: cover(2)), [sheet(1), cover(2), sheet(3)], 3),
                (
                    .disappeared(level: 1, shown: sheet(1), chain: [sheet(1), cover(2), sheet(3)]),
                    [sheet(1), cover(2), sheet(3)], 3
                ),
                (.appeared(level: 3, shown: sheet(3)), [sheet(1)], 1),
                // The user dismisses the cover: the sheet's content comes back before the cover's goes.
                (.appeared(level: 1, shown: sheet(1)), [sheet(1)], 1),
                (.appeared(level: 0, shown: nil), [sheet(1)], 1),
                (.disappeared(level: 3, shown: sheet(3), chain: [sheet(1)]), [sheet(1)], 1),
                (.disappeared(level: 2, shown: cover(2), chain: [sheet(1)]), [sheet(1)], 1),
                // A sheet presented over the sheet on screen is shown at once.
                (nil, [sheet(1), sheet(4)], 2),
            ]),
        Row(
            name: "a cover under a cover dismissed with it: presented again, it comes back level by level",
            steps: [
                (.appeared(level: 0, shown: nil), [cover(1), cover(2)], 1),
                (.appeared(level: 1, shown: cover(1)), [cover(1), cover(2)], 2),
                (.disappeared(level: 0, shown: nil, chain: [cover(1), cover(2)]), [cover(1), cover(2)], 2),
                (.appeared(level: 2, shown: cover(2)), [cover(1), cover(2)], 2),
                (.disappeared(level: 1, shown: cover(1), chain: [cover(1), cover(2)]), [cover(1), cover(2)], 2),
                // Both go at once: the lower cover's content is covered, and SwiftUI does not tell of it again.
                (.disappeared(level: 2, shown: cover(2), chain: []), [], 0),
                (.appeared(level: 0, shown: nil), [], 0),
                (nil, [cover(1), cover(2)], 1),
            ]),
    ]

    @Test("each row's events give its presented levels", arguments: rows)
    func row(_ row: Row) {
        var pacing = PresentationPacing()
        for (index, step) in row.steps.enumerated() {
            if let event = step.event { pacing.handle(event) }
            #expect(pacing.presentedCount(of: step.chain) == step.presented, "step \(index + 1)")
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
