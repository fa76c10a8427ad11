import Foundation
import SceneNavigationTesting
import Synchronization
import Testing

@testable import SceneNavigation
@testable import SceneStore

/// An identifier stored as its raw value, and read back from it, with the protocol's defaults.
struct RawID<Raw: JSONIdentifier>: RawJSONIdentifier, Codable {
    var rawValue: Raw
    init(rawValue: Raw) { self.rawValue = rawValue }
    init(from decoder: any Decoder) throws { rawValue = try Raw(from: decoder) }
    func encode(to encoder: any Encoder) throws { try rawValue.encode(to: encoder) }
}

/// A route identified by a ``RawID``.
struct RawItem<Raw: JSONIdentifier>: IdentifiedRoute {
    var id: RawID<Raw>
}

/// An identifier stored as its raw value whose JSON reading refuses what `init(rawValue:)` takes
/// (numbers from 1): not a ``RawJSONIdentifier``, so read from its JSON values.
struct TicketID: JSONIdentifier, RawRepresentable {
    var rawValue: Int
    init(rawValue: Int) { self.rawValue = rawValue }
    var jsonValue: JSONValue { .number(JSONNumber(rawValue)) }
    init?(jsonValue: JSONValue) {
        guard case .number(let number) = jsonValue, let value = number.intValue, value > 0 else { return nil }
        rawValue = value
    }
    init(from decoder: any Decoder) throws {
        guard let id = TicketID(jsonValue: try JSONValue(from: decoder)) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a ticket"))
        }
        self = id
    }
    func encode(to encoder: any Encoder) throws { try rawValue.encode(to: encoder) }
}

/// A route identified by a ``TicketID``.
struct Ticket: IdentifiedRoute {
    var id: TicketID
}

/// A note that encodes itself its own way (`{"note": <id>}`) but reads a stored identifier, as an
/// older file holds it; its lookups counted (by one test only).
struct ReboxedNote: IdentifiedRoute {
    static let lookUps = Mutex(0)
    var id: Int
    private enum CodingKeys: String, CodingKey { case note }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .note)
    }
}

/// An identifier stored as its raw UUID, counting how often it is read from a JSON value (by one
/// test only).
struct CountedID: RawJSONIdentifier {
    static let valueReads = Mutex(0)
    var rawValue: UUID
    init(rawValue: UUID) { self.rawValue = rawValue }
    var jsonValue: JSONValue { rawValue.jsonValue }
    init?(jsonValue: JSONValue) {
        Self.valueReads.withLock { $0 += 1 }
        guard let raw = UUID(jsonValue: jsonValue) else { return nil }
        rawValue = raw
    }
    init(from decoder: any Decoder) throws { rawValue = try UUID(from: decoder) }
    func encode(to encoder: any Encoder) throws { try rawValue.encode(to: encoder) }
}

/// A route identified by a ``CountedID``.
struct CountedItem: IdentifiedRoute {
    var id: CountedID
}

/// A restore from a scene's file decodes its value from the checked text (``JSONSpan``): a path's
/// identifiers read straight from the bytes, with no string or value made per element, and the
/// same state and report as the restore of the value built.
@Suite struct TextRestoreTests {
    static let a = UUID(uuidString: "E9D5E6E6-4F0A-4A38-9C55-0C8AC3B0A001")!
    static let b = UUID(uuidString: "0C8AC3B0-4F0A-4A38-9C55-E9D5E6E6A002")!
    /// Gone from the data.
    static let gone = UUID(uuidString: "11111111-2222-3333-4444-555555555555")!
    /// `b` under an earlier identifier.
    static let earlier = UUID(uuidString: "AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE")!

    static func found(_ uuid: UUID) -> UUID? {
        switch uuid {
        case a, b: uuid
        case earlier: b
        default: nil
        }
    }

    static var resolvers: RouteResolvers {
        RouteResolvers()
            .adding(UUIDItem.self) { found($0).map(UUIDItem.init) }
            .adding(NumberedItem.self) {
                [1, 2, 4].contains($0) ? NumberedItem(id: $0) : $0 == 9 ? NumberedItem(id: 2) : nil
            }
            .adding(NamedItem.self) { ["a", "b", "é\"q"].contains($0) ? NamedItem(id: $0) : nil }
            .adding(WrappedItem<UUID>.self) { found($0.rawValue).map { WrappedItem(id: WrappedID(rawValue: $0)) } }
            .adding(WrappedItem<Int>.self) { $0.rawValue > 0 ? WrappedItem(id: $0) : nil }
            .adding(RawItem<UUID>.self) { found($0.rawValue).map { RawItem(id: RawID(rawValue: $0)) } }
            .adding(RawItem<Int>.self) { $0.rawValue != 3 ? RawItem(id: $0) : nil }
            .adding(RawItem<String>.self) { $0.rawValue != "c" ? RawItem(id: $0) : nil }
            .adding(Ticket.self) { Ticket(id: $0) }
            .adding(CountedItem.self) { found($0.rawValue).map { CountedItem(id: CountedID(rawValue: $0)) } }
    }

