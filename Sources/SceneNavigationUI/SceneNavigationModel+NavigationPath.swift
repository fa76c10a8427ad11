#if canImport(SwiftUI)
    import Foundation
    import SceneNavigation
    import SwiftUI

    extension SceneNavigationModel {
        /// A binding of a `NavigationStack` to a ``MixedPath`` of the state, for an app that
        /// navigates with a `NavigationPath`:
        ///
        /// ```swift
        /// NavigationStack(path: model.navigationPath(\.path)) { ... }
        /// ```
        ///
        /// What the stack shows is exactly what SwiftUI sets. What the model holds, and so what is
        /// saved, is the path's values whose types are in the model's ``SceneNavigationModel/types``;
        /// an element SwiftUI cannot encode (`codable` is nil: a value that is not `Codable` was
        /// appended) or whose type is not registered is shown but not saved, and `unsaved` says so.
        /// A change of the model's path (a restore, a deep link) is shown as the model holds it.
        /// - Parameters:
        ///   - path: The state's path.
        ///   - unsaved: Told, with a sentence naming the element, when what the stack shows cannot
        ///     all be saved; nil (the default) writes the sentence to standard error.
        /// - Returns: The binding.
        public func navigationPath(
            _ path: WritableKeyPath<State, MixedPath>,
            unsaved: (@MainActor (String) -> Void)? = nil
        ) -> Binding<NavigationPath> {
            let bridge = NavigationPathBridge.bridge(for: self, path: path)
            let types = types
            return Binding(
                get: { bridge.navigationPath(showing: self.state[keyPath: path]) },
                set: { newValue in
                    let current = self.state[keyPath: path]
                    let stored = bridge.mixedPath(
                        storing: newValue, current: current, types: types,
                        unsaved: unsaved ?? NavigationPathBridge.reportToStandardError)
                    if stored != current { self.state[keyPath: path] = stored }
                })
        }
    }
#endif
