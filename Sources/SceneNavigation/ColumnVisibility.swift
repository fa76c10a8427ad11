/// Which columns of a split view are visible: SwiftUI's `NavigationSplitViewVisibility` in a stable,
/// documented encoding.
///
/// SwiftUI declares `NavigationSplitViewVisibility` `Codable` but documents no encoding. This type
/// stores the same four values as their names (`"automatic"`, `"all"`, `"doubleColumn"`,
/// `"detailOnly"`), so a saved scene reads the same in every version of the app and the OS; a
/// value no version knows is dropped and reported like any other member that no longer decodes,
/// and the model's initial one shown. SceneNavigationUI binds a `NavigationSplitView` to it:
/// `NavigationSplitView(columnVisibility: $model.state.columns.splitViewVisibility)`.
///
/// ```swift
/// struct LibraryState: Codable, Equatable {
///     var columns = ColumnVisibility.automatic
///     var selection: Int?
///     var path: RoutePath<Int> = []
/// }
/// ```
public enum ColumnVisibility: String, Codable, Sendable, Hashable, CaseIterable {
    /// The platform's default for the current context.
    case automatic
    /// Every column.
    case all
    /// The content and detail columns of a three-column split view.
    case doubleColumn
    /// The detail column only.
    case detailOnly
}
