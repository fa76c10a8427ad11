import Foundation
import SceneNavigation
import SceneNavigationTesting
import SceneStore
import TestSupport
import Testing

struct User: Codable, Hashable, Sendable {
    var id: Int
    var name: String
}

/// SwiftUI's sample type in NavigationBackport's issue 2, re-declared under the name SwiftUI wrote.
struct EmojiVisualisation: Codable, Hashable, Sendable {
    var emoji: String
    var count: Int
}

struct Link: Codable, Hashable, Sendable {
    var url: String
    var title: String
}

/// A wallet app's price screen, as a `NavigationPath` holds it: a class inside, so not `Sendable`.
struct PriceScreen: Codable, Hashable {
    final class History: Codable, Hashable {
        let closes: [Double]
        init(closes: [Double]) { self.closes = closes }
        static func == (lhs: History, rhs: History) -> Bool { lhs.closes == rhs.closes }
        func hash(into hasher: inout Hasher) { hasher.combine(closes) }
    }

    var symbol: String
    var history: History
}

@available(*, unavailable)
extension PriceScreen: Sendable {}

/// A screen whose conformances are isolated to the main actor, as an Xcode 26 app target declares
/// every type's.
struct IsolatedScreen {
    var id: Int
}

extension IsolatedScreen: @MainActor Codable, @MainActor Hashable {}

@Suite struct MixedPathTests {
    @Test("1 then true encodes as SwiftUI writes it: exactly [\"Swift.Bool\",\"true\",\"Swift.Int\",\"1\"], 37 bytes")
    func seedArticleBytes() throws {
        var path = MixedPath()
        path.append(1)
        path.append(true)
        let data = try JSONEncoder().encode(path)
        #expect(String(decoding: data, as: UTF8.self) == #"["Swift.Bool","true","Swift.Int","1"]"#)
        #expect(data.count == 37)
    }

