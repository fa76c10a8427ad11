import SceneStore

/// What happened to a scene's navigation, as one stream: a ``PersistentScene`` (and
/// `PersistentNavigation`, which drives one) tells each event to its `onEvent`, in the order they
/// happened, on the main actor. An app forwards them to its log or analytics in one line:
///
/// ```swift
/// let scene = PersistentScene(model, store: store, onEvent: { print($0) })
/// ```
///
/// On Apple platforms, `os.Logger` is the convention: `Logger(subsystem: "navstate", category:
/// "scene").info("\(event)")`.
public enum SceneEvent: Sendable, Equatable, CustomStringConvertible {
    /// The scene is connected: restored (or started fresh) and saved from now on. The outcome
    /// holds the restore's report (what was kept, dropped, migrated and withheld, and why), why the
    /// stored state was not applied as it was (its intervention: a crash loop, a deep link, an age
    /// limit, a newer schema, a value that cannot be read) and the copy kept aside, once that copy
    /// is made.
    case connected(SceneID, RestoreOutcome)
    /// The scene could not be restored or saved: the error names the file and what was wrong.
    /// A restore that failed is tried again when the scene is next active or shown.
    case failed(NavigationError)

    /// One line: `connected main: restored 3, dropped 1` (with the intervention and the copy kept
    /// aside when there are), or `failed: ` and the error.
    public var description: String {
        switch self {
        case .connected(let scene, let outcome):
            var line = "connected \(scene)"
            if let report = outcome.report {
                line += ": restored \(report.restoredCount)"
                if !report.dropped.isEmpty { line += ", dropped \(report.dropped.count)" }
                if !report.migrated.isEmpty { line += ", migrated \(report.migrated.count)" }
            }
            if let intervention = outcome.intervention { line += " (\(intervention))" }
            if let path = outcome.keptAsidePath { line += "; kept aside at \(path)" }
            return line
        case .failed(let error):
            return "failed: \(error)"
        }
    }
}
