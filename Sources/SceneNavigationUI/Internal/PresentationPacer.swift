#if canImport(SwiftUI)
    import Observation
    import SceneNavigation

    /// The pacing of one chain's presentations (``/SceneNavigation/PresentationPacing``, the pure
    /// decision), observable so that SwiftUI updates the views that present when it moves on.
    /// Observation by hand, as the model's: the macro is not needed for one property.
    @MainActor
    final class PresentationPacer: Observable {
        private var pacing = PresentationPacing()
        private let registrar = ObservationRegistrar()

        /// How many of the levels SwiftUI is given now.
        func presentedCount(of levels: [PresentationPacing.Level]) -> Int {
            registrar.access(self, keyPath: \.observed)
            return pacing.presentedCount(of: levels)
        }

        /// Takes an event after the update it happened in: SwiftUI presents one modal per update,
        /// so what an appearance allows is presented at the next one (after the first frame, for the
        /// view that presents the bottom level).
        func handleLater(_ event: PresentationPacing.Event) {
            Task { @MainActor in
                var next = pacing
                next.handle(event)
                guard next != pacing else { return }
                registrar.withMutation(of: self, keyPath: \.observed) { pacing = next }
            }
        }

        /// The key path observers register: the pacing as a whole.
        private var observed: PresentationPacing { pacing }
    }
#endif
