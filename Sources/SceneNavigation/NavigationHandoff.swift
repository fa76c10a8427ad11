import SceneStore

/// How a scene's navigation is handed off to another device: the activity type, the path (and the
/// presentations over it) that give way when the state is over the budget, and the budget.
///
/// `PersistentNavigation` (SceneNavigationUI) advertises the scene's state with it
/// (`userActivity(_:isActive:_:)`) and continues another device's
/// (`onContinueUserActivity(_:perform:)`); both sides are plain Swift here, so an app's tests can
/// make and continue payloads without SwiftUI.
///
/// ```swift
/// let handoff = NavigationHandoff<MailState>(activityType: "com.example.mail.navigation", path: \.mail)
/// let payload = try handoff.payload(for: model)        // on this device
/// let change = try handoff.continuing(payload.userInfo, in: otherModel)  // on the other
/// ```
///
/// With `presentations:`, what is presented goes too, and gives way before the path: over the
/// budget, the chain's top levels are left out first, then the path's last routes. Without it, a
/// path the budget shortens leaves every chain of the state out. Screens the app marks as not
/// saved (``SelectivelySaved``) are never handed off, and the payload's report says so
/// (``RestoreReport/Reason/notSaved(_:)``).
///
/// The activity type must be listed under `NSUserActivityTypes` in the app's Info.plist.
@MainActor
public struct NavigationHandoff<State: Codable & Equatable> {
    /// The activity's type, as the app's Info.plist lists it under `NSUserActivityTypes`.
    public let activityType: String
    /// The largest payload, in bytes of the state's JSON text. 3,000 by default: Apple asks to keep
    /// `userInfo` to about 3 KB, and the two keys and the version take the rest.
    public var budget: Int
    /// How many screens may give way: the path's routes and the chain's levels.
    private let screenCount: (State) -> Int
    /// How many routes the path holds.
    private let pathCount: (State) -> Int
    /// The state with only its first `count` screens: the path's routes first, then the chain's
    /// levels.
    private let keepingScreens: (State, Int) -> State

    /// A Handoff of the state, whose path at `path` gives way from the end when the state is over
    /// the budget; a path shortened so leaves every chain of presentations in the state out (what
    /// was presented over the routes left out goes with them).
    /// - Parameters:
    ///   - activityType: The activity's type.
    ///   - path: The path that gives way.
    ///   - budget: The largest payload, in bytes of the state's JSON text.
    ///
    /// What a payload leaves out, a scene tells as ``SceneEvent/handedOff(_:)``.
    public init<Route>(
        activityType: String, path: WritableKeyPath<State, RoutePath<Route>>, budget: Int = 3_000
    ) {
        self.activityType = activityType
        self.budget = budget
        screenCount = { $0[keyPath: path].count }
        pathCount = { $0[keyPath: path].count }
        keepingScreens = { state, count in
            var cut = state
            cut[keyPath: path].removeLast(cut[keyPath: path].count - count)
            return cut
        }
    }

    /// A Handoff of the state with what is presented over its path: over the budget, the chain's
    /// top levels give way first, then the path's last routes.
    /// - Parameters:
    ///   - activityType: The activity's type.
    ///   - path: The path that gives way after the presentations.
    ///   - presentations: The chain that gives way first.
    ///   - budget: The largest payload, in bytes of the state's JSON text.
    ///
    /// What a payload leaves out, a scene tells as ``SceneEvent/handedOff(_:)``.
    public init<Route, Presented>(
        activityType: String, path: WritableKeyPath<State, RoutePath<Route>>,
        presentations: WritableKeyPath<State, PresentationChain<Presented>>, budget: Int = 3_000
    ) {
        self.activityType = activityType
        self.budget = budget
        screenCount = { $0[keyPath: path].count + $0[keyPath: presentations].count }
        pathCount = { $0[keyPath: path].count }
        keepingScreens = { state, count in
            var cut = state
            let routes = cut[keyPath: path].count
            cut[keyPath: presentations].removeLast(cut[keyPath: presentations].count - max(count - routes, 0))
            cut[keyPath: path].removeLast(routes - min(count, routes))
            return cut
        }
    }

    /// The payload for the model's state now, in its schema version.
    /// - Parameter model: The scene's model.
    /// - Returns: The payload, under the budget, with the report of what was dropped to fit.
    /// - Throws: ``NavigationError/cannotEncode(reason:)`` when the state does not encode, or is
    ///   over the budget even with an empty path.
    public func payload(for model: SceneNavigationModel<State>) throws(NavigationError) -> HandoffPayload {
        try payload(for: model.state, schemaVersion: model.schemaVersion)
    }

