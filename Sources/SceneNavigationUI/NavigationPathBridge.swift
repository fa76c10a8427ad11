#if canImport(SwiftUI)
    import Foundation
    import SceneNavigation
    import SwiftUI

    /// Keeps, for one model's path, the `NavigationPath` SwiftUI last set, so that a binding gives
    /// SwiftUI back exactly what it set (elements that cannot be saved included) until the model's
    /// path changes from elsewhere.
    @MainActor
    final class NavigationPathBridge {
        /// What SwiftUI set last, or what was built from the model's path.
        private var shown: NavigationPath?
        /// The model's path when `shown` was set.
        private var mirrored: MixedPath?

        private init() {}

        /// The path to show for the model's path.
        func navigationPath(showing path: MixedPath) -> NavigationPath {
            if let shown, mirrored == path { return shown }
            let built = NavigationPath(path)
            shown = built
            mirrored = path
            return built
        }

        /// The path to store for what SwiftUI set: the values of the types in `types`, or, when
        /// SwiftUI cannot encode the path at all, the current one.
        func mixedPath(
            storing newValue: NavigationPath, current: MixedPath, types: NavigationTypeRegistry,
            unsaved: (String) -> Void
        ) -> MixedPath {
            var stored = current
            if let representation = newValue.codable {
                do {
                    let (path, report) = try MixedPath.decode(representation, types: types)
                    stored = path
                    for dropped in report.dropped {
                        unsaved("the navigation path is shown but not saved whole: \(dropped)")
                    }
                } catch {
                    unsaved("the navigation path is shown but not saved: \(error)")
                }
            } else {
                unsaved(
                    "the navigation path is shown but not saved: one of its values is not Codable (its `codable` is nil)"
                )
            }
            shown = newValue
            mirrored = stored
            return stored
        }

        /// Writes a sentence about an unsaved path to standard error.
        /// - Parameter message: The sentence.
        static func reportToStandardError(_ message: String) {
            FileHandle.standardError.write(Data("navstate: \(message)\n".utf8))
        }

        // MARK: One bridge per model and path

        private struct Key: Hashable {
            var model: ObjectIdentifier
            var path: AnyKeyPath
        }

        private struct Entry {
            weak var model: AnyObject?
            var bridge: NavigationPathBridge
        }

        private static var bridges: [Key: Entry] = [:]

        /// The bridge of a model's path, made on first use; those of models that are gone are
        /// dropped then.
        static func bridge(for model: AnyObject, path: AnyKeyPath) -> NavigationPathBridge {
            let key = Key(model: ObjectIdentifier(model), path: path)
            if let entry = bridges[key], entry.model === model { return entry.bridge }
            bridges = bridges.filter { $0.value.model != nil }
            let bridge = NavigationPathBridge()
            bridges[key] = Entry(model: model, bridge: bridge)
            return bridge
        }
    }
#endif
