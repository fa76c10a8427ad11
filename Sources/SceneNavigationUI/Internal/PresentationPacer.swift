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

        /// The number of the last content view made.
        private static var lastView = 0

        /// How many of the levels SwiftUI is given now, remembered as what it shows: a read while
        /// SwiftUI updates, so no observer is told (what it changes changes only what the next
        /// reads give, and each update reads the chain anew).
        func presentedCount(of levels: [PresentationPacing.Level]) -> Int {
            registrar.access(self, keyPath: \.observed)
            return pacing.give(levels)
        }

        /// A number for a new content view.
        static func newView() -> Int {
            lastView += 1
            return lastView
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
