import Foundation
import SceneNavigation
import SceneNavigationTesting
import SceneStore
import Synchronization
import TestSupport
import Testing

enum Screen: Codable, Hashable, Sendable {
    case home
    case recipe(id: Int, title: String)
    case search(query: String?)
}

@Suite struct RoutePathTests {
    func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    @Test("a path encodes byte for byte as JSONEncoder with .sortedKeys encodes [Route]")
    func encodesAsJSONEncoder() throws {
        let routes: [Screen] = [
            .home, .recipe(id: 7, title: "Crème / brûlée"), .search(query: nil), .search(query: "pie"),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let expected = Array(try encoder.encode(routes))
        #expect(try StateCoding.encode(RoutePath(routes)).serialized(escapingSlashes: true) == expected)
        // Decoded by a plain JSONDecoder, the path is as strict as [Route].
        #expect(try JSONDecoder().decode(RoutePath<Screen>.self, from: Data(expected)).routes == routes)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(RoutePath<Screen>.self, from: Data(#"[{"gone":{}}]"#.utf8))
        }
    }

    @Test("UUIDs anywhere in a state encode byte for byte as JSONEncoder writes them")
    func uuidsAsJSONEncoder() throws {
        enum Place: Codable, Hashable {
            case shelf(UUID)
            case none
        }
        /// A UUID written through a single value container of its own.
        struct Wrapped: Codable, Equatable {
            var uuid: UUID
            init(_ uuid: UUID) { self.uuid = uuid }
            init(from decoder: any Decoder) throws { uuid = try decoder.singleValueContainer().decode(UUID.self) }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(uuid)
            }
        }
        /// A UUID written through a member's super encoder, by the UUID's own encode(to:).
        struct Referenced: Codable, Equatable {
            var uuid: UUID
            private enum CodingKeys: String, CodingKey { case uuid }
            init(_ uuid: UUID) { self.uuid = uuid }
            init(from decoder: any Decoder) throws {
                uuid = try UUID(from: decoder.container(keyedBy: CodingKeys.self).superDecoder(forKey: .uuid))
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try uuid.encode(to: container.superEncoder(forKey: .uuid))
            }
        }
        struct Shelf: Codable, Equatable {
            var id: UUID
            var optional: UUID?
            var missing: UUID?
            var all: [UUID]
            var byName: [String: UUID]
            var places: [Place]
            var wrapped: [Wrapped]
            var referenced: Referenced
        }
        let ids = (0..<4).map { _ in UUID() }
        let shelf = Shelf(
            id: ids[0], optional: ids[1], missing: nil, all: ids, byName: ["a": ids[2], "b": ids[3]],
            places: [.shelf(ids[3]), .none], wrapped: ids.map(Wrapped.init), referenced: Referenced(ids[1]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try StateCoding.encode(shelf).serialized(escapingSlashes: true) == Array(try encoder.encode(shelf)))
        #expect(try StateCoding.encode(ids[0]) == .string(ids[0].uuidString))
        #expect(try StateCoding.encode(Wrapped(ids[0])) == .string(ids[0].uuidString))
    }

