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
        /// saved, is the path's values whose types are in the model's ``SceneNavigationModel/types``:
        /// an element whose type is not registered is shown but not saved. While the path holds a
        /// value that is not `Codable` (its `codable` is nil), nothing of it can be read, so the
        /// model keeps the last path it could save until the path can be encoded again. `unsaved`
        /// says each time. When the model's path changes from elsewhere (a restore, a deep link) to
        /// a path other than the one it last took from the stack, the stack shows the model's.
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
