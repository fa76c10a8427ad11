#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Deprecated in 0.4.0: the generic forms of SwiftUI's wire format

extension MixedPath {
    /// Restores a path from a value that encodes itself in SwiftUI's wire format, element by
    /// element.
    /// - Parameters:
    ///   - representation: The value.
    ///   - types: The app's types.
    ///   - policy: What to do after a dropped element, the maximum depth, duplicates.
    /// - Returns: The path and the report.
    /// - Throws: ``NavigationError/cannotEncode(reason:)``; ``NavigationError/cannotDecode(key:reason:location:)``.
    @available(
        *, deprecated,
        message:
            "SceneNavigationUI's MixedPath.decode(_:types:policy:) takes NavigationPath.CodableRepresentation; a model's state holds a MixedPath as it is"
    )
    public static func decode<Representation: Encodable>(
        representation: Representation, types: NavigationTypeRegistry, policy: RestorePolicy = RestorePolicy()
    ) throws(NavigationError) -> (path: MixedPath, report: RestoreReport) {
        try restored(encoding: representation, types: types, policy: policy)
    }

    /// The path as a value that decodes SwiftUI's wire format.
    /// - Parameter type: The value's type.
    /// - Returns: The value.
    /// - Throws: What the type's decoder throws.
    @available(
        *, deprecated,
        message: "SceneNavigationUI's codableRepresentation() gives NavigationPath.CodableRepresentation"
    )
    public func representation<Representation: Decodable>(as type: Representation.Type) throws -> Representation {
        try representation(decodedAs: type)
    }
}
