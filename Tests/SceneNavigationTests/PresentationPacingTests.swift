import SceneNavigation
import Testing

/// SwiftUI's rule for a chain of presentations, as a table: one level per update, each once the
/// one beneath has appeared.
@Suite struct PresentationPacingTests {
    /// A step: an event, then how many levels of the chain are presented.
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let steps: [(event: PresentationPacing.Event?, chain: [Int], presented: Int)]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name:
                "a restored chain is shown after the first frame, one level per update, each once the one beneath appeared",
            steps: [
                (nil, [1, 2, 3], 0),
                (.appeared(level: 0, shown: nil), [1, 2, 3], 1),
                (.appeared(level: 1, shown: 1), [1, 2, 3], 2),
                (.appeared(level: 2, shown: 2), [1, 2, 3], 3),
                (.appeared(level: 3, shown: 3), [1, 2, 3], 3),
            ]),
        Row(
            name: "a level the user presents over one on screen is shown at once; a dismissal takes the levels above",
            steps: [
                (.appeared(level: 0, shown: nil), [], 0),
                (nil, [1], 1),
                (.appeared(level: 1, shown: 1), [1, 2], 2),
                (.appeared(level: 2, shown: 2), [1], 1),
                (.disappeared(level: 2, shown: 2), [1], 1),
                (nil, [1, 5], 2),
            ]),
        Row(
            name: "a level replaced takes the levels above it down, and they come back one by one",
            steps: [
                (.appeared(level: 0, shown: nil), [1, 2], 1),
                (.appeared(level: 1, shown: 1), [1, 2], 2),
                (.appeared(level: 2, shown: 2), [7, 8], 1),
                // The new bottom level's content appears before the old one's goes.
                (.appeared(level: 1, shown: 7), [7, 8], 2),
                (.disappeared(level: 2, shown: 2), [7, 8], 2),
                (.disappeared(level: 1, shown: 1), [7, 8], 2),
                (.appeared(level: 2, shown: 8), [7, 8], 2),
            ]),
        Row(
            name: "the presenting view hidden presents nothing; shown again, the chain comes back level by level",
            steps: [
                (.appeared(level: 0, shown: nil), [1, 2], 1),
                (.appeared(level: 1, shown: 1), [1, 2], 2),
                (.disappeared(level: 0, shown: nil), [1, 2], 0),
                (.appeared(level: 0, shown: nil), [1, 2], 1),
                (.appeared(level: 1, shown: 1), [1, 2], 2),
            ]),
        Row(
            name: "an appearance for a level not yet presentable is not taken",
            steps: [
                (.appeared(level: 2, shown: 2), [1, 2, 3], 0),
                (.appeared(level: 0, shown: nil), [1, 2, 3], 1),
                (.appeared(level: 2, shown: 2), [1, 2, 3], 1),
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
}
