import Foundation
import SceneStore
import Synchronization
import Testing

@testable import SceneNavigation

/// A note stored as its ID, an `Int` (a ``JSONIdentifier``): restored the fast way.
struct Note: IdentifiedRoute {
    var id: Int
    var title: String
}

/// The same note with an identifier that is not a ``JSONIdentifier``: restored the `Codable` way.
struct SlowNote: IdentifiedRoute {
    struct ID: Codable, Hashable, Sendable {
        var value: Int
        init(_ value: Int) { self.value = value }
        init(from decoder: any Decoder) throws { value = try Int(from: decoder) }
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }
    var id: ID
    var title: String
}

/// A note that stores itself its own way, `{"note": <id>}`: the fast way must not take it for an ID.
struct BoxedNote: IdentifiedRoute {
    var id: Int
    var title: String

    private enum CodingKeys: String, CodingKey { case note }

    init(id: Int, title: String) {
        self.id = id
        self.title = title
    }

    init(from decoder: any Decoder) throws {
        id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .note)
        title = "note \(id)"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .note)
    }
}

/// A note whose route type counts the calls of its own loops (``IdentifiedRoute``'s hooks), each
/// doing what the default does.
struct CountedNote: IdentifiedRoute {
    static let identifierCalls = Mutex(0)
    static let lookUpCalls = Mutex(0)
    var id: Int

    static func _identifiers(of routes: [CountedNote]) -> [Int] {
        identifierCalls.withLock { $0 += 1 }
        return routes.map(\.id)
    }

    static func _routes(
        identifiedBy stored: [JSONValue], lookUp: (Int) -> CountedNote?
    ) -> (routes: [CountedNote], unresolved: [Int], migrated: [Int])? {
        lookUpCalls.withLock { $0 += 1 }
        var found: (routes: [CountedNote], unresolved: [Int], migrated: [Int]) = ([], [], [])
        for (position, value) in stored.enumerated() {
            guard let id = Int(jsonValue: value) else { return nil }
            guard let route = lookUp(id) else {
                found.unresolved.append(position)
                continue
            }
            if route.id != id { found.migrated.append(position) }
            found.routes.append(route)
        }
        return found
    }
}

/// An identifier whose own `encode(to:)` counts its calls (by one test only): what a check of how
/// its route type encodes calls, and a save of its path does not.
struct CountingID: JSONIdentifier {
    static let encodes = Mutex(0)
    var value: Int
    init(_ value: Int) { self.value = value }
    var jsonValue: JSONValue { .number(JSONNumber(value)) }
    init?(jsonValue: JSONValue) {
        guard let value = Int(jsonValue: jsonValue) else { return nil }
        self.value = value
    }
    init(from decoder: any Decoder) throws { value = try Int(from: decoder) }
    func encode(to encoder: any Encoder) throws {
        Self.encodes.withLock { $0 += 1 }
        try value.encode(to: encoder)
    }
}

/// A note that keeps ``IdentifiedRoute``'s own coding, with a ``CountingID``.
struct CountingIDNote: IdentifiedRoute {
    var id: CountingID
}

/// A note whose own `encode(to:)` writes an even note as its ID and an odd one as `{"note": <id>}`.
struct EvenOddNote: IdentifiedRoute {
    var id: Int
    private enum CodingKeys: String, CodingKey { case note }

    init(id: Int) { self.id = id }

    init(from decoder: any Decoder) throws {
        if let id = try? decoder.singleValueContainer().decode(Int.self) {
            self.id = id
        } else {
            id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .note)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if id.isMultiple(of: 2) {
            var container = encoder.singleValueContainer()
            try container.encode(id)
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .note)
        }
    }
}

/// A note of any identifier type: its identifier is a ``JSONIdentifier`` only at run time.
struct GenericNote<ID: Codable & Hashable & Sendable>: IdentifiedRoute {
    var id: ID
    var title: String
}

/// A note whose own loops answer for no route at all, as a type that replaced them wrongly might.
struct MiscountedNote: IdentifiedRoute {
    static let identifierCalls = Mutex(0)
    static let lookUpCalls = Mutex(0)
    var id: Int

    static func _identifiers(of routes: [MiscountedNote]) -> [Int] {
        identifierCalls.withLock { $0 += 1 }
        return []
    }

