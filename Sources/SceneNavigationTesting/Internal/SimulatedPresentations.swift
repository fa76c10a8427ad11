import SceneNavigation

/// What SwiftUI presents in one simulated window, update by update, as `presentations(of:at:destination:)`
/// drives it: each update gives SwiftUI the levels the pacing allows (``/SceneNavigation/PresentationPacing``),
/// the content of a level presented appears during the update, and the events of an update are
/// taken after it, as the glue's tasks run. It checks SwiftUI's rule on its own: at most one level
/// presented per update, each from a view that appeared in an earlier one.
@MainActor
final class SimulatedPresentations {
    private var pacing = PresentationPacing()
    /// The levels on screen, by identity, from the bottom.
    private(set) var onScreen: [Int] = []
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
        presenterAppeared = [:]
        shownPerUpdate = []
    }

    /// The window's root disappeared: what it presented goes with it.
    func rootDisappeared() {
        onScreen = []
        presenterAppeared = [:]
        pending.append(.disappeared(level: 0, shown: nil))
    }

    /// Runs SwiftUI's updates until what is shown settles: the events of each update taken after it.
    /// - Parameter levels: The chain's levels now, by identity (read at each update).
    func settle(_ levels: () -> [Int]) {
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
    private func runUpdate(_ levels: [Int]) -> Bool {
        update += 1
        let wanted = Array(levels.prefix(pacing.presentedCount(of: levels)))
        var kept = 0
        while kept < min(wanted.count, onScreen.count), wanted[kept] == onScreen[kept] { kept += 1 }
        let changed = wanted != onScreen
        // What goes: each level's content disappears, and with it the view that presents the next.
        for level in stride(from: onScreen.count - 1, through: kept, by: -1) {
            pending.append(.disappeared(level: level + 1, shown: onScreen[level]))
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
