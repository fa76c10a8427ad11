import SceneNavigation

/// What SwiftUI presents in one simulated window, update by update, as `presentations(of:at:destination:)`
/// drives it: each update gives SwiftUI the levels the pacing allows (``/SceneNavigation/PresentationPacing``),
/// the content of a level presented appears during the update, and the events of an update are
/// taken after it, as the glue's tasks run. It checks SwiftUI's rule on its own: at most one level
/// presented per update, each from a view that appeared in an earlier one.
///
/// A full-screen cover hides the views beneath it: they disappear in the update it is presented
/// in, and appear again in the one it goes in, as iOS tells them; a covered view that goes is not
/// told of again.
@MainActor
final class SimulatedPresentations {
    private var pacing = PresentationPacing()
    /// The levels on screen, from the bottom.
    private(set) var onScreen: [PresentationPacing.Level] = []
    /// The events of the last update, taken after it.
    private var pending: [PresentationPacing.Event] = []
    /// The update in which the view that presents each level appeared.
    private var presenterAppeared: [Int: Int] = [:]
    private var update = 0
    /// How many levels were on screen after each update since the window's root last appeared.
    private(set) var shownPerUpdate: [Int] = []
    /// What broke SwiftUI's rule, in words.
    private(set) var failures: [String] = []
    /// Whether the window's root appears in the next update.
    private var rootAppearing = false

    /// The window's root appears (the view that presents the bottom level): in the next update,
    /// whose first frame presents nothing.
    func rootAppeared() {
        rootAppearing = true
        // Back from under a cover, the views it presents are still there.
        guard onScreen.isEmpty else { return }
        presenterAppeared = [:]
        shownPerUpdate = []
    }

    /// The window's root disappeared (`levels` the chain's levels then): what it presented goes
    /// with it, unless a cover on screen hid the root already; a root under a cover is hidden and
    /// shown as a cover does (SwiftUI tells it, and nothing else changes).
    func rootDisappeared(_ levels: [PresentationPacing.Level]) {
        if !onScreen.contains(where: \.covers) {
            onScreen = []
            presenterAppeared = [:]
        }
        pending.append(.disappeared(level: 0, shown: nil, chain: levels))
    }

    /// The window and its views are gone: a new window starts over, as a new view's state does.
    func removed() {
        pacing = PresentationPacing()
        onScreen = []
        presenterAppeared = [:]
        pending = []
    }

    /// Runs SwiftUI's updates until what is shown settles: the events of each update taken after it.
    /// - Parameter levels: The chain's levels now (read at each update).
    func settle(_ levels: () -> [PresentationPacing.Level]) {
        for _ in 0..<64 {
            let events = pending
            pending = []
            for event in events { pacing.handle(event) }
            let changed = runUpdate(levels())
            if !changed && pending.isEmpty { return }
        }
        failures.append("the presentations did not settle in 64 updates")
    }

    /// One update: SwiftUI is given the levels the pacing allows now.
    private func runUpdate(_ levels: [PresentationPacing.Level]) -> Bool {
        update += 1
        let wanted = Array(levels.prefix(pacing.presentedCount(of: levels)))
        var kept = 0
        while kept < min(wanted.count, onScreen.count), wanted[kept] == onScreen[kept] { kept += 1 }
        let changed = wanted != onScreen
        // The views that present each level are covered up to the highest cover on screen.
        let coveredBefore = onScreen.lastIndex(where: \.covers) ?? -1
        let coveredAfter = wanted.lastIndex(where: \.covers) ?? -1
        // What goes: each level's content disappears, and with it the view that presents the next
        // (told only if it was not covered).
        for level in stride(from: onScreen.count - 1, through: kept, by: -1) {
            if level + 1 > coveredBefore {
                pending.append(.disappeared(level: level + 1, shown: onScreen[level], chain: levels))
            }
            presenterAppeared[level + 1] = nil
        }
        if wanted.count - kept > 1 {
            failures.append("\(wanted.count - kept) levels were presented in one update (SwiftUI presents one)")
        }
        for level in kept..<wanted.count {
            if let appeared = presenterAppeared[level], appeared < update {
                // Its content appears in this update, and presents the next level from the next one.
                presenterAppeared[level + 1] = update
                pending.append(.appeared(level: level + 1, shown: wanted[level]))
            } else {
                failures.append("level \(level + 1) was presented before the view beneath it had appeared")
            }
        }
        // The views that stay and a cover now hides disappear; those it no longer hides appear.
        for presenter in 0...kept {
            let content = presenter == 0 ? nil : wanted[presenter - 1]
            let (was, now) = (presenter <= coveredBefore, presenter <= coveredAfter)
            if !was && now { pending.append(.disappeared(level: presenter, shown: content, chain: levels)) }
            if was && !now { pending.append(.appeared(level: presenter, shown: content)) }
        }
        onScreen = wanted
        shownPerUpdate.append(onScreen.count)
        if rootAppearing {
            rootAppearing = false
            presenterAppeared[0] = update
            pending.append(.appeared(level: 0, shown: nil))
            return true
        }
        return changed
    }
}
