import SceneStore

/// A scene's navigation as Handoff carries it to another device: the state's JSON and the schema
/// version it was written in, in an `NSUserActivity`'s `userInfo`.
///
/// ``NavigationHandoff`` makes one under its budget (Apple asks to keep `userInfo` to about 3 KB),
/// dropping the path's last elements when the whole does not fit and reporting them;
/// ``NavigationHandoff/continuing(_:in:policy:)`` restores one on the other device, through its
/// migrations.
///
/// `userInfo` holds two entries: `navstate.state`, the state's JSON text (keys sorted, no spaces,
/// every character beyond ASCII escaped as `\uXXXX`, so that its bytes are what a property list
/// stores), and `navstate.schema`, its schema version.
public struct HandoffPayload: Sendable, Hashable {
    /// The state's JSON text.
    package let text: String
    /// The schema version the state was written in: the sender's migrations' version.
    package let schemaVersion: Int
    /// What was dropped from the end of the path and the presentations to fit the budget (each as
    /// ``RestoreReport/Reason/beyondMaximumDepth``: beyond the depth that fits), and the screens
    /// the app does not save (``RestoreReport/Reason/notSaved(_:)``); empty when all of it fits,
    /// and for a payload read from `userInfo`.
    public let report: RestoreReport

    /// The `userInfo` key of the state's text.
    package static let stateKey = "navstate.state"
    /// The `userInfo` key of the schema version.
    package static let schemaKey = "navstate.schema"

    /// A payload.
    /// - Parameters:
    ///   - text: The state's JSON text.
    ///   - schemaVersion: Its schema version.
    ///   - report: What was dropped to fit the budget.
    package init(text: String, schemaVersion: Int, report: RestoreReport = RestoreReport()) {
        self.text = text
        self.schemaVersion = schemaVersion
        self.report = report
    }

    /// The key errors of a Handoff's state name: `handoff`.
    package static let key = "handoff"

    /// Reads the payload of a continued activity's `userInfo`.
    /// - Parameter userInfo: The activity's `userInfo`.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)`` (key `handoff`) when it has
    ///   no navstate state, or its entries are not a string and a version from 0.
    package init(userInfo: [AnyHashable: Any]?) throws(NavigationError) {
        guard let userInfo, let text = userInfo[Self.stateKey] as? String else {
            throw .cannotDecode(
                key: Self.key, reason: "the activity's userInfo has no '\(Self.stateKey)' string")
        }
        guard let schema = userInfo[Self.schemaKey] as? Int, schema >= 0 else {
            throw .cannotDecode(
                key: Self.key, reason: "the activity's userInfo has no '\(Self.schemaKey)' version")
        }
        self.init(text: text, schemaVersion: schema)
    }

    /// Whether a `userInfo` holds a navstate payload at all (its state's entry), readable or not.
    /// - Parameter userInfo: The activity's `userInfo`.
    /// - Returns: Whether it has the state's key.
    package static func isPayload(_ userInfo: [AnyHashable: Any]?) -> Bool {
        userInfo?[stateKey] != nil
    }

    /// The entries to put in an activity's `userInfo`.
    public var userInfo: [AnyHashable: Any] {
        [Self.stateKey: text, Self.schemaKey: schemaVersion]
    }

    /// The payload's size as the budget counts it: the bytes of the state's text.
    public var size: Int { text.utf8.count }

    /// The state's JSON.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)`` when the text is not JSON.
    func json() throws(NavigationError) -> JSONValue {
        do {
            return try JSONValue(parsing: Array(text.utf8), maximumDepth: 512)
        } catch {
            throw .cannotDecode(key: Self.key, reason: "the Handoff's state is not JSON: \(error)")
        }
    }
}
