/// A recipe category of the cookbook.
///
/// The raw values are those of Apple's NavigationCookbook sample (dessert 0 to sandwich 3), so a
/// navigation state saved by the sample and one saved by navstate are interchangeable.
public enum Category: Int, CaseIterable, Codable, Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// Desserts.
    case dessert = 0
    /// Pancakes.
    case pancake = 1
    /// Salads.
    case salad = 2
    /// Sandwiches.
    case sandwich = 3

    /// The raw value.
    public var id: Int { rawValue }

    /// The stable lowercase name used by the CLI and data files: `dessert`, `pancake`, ...
    public var name: String {
        switch self {
        case .dessert: "dessert"
        case .pancake: "pancake"
        case .salad: "salad"
        case .sandwich: "sandwich"
        }
    }

    /// The name shown to people: `Dessert`, `Pancake`, ...
    public var displayName: String {
        switch self {
        case .dessert: "Dessert"
        case .pancake: "Pancake"
        case .salad: "Salad"
        case .sandwich: "Sandwich"
        }
    }

    /// The stable name.
    public var description: String { name }

    /// Finds a category by its stable name, ignoring case.
    /// - Parameter name: Such as `dessert` or `Dessert`.
    /// - Returns: nil when no category has that name.
    public init?(name: String) {
        guard let category = Category.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = category
    }

    /// The stable names joined for messages: `dessert, pancake, salad or sandwich`.
    package static var namesInWords: String {
        let names = allCases.map(\.name)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
