/// How a route is presented over a scene's navigation: the SwiftUI modifier that shows it.
///
/// Stored as its name (`"sheet"`, `"fullScreenCover"`, `"popover"`, `"inspector"`), which never
/// changes.
public enum PresentationStyle: String, Codable, Sendable, Hashable, CaseIterable {
    /// A sheet: `sheet(item:onDismiss:content:)`.
    case sheet
    /// A cover of the whole screen: `fullScreenCover(item:onDismiss:content:)` on iOS, tvOS and
    /// visionOS; macOS has none, so SceneNavigationUI shows it as a sheet there.
    case fullScreenCover
    /// A popover: `popover(item:attachmentAnchor:arrowEdge:content:)` (a sheet in a compact width).
    case popover
    /// An inspector: `inspector(isPresented:content:)`, a column beside the content (a sheet in a
    /// compact width).
    case inspector
}
