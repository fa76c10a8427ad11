/// SwiftUI's rule for showing a chain of presentations, as a pure type: one modal per view update,
/// each once the one beneath has appeared (SwiftUI presents a sheet from a view that is on
/// screen; FlowStacks and NavigationKit wait for each level to appear, `../shared/REFERENCE.md`
/// section 14).
///
/// SceneNavigationUI's `presentations(_:destination:)` feeds it the appearances of the view that
/// presents each level (the modified view for level 0, the content of level `k - 1` for level
/// `k`), each sent after the update it happened in, and asks how many of the chain's levels to give
/// SwiftUI; the testing kit's simulator drives the same type through updates. A restored chain is
/// so shown after the first frame, level by level; a level the app or a link replaces takes the
/// levels above it down, and they come back one by one; a level the user adds over one on screen is
/// shown at once.
package struct PresentationPacing: Sendable, Equatable {
    /// How many levels may be presented: each level's presenter has appeared in an earlier update.
    package private(set) var ready = 0
    /// The levels on screen, as SwiftUI last showed them, by identity (their presenters appeared).
    package private(set) var shown: [Int] = []

    /// Nothing presented: the view that presents level 0 has not appeared.
    package init() {}

    /// What happens to a view that presents a level.
    package enum Event: Sendable, Hashable {
        /// The view that presents `level` appeared, an update ago: the modified view (`level` 0), or
        /// the content of the level beneath, whose identity (`shown`) is given.
        case appeared(level: Int, shown: Int?)
        /// The view that presents `level` disappeared: the modified view hidden (`level` 0), or
        /// the content of the level beneath, whose identity is given, dismissed.
        case disappeared(level: Int, shown: Int?)
    }

    /// Takes an event.
    /// - Parameter event: What happened.
    package mutating func handle(_ event: Event) {
        switch event {
        case .appeared(let level, let identity):
            // A presenter that appears shows what is beneath it, and nothing above it yet.
            guard level == 0 || (level <= ready && level <= shown.count + 1) else { return }
            if level > 0, let identity {
                shown = Array(shown.prefix(level - 1)) + [identity]
            } else {
                shown = []
            }
            ready = level + 1
        case .disappeared(let level, let identity):
            // The content of a level that another took the place of, going after the new one
            // appeared: nothing of what is shown changes.
            guard level == 0 || (level - 1 < shown.count && shown[level - 1] == identity) else { return }
            ready = min(ready, level)
            shown = Array(shown.prefix(max(level - 1, 0)))
        }
    }

    /// How many levels of a chain SwiftUI is given now: those whose presenter has appeared, and of
    /// the levels that changed since they were shown (another route in their place), the lowest
    /// only, in place of the one it replaces.
    /// - Parameter levels: The chain's levels, by identity, from the bottom.
    /// - Returns: How many levels, from the bottom, to present.
    package func presentedCount(of levels: [Int]) -> Int {
        var kept = 0
        while kept < shown.count, kept < levels.count, shown[kept] == levels[kept] { kept += 1 }
        let limit = kept < shown.count ? min(ready, kept + 1) : ready
        return min(levels.count, limit)
    }
}