    /// A state holding a path among other members.
    struct Holder<Route: IdentifiedRoute>: Codable, Equatable {
        var path = RoutePath<Route>()
        var title: String? = nil
        var count = 0
    }

    /// Each route type with stored states: identifiers found, gone, found under an earlier one,
    /// repeated, written otherwise (`1.0`, an escape, lower case), not identifiers at all, and
    /// members unread, null and of the wrong kind.
    static var cases:
        [(name: String, restore: (StoredJSON, RestorePolicy, NavigationMigrations) throws -> (String, RestoreReport))]
    {
        let (a, b, gone, earlier) = (
            Self.a.uuidString, Self.b.uuidString, Self.gone.uuidString, Self.earlier.uuidString
        )
        func holders(_ paths: [String]) -> [String] {
            paths.flatMap { path in
                [
                    #"{"path": \#(path), "title": null, "count": 3}"#,
                    #"{"path": \#(path), "title": "t", "count": 1.0, "unread": [1, {"x": "y"}]}"#,
                    #"{"path": \#(path), "count": "three"}"#,
                ]
            }
        }
        func restorer<Route: IdentifiedRoute>(_: Route.Type) -> (StoredJSON, RestorePolicy, NavigationMigrations) throws
            -> (String, RestoreReport)
        {
            { stored, policy, migrations in
                let (state, report) = try StateCoding.decode(
                    Holder<Route>.self, from: stored, policy: policy, resolvers: resolvers, migrations: migrations,
                    fallback: try? ValueEncoder.encode(Holder<Route>()))
                return ("\(state)", report)
            }
        }
        let uuids = [
            #"["\#(a)", "\#(b)", "\#(a)"]"#, #"["\#(a)", "\#(gone)", "\#(earlier)", "\#(b)"]"#,
            #"["\#(a.lowercased())", "\#(b)"]"#, #"["\#(a)", "\u0045\#(b.dropFirst())"]"#, #"["\#(a)", 1, null]"#, "[]",
            #""\#(a)""#,
        ]
        return [
            ("UUID", restorer(UUIDItem.self), uuids),
            ("raw UUID", restorer(WrappedItem<UUID>.self), uuids),
            ("RawJSONIdentifier UUID", restorer(RawItem<UUID>.self), uuids),
            ("RawJSONIdentifier Int", restorer(RawItem<Int>.self), ["[1, 2, 3, 1]", "[1, -3, 2.0]", #"[1, "2"]"#]),
            ("RawJSONIdentifier String", restorer(RawItem<String>.self), [#"["a", "c", "b\u00e9"]"#, #"["a", 1]"#]),
            ("ticket", restorer(Ticket.self), ["[1, -2, 3]", "[2, 1]"]),
            (
                "Int", restorer(NumberedItem.self),
                ["[1, 2, 4, 1]", "[1, 3, 9, 2, -0]", "[1, 2.0, 1e0]", #"[1, "2"]"#, "[]"]
            ),
            (
                "raw Int", restorer(WrappedItem<Int>.self),
                ["[1, 2, 4]", "[1, -3, 2]", "[1.0, 2]", "[9223372036854775808]"]
            ),
            (
                "String", restorer(NamedItem.self),
                [#"["a", "b", "a"]"#, #"["a", "c", "\u00e9\"q", "b"]"#, #"["a", 1]"#]
            ),
        ].flatMap { name, restore, paths in holders(paths).map { (name + " " + $0, restore) } }
    }

    @Test(
        "a state restored from its text is the state restored from its value, with the same report, under every policy",
        arguments: [
            RestorePolicy(), RestorePolicy(onDrop: .truncate), RestorePolicy(maximumDepth: 2),
            RestorePolicy(dropsDuplicates: true), RestorePolicy(restoresPaths: false),
        ])
    func textAgreesWithValue(_ policy: RestorePolicy) throws {
        var aliased = NavigationMigrations()
        aliased.alias(.number(JSONNumber(9)), to: .number(JSONNumber(1)))
        // A typed rule (of another type) leaves every path to the restore of its value.
        var typed = NavigationMigrations()
        typed.renameCase("card", to: "sheet", in: PresentationStyle.self)
        for (name, restore) in Self.cases {
            let text = String(name.drop { $0 != "{" })
            for migrations in [NavigationMigrations(), aliased, typed] {
                let fromValue = try restore(.value(JSONValue(parsing: Array(text.utf8))), policy, migrations)
                let fromText = try restore(.text(JSONSpan(checking: Array(text.utf8))), policy, migrations)
                #expect(fromText.0 == fromValue.0 && fromText.1 == fromValue.1, "\(name)")
            }
        }
    }

    @Test(
        "a path of UUID, Int or String identifiers, or of identifiers stored as their raw value, is read from its text")
    func readsFromText() throws {
        let session = RestoreSession(
            policy: RestorePolicy(), resolvers: Self.resolvers, types: NavigationTypeRegistry(), fallback: nil)
        func read<Route>(_ text: String, as _: Route.Type) throws -> IdentifiedPath.Restored<Route>? {
            let span = try JSONSpan(checking: Array(text.utf8))
            guard case .restored(let found)? = IdentifiedPath.restored(ofText: span, as: Route.self, in: session)
            else { return nil }
            return found
        }
        let (a, b) = (Self.a.uuidString, Self.b.uuidString)
        guard case .whole(let uuids)? = try read(#"["\#(a)", "\#(b)"]"#, as: UUIDItem.self),
            case .whole(let raws)? = try read(#"["\#(a)", "\#(b)"]"#, as: RawItem<UUID>.self),
            case .whole(let numbers)? = try read("[1, 4]", as: NumberedItem.self),
            case .whole(let names)? = try read(#"["a", "\u00e9\"q"]"#, as: NamedItem.self),
            case .outcomes(let outcomes)? = try read("[1, 3, 9]", as: NumberedItem.self)
        else {
            Issue.record("a path was not read from its text")
            return
        }
        #expect(uuids.map(\.id) == [Self.a, Self.b] && raws.map(\.id.rawValue) == [Self.a, Self.b])
        #expect(numbers.map(\.id) == [1, 4] && names.map(\.id) == ["a", "é\"q"])
        guard outcomes.count == 3, case .dropped(.unresolved)? = outcomes[1], case .migrated(let note)? = outcomes[2]
        else {
            Issue.record("not what was found: \(outcomes)")
            return
        }
        #expect(note.id == 2)
        // Not its identifiers' plain text: left to the restore of the value built.
        #expect(try read("[1, 2.0]", as: NumberedItem.self) == nil)
        #expect(try read(#"["\#(a)", "x"]"#, as: UUIDItem.self) == nil)
        // An identifier that does not say it is read back from its raw value (its JSON reading
        // may refuse what its raw value makes) is read from its JSON values.
        #expect(try read(#"["\#(a)", "\#(b)"]"#, as: WrappedItem<UUID>.self) == nil)
        #expect(try read("[1, -2]", as: Ticket.self) == nil)
        // Not identified routes, or routes with no lookup: left to the Codable way.
        #expect(try read("[1]", as: Int.self) == nil)
        #expect(try read("[1]", as: RawlessItem.self) == nil)
    }

    @Test("a route type with its own coding has each element looked up twice from the text, as from the value")
    func ownCodingLooksUpTwice() throws {
        let resolvers = RouteResolvers().adding(ReboxedNote.self) { id in
            ReboxedNote.lookUps.withLock { $0 += 1 }
            return ReboxedNote(id: id)
        }
        for stored: StoredJSON in [
            .text(try JSONSpan(checking: Array("[1, 2]".utf8))), .value(try JSONValue(parsing: Array("[1, 2]".utf8))),
        ] {
            let before = ReboxedNote.lookUps.withLock { $0 }
            let (path, report) = try StateCoding.decode(
                RoutePath<ReboxedNote>.self, from: stored, resolvers: resolvers, fallback: nil)
            #expect(path.routes.map(\.id) == [1, 2] && report.isComplete)
            // Once by the path's own loop, which finds that the type encodes otherwise, once by `Codable`.
            #expect(ReboxedNote.lookUps.withLock { $0 } == before + 4)
        }
    }

    @Test("a scene's file is restored with its identifiers read from the bytes, none from a JSON value")
    @MainActor
    func restoresFileFromText() async throws {
        let temporary = try TemporaryStore()
        let stored = #"{"path": ["\#(Self.a)", "\#(Self.gone)", "\#(Self.b)"], "count": 2}"#
        try temporary.saveScene("main", json: stored)
        let before = CountedID.valueReads.withLock { $0 }
        let model = SceneNavigationModel(Holder<CountedItem>(), resolvers: Self.resolvers)
        let outcome = try await model.restoreReadOnly(from: temporary.store, scene: SceneID("main"))
        #expect(CountedID.valueReads.withLock { $0 } == before)
        #expect(model.state.path.routes.map(\.id.rawValue) == [Self.a, Self.b] && model.state.count == 2)
        #expect(outcome.report?.dropped.map(\.position) == [1])
        // The same value restored from the value built reads each identifier from it.
        let value = try JSONValue(parsing: Array(stored.utf8))
        _ = try model.restoreValue(.json(value))
        #expect(CountedID.valueReads.withLock { $0 } >= before + 3)
    }
}
