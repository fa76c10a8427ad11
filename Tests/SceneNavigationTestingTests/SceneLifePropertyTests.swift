import Foundation
import SceneNavigation
import SceneNavigationTesting
import SceneStore
import TestSupport
import Testing

/// SplitMix lives of an app with several windows, in every order of events Apple does not rule out:
/// windows appearing in any order, phases before or after appearances, scene storage saved for some
/// windows and lost for others, disconnections and reconnections, background time that runs out,
/// and kills, crashes and quits in every phase. After each step the simulator's invariants must
/// hold (``SceneLifeSimulator/invariantFailures()``), and after the app went to the background,
/// every window's last change must be on disk.
@MainActor
@Suite struct SceneLifePropertyTests {
    /// How many lives each identity runs, in CI's time (`NAVSTATE_LIVES` runs more).
    nonisolated static let lives =
        ProcessInfo.processInfo.environment["NAVSTATE_LIVES"].flatMap { Int($0) } ?? 1_000
    nonisolated static let stepsPerLife = 30

    typealias Step = SceneScenario.Step

    static func simulator(_ identity: SceneIdentity) throws -> SceneLifeSimulator<MailScreens> {
        // Unsynced writes: the lives test the decisions, not the disk (the crash-window tests do).
        var configuration = StateStore.Configuration()
        configuration.synchronizesWrites = false
        configuration.durableRemovals = false
        return SceneLifeSimulator(
            try TemporaryStore(configuration: configuration), identity: identity,
            makeModel: { SceneNavigationModel(MailScreens()) },
            navigate: { $0.state.mail.append(.message(id: $0.state.mail.count)) },
            link: { $0.state.mail = [.inbox] }, presentations: \.presented,
            present: { model in
                // Sheets, covers (which hide what is beneath them) and popovers, in turn.
                let level = model.state.presented.count
                let styles: [PresentationStyle] = [.sheet, .fullScreenCover, .popover]
                model.state.presented.present(.attachment(id: level), as: styles[level % styles.count])
            })
    }

    /// A step that can happen now, drawn at random.
    static func nextStep(_ simulator: SceneLifeSimulator<MailScreens>, using random: inout SplitMix) -> Step {
        let windows = simulator.windows
        let open = windows.indices.filter { windows[$0].isOpen }
        let shown = open.filter { windows[$0].isShown }
        let hidden = open.filter { !windows[$0].isShown }
        guard simulator.process != nil else {
            // Between processes: storage may still be lost (a force quit discards it).
            if let index = open.randomElement(using: &random), Int.random(in: 0..<5, using: &random) == 0 {
                return .discardStorage(window: index)
            }
            // Sometimes with a link, delivered before the first window appears or after.
            if Int.random(in: 0..<8, using: &random) == 0 {
                return .launchWithLink(linkFirst: Bool.random(using: &random))
            }
            let order = open.shuffled(using: &random).filter { _ in Int.random(in: 0..<6, using: &random) > 0 }
            let phase = [SceneLife.Phase.active, .active, .inactive, .background].randomElement(using: &random)!
            return .launchWindows(order: order, phase: phase, phaseFirst: Bool.random(using: &random))
        }
        var choices: [Step] = [.phase(.active), .phase(.inactive), .phase(.background), .launchSettles, .kill]
        for index in shown {
            choices += [.navigate(window: index), .navigate(window: index), .openLink(window: index)]
            // The user presents over a window, and dismisses a level of it (with those above).
            choices += [.present(window: index), .dismiss(window: index, level: Int.random(in: 0..<3, using: &random))]
            choices += [.disconnect(window: index), .hideAndShow(window: index), .remake(window: index)]
            if shown.count > 1 { choices.append(.closeWindow(window: index)) }
        }
        for index in open { choices += [.saveStorage(window: index), .saveStorage(window: index)] }
        for index in open where Int.random(in: 0..<3, using: &random) == 0 {
            choices.append(.discardStorage(window: index))
        }
        for index in hidden { choices.append(.reconnect(window: index)) }
        if open.count < 4 { choices.append(.openWindow) }
        if let last = windows.last(where: \.isShown)?.scene?.life.phase, last == .background {
            choices.append(.backgroundTimeExpires)
        }
        if Int.random(in: 0..<4, using: &random) == 0 { choices += [.crash, .quit] }
        return choices.randomElement(using: &random)!
    }

