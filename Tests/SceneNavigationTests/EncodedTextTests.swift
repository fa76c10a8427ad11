import Foundation
import Testing

@testable import SceneNavigation
@testable import SceneStore

/// A route identified by a UUID, which writes its own text.
struct UUIDItem: IdentifiedRoute {
    var id: UUID
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
}
