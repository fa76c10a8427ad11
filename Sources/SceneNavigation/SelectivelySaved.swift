/// A route some of whose values are left out of what a scene saves: a case (or every value) that
/// is transient or sensitive.
///
/// A ``RoutePath`` or ``PresentationChain`` whose route says it is not saved is saved up to the
/// screen before it: that route and every screen above it (pushed or presented over it) are left
/// out of the scene's file, of the links printed from the path and of the Handoff payload, so a
/// restore stops at the screen before it, never on an empty placeholder. The save records where it
/// cut and why (not what), and the next restore reports each screen left out as
/// ``RestoreReport/Reason/notSaved(_:)``.
///
/// ```swift
/// enum Route: Codable, Hashable, SelectivelySaved {
///     case inbox
///     case message(id: Int)
///     case payment(card: String)
///
///     var unsavedReason: UnsavedReason? {
///         if case .payment = self { .sensitive } else { nil }
///     }
/// }
/// ```
///
/// A presentation can be left out on its own, whatever its route:
/// `Presentation(.compose, unsavedReason: .transient)`. A path saved short takes every chain of
/// the state with it (the levels below a chain's own first unsaved level recorded with the path's
/// reason): what is presented over a scene may be over the screens left out.
///
/// navstate's encoders leave these screens out, wherever the path or chain is in the state (also
/// through `superEncoder`): a scene's save, ``SceneNavigationModel/jsonData``, links and Handoff
/// payloads. A plain `JSONEncoder` encodes a path or a chain whole; a ``MixedPath`` (a
/// `NavigationPath`'s elements) is saved whole.
///
/// In an Xcode 26 app target the conformance is isolated to the main actor, as the route's
/// `Codable` is: states are encoded there, so it is always seen.
public protocol SelectivelySaved {
    /// Why this value is left out of what is saved, or nil to save it.
    var unsavedReason: UnsavedReason? { get }
}
