import SceneNavigation
import SceneStore

// MARK: - Deprecated: 0.2.0's cookbook report, until 0.4.0

extension RestoreReport.DroppedElement {
    /// The identifier of a dropped recipe as stored, as 0.2.0's cookbook report named it: the
    /// element's JSON string, or its JSON text when it is not a string.
    @available(*, deprecated, message: "use json, the element as stored (a recipe's identifier is its string value)")
    public var id: String {
        json.stringValue ?? String(decoding: json.serialized(), as: UTF8.self)
    }
}

extension Category {
    /// The stable names joined for messages: `dessert, pancake, salad or sandwich`.
    @available(*, deprecated, message: "join the names of Category.allCases as your message needs")
    public static var namesForMessages: String { namesInWords }
}