    /// Runs one life; returns what went wrong, with the steps that led there, and tallies what the
    /// life went through.
    static func life(seed: UInt64, identity: SceneIdentity, tally: inout [String: Int]) async throws -> [String] {
        let simulator = try simulator(identity)
        // Every other life, what the windows take down is told late: after the next step's first update.
        simulator.delaysDisappearances = seed.isMultiple(of: 2)
        if simulator.delaysDisappearances { tally["late disappearances", default: 0] += 1 }
        var random = SplitMix(state: seed)
        var steps: [Step] = []
        var phase = SceneLife.Phase.active
        for _ in 0..<stepsPerLife {
            let step = nextStep(simulator, using: &random)
            steps.append(step)
            switch step {
            case .kill, .crash, .quit: tally["\(step) while \(phase)", default: 0] += 1
            case .launchWindows(let order, let launched, let phaseFirst):
                phase = launched
                if order != order.sorted() { tally["windows out of order", default: 0] += 1 }
                if !phaseFirst { tally["phases after appearances", default: 0] += 1 }
                let windows = simulator.windows
                if order.contains(where: { windows[$0].savedStorage != nil })
                    && order.contains(where: { windows[$0].savedStorage == nil })
                {
                    tally["a launch with kept and lost IDs", default: 0] += 1
                }
            case .launchWithLink:
                phase = .active
                tally["launches with a link", default: 0] += 1
            case .phase(let new): phase = new
            case .reconnect: tally["reconnections", default: 0] += 1
            case .remake: tally["views made again", default: 0] += 1
            case .backgroundTimeExpires: tally["background time expired", default: 0] += 1
            case .present: tally["presentations", default: 0] += 1
            case .dismiss: tally["dismissals", default: 0] += 1
            default: break
            }
            try await simulator.perform(step)
            var failures = simulator.invariantFailures()
            if step == .phase(.background) { failures += simulator.undurableWindows() }
            let errors = simulator.windows.flatMap(\.errors)
            if !errors.isEmpty { failures.append("errors: \(errors)") }
            if !failures.isEmpty {
                let script = steps.map {
                    "\($0)".replacingOccurrences(of: "SceneNavigationTesting.SceneScenario.Step.", with: "")
                        .replacingOccurrences(of: "SceneNavigation.SceneLife.Phase.", with: ".")
                }
                return failures + ["seed \(seed), \(identity), after: \(script.joined(separator: ", "))"]
            }
        }
        return []
    }

    @Test(
        "every seeded life keeps every window's scene its own, connected and durable",
        arguments: [SceneIdentity.perScene, .adoptingMostRecent])
    func seededLives(identity: SceneIdentity) async throws {
        var failed = 0
        var tally: [String: Int] = [:]
        for seed in 0..<UInt64(Self.lives) {
            let failures = try await Self.life(seed: seed, identity: identity, tally: &tally)
            if !failures.isEmpty {
                failed += 1
                Issue.record("\(failures.joined(separator: "\n"))")
                if failed == 3 { break }
            }
        }
        // The lives went through what the invariants speak of.
        var expected = [
            "windows out of order", "phases after appearances", "a launch with kept and lost IDs", "reconnections",
            "background time expired", "launches with a link", "views made again", "presentations", "dismissals",
            "late disappearances",
        ]
        for end in ["kill", "crash", "quit"] {
            for phase in ["active", "inactive", "background"] { expected.append("\(end) while \(phase)") }
        }
        for name in expected { #expect(tally[name, default: 0] > 0, "no life had: \(name)") }
    }
}
