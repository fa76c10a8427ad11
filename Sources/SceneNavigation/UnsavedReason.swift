/// Why an app leaves a route or a presentation out of what is saved (``SelectivelySaved``): it is
/// never written to the scene's file, printed in a link or handed off, and the restore report names
/// the screens left out with this reason (``RestoreReport/Reason/notSaved(_:)``).
///
/// Stored as its name (`"transient"`, `"sensitive"`) in the record of what a save left out.
public enum UnsavedReason: String, Codable, Sendable, Hashable, CaseIterable {
    /// Not worth restoring: a screen of passing use (a confirmation, a progress screen).
    case transient
    /// Not to be written anywhere: a screen that shows or takes private data (a payment, a
    /// password). SwiftUI's own advice for scene storage: "do not use SceneStorage with sensitive
    /// data".
    case sensitive
}
