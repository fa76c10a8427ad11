import SceneNavigation
import SceneStore

extension SceneLifeSimulator {
    /// Creates a simulator whose windows present, as `presentations(of:at:destination:)` makes
    /// SwiftUI present: each update shows one level more of a restored chain, each once the one
    /// beneath has appeared, and the user's dismissals take levels out of the state. The scenarios
    /// of presentations (``SceneScenario/all`` holds them) run only on such a simulator.
    ///
    /// ```swift
    /// let simulator = SceneLifeSimulator(TemporaryStore(), makeModel: { SceneNavigationModel(AppState()) },
    ///                                    navigate: { $0.state.path = [.inbox, .message(id: 7)] },
    ///                                    link: { $0.state.path = [.message(id: 42)] },
    ///                                    presentations: \.presented,
    ///                                    present: { $0.state.presented.present(.compose) })
    /// ```
    ///
    /// The kit can make the app's data lose what a window presents, or what its sample navigation
    /// leads to, for the scenarios of deleted data: from then on, each window's model rejects those
    /// routes of the chain's route type (a resolver of that type, chained before the app's own).
    ///
    /// - Parameters:
    ///   - temporary: The folder and store.
    ///   - identity: How the app's scenes find their IDs.
    ///   - crashGuard: The crash-loop guard, or nil.
    ///   - makeModel: Builds a window's model, as a new scene would.
    ///   - navigate: The app's sample navigation: where a user goes in a window.
    ///   - link: The app's sample link's change.
    ///   - presentations: Where the chain of presentations is in the state.
    ///   - present: The app's sample presentation: what a user presents over the sample navigation
    ///     (a sheet, a chain).
    public convenience init<Route>(
        _ temporary: TemporaryStore, identity: SceneIdentity = .perScene,
        crashGuard: CrashLoopGuard? = CrashLoopGuard(healthyAfter: nil),
        makeModel: @escaping @MainActor () -> Model, navigate: @escaping @MainActor (Model) -> Void,
        link: @escaping @MainActor (Model) -> Void, presentations: WritableKeyPath<State, PresentationChain<Route>>,
        present: @escaping @MainActor (Model) -> Void
    ) {
        self.init(
            temporary, identity: identity, crashGuard: crashGuard, makeModel: makeModel, navigate: navigate,
            link: link)
        presenting = Presenting(chain: presentations, present: present, makeModel: makeModel)
    }

    /// How many levels of a window's chain SwiftUI shows presented now, from the bottom (fewer
    /// than the chain holds while it is still being presented).
    /// - Parameter window: The window, from 0 in the order they were opened.
    /// - Returns: How many levels are on screen.
    /// - Throws: ``SimulatorError/noWindow(_:)`` when the window is not shown.
    package func presentedCount(window: Int = 0) throws -> Int {
        guard windows.indices.contains(window), windows[window].isOpen, windows[window].isShown else {
            throw SimulatorError.noWindow(window)
        }
        return windows[window].screen.onScreen.count
    }

    /// Runs SwiftUI's updates in every shown window until what it presents settles.
    func updatePresentations() {
        guard presenting != nil else { return }
        for window in windows where window.isOpen && window.isShown {
            window.screen.delaysDisappearances = delaysDisappearances
            window.screen.settle { levels(of: window) }
        }
    }

    /// A window's chain as the pacing knows it (none without a model or presentations).
    func levels(of window: Window) -> [PresentationPacing.Level] {
        guard let presenting, let model = window.model else { return [] }
        return presenting.levels(model.state)
    }

    /// What is wrong with how the windows present, in words: SwiftUI's rule broken (two levels in
    /// one update, a level before the one beneath appeared), or a shown window that does not show
    /// its whole chain once its updates settled.
    func presentationFailures() -> [String] {
        guard let presenting else { return [] }
        var failures: [String] = []
        for (index, window) in windows.enumerated() {
            failures += window.screen.failures.map { "window \(index): \($0)" }
            guard window.isOpen, window.isShown, let model = window.model else { continue }
            // Until what went is told, what comes next waits.
            if !window.screen.isWaitingForEvents, window.screen.levelsOnScreen != presenting.levels(model.state) {
                failures.append("window \(index) does not show its presentations once SwiftUI settled")
            }
        }
        return failures
    }

