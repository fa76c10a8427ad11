import SceneStore

/// What happened to a scene's navigation, as one stream: a ``PersistentScene`` (and
/// `PersistentNavigation`, which drives one) tells each event to its `onEvent`, in the order they
/// happened, on the main actor. An app forwards them to its log or analytics in one line:
///
/// ```swift
/// let scene = PersistentScene(model, store: store, onEvent: { print($0) })
/// ```
///
/// More kinds of events may come in later releases: a `switch` over them keeps a `default:`.
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
    /// The scene could not be restored or saved, or a Handoff could not be offered or continued:
    /// the error names the file and what was wrong. A restore that failed is tried again when the
    /// scene is next active or shown.
    case failed(NavigationError)
    /// A link read through a `LinkMapping` (a scene's `LinkOpening`, or the model's `open(_:with:at:)`
    /// in a link the scene opened) or a Handoff continued changed the model: the report says what
    /// of it did not open, and why (nothing dropped when all of it opened). A change a link makes
    /// by other means tells nothing. A link opened at launch is the
    /// restore's deep link, told before the connection it is part of.
    case linkOpened(RestoreReport)
    /// A link the scene was given could not be read at all: the model is as it was.
    case linkRefused(NavigationError)
    /// The scene's state was offered for Handoff without what the report lists, to fit the
    /// payload's budget: told when something is first left out, and again only after a payload
    /// that fitted whole.
    case handedOff(RestoreReport)

    /// One line: `connected main: restored 3, dropped 1` (with what was withheld and migrated, the intervention and the copy kept
    /// aside when there are), `failed: ` and the error, `link opened: restored 2, dropped 1`,
    /// `link refused: ` and the error, `handed off without 2 to fit the budget`.
    public var description: String {
        switch self {
        case .connected(let scene, let outcome):
            var line = "connected \(scene)"
            if let report = outcome.report { line += ": " + Self.counts(of: report) }
            if let intervention = outcome.intervention { line += " (\(intervention))" }
            if let path = outcome.keptAsidePath { line += "; kept aside at \(path)" }
            return line
        case .failed(let error):
            return "failed: \(error)"
        case .linkOpened(let report):
            return "link opened: " + Self.counts(of: report)
        case .linkRefused(let error):
            return "link refused: \(error)"
        case .handedOff(let report):
            return "handed off without \(report.dropped.count) to fit the budget"
        }
    }

    /// `restored 3, dropped 1, withheld 2, migrated 1`: what a report counts, the counts that are
    /// not zero but the first.
    private static func counts(of report: RestoreReport) -> String {
        let withheld = report.dropped.filter { $0.reason == .withheld }.count
        var line = "restored \(report.restoredCount)"
        if report.dropped.count > withheld { line += ", dropped \(report.dropped.count - withheld)" }
        if withheld > 0 { line += ", withheld \(withheld)" }
        if !report.migrated.isEmpty { line += ", migrated \(report.migrated.count)" }
        return line
    }
}
