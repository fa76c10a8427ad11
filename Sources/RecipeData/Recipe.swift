import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A recipe of the cookbook, with a stable identifier.
///
/// Apple's 2022 sample gave each recipe `let id = UUID()`, a new identifier on every launch, so
/// every path restored after a relaunch pointed nowhere and came back empty. Here the identifier is
/// part of the data.
///
/// On a navigation path a recipe is stored as its identifier (an ``/SceneNavigation/IdentifiedRoute``) and looked up
/// again in the recipe data when restored (``DataModel/resolvers``), so a saved path never holds
/// stale copies of recipes.
public struct Recipe: IdentifiedRoute, Sendable {
    /// The stable identifier of a recipe: a UUID, written in uppercase like `UUID.uuidString`.
    public struct ID: Hashable, Sendable, Comparable, CustomStringConvertible, RawJSONIdentifier {
        /// The UUID.
        public let uuid: UUID

        /// Wraps a UUID.
        /// - Parameter uuid: The UUID.
        public init(_ uuid: UUID) {
            self.uuid = uuid
        }

        /// The UUID, which ``jsonValue`` stores: a path of recipes is saved as its UUIDs are.
        public var rawValue: UUID { uuid }

        /// Wraps a UUID.
        /// - Parameter rawValue: The UUID.
        public init(rawValue: UUID) {
            uuid = rawValue
        }

        /// Parses the 36-character UUID form, in either case.
        /// - Parameter text: Such as `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
        /// - Returns: nil when the text is not a UUID.
        public init?(_ text: String) {
            // Read as any app's UUID identifier is (SceneNavigation's conformance), from the text's bytes.
            guard let uuid = UUID(jsonValue: .string(text)) else { return nil }
            self.uuid = uuid
        }

        /// The uppercase UUID text, as the sample's `JSONEncoder` writes it.
        public var description: String { UUIDText.format(uuid) }

        /// Orders identifiers by their text.
        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.description < rhs.description }

        /// Decodes the UUID text.
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError.dataCorrupted` when the text is not a UUID.
        public init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let id = ID(text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a UUID"))
            }
            self = id
        }

        /// The uppercase UUID text, as ``encode(to:)`` writes it.
        public var jsonValue: JSONValue { .string(description) }

        /// The identifier of UUID text in either case, as ``init(from:)`` reads it; nil for
        /// anything else.
        /// - Parameter jsonValue: The stored JSON.
        public init?(jsonValue: JSONValue) {
            guard case .string(let text) = jsonValue else { return nil }
            self.init(text)
        }

        /// Encodes the uppercase UUID text.
        /// - Parameter encoder: The encoder.
        /// - Throws: What the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }
    }

    /// The stable identifier.
    public var id: ID
    /// The recipe's name, such as `Apple Pie`.
    public var name: String
    /// Its category.
    public var category: Category
    /// Its ingredients, each as a line of text.
    public var ingredients: [String]
    /// The identifiers of related recipes.
    public var related: [ID]

    /// Creates a recipe.
    /// - Parameters:
    ///   - id: The stable identifier.
    ///   - name: The name.
    ///   - category: The category.
    ///   - ingredients: The ingredients.
    ///   - related: The identifiers of related recipes.
    public init(id: ID, name: String, category: Category, ingredients: [String] = [], related: [ID] = []) {
        self.id = id
        self.name = name
        self.category = category
        self.ingredients = ingredients
        self.related = related
    }
}