    /// What the kit needs of the app's presentations, with the chain's route type captured.
    @MainActor
    struct Presenting {
        /// The chain's levels, in the styles iOS shows them.
        let levels: (State) -> [PresentationPacing.Level]
        /// The user's dismissal of a level (and those above it).
        let dismiss: (Model, Int) -> Void
        /// The app's sample presentation.
        let present: (Model) -> Void
        /// Makes the app's data lose the routes a state presents.
        let forgetPresented: (State) -> Void
        /// Makes the app's data lose the routes of a state (of the chain's route type) that the
        /// initial state does not hold.
        let forgetNavigated: (State, State) -> Void
        /// Gives a new model the resolver that rejects what the data lost.
        let applyForgetting: (Model) -> Void
        /// What a state restores to once the data lost what it lost, and the report.
        let remains: (State) -> (State, RestoreReport)?

        init<Route>(
            chain: WritableKeyPath<State, PresentationChain<Route>>, present: @escaping @MainActor (Model) -> Void,
            makeModel: @escaping @MainActor () -> Model
        ) {
            let forgotten = Forgotten<Route>()
            levels = { state in PresentationPacing.levels(of: state[keyPath: chain], shownAs: { $0 }) }
            dismiss = { model, level in model.state[keyPath: chain].dismiss(from: level) }
            self.present = present
            forgetPresented = { state in forgotten.routes.formUnion(state[keyPath: chain].map(\.route)) }
            forgetNavigated = { state, initial in
                let model = makeModel()
                forgotten.routes.formUnion(
                    Self.routes(of: Route.self, in: state, with: model).subtracting(
                        Self.routes(of: Route.self, in: initial, with: model)))
            }
            applyForgetting = { model in Self.forget(forgotten, in: model) }
            remains = { state in
                let model = makeModel()
                Self.forget(forgotten, in: model)
                guard let json = try? StateCoding.encode(state) else { return nil }
                return try? StateCoding.decode(
                    State.self, from: json, resolvers: model.resolvers, types: model.types,
                    migrations: model.migrations,
                    schemaVersion: model.schemaVersion, initial: model.initialState)
            }
        }

        /// The routes of a type a state holds anywhere (paths, presentations, members), found by
        /// restoring its JSON with a resolver that notes each one.
        private static func routes<Route: Hashable>(
            of type: Route.Type, in state: State, with model: Model
        ) -> Set<Route> {
            let found = Forgotten<Route>()
            // Unchecked: the resolver runs in the restore below, on this actor, and goes with it.
            nonisolated(unsafe) let previous = model.resolvers.resolver(for: Route.self)
            let noting = model.resolvers.adding(Route.self) { route in
                found.routes.insert(route)
                return previous.map { $0(route) } ?? route
            }
            guard let json = try? StateCoding.encode(state) else { return [] }
            _ = try? StateCoding.decode(
                State.self, from: json, resolvers: noting, types: model.types, migrations: model.migrations,
                schemaVersion: model.schemaVersion, initial: model.initialState)
            return found.routes
        }

        /// The model rejects the routes the data lost, before its own resolver of their type.
        private static func forget<Route: Hashable>(_ forgotten: Forgotten<Route>, in model: Model) {
            guard !forgotten.routes.isEmpty else { return }
            // Unchecked: the model's resolvers run where its restores run, on the main actor, as
            // the app's own resolver it wraps does.
            nonisolated(unsafe) let previous = model.resolvers.resolver(for: Route.self)
            let lost = forgotten.routes
            model.resolvers = model.resolvers.adding(Route.self) { route in
                lost.contains(route) ? nil : previous.map { $0(route) } ?? route
            }
        }
    }

    /// Routes the app's data lost, shared by the closures of one simulator.
    @MainActor
    final class Forgotten<Route: Hashable> {
        var routes: Set<Route> = []
    }
}