    @Test("each element decodes on its own: every JSON type, a changed payload, a removed case")
    func elementByElement() throws {
        let stored = try json(
            #"[{"home":{}}, 1, "x", null, true, [], {"recipe":{"id":"7","title":"t"}}, {"recipe":{"id":7,"title":"t"}}]"#
        )
        let (path, report) = try StateCoding.decode(RoutePath<Screen>.self, from: stored)
        #expect(path.routes == [.home, .recipe(id: 7, title: "t")])
        #expect(report.restoredCount == 2)
        #expect(report.dropped.map(\.position) == [1, 2, 3, 4, 5, 6])
        #expect(report.dropped.allSatisfy { $0.reason.code == "undecodable" })
        #expect(report.dropped.map(\.json) == Array(stored.arrayValue?[1...6] ?? []))
        #expect(
            report.dropped.last?.reason
                == .undecodable("Expected to decode Int but found a string instead. (at recipe.id)"))
    }

    @Test("a stored value that is no path at all is a typed error, and the model is untouched")
    @MainActor
    func notAnArray() throws {
        for text in [#"{"a":1}"#, "7", #""path""#, "null"] {
            #expect(throws: NavigationError.self) {
                try StateCoding.decode(RoutePath<Screen>.self, from: try json(text))
            }
        }
        let model = SceneNavigationModel(RoutePath<Screen>([.home]))
        #expect {
            try model.restoreValue(.json(try json(#"{"a":1}"#)))
        } throws: { error in
            guard case .cannotDecode(let key, let reason, _) = error as? NavigationError else { return false }
            return key == "navigation" && reason.hasPrefix("Expected to decode Array")
        }
        #expect(model.state == [.home] && model.changeCount == 0)
    }

    @Test("resolvers drop what the app no longer has; policies skip, truncate, cap the depth and drop duplicates")
    func resolversAndPolicies() throws {
        let stored = try json(
            #"[{"recipe":{"id":1,"title":"a"}},{"recipe":{"id":2,"title":"b"}},{"home":{}},{"home":{}}]"#)
        let resolvers = RouteResolvers().adding(Screen.self) { screen in
            if case .recipe(let id, _) = screen, id == 2 { return nil }
            return screen
        }
        let skip = try StateCoding.decode(RoutePath<Screen>.self, from: stored, resolvers: resolvers)
        #expect(skip.state.routes == [.recipe(id: 1, title: "a"), .home, .home])
        #expect(skip.report.dropped.map(\.reason) == [.unresolved])
        let truncate = try StateCoding.decode(
            RoutePath<Screen>.self, from: stored, policy: RestorePolicy(onDrop: .truncate), resolvers: resolvers)
        #expect(truncate.state.routes == [.recipe(id: 1, title: "a")])
        #expect(truncate.report.dropped.map(\.reason) == [.unresolved, .afterDroppedElement, .afterDroppedElement])
        let capped = try StateCoding.decode(
            RoutePath<Screen>.self, from: stored, policy: RestorePolicy(maximumDepth: 2, dropsDuplicates: true))
        #expect(capped.state.routes == [.recipe(id: 1, title: "a"), .recipe(id: 2, title: "b")])
        #expect(capped.report.dropped.map(\.reason) == [.beyondMaximumDepth, .duplicate])
        #expect(capped.report.dropped.map(\.position) == [2, 3])
    }

    @Test("a resolver that brings a route to another, and an alias, report the element as migrated at its position")
    func resolverAndAliasMigrate() throws {
        let stored = try json(#"[{"home":{}},{"recipe":{"id":1,"title":"old"}},{"search":{"query":"pie"}}]"#)
        // The app renamed recipe 1: its resolver returns the route as it is now.
        let resolvers = RouteResolvers().adding(Screen.self) { screen in
            if case .recipe(1, _) = screen { return .recipe(id: 1, title: "new") }
            return screen
        }
        var migrations = NavigationMigrations()
        migrations.alias(try json(#"{"search":{"query":"pie"}}"#), to: try json(#"{"search":{"query":"tart"}}"#))
        let (path, report) = try StateCoding.decode(
            RoutePath<Screen>.self, from: stored, resolvers: resolvers, migrations: migrations)
        #expect(path.routes == [.home, .recipe(id: 1, title: "new"), .search(query: "tart")])
        #expect(report.restoredCount == 3 && report.dropped.isEmpty)
        #expect(
            report.migrated == [
                .init(
                    location: "", position: 1, from: try json(#"{"recipe":{"id":1,"title":"old"}}"#),
                    to: try json(#"{"recipe":{"id":1,"title":"new"}}"#)),
                .init(
                    location: "", position: 2, from: try json(#"{"search":{"query":"pie"}}"#),
                    to: try json(#"{"search":{"query":"tart"}}"#)),
            ])
        // A resolver that returns what it was given migrates nothing.
        let same = try StateCoding.decode(
            RoutePath<Screen>.self, from: stored, resolvers: RouteResolvers().adding(Screen.self) { $0 })
        #expect(same.report.migrated.isEmpty && same.report.isComplete)
    }

    @Test("a value that encodes nothing at all is an error, as JSONEncoder makes it; nested, it is {}")
    func encodesNothing() throws {
        struct Nothing: Codable, Equatable { func encode(to encoder: any Encoder) throws {} }
        #expect {
            try StateCoding.encode(Nothing())
        } throws: { error in
            guard case .cannotEncode(let reason) = error as? NavigationError else { return false }
            return reason.contains("Top-level Nothing did not encode any values.")
        }
        #expect(try StateCoding.encode(["a": Nothing()]) == .object(["a": .object([:])]))
    }

    @Test("the report as JSON has stable codes and the decoding error")
    func reportJSON() throws {
        let (_, report) = try StateCoding.decode(
            RoutePath<Screen>.self, from: try json(#"[{"home":{}},{"gone":{}}]"#))
        #expect(
            String(decoding: report.json.serialized(), as: UTF8.self)
                == #"{"dropped":[{"error":"Screen has no case 'gone'","json":{"gone":{}},"location":"","position":1,"reason":"undecodable"}],"migrated":[],"restored":1}"#
        )
    }

    @Test("hostile stored paths give a typed error or per-element drops, never a crash")
    func hostilePaths() throws {
        // A 3 MiB element, an element nested deeply, and 100,000 elements. (Nesting past the
        // parser's limit cannot reach a restore: the scene file is refused as corrupt, see below.)
        let huge = JSONValue.array([.string(String(repeating: "x", count: 3 << 20)), .string("home")])
        #expect(try StateCoding.decode(RoutePath<String>.self, from: huge).state.count == 2)
        var nested = JSONValue.string("deep")
        for _ in 0..<200 { nested = .array([nested]) }
        let deep = try StateCoding.decode(
            RoutePath<Screen>.self, from: .array([nested, .object(["home": .object([:])])]))
        #expect(deep.state.routes == [.home] && deep.report.dropped.count == 1)
        let many = JSONValue.array(Array(repeating: .number(JSONNumber(1)), count: 100_000))
        let manyOutcome = try StateCoding.decode(RoutePath<String>.self, from: many)
        #expect(manyOutcome.state.isEmpty && manyOutcome.report.dropped.count == 100_000)
    }

    @Test("a scene file whose path holds 10,000 nested arrays or invalid UTF-8 is refused as corrupt, with its place")
    @MainActor
    func hostileSceneFiles() async throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        try FileManager.default.createDirectory(atPath: store.scenesFolder, withIntermediateDirectories: true)
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let files: [(String, [UInt8])] = [
            (
                "deep",
                Array(
                    #"{"format":1,"savedAt":"2026-11-01T10:00:00.000Z","scene":"deep","values":{"navigation":{"json":["#
                        .utf8) + Array(deep.utf8) + Array("]}}}".utf8)
            ),
            (
                "utf8",
                Array(
                    #"{"format":1,"savedAt":"2026-11-01T10:00:00.000Z","scene":"utf8","values":{"navigation":{"json":[""#
                        .utf8) + [0xFF, 0xFE] + Array(#""]}}}"#.utf8)
            ),
        ]
        for (name, bytes) in files {
            try Data(bytes).write(to: URL(fileURLWithPath: store.scenesFolder + "/\(name).json"))
            let model = SceneNavigationModel(RoutePath<String>(["kept"]))
            await #expect {
                _ = try await SceneConnection.connect(model, to: store, scene: try SceneID(name))
            } throws: { error in
                guard case .store(.corrupt(let path, _)) = error as? NavigationError else { return false }
                return path.hasSuffix("/\(name).json")
            }
            #expect(model.state == ["kept"])
        }
    }

    @Test("the hostile corpus's route paths: a typed error or per-element drops, each as expected")
    func hostileCorpus() throws {
        // Not an array where the router's path is: a typed error, naming the member.
        let notAnArray = try JSONValue(parsing: Fixtures.bytes("hostile-paths/not-an-array.json"))
        #expect {
            try StateCoding.decode(RouterState.self, from: notAnArray)
        } throws: { error in
            guard case .cannotDecode(_, let reason, let location) = error as? NavigationError else { return false }
            return (reason.contains("(at items)") && location == [.key("items")])
                || (reason.contains("(at isActive)") && location == [.key("isActive")])
        }
        // With the model's initial state to fall back on, the same member is salvaged on its own.
        let stale = try JSONValue(parsing: Fixtures.bytes("hostile-paths/stale-member.json"))
        let salvaged = try StateCoding.decode(RouterState.self, from: stale, initial: RouterState())
        #expect(salvaged.state == RouterState(isActive: false, items: [.sub1(id: 1), .sub2(id: 3)]))
        #expect(salvaged.report.dropped.map(\.place) == ["isActive", "items[1]", "items[2]", "unknown"])
        #expect(
            salvaged.report.dropped.map(\.reason.description) == [
                "it no longer decodes: Expected to decode Bool but found a string instead.",
                "it no longer decodes: Item has no case 'sub9'",
                "it no longer decodes: Expected to decode Int but found a string instead. (at sub2.id)",
                "it no longer decodes: RouterState has no member 'unknown'",
            ])
        // Resolvers reach a mixed path's elements of every type, hostile numbers and all.
        var types = NavigationTypeRegistry()
        types.register(String.self)
        let mixed = try JSONValue(parsing: Fixtures.bytes("hostile-paths/mixed-resolvers.json"))
        let resolvers = RouteResolvers().adding(Int.self) { $0 == 13 ? nil : $0 }
        let (elements, mixedReport) = try StateCoding.decode(
            MixedPath.self, from: mixed, resolvers: resolvers, types: types)
        #expect(
            elements.elements.map(\.description) == [
                "Swift.Int(7)", "Swift.String(\u{0})", "Swift.Int(100)", "Swift.Int(0)",
            ])
        #expect(mixedReport.dropped.map(\.position) == [2, 5])
        #expect(mixedReport.dropped.map(\.reason.code) == ["undecodable", "unresolved"])
        // Elements of every JSON type: only the one valid item restores.
        let everyType = try JSONValue(parsing: Fixtures.bytes("hostile-paths/every-type.json"))
        let (path, report) = try StateCoding.decode(RoutePath<Item>.self, from: everyType)
        #expect(path.routes == [.sub1(id: 1)])
        #expect(report.dropped.map(\.position) == [0, 1, 2, 3, 4, 5, 7, 8, 9])
        // Nesting past the parser's limit and invalid UTF-8 never reach a decoder.
        for name in ["deep-element", "invalid-utf8"] {
            #expect(throws: JSONParseError.self) {
                try JSONValue(parsing: Fixtures.bytes("hostile-paths/\(name).json"))
            }
        }
    }

    /// A state that counts how often it is encoded.
    struct CountedState: Codable, Equatable {
        static let encodings = Mutex(0)
        var flag = false
        var name = "start"

        func encode(to encoder: any Encoder) throws {
            Self.encodings.withLock { $0 += 1 }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(flag, forKey: .flag)
            try container.encode(name, forKey: .name)
        }
    }

    @Test("the initial state is encoded for a restore only when a member falls back to it")
    func initialEncodedOnFallback() throws {
        let whole = try JSONValue(parsing: Array(#"{"flag": true, "name": "kept"}"#.utf8))
        let restored = try StateCoding.decode(CountedState.self, from: whole, initial: CountedState())
        #expect(restored.state == CountedState(flag: true, name: "kept") && restored.report.isComplete)
        #expect(CountedState.encodings.withLock { $0 } == 0)
        let stale = try JSONValue(parsing: Array(#"{"flag": "yes", "name": "kept"}"#.utf8))
        let salvaged = try StateCoding.decode(CountedState.self, from: stale, initial: CountedState())
        #expect(salvaged.state == CountedState(flag: false, name: "kept"))
        #expect(salvaged.report.dropped.map(\.place) == ["flag"])
        #expect(CountedState.encodings.withLock { $0 } == 1)
    }

    @Test("restoring from binary data holding JSON gives the same state and report, dropped elements as stored")
    func fromBytes() throws {
        let text = #"[{"home":{}}, {"gone":{"x":1}}, {"recipe":{"id":7,"title":"t"}}]"#
        let fromValue = try StateCoding.decode(RoutePath<Screen>.self, from: try json(text))
        let fromBytes = try StateCoding.decode(RoutePath<Screen>.self, from: .binary(Data(text.utf8)))
        #expect(fromBytes.state == fromValue.state)
        #expect(fromBytes.report == fromValue.report)
        #expect(fromBytes.report.dropped.first?.json == .object(["gone": .object(["x": .number(JSONNumber(1))])]))
        #expect(throws: NavigationError.self) {
            try StateCoding.decode(RoutePath<Screen>.self, from: .binary(Data("[1,".utf8)))
        }
    }
}