    @Test("a struct encodes its own JSON as a string, module-qualified, last-appended first")
    func structElement() throws {
        var path = MixedPath()
        path.append("hello")
        path.append(42)
        path.append(true)
        path.append(User(id: 42, name: "Blob"))
        #expect(path.count == 4)
        #expect(
            path.elements.map(\.typeName) == ["Swift.String", "Swift.Int", "Swift.Bool", "SceneNavigationTests.User"])
        #expect(
            String(decoding: try JSONEncoder().encode(path), as: UTF8.self)
                == #"["SceneNavigationTests.User","{\"id\":42,\"name\":\"Blob\"}","Swift.Bool","true","Swift.Int","42","Swift.String","\"hello\""]"#
        )
        #expect(MixedPath.swiftUIName(of: UUID.self) == "Foundation.UUID")
    }

    /// A path decoded by a `JSONDecoder` with the registry in its `userInfo`, which takes only
    /// `Sendable` values: the registry's `Sendable` conformance of 0.2.0, deprecated, is what
    /// lets it in (for a registry of `Sendable` types, as here).
    @available(*, deprecated, message: "uses NavigationTypeRegistry's deprecated Sendable conformance")
    static func strictlyDecoded(_ data: Data, types: NavigationTypeRegistry) throws -> MixedPath {
        let decoder = JSONDecoder()
        decoder.userInfo[MixedPath.typesKey] = types
        return try decoder.decode(MixedPath.self, from: data)
    }

    @Test("with the app's registry the path decodes back equal; without one, decoding says what is missing")
    @available(*, deprecated, message: "decodes through the registry's deprecated Sendable conformance")
    func roundTrip() throws {
        var path = MixedPath()
        path.append(User(id: 1, name: "A"))
        path.append(UUID(uuidString: "E35A5C9C-F1EA-4B3D-9980-E2240B363AC8")!)
        path.append(2.5)
        var types = NavigationTypeRegistry()
        types.register(User.self)
        let data = try JSONEncoder().encode(path)
        #expect(try Self.strictlyDecoded(data, types: types) == path)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MixedPath.self, from: data) }
        let (restored, report) = try MixedPath.restored(from: try JSONValue(parsing: data), types: types)
        #expect(restored == path && report.isComplete)
        path.removeLast()
        #expect(path.count == 2 && path.elements.last?.typeName == "Foundation.UUID")
    }

    @Test("SwiftUI's own payloads: module-qualified names, escapes, an emoji, a generic type name")
    func interoperability() throws {
        var types = NavigationTypeRegistry()
        #expect(
            types.isRegistered("Swift.Int") && types.isRegistered("FoundationEssentials.UUID")
                && !types.isRegistered("MyApp.Link"))
        types.register(EmojiVisualisation.self, aliases: ["NavigationBackportApp.EmojiVisualisation"])
        types.register(Link.self, aliases: ["MyApp.Link"])
        types.register(Int?.self)
        let emoji = try JSONValue(parsing: Fixtures.bytes("navigation-path/swiftui-emoji.json"))
        let (first, firstReport) = try MixedPath.restored(from: emoji, types: types)
        #expect(firstReport.isComplete)
        #expect(
            first.elements.map(\.description) == [
                "Swift.Int(99)", #"SceneNavigationTests.EmojiVisualisation(EmojiVisualisation(emoji: "🎈", count: 99))"#,
            ])
        let escapes = try JSONValue(parsing: Fixtures.bytes("navigation-path/escapes-generics.json"))
        let (second, secondReport) = try MixedPath.restored(from: escapes, types: types)
        #expect(secondReport.isComplete)
        #expect(
            second.elements.map(\.typeName) == [
                "Foundation.UUID", "Swift.Optional<Swift.Int>", "SceneNavigationTests.Link",
            ])
        #expect(second.elements.last?.base as? Link == Link(url: "https://example.com/a/b", title: "A/B"))
        // Written back under the current name, with JSONEncoder's escapes.
        #expect(
            String(decoding: try JSONEncoder().encode(second), as: UTF8.self).hasPrefix(
                #"["SceneNavigationTests.Link","{\"title\":\"A\\\/B\",\"url\":\"https:\\\/\\\/example.com\\\/a\\\/b\"}""#
            ))
    }

    /// What `NavigationPath.CodableRepresentation` is to its coders: one unkeyed container of
    /// strings (SwiftUI's type is opaque and does not exist on Linux).
    struct Representation: Codable, Equatable {
        var strings: [String]

        init(strings: [String]) { self.strings = strings }

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            strings = []
            while !container.isAtEnd { strings.append(try container.decode(String.self)) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for string in strings { try container.encode(string) }
        }
    }

    @Test("a NavigationPath's representation round-trips byte for byte through the calls SceneNavigationUI makes")
    func navigationPathRoundTrip() throws {
        // SwiftUI's own bytes for 99 then an app struct (NavigationBackport issue 2).
        let swiftUIBytes = try Fixtures.bytes("navigation-path/swiftui-emoji.json")
        let representation = try JSONDecoder().decode(Representation.self, from: Data(swiftUIBytes))
        var types = NavigationTypeRegistry()
        types.register(EmojiVisualisation.self, aliases: ["NavigationBackportApp.EmojiVisualisation"])
        // What SceneNavigationUI's `MixedPath.decode(_:types:)` calls with SwiftUI's representation.
        let (path, report) = try MixedPath.restored(encoding: representation, types: types)
        #expect(report.isComplete)
        #expect(path.elements.map(\.typeName) == ["Swift.Int", "SceneNavigationTests.EmojiVisualisation"])
        #expect(path.elements.last?.base as? EmojiVisualisation == EmojiVisualisation(emoji: "🎈", count: 99))
        // What its `codableRepresentation()` calls: SwiftUI's own pairs, under the current type name,
        // the element's JSON with sorted keys.
        let back = try path.representation(decodedAs: Representation.self)
        #expect(
            back.strings == [
                "SceneNavigationTests.EmojiVisualisation", #"{"count":99,"emoji":"🎈"}"#, "Swift.Int", "99",
            ])
        #expect(
            String(decoding: try JSONEncoder().encode(back), as: UTF8.self)
                == #"["SceneNavigationTests.EmojiVisualisation","{\"count\":99,\"emoji\":\"🎈\"}","Swift.Int","99"]"#)
        // And what it gives back restores to the same path, with the same bytes again.
        let (again, _) = try MixedPath.restored(encoding: back, types: types)
        #expect(again == path)
        #expect(try again.representation(decodedAs: Representation.self) == back)
    }

    @Test("a backport's mangled names are unknown types, reported with their place, never a crash")
    func mangledNames() throws {
        let value = try JSONValue(parsing: Fixtures.bytes("navigation-path/backport-mangled.json"))
        let (path, report) = try MixedPath.restored(from: value, types: NavigationTypeRegistry())
        #expect(path.isEmpty)
        #expect(report.dropped.map(\.position) == [0, 1, 2])
        #expect(report.dropped.map(\.reason) == [.unknownType("SS"), .unknownType("Si"), .unknownType("5MyApp4UserV")])
        #expect(report.dropped[0].json == .array([.string("SS"), .string("\"hello\"")]))
    }

    @Test("bad input: typed errors for a broken shape, drops for broken elements, never a crash")
    func badInput() throws {
        let types = NavigationTypeRegistry()
        for text in [#"["Swift.Int"]"#, #"["Swift.Int",1]"#, #"{"a":1}"#, "7"] {
            #expect(throws: NavigationError.self) {
                try MixedPath.restored(from: try JSONValue(parsing: Array(text.utf8)), types: types)
            }
        }
        let longName = String(repeating: "A", count: 100_000)
        let stored = JSONValue.array([
            .string("Swift.Int"), .string("{"), .string(longName), .string("1"), .string("Evil.\u{1b}[2J"),
            .string("1"),
            .string("Swift.Int"), .string(String(repeating: "9", count: 3 << 20)), .string("Swift.Int"), .string("5"),
        ])
        let (path, report) = try MixedPath.restored(from: stored, types: types)
        #expect(path.elements.map(\.description) == ["Swift.Int(5)"])
        #expect(report.dropped.map(\.reason.code) == ["undecodable", "unknown-type", "unknown-type", "undecodable"])
        #expect(report.dropped.map(\.position) == [1, 2, 3, 4])
        // 1,000,000 elements: all restored when the policy allows it; past the default depth of
        // 10,000, dropped and counted.
        let many = JSONValue.array(
            Array(repeating: [JSONValue.string("Swift.Int"), .string("1")], count: 1_000_000).flatMap { $0 })
        let (manyPath, manyReport) = try MixedPath.restored(
            from: many, types: types, policy: RestorePolicy(maximumDepth: 1_000_000))
        #expect(manyPath.count == 1_000_000 && manyReport.isComplete)
        let (deepPath, deepReport) = try MixedPath.restored(from: many, types: types)
        #expect(deepPath.count == 10_000 && deepReport.dropped.count == 990_000)
        #expect(deepReport.dropped.first?.position == 10_000 && deepReport.dropped.first?.reason == .beyondMaximumDepth)
    }

    @Test("a mixed path inside an app state persists and restores through a real store, element by element")
    @MainActor
    func persistence() async throws {
        struct State: Codable, Equatable {
            var tab = 0
            var path = MixedPath()
        }
        let temporary = try TemporaryStore()
        let store = temporary.store
        let scene = try SceneID("main")
        var types = NavigationTypeRegistry()
        types.register(User.self)
        let model = SceneNavigationModel(State(), types: types)
        let persistence = try await SceneConnection.connect(model, to: store, scene: scene)
        model.state.tab = 2
        model.state.path.append(User(id: 7, name: "Seven"))
        model.state.path.append(3)
        try await persistence.close()
        let relaunched = SceneNavigationModel(State(), types: types)
        let restored = try await SceneConnection.connect(relaunched, to: store, scene: scene)
        #expect(relaunched.state == model.state)
        #expect(restored.report?.isComplete == true)
        try await restored.close()
        // A version without User: that element is dropped and reported, the rest restored.
        let older = SceneNavigationModel(State())
        let report = try #require(try await SceneConnection.connect(older, to: store, scene: scene).report)
        #expect(older.state.path.elements.map(\.description) == ["Swift.Int(3)"])
        #expect(report.dropped.map(\.location) == ["path"])
        #expect(report.dropped.map(\.reason) == [.unknownType("SceneNavigationTests.User")])
    }

    @Test(
        "resolvers, JSON aliases and renamed types reach every element of a mixed path, each reported at its position")
    func resolversAndAliases() throws {
        // Root first: User 1, User 2, "old", a Link stored under its old type name.
        let stored = JSONValue.array(
            [
                "MyApp.Link", #"{"title":"A","url":"https://a"}"#, "Swift.String", #""old""#,
                "SceneNavigationTests.User", #"{"id":2,"name":"Two"}"#, "SceneNavigationTests.User",
                #"{"id":1,"name":"One"}"#,
            ].map(JSONValue.string))
        var types = NavigationTypeRegistry()
        types.register(User.self)
        types.register(Link.self, aliases: ["MyApp.Link"])
        // The app no longer has user 2, and user 1 is renamed.
        let resolvers = RouteResolvers().adding(User.self) { user in
            user.id == 1 ? User(id: 1, name: "Uno") : nil
        }
        var migrations = NavigationMigrations()
        migrations.alias(.string("old"), to: .string("new"))
        let (path, report) = try StateCoding.decode(
            MixedPath.self, from: stored, resolvers: resolvers, types: types, migrations: migrations)
        #expect(
            path.elements.map(\.description) == [
                #"SceneNavigationTests.User(User(id: 1, name: "Uno"))"#, "Swift.String(new)",
                #"SceneNavigationTests.Link(Link(url: "https://a", title: "A"))"#,
            ])
        #expect(
            report.dropped == [
                .init(
                    location: "", position: 1,
                    json: .array([.string("SceneNavigationTests.User"), .string(#"{"id":2,"name":"Two"}"#)]),
                    reason: .unresolved)
            ])
        func pair(_ name: String, _ json: String) -> JSONValue { .array([.string(name), .string(json)]) }
        #expect(
            report.migrated == [
                .init(
                    location: "", position: 0, from: pair("SceneNavigationTests.User", #"{"id":1,"name":"One"}"#),
                    to: pair("SceneNavigationTests.User", #"{"id":1,"name":"Uno"}"#)),
                .init(
                    location: "", position: 2, from: pair("Swift.String", #""old""#),
                    to: pair("Swift.String", #""new""#)),
                .init(
                    location: "", position: 3, from: pair("MyApp.Link", #"{"title":"A","url":"https://a"}"#),
                    to: pair("SceneNavigationTests.Link", #"{"title":"A","url":"https:\/\/a"}"#)),
            ])
    }

    @Test("a mixed path alone persists as SwiftUI's own array of strings, and restores with the truncate policy")
    @MainActor
    func persistenceAlone() async throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let scene = try SceneID("main")
        var types = NavigationTypeRegistry()
        types.register(User.self)
        let model = SceneNavigationModel(MixedPath(), types: types)
        let persistence = try await SceneConnection.connect(model, to: store, scene: scene, key: "path")
        model.state.append(1)
        model.state.append(User(id: 7, name: "Seven"))
        model.state.append(true)
        try await persistence.close()
        #expect(
            try store.readSceneValue(forKey: "path", in: scene)
                == .json(
                    .array(
                        [
                            "Swift.Bool", "true", "SceneNavigationTests.User", #"{"id":7,"name":"Seven"}"#, "Swift.Int",
                            "1",
                        ].map { .string($0) })))
        let relaunched = SceneNavigationModel(MixedPath(), types: types)
        try await SceneConnection.connect(relaunched, to: store, scene: scene, key: "path").close()
        #expect(relaunched.state == model.state)
        // Without User, truncating: the root survives, the rest is dropped and said.
        let older = SceneNavigationModel(MixedPath())
        let report = try #require(
            try await SceneConnection.connect(
                older, to: store, scene: scene, key: "path", policy: RestorePolicy(onDrop: .truncate)
            ).report)
        #expect(older.state.elements.map(\.description) == ["Swift.Int(1)"])
        #expect(report.dropped.map(\.position) == [1, 2])
        #expect(report.dropped.map(\.reason) == [.unknownType("SceneNavigationTests.User"), .afterDroppedElement])
        #expect(report.dropped.map(\.location) == ["", ""])
    }

    @Test(
        "a path takes what NavigationPath takes: a value that is not Sendable is appended, saved and restored with a report"
    )
    func valuesThatAreNotSendable() throws {
        var path = MixedPath()
        path.append(PriceScreen(symbol: "BTC", history: .init(closes: [1.5, 2])))
        path.append(7)
        #expect(
            String(decoding: try JSONEncoder().encode(path), as: UTF8.self)
                == #"["Swift.Int","7","SceneNavigationTests.PriceScreen","{\"history\":{\"closes\":[1.5,2]},\"symbol\":\"BTC\"}"]"#
        )
        var types = NavigationTypeRegistry()
        types.register(PriceScreen.self)
        let stored = try StateCoding.encode(path)
        let (restored, report) = try MixedPath.restored(from: stored, types: types)
        #expect(restored == path && report.isComplete)
        #expect(
            restored.elements.first?.base as? PriceScreen
                == PriceScreen(symbol: "BTC", history: .init(closes: [1.5, 2])))
        // A version that no longer has the type drops that element, says so, and keeps the rest.
        let (older, olderReport) = try MixedPath.restored(from: stored, types: NavigationTypeRegistry())
        #expect(older.elements.map(\.typeName) == ["Swift.Int"])
        #expect(olderReport.dropped.map(\.reason) == [.unknownType("SceneNavigationTests.PriceScreen")])
        #expect(olderReport.dropped.map(\.position) == [0])
    }

    @Test("an element's deprecated value is its base, typed as 0.2.0 typed it")
    @available(*, deprecated, message: "reads MixedPath.Element.value")
    func deprecatedValue() throws {
        var path = MixedPath()
        path.append(User(id: 1, name: "A"))
        path.append("b")
        let values: [any Codable & Hashable & Sendable] = path.elements.map(\.value)
        #expect(values.map { $0 as? User } == [User(id: 1, name: "A"), nil])
        #expect(values.map { $0 as? String } == [nil, "b"])
        #expect(path.elements.map { AnyHashable($0.value) } == path.elements.map { AnyHashable($0.base) })
    }

    @Test("an element's deprecated value, of a value isolated to the main actor: itself there, its type name off it")
    @available(*, deprecated, message: "reads MixedPath.Element.value; sends a path as Sendable")
    @MainActor
    func deprecatedValueOfAnIsolatedValue() async throws {
        var path = MixedPath()
        path.append(IsolatedScreen(id: 1))
        #expect(path.elements[0].value as? IsolatedScreen == IsolatedScreen(id: 1))
        let offMain = await Task.detached { path.elements[0].value as? String }.value
        #expect(offMain == "SceneNavigationTests.IsolatedScreen")
        // Restored through the registry, on the main actor, it is the same value.
        var types = NavigationTypeRegistry()
        types.register(IsolatedScreen.self)
        let (restored, report) = try MixedPath.restored(from: try StateCoding.encode(path), types: types)
        #expect(restored == path && report.isComplete)
    }
}
