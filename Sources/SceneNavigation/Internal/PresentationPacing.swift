/// SwiftUI's rule for showing a chain of presentations, as a pure type: one modal per view update,
/// each once the one beneath has appeared (SwiftUI presents a sheet from a view that is on
/// screen; FlowStacks and NavigationKit wait for each level to appear, `../shared/REFERENCE.md`
/// section 14).
///
/// SceneNavigationUI's `presentations(of:at:destination:)` feeds it the appearances and
/// disappearances of the views that present each level (the modified view for level 0, the
/// content of level `k - 1` for level `k`), each taken after the update it happened in, and asks
/// how many of the chain's levels to give SwiftUI; the testing kit's simulator drives the same type
/// through updates. A restored chain is so shown after the first frame, level by level; a level the
/// app or a link replaces takes the levels above it down, and they come back one by one; a level
/// the user presents over one on screen is shown at once.
///
/// A full-screen cover hides the views beneath it, which SwiftUI may tell as disappearances (and
/// appearances again once it is dismissed): a presenter that disappears under a cover of the chain
/// is covered, not gone, and nothing changes, whatever the order of the events.
package struct PresentationPacing: Sendable, Equatable {
    /// One level of a chain, as the pacing knows it: its identity (what SwiftUI identifies the
    /// presented item by, and its style), and whether it covers the screen (a full-screen cover
    /// where there is one).
    package struct Level: Sendable, Hashable {
        package var identity: Int
        package var covers: Bool

        package init(identity: Int, covers: Bool) {
            self.identity = identity
            self.covers = covers
        }
    }

    /// How many levels may be presented: each level's presenter has appeared in an earlier update.
    package private(set) var ready = 0
    /// The levels on screen, as SwiftUI last showed them (their content appeared), from the bottom.
    package private(set) var shown: [Level] = []

    /// Nothing presented: the view that presents level 0 has not appeared.
    package init() {}

    /// What happens to a view that presents a level.
    package enum Event: Sendable, Hashable {
        /// The view that presents `level` appeared, an update ago: the modified view (`level` 0), or
        /// the content of the level beneath (`shown`).
        case appeared(level: Int, shown: Level?)
        /// The view that presents `level` disappeared: the modified view, or the content of the
        /// level beneath (`shown`); `chain` is the chain's levels at that time.
        case disappeared(level: Int, shown: Level?, chain: [Level])
    }

    /// Takes an event.
    /// - Parameter event: What happened.
    package mutating func handle(_ event: Event) {
        switch event {
        case .appeared(let level, let content):
            if level == 0 {
                // Back from under a cover, it presents what it presented.
                guard ready == 0 else { return }
                shown = []
                ready = 1
                return
            }
            guard let content, level <= ready, level <= shown.count + 1 else { return }
            // The content of a level on screen, back from under a cover: nothing changes.
            if level <= shown.count, shown[level - 1] == content, ready > level { return }
            // A presenter that appears shows what is beneath it, and nothing above it yet.
            shown = Array(shown.prefix(level - 1)) + [content]
            ready = level + 1
        case .disappeared(let level, let content, let chain):
            // Under a cover of the chain (on screen, or being presented now), it is covered, not gone.
            let presented = chain.prefix(presentedCount(of: chain))
            if presented.dropFirst(level).contains(where: \.covers) { return }
            // The content of a level that another took the place of, going after the new one
            // appeared, changes nothing of what is shown.
            if level == 0 || (level - 1 < shown.count && shown[level - 1] == content) {
                ready = min(ready, level)
                shown = Array(shown.prefix(max(level - 1, 0)))
            }
            // The levels the chain no longer holds are gone, and the views that present above
            // them, told or not (SwiftUI does not tell again of a covered view that goes).
            var kept = 0
            while kept < shown.count, kept < chain.count, shown[kept] == chain[kept] { kept += 1 }
            shown = Array(shown.prefix(kept))
            ready = min(ready, kept + 1)
        }
    }

    /// How many levels of a chain SwiftUI is given now: those whose presenter has appeared, and of
    /// the levels that changed since they were shown (another route in their place), the lowest
    /// only, in place of the one it replaces.
    /// - Parameter levels: The chain's levels, from the bottom.
    /// - Returns: How many levels, from the bottom, to present.
    package func presentedCount(of levels: [Level]) -> Int {
        var kept = 0
        while kept < shown.count, kept < levels.count, shown[kept] == levels[kept] { kept += 1 }
        let limit = kept < shown.count ? min(ready, kept + 1) : ready
        return min(levels.count, limit)
    }

    /// A chain's levels as the pacing knows them: what SwiftUI identifies each presented item by
    /// (its route) and the style it is shown in, and whether that style covers the screen.
    /// - Parameters:
    ///   - chain: The chain, from the bottom.
    ///   - shownAs: The style each style is shown in on this platform.
    /// - Returns: The levels, from the bottom.
    package static func levels<Route>(
        of chain: some Collection<Presentation<Route>>, shownAs: (PresentationStyle) -> PresentationStyle
    ) -> [Level] {
        chain.map { presentation in
            let style = shownAs(presentation.style)
            var hasher = Hasher()
            hasher.combine(presentation.id)
            hasher.combine(style)
            return Level(identity: hasher.finalize(), covers: style == .fullScreenCover)
        }
    }
}
