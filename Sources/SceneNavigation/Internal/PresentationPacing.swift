/// SwiftUI's rule for showing a chain of presentations, as a pure type: one modal per view update,
/// each from a view on screen (SwiftUI presents a sheet from a view that has appeared; FlowStacks
/// and NavigationKit wait for each level to appear, `../shared/REFERENCE.md` section 14), and
/// nothing new while a presentation is still going away (UIKit presents nothing from a view while
/// it dismisses).
///
/// SceneNavigationUI's `presentations(of:at:destination:)` feeds it the appearances and
/// disappearances of the views that present each level (the modified view, the root, for the
/// bottom level; the content of a level for the level above it, each content view with a number of
/// its own), each taken after the update it happened in, and asks at each update how many of the
/// chain's levels to give SwiftUI (``give(_:)``); the testing kit's simulator drives the same type
/// through updates.
///
/// - A restored chain is shown after the first frame, one level per update, each once the content
///   beneath it has appeared.
/// - A level the user presents over one on screen is shown at once.
/// - A level taken out of what SwiftUI is given (dismissed, or replaced by another) holds back what
///   comes next until its content has disappeared; a replaced level's successor is then shown in
///   its place, and the levels above come back one by one.
/// - A view that disappears under what is presented over it (a full-screen cover, a sheet adapted
///   to the full screen) is hidden, not gone: what it presents stays, and it presents nothing new
///   until it appears again.
/// - Events arrive in any order, late or not at all: each content view is told apart by its number,
///   so that the late disappearance of a view gone changes nothing of the one in its place.
package struct PresentationPacing: Sendable, Equatable {
    /// One level of a chain, as the pacing knows it: its identity (what SwiftUI identifies the
    /// presented item by, and its style), and whether it covers the screen (a full-screen cover
    /// where there is one; the testing kit's simulator hides the views beneath such a level).
    package struct Level: Sendable, Hashable {
        package var identity: Int
        package var covers: Bool

        package init(identity: Int, covers: Bool) {
            self.identity = identity
            self.covers = covers
        }
    }

    /// A level on screen: its content's view, and whether that view is visible (it appeared, and
    /// has not disappeared since under what is presented over it).
    package struct Shown: Sendable, Hashable {
        package var level: Level
        package var view: Int
        package var isVisible: Bool
    }

    /// Whether the root, the view that presents the bottom level, is visible.
    package private(set) var rootIsVisible = false
    /// The levels on screen whose content appeared, from the bottom: always the first of
    /// ``given``.
    package private(set) var shown: [Shown] = []
    /// The levels SwiftUI was last given, from the bottom: ``shown``, and at most one more whose
    /// content has not appeared yet.
    package private(set) var given: [Level] = []
    /// The content views of levels SwiftUI is no longer given that were visible then and have not
    /// disappeared yet: nothing new is given until they have.
    package private(set) var leaving: Set<Int> = []

    /// Nothing presented: the root has not appeared.
    package init() {}

    /// What happens to a view that presents a level.
    package enum Event: Sendable, Hashable {
        /// The root appeared, an update ago.
        case rootAppeared
        /// The root disappeared.
        case rootDisappeared
        /// The content view `view` of the level at `index` (`level`) appeared, an update ago.
        case contentAppeared(index: Int, level: Level, view: Int)
        /// The content view `view` of the level at `index` disappeared.
        case contentDisappeared(index: Int, view: Int)
    }

    /// Takes an event.
    /// - Parameter event: What happened.
    package mutating func handle(_ event: Event) {
        switch event {
        case .rootAppeared:
            rootIsVisible = true
        case .rootDisappeared:
            rootIsVisible = false
        case .contentAppeared(let index, let level, let view):
            // The view of a level SwiftUI is no longer given (or one beneath it is not shown): it
            // is going, and presents nothing.
            guard index < given.count, given[index] == level, index <= shown.count else { return }
            // Back from under what was presented over it.
            if index < shown.count, shown[index].view == view {
                shown[index].isVisible = true
                return
            }
            // A new view of the level: what the old one presented went with it.
            shown = Array(shown.prefix(index)) + [Shown(level: level, view: view, isVisible: true)]
        case .contentDisappeared(let index, let view):
            leaving.remove(view)
            if index < shown.count, shown[index].view == view { shown[index].isVisible = false }
        }
    }

    /// How many of a chain's levels SwiftUI is given now, from the bottom, remembered as what
    /// SwiftUI shows: the levels on screen that the chain still holds; then the level being
    /// presented, if the chain still holds it; or else the next level, if its presenter is visible
    /// and nothing is going away. The levels on screen that the chain no longer holds are taken
    /// down, and those whose content was visible are going away until it disappears.
    /// - Parameter levels: The chain's levels, from the bottom.
    /// - Returns: How many levels, from the bottom, to present.
    package mutating func give(_ levels: [Level]) -> Int {
        var kept = 0
        while kept < shown.count, kept < levels.count, shown[kept].level == levels[kept] { kept += 1 }
        for gone in shown[kept...] where gone.isVisible { leaving.insert(gone.view) }
        shown.removeSubrange(kept...)
        var count = kept
        if count < levels.count {
            let beingPresented = count < given.count && given[count] == levels[count]
            let presenterIsVisible = count == 0 ? rootIsVisible : shown[count - 1].isVisible
            if beingPresented || (leaving.isEmpty && presenterIsVisible) { count += 1 }
        }
        given = Array(levels.prefix(count))
        return count
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
