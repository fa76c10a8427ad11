/// Which of the app's external events (URLs, user activities) a scene takes: the strings SwiftUI
/// compares an event with, derived from what the scene opens, so that a scene takes its own
/// events and leaves the app's other scenes theirs. `PersistentNavigation` only calls these.
///
/// How SwiftUI compares, in Apple's words (the reference for `handlesExternalEvents(preferring:allowing:)`):
/// "SwiftUI compares a property of the event against the strings that you specify in the
/// preferring and allowing sets"; "For an NSUserActivity, like when your app handles Handoff,
/// SwiftUI uses the activity's targetContentIdentifier property, or if that's ..." (the copy read
/// for this stops there; that a URL is compared as its text, `absoluteString`, is our reading, not
/// Apple's words we saw). The reference's earlier parameter text for both modifiers: the strings
/// "are checked to see if they are contained in the targetContentIdenfifier. The empty Set and
/// empty Strings never match. The String value "*" always matches. The String comparisons are
/// case/diacritic insensitive". And the order (`handlesExternalEvents(matching:)`): an open scene
/// that prefers or can handle the event; else a new instance of the first scene declaration whose
/// `handlesExternalEvents(matching:)` conditions match; else of the first declaration without it.
///
/// Containment is loose by nature: `mail://` is also in `gmail://...`. That only chooses the
/// window; the mapping still reads the URL, and leaves another app's alone.
package enum ExternalEvents {
    /// The conditions of a mapping's links: its scheme and `://`, and its host when it has one,
    /// lowercased (`mail://`, `https://mail.example.com`). Every link the mapping prints starts so.
    /// - Parameters:
    ///   - scheme: The links' scheme.
    ///   - host: The links' host, or nil.
    /// - Returns: One condition.
    package static func conditions(linkScheme scheme: String, host: String?) -> Set<String> {
        [scheme.lowercased() + "://" + (host?.lowercased() ?? "")]
    }

    /// The target content identifier of a scene's Handoff activity: its type, which the receiving
    /// app's scenes of the same kind list among their conditions, so that SwiftUI hands the
    /// continuation to one of them and not to a new window or another kind of scene.
    /// - Parameter activityType: The activity's type.
    /// - Returns: The identifier to set on the activity.
    package static func targetContentIdentifier(activityType: String) -> String {
        activityType
    }

    /// The conditions of a scene: its links' and its Handoff activity's, together. Empty for a
    /// scene that takes neither (it then declares nothing, and SwiftUI chooses as without it).
    /// - Parameters:
    ///   - links: The conditions of the links the scene opens, or nil when it opens none.
    ///   - activityType: The type of the scene's Handoff activity, or nil when it has none.
    /// - Returns: The conditions the scene prefers and allows.
    package static func conditions(links: Set<String>?, handoff activityType: String?) -> Set<String> {
        var conditions = links ?? []
        if let activityType { conditions.insert(targetContentIdentifier(activityType: activityType)) }
        return conditions
    }
}
