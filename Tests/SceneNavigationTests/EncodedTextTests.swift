import Foundation
import Synchronization
import Testing

@testable import SceneNavigation
@testable import SceneStore

/// A route identified by a UUID, which writes its own text.
struct UUIDItem: IdentifiedRoute {
    var id: UUID
}

/// A route identified by an `Int`.
struct NumberedItem: IdentifiedRoute {
    var id: Int
}

/// A route identified by a `String`.
struct NamedItem: IdentifiedRoute {
    var id: String
}

/// An app's own identifier, stored as its raw value, or (`lowercased`) as text of its own.
struct WrappedID<Raw: JSONIdentifier>: JSONIdentifier, RawRepresentable {
    var rawValue: Raw
    var lowercased = false
    init(rawValue: Raw) { self.rawValue = rawValue }
    init(_ rawValue: Raw, lowercased: Bool) {
        self.rawValue = rawValue
        self.lowercased = lowercased
    }
    var jsonValue: JSONValue {
        guard lowercased, case .string(let text) = rawValue.jsonValue else { return rawValue.jsonValue }
        return .string(text.lowercased())
    }
    init?(jsonValue: JSONValue) {
        guard let raw = Raw(jsonValue: jsonValue) else { return nil }
        rawValue = raw
    }
    init(from decoder: any Decoder) throws { rawValue = try Raw(from: decoder) }
    func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}

/// A route identified by an identifier of the app's own.
struct WrappedItem<Raw: JSONIdentifier>: IdentifiedRoute {
    var id: WrappedID<Raw>
}

/// A route whose own loop gives no raw values (as a type that replaced the default might): a save
/// reads its identifiers' raw values one by one.
struct RawlessItem: IdentifiedRoute {
    static let rawCalls = Mutex(0)
    var id: WrappedID<Int>

    static func _rawIdentifiers(of routes: [RawlessItem]) -> Any? {
        rawCalls.withLock { $0 += 1 }
        return nil
    }
}

/// A save hands its writer the state's text, written straight from the state; it must be, byte
/// for byte, the text of the state's JSON value, so a file is the same whichever way it was saved.
@Suite struct EncodedTextTests {
    struct Mixed: Codable, Equatable {
        var tab = 2
        var title = "Caf\u{E9} \"quotes\" \\ slash/ tab\t"
        var flags: [Bool] = [true, false]
        var nothing: Int? = nil
        var empty: [Int] = []
        var nested: [String: [Double]] = ["b": [1.5, -0.25], "a": [], "\u{E9}": [1e21]]
        var screens: RoutePath<Screen> = [.home, .recipe(id: 7, title: "Pie"), .search(query: nil)]
        var notes: RoutePath<Note> = [Note(id: 1, title: "a"), Note(id: -3, title: "b")]
        var ids: [UUID] = [UUID(uuidString: "E35A5C9C-F1EA-4B3D-9980-E2240B363AC8")!]
    }

    static func sameText<Value: Encodable>(_ value: Value) throws -> Bool {
        try StateCoding.encodedText(value) == JSONText(StateCoding.encode(value))
    }

    @Test("the text of states of every shape is the text of their JSON value")
    func sameAsValue() throws {
        #expect(try Self.sameText(Mixed()))
        #expect(try Self.sameText(RoutePath<Screen>()))
        #expect(try Self.sameText(RoutePath<Screen>([.search(query: "a\nb")])))
        #expect(try Self.sameText(42))
        #expect(try Self.sameText("text"))
        #expect(try Self.sameText([UUID(), UUID()]))
    }

    @Test("a path of UUID-identified routes is written straight from the UUIDs, as their JSON value's text")
    func identifiedPath() throws {
        let path = RoutePath((0..<100).map { _ in UUIDItem(id: UUID()) })
        let text = try StateCoding.encodedText(path)
        #expect(text == JSONText(try StateCoding.encode(path)))
        #expect(text.depth == 1)
    }

    /// Paths of identified routes at two depths of a state, empty, of one route and of several.
    struct Paths: Codable {
        var uuids: RoutePath<UUIDItem>
        var numbers: RoutePath<NumberedItem>
        var names: RoutePath<NamedItem>
    }

    @Test(
        "paths of UUID-, Int- and String-identified routes are written by their identifiers' own loops, as their JSON value's text, at any depth",
        arguments: [0, 1, 3])
    func identifiedPathsOfEveryIdentifier(count: Int) throws {
        let numbers = [0, -1, 42, Int.max, Int.min, 1_000_000_007]
        let names = ["inbox", "Caf\u{E9} \"q\" \\ /", "tab\tnew\nline", "", "\u{1}"]
        let paths = Paths(
            uuids: RoutePath((0..<count).map { _ in UUIDItem(id: UUID()) }),
            numbers: RoutePath((0..<count).map { NumberedItem(id: numbers[$0 % numbers.count]) }),
            names: RoutePath((0..<count).map { NamedItem(id: names[$0 % names.count]) }))
        #expect(try Self.sameText(paths))
        #expect(try Self.sameText(paths.numbers))
        #expect(try Self.sameText(paths.names))
        if count == 3 {
            let all = Paths(
                uuids: [], numbers: RoutePath(numbers.map { NumberedItem(id: $0) }),
                names: RoutePath(names.map { NamedItem(id: $0) }))
            #expect(try Self.sameText(all))
        }
    }

    @Test(
        "paths of an app's own identifiers stored as their UUID, Int or String raw value, or as text of their own, are their JSON value's text"
    )
    func wrappedIdentifiers() throws {
        let uuids = (0..<3).map { _ in UUID() }
        #expect(try Self.sameText(RoutePath(uuids.map { WrappedItem(id: WrappedID(rawValue: $0)) })))
        #expect(try Self.sameText(RoutePath([7, -2, 0].map { WrappedItem(id: WrappedID(rawValue: $0)) })))
        #expect(try Self.sameText(RoutePath(["a", "b\"c"].map { WrappedItem(id: WrappedID(rawValue: $0)) })))
        // A route type whose own loop gives no raw values: the same text.
        #expect(try Self.sameText(RoutePath([7, -2, 0].map { RawlessItem(id: WrappedID(rawValue: $0)) })))
        #expect(RawlessItem.rawCalls.withLock { $0 } == 1)
        // Stored otherwise than as the raw value: the text is still the JSON value's, lower-case.
        let lowered = RoutePath(uuids.map { WrappedItem(id: WrappedID($0, lowercased: true)) })
        #expect(try Self.sameText(lowered))
        #expect(
            try String(decoding: StateCoding.encodedText(lowered).bytes, as: UTF8.self).contains(
                uuids[0].uuidString.lowercased()))
    }
}