    /// The payload for a state: the whole state when it fits the budget; otherwise the state with
    /// the most screens that fits (the presentations' top levels left out first, then the path's
    /// last routes), and the screens dropped from the end reported. Screens the app does not save
    /// are left out and reported whatever the budget.
    /// - Parameters:
    ///   - state: The state.
    ///   - schemaVersion: The schema version it is written in.
    /// - Returns: The payload.
    /// - Throws: ``NavigationError/cannotEncode(reason:)`` when the state does not encode, or is
    ///   over the budget even with an empty path and no presentation.
    package func payload(for state: State, schemaVersion: Int) throws(NavigationError) -> HandoffPayload {
        let (whole, unsaved) = try StateCoding.encodeRecording(state)
        let wholeText = Self.text(of: whole)
        if wholeText.utf8.count <= budget {
            return HandoffPayload(
                text: wholeText, schemaVersion: schemaVersion,
                report: RestoreReport(dropped: UnsavedCut.dropped(unsaved)))
        }
        let count = screenCount(state)
        // A state whose path the budget shortened leaves every chain out: what was presented
        // over the screens left out goes with them (and a path cut where a screen is not saved
        // takes them too, kept or not).
        let routes = pathCount(state)
        func encoded(keeping screens: Int) throws(NavigationError) -> JSONValue {
            let kept = keepingScreens(state, screens)
            return try StateCoding.encodeRecording(kept, droppingChains: pathCount(kept) < routes).json
        }
        var fitting = try encoded(keeping: 0)
        var fittingText = Self.text(of: fitting)
        guard fittingText.utf8.count <= budget else {
            throw .cannotEncode(
                reason:
                    "the state is \(fittingText.utf8.count) bytes with an empty path, over the Handoff budget of \(budget) bytes"
            )
        }
        // The most screens that fit: every count up to `fits` does, `fits + 1`... does not.
        var fits = 0
        var over = count
        while over - fits > 1 {
            let middle = (fits + over) / 2
            let json = try encoded(keeping: middle)
            let text = Self.text(of: json)
            if text.utf8.count <= budget {
                (fits, fitting, fittingText) = (middle, json, text)
            } else {
                over = middle
            }
        }
        var report = Self.droppedFromTheEnd(of: whole, keeping: fitting)
        report.dropped += UnsavedCut.dropped(unsaved)
        return HandoffPayload(text: fittingText, schemaVersion: schemaVersion, report: report)
    }

    /// Another device's Handoff, restored in the model now (without changing it), as a change to hand to ``PersistentScene/open(_:)`` that puts the
    /// restored state in place; nil when the activity carries no navstate payload. A payload that
    /// cannot be continued is an error here, so that it never takes the place of a scene's saved
    /// paths at launch.
    /// - Parameters:
    ///   - userInfo: The continued activity's `userInfo`.
    ///   - model: The scene's model, whose resolvers, types and migrations restore it.
    ///   - policy: What to do after an element that does not restore.
    /// - Returns: The change, or nil.
    /// - Throws: ``NavigationError/newerSchema(key:stored:supported:)`` (key `handoff`) for a state of
    ///   a newer schema than the model's migrations know; ``NavigationError/cannotDecode(key:reason:location:)``
    ///   for a payload that is not a navstate state or not the state's shape.
    public func continuing(
        _ userInfo: [AnyHashable: Any]?, in model: SceneNavigationModel<State>, policy: RestorePolicy = RestorePolicy()
    ) throws(NavigationError) -> PersistentScene<State>.Link? {
        guard HandoffPayload.isPayload(userInfo) else { return nil }
        let payload = try HandoffPayload(userInfo: userInfo)
        let (restored, report) = try model.restoredState(of: payload, policy: policy)
        return { model in model.applyHandoff(restored, report: report) }
    }

    // MARK: - Text

    /// The state's JSON text, ASCII only: a property list stores a string with any other character
    /// in UTF-16, two bytes or more per character, so the budget counts what is sent.
    private static func text(of json: JSONValue) -> String {
        let bytes = json.serialized()
        guard bytes.contains(where: { $0 >= 0x80 }) else { return String(decoding: bytes, as: UTF8.self) }
        var ascii = ""
        ascii.reserveCapacity(bytes.count * 2)
        // Beyond ASCII, a character is only ever inside a JSON string, where `\uXXXX` stands for it.
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if scalar.isASCII {
                ascii.unicodeScalars.append(scalar)
            } else {
                for unit in scalar.utf16 {
                    let digits = String(unit, radix: 16, uppercase: true)
                    ascii += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
                }
            }
        }
        return ascii
    }

    /// The report of the screens a cut state lost: each path or chain whose array is shorter, and
    /// its elements from the cut on.
    private static func droppedFromTheEnd(of whole: JSONValue, keeping kept: JSONValue) -> RestoreReport {
        var report = RestoreReport()
        for (location, elements, from) in Self.shortened(whole, kept, at: "") {
            report.restoredCount += from
            report.dropped += elements[from...].enumerated().map { offset, json in
                RestoreReport.DroppedElement(
                    location: location, position: from + offset, json: json, reason: .beyondMaximumDepth)
            }
        }
        return report
    }

    /// Where `kept` has shorter arrays than `whole`: each one's location, the whole array, and the
    /// kept count, in the order of the value.
    private static func shortened(_ whole: JSONValue, _ kept: JSONValue, at location: String)
        -> [(String, [JSONValue], Int)]
    {
        switch (whole, kept) {
        case (.array(let all), .array(let some)):
            if some.count < all.count { return [(location, all, some.count)] }
            return all.indices.flatMap { index in shortened(all[index], some[index], at: "\(location)[\(index)]") }
        case (.object(let all), .object(let some)):
            return all.keys.sorted().flatMap { key -> [(String, [JSONValue], Int)] in
                guard let member = some[key] else { return [] }
                return shortened(all[key] ?? .null, member, at: location.isEmpty ? key : "\(location).\(key)")
            }
        default: return []
        }
    }
}
