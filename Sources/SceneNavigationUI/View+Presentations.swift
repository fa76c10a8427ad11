#if canImport(SwiftUI)
    import SceneNavigation
    import SwiftUI

    extension View {
        /// Presents the chain at `chain` of the model's state over this view, as SwiftUI presents:
        /// each level with its style's modifier (`sheet(item:)`, `fullScreenCover(item:)`,
        /// `popover(item:)`, `inspector(isPresented:)`), the next level from the content of the one
        /// beneath.
        ///
        /// ```swift
        /// NavigationStack(path: $model.state.path) { ... }
        ///     .presentations(of: model, at: \.presented) { route in RouteView(route: route) }
        /// ```
        ///
        /// SwiftUI presents one modal per update: a restored chain is shown after the first frame,
        /// one level per update, each once the one beneath has appeared; a level the app presents
        /// over one on screen is shown at once. A dismissal (the user's swipe, `dismiss()` in a
        /// level's content, the app removing levels from the chain) takes the level and every
        /// level above it out of the chain, and so out of what is saved; a level that has not been
        /// presented yet is never taken for dismissed. A level presented while one taken down is
        /// still going away waits until its content has disappeared (UIKit presents nothing while
        /// it dismisses).
        ///
        /// A style the platform lacks is shown as a sheet: a full-screen cover on macOS, a popover
        /// and an inspector on tvOS and watchOS, an inspector on visionOS. A popover is anchored to
        /// the bounds of the view this modifies (of a level's content, for the level above it).
        /// A view hidden under what is presented over it (a full-screen cover, a sheet adapted to
        /// the full screen) keeps what it presents, and presents nothing new until it is shown again.
        /// - Parameters:
        ///   - model: The scene's model.
        ///   - chain: Where the chain is in its state.
        ///   - destination: The view of a presented route.
        /// - Returns: The view, presenting the chain.
        public func presentations<State, Route, Destination: View>(
            of model: SceneNavigationModel<State>, at chain: WritableKeyPath<State, PresentationChain<Route>>,
            @ViewBuilder destination: @escaping (Route) -> Destination
        ) -> some View {
            PresentationHost(content: self, model: model, chain: chain, destination: destination)
        }
    }

    /// The view that presents the bottom level, and holds the chain's pacing.
    struct PresentationHost<Content: View, State: Codable & Equatable, Route: Codable & Hashable, Destination: View>:
        View
    {
        let content: Content
        let model: SceneNavigationModel<State>
        let chain: WritableKeyPath<State, PresentationChain<Route>>
        let destination: (Route) -> Destination
        @SwiftUI.State private var pacer = PresentationPacer()

        var body: some View {
            let pacer = pacer
            PresentationLevel(
                content: content, level: 0, model: model, chain: chain, pacer: pacer, destination: destination
            )
            .onAppear { pacer.handleLater(.rootAppeared) }
            .onDisappear { pacer.handleLater(.rootDisappeared) }
        }
    }

    /// A view that presents one level of a chain over its content, and the next level from the
    /// content of that one.
    struct PresentationLevel<Content: View, State: Codable & Equatable, Route: Codable & Hashable, Destination: View>:
        View
    {
        let content: Content
        let level: Int
        let model: SceneNavigationModel<State>
        let chain: WritableKeyPath<State, PresentationChain<Route>>
        let pacer: PresentationPacer
        let destination: (Route) -> Destination

        var body: some View {
            // Read here, the chain and the pacing make SwiftUI update this view when either
            // changes, and so read the bindings below again: SwiftUI observes what a body reads,
            // not what a binding's getter reads later.
            let _ = current(.sheet)
            content
                .sheet(item: item(.sheet)) { presented in next(presented) }
                #if !os(macOS)
                    .fullScreenCover(item: item(.fullScreenCover)) { presented in next(presented) }
                #endif
                #if !os(tvOS) && !os(watchOS)
                    .popover(item: item(.popover)) { presented in next(presented) }
                #endif
                #if !os(tvOS) && !os(watchOS) && !os(visionOS)
                    .inspector(isPresented: isInspecting()) {
                        if let presented = current(.inspector) { next(presented) }
                    }
                #endif
        }

        /// The level as given to SwiftUI in `style`: nil when it is not presented now (past the
        /// levels the pacing allows), or is shown in another style.
        private func current(_ style: PresentationStyle) -> Presentation<Route>? {
            let levels = model.state[keyPath: chain]
            guard level < pacer.presentedCount(of: paced(levels)) else { return nil }
            let presented = levels[level]
            return shownStyle(of: presented.style) == style ? presented : nil
        }

        /// The binding SwiftUI presents a style's modifier with: the level when it is presented in
        /// that style; set to nil by a dismissal, which takes the level and those above it out of
        /// the chain (never a level not yet presented).
        private func item(_ style: PresentationStyle) -> Binding<Presentation<Route>?> {
            Binding(
                get: { current(style) },
                set: { newValue in
                    guard newValue == nil, current(style) != nil else { return }
                    model.state[keyPath: chain].dismiss(from: level)
                })
        }

        /// The inspector's binding: whether the level is presented as an inspector.
        private func isInspecting() -> Binding<Bool> {
            Binding(
                get: { current(.inspector) != nil },
                set: { isPresented in
                    guard !isPresented, current(.inspector) != nil else { return }
                    model.state[keyPath: chain].dismiss(from: level)
                })
        }

        /// A presented level's view: its route's destination, presenting the next level, telling
        /// the pacing when it appears and disappears.
        private func next(_ presented: Presentation<Route>) -> AnyView {
            AnyView(
                PresentedContent(index: level, level: paced([presented])[0], pacer: pacer) {
                    PresentationLevel<Destination, State, Route, Destination>(
                        content: destination(presented.route), level: level + 1, model: model, chain: chain,
                        pacer: pacer, destination: destination)
                })
        }
    }

    /// The content of a presented level, telling the pacing when it appears and disappears, as
    /// one view with a number of its own: a late event of a view gone is told apart from one of
    /// the view in its place.
    struct PresentedContent<Content: View>: View {
        let index: Int
        let level: PresentationPacing.Level
        let pacer: PresentationPacer
        @ViewBuilder let content: () -> Content
        @SwiftUI.State private var view = PresentationPacer.newView()

        var body: some View {
            let (pacer, index, level, view) = (pacer, index, level, view)
            content()
                .onAppear { pacer.handleLater(.contentAppeared(index: index, level: level, view: view)) }
                .onDisappear { pacer.handleLater(.contentDisappeared(index: index, view: view)) }
        }
    }

    /// The style a presentation is shown in here: a sheet where the platform lacks its own.
    private func shownStyle(of style: PresentationStyle) -> PresentationStyle {
        switch style {
        case .sheet: return .sheet
        case .fullScreenCover:
            #if os(macOS)
                return .sheet
            #else
                return .fullScreenCover
            #endif
        case .popover:
            #if os(tvOS) || os(watchOS)
                return .sheet
            #else
                return .popover
            #endif
        case .inspector:
            #if os(tvOS) || os(watchOS) || os(visionOS)
                return .sheet
            #else
                return .inspector
            #endif
        }
    }

    /// A chain's levels as the pacing knows them, in the styles this platform shows.
    private func paced<Route>(_ chain: some Collection<Presentation<Route>>) -> [PresentationPacing.Level] {
        PresentationPacing.levels(of: chain, shownAs: shownStyle)
    }
#endif
