#if canImport(SwiftUI)
    import Foundation
    import SceneNavigation
    import SwiftUI

    extension NavigationPath {
        /// A `NavigationPath` of a path's values, root first, each appended as its own type: a
        /// `navigationDestination(for:)` of that type shows it, and the path's `codable` is not nil.
        /// - Parameter path: The path.
        public init(_ path: MixedPath) {
            self.init()
            for element in path.elements {
                Self.append(element.base, to: &self)
            }
        }

        /// Appends a value as its own type (the `Codable` overload, so that `codable` stays non-nil).
        private static func append<Value: Codable & Hashable>(_ value: Value, to path: inout NavigationPath) {
            path.append(value)
        }
    }

    extension MixedPath {
        /// Restores what a `NavigationPath` holds, element by element, through its codable
        /// representation (SwiftUI's wire format, which `MixedPath` shares): an element whose type
        /// is not in `types`, or whose JSON no longer decodes, is dropped and reported, and the rest
        /// is kept.
        /// - Parameters:
        ///   - representation: The path's `codable`.
        ///   - types: The app's types.
        ///   - policy: What to do after a dropped element, the maximum depth, duplicates.
        /// - Returns: The path and the report.
        /// - Throws: ``NavigationError/cannotEncode(reason:)`` when the representation cannot be
        ///   encoded; ``NavigationError/cannotDecode(key:reason:location:)`` when it is not SwiftUI's
        ///   format.
        public static func decode(
            _ representation: NavigationPath.CodableRepresentation, types: NavigationTypeRegistry,
            policy: RestorePolicy = RestorePolicy()
        ) throws(NavigationError) -> (path: MixedPath, report: RestoreReport) {
            try restored(encoding: representation, types: types, policy: policy)
        }

        /// The path's codable representation, in SwiftUI's wire format: what `NavigationPath.codable`
        /// holds for a `NavigationPath` of the same values, for `NavigationPath(_:)` and for storage
        /// that expects SwiftUI's own type.
        /// - Returns: The representation.
        /// - Throws: The error of SwiftUI's decoder when a type name does not name a type of the app
        ///   (`NavigationPath.CodableRepresentation` finds types by name).
        public func codableRepresentation() throws -> NavigationPath.CodableRepresentation {
            try representation(decodedAs: NavigationPath.CodableRepresentation.self)
        }
    }
#endif
