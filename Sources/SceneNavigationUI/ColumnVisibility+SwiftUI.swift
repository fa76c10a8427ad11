#if canImport(SwiftUI)
    import SceneNavigation
    import SwiftUI

    extension ColumnVisibility {
        /// The visibility as SwiftUI's `NavigationSplitViewVisibility`, both ways: bind a split view
        /// to a ``/SceneNavigation/ColumnVisibility`` of the model's state with it.
        ///
        /// ```swift
        /// NavigationSplitView(columnVisibility: $model.state.columns.splitViewVisibility) { ... } detail: { ... }
        /// ```
        public var splitViewVisibility: NavigationSplitViewVisibility {
            get {
                switch self {
                case .automatic: .automatic
                case .all: .all
                case .doubleColumn: .doubleColumn
                case .detailOnly: .detailOnly
                }
            }
            set {
                // SwiftUI declares only these four values, and compares them with ==.
                self =
                    switch newValue {
                    case .all: .all
                    case .doubleColumn: .doubleColumn
                    case .detailOnly: .detailOnly
                    default: .automatic
                    }
            }
        }
    }
#endif
