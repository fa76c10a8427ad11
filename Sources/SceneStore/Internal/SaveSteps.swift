#if NAVSTATE_SAVE_STEPS
    import Synchronization

    /// Where a save's time goes, step by step: marks at each hand-off and step of a save, compiled in
    /// by `Scripts/save-steps.sh` (`-D NAVSTATE_SAVE_STEPS`) and read by its probe. Every other build
    /// has neither this file's code nor the marks (each is under the same condition).
    package enum SaveSteps {
        private static let marks = Mutex<[(name: String, at: ContinuousClock.Instant)]>([])

        /// Notes that a step begins now.
        package static func mark(_ name: StaticString) {
            let now = ContinuousClock.now
            marks.withLock { $0.append(("\(name)", now)) }
        }

        /// The marks so far, in order, and forgets them.
        package static func take() -> [(name: String, at: ContinuousClock.Instant)] {
            marks.withLock { marks in
                defer { marks = [] }
                return marks
            }
        }
    }

    /// The marks of ``SaveSteps``, for the probe of `Scripts/save-steps.sh`, another package: public
    /// only in that build.
    public enum SaveStepMarks {
        /// The marks so far, in order, and forgets them.
        public static func take() -> [(name: String, at: ContinuousClock.Instant)] { SaveSteps.take() }
    }
#endif