    static func _routes(
        identifiedBy stored: [JSONValue], lookUp: (Int) -> MiscountedNote?
    ) -> (routes: [MiscountedNote], unresolved: [Int], migrated: [Int])? {
        lookUpCalls.withLock { $0 += 1 }
        return ([], [7], [])
    }
}

@Suite struct IdentifiedRouteTests {
    func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    /// Notes 1 to 4; note 9 is note 2 under an earlier ID; note 3 is gone.
    static func lookUp(_ id: Int) -> (id: Int, title: String)? {
        switch id {
        case 1, 2, 4: (id, "note \(id)")
        case 9: (2, "note 2")
        default: nil
        }
    }

    static var fast: RouteResolvers {
        RouteResolvers().adding(Note.self) { id in lookUp(id).map { Note(id: $0.id, title: $0.title) } }
    }
    static var slow: RouteResolvers {
        RouteResolvers().adding(SlowNote.self) { id in
            lookUp(id.value).map { SlowNote(id: .init($0.id), title: $0.title) }
        }
    }

    @Test("a path of identified routes restores by lookup: gone, found under an earlier ID, not an ID at all")
    // A JSONDecoder's userInfo takes only Sendable values: resolvers get in through their 0.2.0
    // conformance, deprecated (sound here: every resolver of the test is Sendable).
    @available(*, deprecated, message: "puts resolvers in a JSONDecoder's userInfo")
    func restoresByLookup() throws {
        let stored = try json(#"[1, 3, 9, "x", 4, 1.0, 2.5]"#)
        let (path, report) = try StateCoding.decode(RoutePath<Note>.self, from: stored, resolvers: Self.fast)
        #expect(path.routes.map(\.id) == [1, 2, 4, 1])
        #expect(report.dropped.map(\.position) == [1, 3, 6])
        #expect(
            report.dropped.map(\.reason) == [
                .unresolved, .undecodable("Expected to decode Int but found a string instead."),
                .undecodable("Number 2.5 does not fit in Int."),
            ])
        #expect(
            report.migrated == [
                .init(location: "", position: 2, from: .number(JSONNumber(9)), to: .number(JSONNumber(2)))
            ])
        // Encoded as the IDs, as JSONEncoder encodes them.
        #expect(try StateCoding.encode(path) == (try json("[1, 2, 4, 1]")))
        #expect(try JSONEncoder().encode(path) == Data("[1,2,4,1]".utf8))
        // Outside a restore, a JSONDecoder finds the lookup in its userInfo, or says it has none.
        let decoder = JSONDecoder()
        decoder.userInfo[RouteResolvers.decoderKey] = Self.fast
        #expect(
            try decoder.decode(RoutePath<Note>.self, from: Data("[4]".utf8)).routes == [Note(id: 4, title: "note 4")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RoutePath<Note>.self, from: Data("[4]".utf8)) }
    }

    @Test("a route with its own coding keeps it: encoded and restored its way, not as its ID")
    func ownCodingKept() throws {
        let path = RoutePath([BoxedNote(id: 1, title: "note 1"), BoxedNote(id: 2, title: "note 2")])
        let json = try StateCoding.encode(path)
        #expect(json == (try self.json(#"[{"note": 1}, {"note": 2}]"#)))
        let resolvers = RouteResolvers().adding(BoxedNote.self, lookUp: { BoxedNote(id: $0, title: "note \($0)") })
        let restored = try StateCoding.decode(RoutePath<BoxedNote>.self, from: json, resolvers: resolvers)
        #expect(restored.state == path && restored.report.isComplete)
    }

    @Test("a resolver of the route type applies after the lookup, the fast way as the Codable way")
    func resolverAfterLookup() throws {
        let stored = try json("[1, 2, 4]")
        let fast = Self.fast.adding(Note.self) { note in
            note.id == 4 ? nil : note.id == 2 ? Note(id: 2, title: "renamed") : note
        }
        let slow = Self.slow.adding(SlowNote.self) { note in
            note.id.value == 4 ? nil : note.id.value == 2 ? SlowNote(id: .init(2), title: "renamed") : note
        }
        let (path, report) = try StateCoding.decode(RoutePath<Note>.self, from: stored, resolvers: fast)
        let other = try StateCoding.decode(RoutePath<SlowNote>.self, from: stored, resolvers: slow)
        #expect(path.routes.map(\.title) == ["note 1", "renamed"])
        #expect(report.dropped.map(\.reason) == [.unresolved] && report.migrated.map(\.position) == [1])
        #expect(other.state.routes.map(\.title) == path.routes.map(\.title) && other.report == report)
    }

    @Test("a save and a restore read a path through the route type's own loop, once per path")
    func ownLoopOncePerPath() throws {
        let path = RoutePath((1...1_000).map { CountedNote(id: $0) })
        let text = try StateCoding.encodedText(path)
        #expect(text == JSONText(try StateCoding.encode(path)))
        #expect(CountedNote.identifierCalls.withLock { $0 } >= 1)
        let resolvers = RouteResolvers().adding(CountedNote.self) { $0 == 7 ? nil : CountedNote(id: $0 == 9 ? 90 : $0) }
        CountedNote.identifierCalls.withLock { $0 = 0 }
        _ = try StateCoding.encodedText(path)
        #expect(CountedNote.identifierCalls.withLock { $0 } == 1)
        let restored = try StateCoding.decode(
            RoutePath<CountedNote>.self, from: try JSONValue(parsing: text.bytes), resolvers: resolvers)
        #expect(CountedNote.lookUpCalls.withLock { $0 } == 1)
        #expect(restored.state.routes.count == 999 && restored.state.routes[7].id == 90)
        #expect(restored.report.dropped.map(\.position) == [6] && restored.report.migrated.map(\.position) == [8])
    }

    @Test(
        "a route type that keeps IdentifiedRoute's own coding is found to encode as its ID once, not at every save and restore"
    )
    func encodesAsIDFoundOnce() throws {
        let path = RoutePath((1...5).map { CountingIDNote(id: CountingID($0)) })
        let resolvers = RouteResolvers().adding(CountingIDNote.self) { CountingIDNote(id: $0) }
        let text = try StateCoding.encodedText(path)
        #expect(text == JSONText(try StateCoding.encode(path)))
        // The first save encoded one route, the first, to find out; nothing since.
        #expect(CountingID.encodes.withLock { $0 } == 1)
        for _ in 0..<3 {
            #expect(try StateCoding.encodedText(path) == text)
            for stored: StoredJSON in [
                .value(try JSONValue(parsing: text.bytes)), .text(try JSONSpan(checking: text.bytes)),
            ] {
                let restored = try StateCoding.decode(
                    RoutePath<CountingIDNote>.self, from: stored, resolvers: resolvers, fallback: nil)
                #expect(restored.state == path && restored.report.isComplete)
            }
        }
        #expect(CountingID.encodes.withLock { $0 } == 1)
    }

    @Test(
        "a route type with its own coding is checked at each path: one that writes some routes otherwise keeps its way")
    func ownCodingCheckedEachPath() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let resolvers = RouteResolvers().adding(EvenOddNote.self) { EvenOddNote(id: $0) }
        for ids in [[2, 4], [1, 2], [2, 4], [3]] {
            let path = RoutePath(ids.map { EvenOddNote(id: $0) })
            let json = try StateCoding.encode(path)
            #expect(json.serialized(escapingSlashes: true) == Array(try encoder.encode(path.routes)), "\(ids)")
            let text = try StateCoding.encodedText(path)
            #expect(text == JSONText(json), "\(ids)")
            let restored = try StateCoding.decode(
                RoutePath<EvenOddNote>.self, from: .text(try JSONSpan(checking: text.bytes)), resolvers: resolvers,
                fallback: nil)
            #expect(restored.state == path && restored.report.isComplete, "\(ids)")
        }
    }

    @Test(
        "a route type's own loops are the defaults made for its identifier: none for one that is no JSONIdentifier, or only at run time"
    )
    func defaultLoops() throws {
        let stored = try json("[1, 3, 9]")
        let found = Self.routes(Note.self, stored) { id in Self.lookUp(id).map { Note(id: $0.id, title: $0.title) } }
        #expect(found?.routes.map(\.id) == [1, 2] && found?.unresolved == [1] && found?.migrated == [2])
        // An element that is not an identifier: nothing is looked up, and the path is left whole to
        // the element-by-element restore.
        let lookedUp = Mutex(0)
        let mixed = Self.routes(Note.self, try json(#"[1, "x"]"#)) { id in
            lookedUp.withLock { $0 += 1 }
            return Note(id: id, title: "")
        }
        #expect(mixed == nil && lookedUp.withLock { $0 } == 0)
        #expect(Self.routes(SlowNote.self, stored, lookUp: { _ in nil }) == nil)
        #expect(Self.routes(GenericNote<Int>.self, stored, lookUp: { _ in nil }) == nil)
        #expect(Self.rawIdentifiers(of: [Note(id: 1, title: "")]) == nil)
        #expect(Self.rawIdentifiers(of: [WrappedItem(id: WrappedID(rawValue: 4))]) as? [Int] == [4])
        // A generic route restores the same routes and report, element by element.
        let generic = RouteResolvers().adding(GenericNote<Int>.self) { id in
            Self.lookUp(id).map { GenericNote(id: $0.id, title: $0.title) }
        }
        let restored = try StateCoding.decode(RoutePath<GenericNote<Int>>.self, from: stored, resolvers: generic)
        let fast = try StateCoding.decode(RoutePath<Note>.self, from: stored, resolvers: Self.fast)
        #expect(restored.state.routes.map(\.id) == [1, 2] && restored.report == fast.report)
    }

    @Test(
        "a route type's own loops that do not answer for each route are not trusted: saved and restored route by route")
    func miscountedLoops() throws {
        let path = RoutePath([1, 2, 3].map { MiscountedNote(id: $0) })
        let text = try StateCoding.encodedText(path)
        #expect(text == JSONText(try json("[1, 2, 3]")))
        let resolvers = RouteResolvers().adding(MiscountedNote.self) { $0 == 2 ? nil : MiscountedNote(id: $0) }
        let restored = try StateCoding.decode(
            RoutePath<MiscountedNote>.self, from: try json("[1, 2, 3]"), resolvers: resolvers)
        #expect(restored.state.routes.map(\.id) == [1, 3])
        #expect(restored.report.dropped.map(\.position) == [1] && restored.report.restoredCount == 2)
        // Both were asked, and their answers set aside.
        #expect(MiscountedNote.identifierCalls.withLock { $0 } >= 1 && MiscountedNote.lookUpCalls.withLock { $0 } == 1)
    }

    /// A route type's own loop as navstate calls it: through the conformance, as generic code.
    static func routes<R: IdentifiedRoute>(
        _: R.Type, _ stored: JSONValue, lookUp: (R.ID) -> R?
    ) -> (routes: [R], unresolved: [Int], migrated: [Int])? {
        guard case .array(let elements) = stored else { return nil }
        return R._routes(identifiedBy: elements, lookUp: lookUp)
    }

    static func rawIdentifiers<R: IdentifiedRoute>(of routes: [R]) -> Any? { R._rawIdentifiers(of: routes) }

    @Test(
        "the fast way and the Codable way restore the same routes and the same report, under every policy",
        arguments: [
            RestorePolicy(), RestorePolicy(onDrop: .truncate), RestorePolicy(maximumDepth: 2),
            RestorePolicy(dropsDuplicates: true),
        ])
    func fastAgreesWithCodable(_ policy: RestorePolicy) throws {
        // A path of identifiers alone (the last two; in the last, every one is found) is what the
        // route type's own loop restores when no alias is defined (`defaultLoops` checks the loop
        // itself); one with an element that is no identifier is restored element by element.
        var migrations = NavigationMigrations()
        migrations.alias(.number(JSONNumber(4)), to: .number(JSONNumber(1)))
        let paths = [
            try json(#"[1, 3, 9, "x", 2, 4, 1, null, {"id": 1}]"#), try json("[1, 3, 9, 2, 4, 1, 3, 4]"),
            try json("[1, 2, 4, 1, 2]"),
        ]
        for (stored, migrations) in paths.flatMap({ stored in [(stored, NavigationMigrations()), (stored, migrations)] }
        ) {
            let fast = try StateCoding.decode(
                RoutePath<Note>.self, from: stored, policy: policy, resolvers: Self.fast, migrations: migrations)
            let slow = try StateCoding.decode(
                RoutePath<SlowNote>.self, from: stored, policy: policy, resolvers: Self.slow, migrations: migrations)
            #expect(fast.state.routes.map(\.id) == slow.state.routes.map(\.id.value))
            #expect(fast.report == slow.report)
        }
        // Without a lookup, both say what is missing.
        let stored = try json("[1, 2]")
        let unresolvable = try StateCoding.decode(RoutePath<Note>.self, from: stored, policy: policy)
        #expect(
            unresolvable.report.dropped.first?.reason
                == .undecodable(
                    "Note is stored as its ID: restore it with RouteResolvers that look it up (adding(Note.self, lookUp:))"
                ))
    }
}
