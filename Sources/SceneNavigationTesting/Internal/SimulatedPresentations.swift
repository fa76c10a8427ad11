import SceneNavigation

/// What SwiftUI presents in one simulated window, update by update, as `presentations(of:at:destination:)`
/// drives it: each update gives SwiftUI the levels the pacing allows (``/SceneNavigation/PresentationPacing``),
/// the content of a level presented appears during the update (a new view, with a number of its
/// own), and the events of an update are taken after it, as the glue's tasks run. It checks
/// SwiftUI's rules on its own: at most one level presented per update, each from a view that
/// appeared in an earlier one, and none while a level taken down is still going away.
///
/// A full-screen cover hides the views beneath it: they disappear in the update it is presented
/// in, and appear again in the one it goes in, as iOS tells them; a hidden view that goes is not
/// told of again. The root hidden and shown again (another tab, a view pushed over it) keeps what
/// it presents. With late disappearances, what goes is told only after the next step's first
/// update, as when a dismissal's animation outlasts the app's next change.
@MainActor
final class SimulatedPresentations {
    /// A level on screen: what it is, and its content's view.
    struct OnScreen: Equatable {
        var level: PresentationPacing.Level
        var view: Int
    }

    private var pacing = PresentationPacing()
    /// The levels on screen, from the bottom.
    private(set) var onScreen: [OnScreen] = []
    /// The events of the last update, taken after it.
    private var pending: [PresentationPacing.Event] = []
    /// Disappearances told late: taken after the next step's first update.
    private var late: [PresentationPacing.Event] = []
    /// The content views taken down whose disappearance has not been taken yet.
    private var going: Set<Int> = []
    /// The update in which each presenter appeared: 0 the root, `k + 1` the content of level `k`.
    private var presenterAppeared: [Int: Int] = [:]
    private var update = 0
    private var lastView = 0
    /// How many levels were on screen after each update since the window's root last appeared.
    private(set) var shownPerUpdate: [Int] = []
    /// What broke SwiftUI's rules, in words.
    private(set) var failures: [String] = []
    /// Whether the window's root appears in the next update.
    private var rootAppearing = false
    /// Whether the root is shown (it may be hidden under a cover).
    private var rootShown = false

    /// Whether disappearances are told late.
    var delaysDisappearances = false

    /// Whether disappearances are still to be told.
    var isWaitingForEvents: Bool { !late.isEmpty }

    /// The levels on screen, from the bottom.
    var levelsOnScreen: [PresentationPacing.Level] { onScreen.map(\.level) }

    /// The window's root appears (the view that presents the bottom level): in the next update,
    /// whose first frame presents nothing.
    func rootAppeared() {
        rootAppearing = true
        guard onScreen.isEmpty else { return }
        presenterAppeared = [:]
        shownPerUpdate = []
    }

    /// The window's root is hidden (another tab, a view pushed over it): it keeps what it
    /// presents; hidden under a cover already, it is told nothing.
    func rootHidden() {
        guard rootShown else { return }
        rootShown = false
        if !onScreen.contains(where: \.level.covers) { pending.append(.rootDisappeared) }
    }

    /// The window and its views are gone: a new window starts over, as a new view's state does.
    func removed() {
        pacing = PresentationPacing()
        onScreen = []
        presenterAppeared = [:]
        pending = []
        late = []
        going = []
        rootShown = false
        rootAppearing = false
    }

    /// Runs SwiftUI's updates until what is shown settles: the events of each update taken after
    /// it, and the disappearances told late taken after the first.
    /// - Parameter levels: The chain's levels now (read at each update).
    func settle(_ levels: () -> [PresentationPacing.Level]) {
        var held = late
        late = []
        for iteration in 0..<64 {
            var events = pending
            pending = []
            if iteration == 1 {
                events += held
                held = []
            }
            for event in events { take(event) }
            let changed = runUpdate(levels())
            if !changed && pending.isEmpty && held.isEmpty { return }
        }
        failures.append("the presentations did not settle in 64 updates")
    }

    /// Takes an event, as the glue's task does.
    private func take(_ event: PresentationPacing.Event) {
        if case .contentDisappeared(_, let view) = event { going.remove(view) }
        pacing.handle(event)
    }

    /// One update: SwiftUI is given the levels the pacing allows now.
    private func runUpdate(_ levels: [PresentationPacing.Level]) -> Bool {
        update += 1
        let wanted = Array(levels.prefix(pacing.give(levels)))
        var kept = 0
        while kept < min(wanted.count, onScreen.count), wanted[kept] == onScreen[kept].level { kept += 1 }
        let changed = wanted != levelsOnScreen
        // A view is hidden under the highest cover above it.
        let coverBefore = onScreen.lastIndex(where: \.level.covers) ?? -1
        let coverAfter = wanted.lastIndex(where: \.covers) ?? -1
        // What goes: each level's content disappears (told only if it was not hidden).
        for index in stride(from: onScreen.count - 1, through: kept, by: -1) {
            let view = onScreen[index].view
            if index >= coverBefore {
                going.insert(view)
                let event = PresentationPacing.Event.contentDisappeared(index: index, view: view)
                if delaysDisappearances { late.append(event) } else { pending.append(event) }
            }
            presenterAppeared[index + 1] = nil
        }
        var next = Array(onScreen.prefix(kept))
        if wanted.count - kept > 1 {
            failures.append("\(wanted.count - kept) levels were presented in one update (SwiftUI presents one)")
        }
        if kept < wanted.count, !going.isEmpty {
            failures.append("level \(kept + 1) was presented while a level taken down was still going away")
        }
        for index in kept..<wanted.count {
            if let appeared = presenterAppeared[index], appeared < update {
                // Its content, a new view, appears in this update, and presents from the next one.
                lastView += 1
                next.append(OnScreen(level: wanted[index], view: lastView))
                presenterAppeared[index + 1] = update
                pending.append(.contentAppeared(index: index, level: wanted[index], view: lastView))
            } else {
                failures.append("level \(index + 1) was presented before the view beneath it had appeared")
                next.append(OnScreen(level: wanted[index], view: 0))
            }
        }
        // The views that stay and a cover now hides disappear; those it no longer hides appear.
        if rootShown, !rootAppearing {
            if coverBefore < 0 && coverAfter >= 0 { pending.append(.rootDisappeared) }
            if coverBefore >= 0 && coverAfter < 0 { pending.append(.rootAppeared) }
        }
        for index in 0..<kept {
            let (was, now) = (index < coverBefore, index < coverAfter)
            if !was && now { pending.append(.contentDisappeared(index: index, view: next[index].view)) }
            if was && !now {
                pending.append(.contentAppeared(index: index, level: next[index].level, view: next[index].view))
            }
        }
        onScreen = next
        shownPerUpdate.append(onScreen.count)
        if rootAppearing {
            rootAppearing = false
            rootShown = true
            presenterAppeared[0] = update
            // Shown again under a cover, the root stays hidden.
            if !onScreen.contains(where: \.level.covers) { pending.append(.rootAppeared) }
            return true
        }
        return changed
    }
}
