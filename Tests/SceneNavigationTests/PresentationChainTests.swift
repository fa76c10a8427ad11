import Foundation
import SceneNavigation
import SceneNavigationTesting
import SceneStore
import TestSupport
import Testing

/// A mail app's routes, one of which is never saved.
enum ModalRoute: Codable, Hashable, SelectivelySaved {
    case inbox
    case message(id: Int)
    case compose
    case payment(card: String)

    var unsavedReason: UnsavedReason? {
        if case .payment = self { .sensitive } else { nil }
    }
}

/// A scene's whole navigation: a path with what is presented over it.
struct ModalScreens: Codable, Equatable {
    var tab = 0
    var path: RoutePath<ModalRoute> = []
    var presented = PresentationChain<ModalRoute>()
}

@Suite struct PresentationChainTests {
    func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    @Test("a chain encodes as its levels, bottom first, each {route, style}; a plain JSONDecoder reads it strictly")
    func encodes() throws {
        var chain = PresentationChain<ModalRoute>()
        chain.present(.message(id: 7))
        chain.present(.compose, as: .fullScreenCover)
        let text = String(decoding: try StateCoding.encode(chain).serialized(), as: UTF8.self)
        #expect(
            text
                == #"[{"route":{"message":{"id":7}},"style":"sheet"},{"route":{"compose":{}},"style":"fullScreenCover"}]"#
        )
        #expect(try JSONDecoder().decode(PresentationChain<ModalRoute>.self, from: Data(text.utf8)) == chain)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                PresentationChain<ModalRoute>.self, from: Data(#"[{"route":{"compose":{}},"style":"drawer"}]"#.utf8))
        }
        #expect(PresentationStyle.allCases.map(\.rawValue) == ["sheet", "fullScreenCover", "popover", "inspector"])
        #expect(chain[1].id == .compose)
    }

    @Test("a level that no longer resolves is dropped with every level above it; what it was presented over is kept")
    func levelThatNoLongerResolves() throws {
        let stored = try json(
            #"{"tab":1,"path":[{"inbox":{}},{"message":{"id":7}}],"presented":["#
                + #"{"route":{"message":{"id":9}},"style":"sheet"},{"route":{"compose":{}},"style":"popover"}]}"#)
        let resolvers = RouteResolvers().adding(ModalRoute.self) { route in route == .message(id: 9) ? nil : route }
        let (state, report) = try StateCoding.decode(
            ModalScreens.self, from: stored, resolvers: resolvers, initial: ModalScreens())
        #expect(state.path.routes == [.inbox, .message(id: 7)])
        #expect(state.presented.isEmpty)
        #expect(state.tab == 1)
        #expect(
            report.dropped.map(\.description) == [
                "position 1 of presented: the app no longer has it",
                "position 2 of presented: after a dropped element",
            ])
        #expect(report.dropped.map(\.place) == ["presented[0]", "presented[1]"])
        #expect(report.restoredCount == 2)
        // The top level alone gone: the sheet beneath it stays.
        let top = RouteResolvers().adding(ModalRoute.self) { route in route == .compose ? nil : route }
        let (kept, keptReport) = try StateCoding.decode(
            ModalScreens.self, from: stored, resolvers: top, initial: ModalScreens())
        #expect(kept.presented == [Presentation(.message(id: 9))])
        #expect(keptReport.dropped.map(\.description) == ["position 2 of presented: the app no longer has it"])
        // Both path elements and the level kept: presented levels count as restored.
        #expect(keptReport.restoredCount == 3)
    }

    @Test("a level of a style no version knows, or a case removed, is undecodable and named")
    func undecodableLevels() throws {
        let stored = try json(
            #"[{"route":{"inbox":{}},"style":"sheet"},{"route":{"drafts":{}},"style":"sheet"}]"#)
        let (chain, report) = try StateCoding.decode(PresentationChain<ModalRoute>.self, from: stored)
        #expect(chain == [Presentation(.inbox)])
        #expect(report.dropped.map(\.reason) == [.undecodable("ModalRoute has no case 'drafts' (at route)")])
        let style = try json(#"[{"route":{"inbox":{}},"style":"drawer"}]"#)
        let (_, styleReport) = try StateCoding.decode(PresentationChain<ModalRoute>.self, from: style)
        #expect(
            styleReport.dropped.map(\.reason) == [.undecodable("PresentationStyle has no case 'drawer' (at style)")])
        #expect(styleReport.dropped.first?.json == style.arrayValue?.first)
    }

    @Test("a policy that withholds paths withholds every level too, reported as withheld")
    func withheld() throws {
        let stored = try json(
            #"{"tab":2,"path":[{"inbox":{}}],"presented":[{"route":{"compose":{}},"style":"sheet"}]}"#)
        let (state, report) = try StateCoding.decode(
            ModalScreens.self, from: stored, policy: RestorePolicy(restoresPaths: false), initial: ModalScreens())
        #expect(state == ModalScreens(tab: 2))
        #expect(report.dropped.map(\.place) == ["path[0]", "presented[0]"])
        #expect(report.dropped.allSatisfy { $0.reason == .withheld })
    }

    @Test("a policy that drops a path's duplicates keeps a chain's: a level equal to one beneath it is presented")
    func duplicateLevels() throws {
        let stored = try json(
            #"{"tab":0,"path":[{"inbox":{}},{"inbox":{}}],"presented":[{"route":{"compose":{}},"style":"sheet"},"#
                + #"{"route":{"compose":{}},"style":"sheet"}]}"#)
        let (state, report) = try StateCoding.decode(
            ModalScreens.self, from: stored, policy: RestorePolicy(dropsDuplicates: true), initial: ModalScreens())
        #expect(state.path.routes == [.inbox])
        #expect(state.presented == [Presentation(.compose), Presentation(.compose)])
        #expect(report.dropped.map(\.description) == ["position 2 of path: already on the path"])
    }

    @Test("a state saved before it had a chain restores with an empty one, and reports nothing of it")
    func absentChain() throws {
        let stored = try json(#"{"tab":1,"path":[{"inbox":{}}]}"#)
        let (state, report) = try StateCoding.decode(ModalScreens.self, from: stored, initial: ModalScreens())
        #expect(state == ModalScreens(tab: 1, path: [.inbox]))
        #expect(report.dropped.isEmpty)
        // A plain decoder is strict, as synthesized Decodable is.
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ModalScreens.self, from: Data(#"{"tab":1,"path":[]}"#.utf8))
        }
    }

    @Test("an alias applies to a level's route, and the level is reported as migrated")
    func aliases() throws {
        var migrations = NavigationMigrations()
        migrations.alias(try json(#"{"draft":{}}"#), to: try json(#"{"compose":{}}"#))
        let stored = try json(#"[{"route":{"draft":{}},"style":"popover"}]"#)
        let (chain, report) = try StateCoding.decode(
            PresentationChain<ModalRoute>.self, from: stored, migrations: migrations)
        #expect(chain == [Presentation(.compose, style: .popover)])
        #expect(
            report.migrated.map(\.description) == [
                #"position 1 of the path: {"route":{"draft":{}},"style":"popover"} -> {"route":{"compose":{}},"style":"popover"}"#
            ])
        #expect(report.migrated.first?.from == stored.arrayValue?.first)
        #expect(report.migrated.first?.to == (try json(#"{"route":{"compose":{}},"style":"popover"}"#)))
    }
}

@MainActor
@Suite struct UnsavedScreensTests {
    /// A stored value's JSON text, compact.
    func text(_ value: SceneValue?) throws -> String {
        guard case .json(let json)? = value else { throw NavigationError.noValue(key: "?", in: "the scene", keys: []) }
        return String(decoding: json.serialized(), as: UTF8.self)
    }

    @Test("a screen marked not to be saved is left out with every screen above it; the next restore says so")
    func leftOutAndReported() async throws {
        let temporary = try TemporaryStore()
        let scene = try SceneID("main")
        let model = SceneNavigationModel(ModalScreens())
        let persistence = try await SceneConnection.connect(model, to: temporary.store, scene: scene)
        model.state.path = [.inbox, .message(id: 7)]
        model.state.presented.present(.compose)
        model.state.presented.present(.message(id: 9), unsavedReason: .transient)
        model.state.presented.present(.inbox)
        try await persistence.close()

        let document = try temporary.store.storedDocument(for: scene)
        let saved = try text(document.values["navigation"])
        #expect(
            saved
                == #"{"path":[{"inbox":{}},{"message":{"id":7}}],"presented":[{"route":{"compose":{}},"style":"sheet"}],"tab":0}"#
        )
        let record = try text(document.values["navigation.unsaved"])
        #expect(record == #"[{"count":2,"location":"presented","position":1,"reason":"transient"}]"#)

        let relaunched = SceneNavigationModel(ModalScreens())
        let restored = try await SceneConnection.connect(relaunched, to: temporary.store, scene: scene)
        #expect(relaunched.state.path.routes == [.inbox, .message(id: 7)])
        #expect(relaunched.state.presented == [Presentation(.compose)])
        let report = try #require(restored.report)
        #expect(
            report.dropped.map(\.description) == [
                "position 2 of presented: not saved (transient)", "position 3 of presented: not saved (transient)",
            ])
        #expect(report.dropped.allSatisfy { $0.json == .null && $0.reason.code == "not-saved" })
        #expect(report.json.objectValue?["dropped"]?.arrayValue?.first?.objectValue?["unsaved"] == .string("transient"))
        // Nothing left out any more: the next write removes the record.
        relaunched.state.presented.dismiss(from: 0)
        try await restored.close()
        #expect(try temporary.store.storedDocument(for: scene).values["navigation.unsaved"] == nil)
    }

    /// A state whose chain comes before its path, in its members and so in its encoding.
    struct ChainFirst: Codable, Equatable {
        var presented = PresentationChain<ModalRoute>()
        var path: RoutePath<ModalRoute> = []
    }

    @Test(
        "a path that leaves screens out leaves out every presentation too, with the path's reason, wherever the chain is"
    )
    func pathCutTakesPresentations() async throws {
        let temporary = try TemporaryStore()
        let scene = try SceneID("main")
        let model = SceneNavigationModel(ModalScreens())
        let persistence = try await SceneConnection.connect(model, to: temporary.store, scene: scene)
        model.state.path = [.inbox, .message(id: 7), .payment(card: "4242"), .message(id: 8)]
        model.state.presented.present(.compose)
        model.state.presented.present(.message(id: 9), unsavedReason: .transient)
        model.state.presented.present(.inbox)
        try await persistence.close()

        let document = try temporary.store.storedDocument(for: scene)
        #expect(
            try text(document.values["navigation"])
                == #"{"path":[{"inbox":{}},{"message":{"id":7}}],"presented":[],"tab":0}"#)
        #expect(!String(decoding: try temporary.store.fileBytes(of: scene), as: UTF8.self).contains("4242"))
        #expect(
            try text(document.values["navigation.unsaved"])
                == #"[{"count":2,"location":"path","position":2,"reason":"sensitive"},"#
                + #"{"count":1,"location":"presented","position":0,"reason":"sensitive"},"#
                + #"{"count":2,"location":"presented","position":1,"reason":"transient"}]"#)
        let relaunched = SceneNavigationModel(ModalScreens())
        let restored = try await SceneConnection.connect(relaunched, to: temporary.store, scene: scene)
        #expect(relaunched.state.path.routes == [.inbox, .message(id: 7)] && relaunched.state.presented.isEmpty)
        #expect(
            restored.report?.dropped.map(\.description) == [
                "position 3 of path: not saved (sensitive)", "position 4 of path: not saved (sensitive)",
                "position 1 of presented: not saved (sensitive)", "position 2 of presented: not saved (transient)",
                "position 3 of presented: not saved (transient)",
            ])
        try await restored.close()

        // Encoded before the path, the chain is left out all the same.
        let other = try SceneID("other")
        let chainFirst = SceneNavigationModel(ChainFirst())
        let saving = try await SceneConnection.connect(chainFirst, to: temporary.store, scene: other)
        chainFirst.state.path = [.inbox, .payment(card: "4242")]
        chainFirst.state.presented.present(.compose)
        try await saving.close()
        let saved = try temporary.store.storedDocument(for: other)
        #expect(try text(saved.values["navigation"]) == #"{"path":[{"inbox":{}}],"presented":[]}"#)
        #expect(
            try text(saved.values["navigation.unsaved"])
                == #"[{"count":1,"location":"presented","position":0,"reason":"sensitive"},"#
                + #"{"count":1,"location":"path","position":1,"reason":"sensitive"}]"#)
    }

    /// A state that encodes its path through `superEncoder`, as a subclass's `super.encode(to:)` does.
    struct ThroughSuper: Codable, Equatable {
        var path: RoutePath<ModalRoute> = []
        var presented = PresentationChain<ModalRoute>()

        enum CodingKeys: String, CodingKey { case path, presented }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try path.encode(to: container.superEncoder(forKey: .path))
            try presented.encode(to: container.superEncoder(forKey: .presented))
        }
    }

    @Test(
        "what is not saved is left out through superEncoder too; a plain JSONEncoder and a MixedPath write everything")
    func throughSuperEncoder() throws {
        var state = ThroughSuper(path: [.inbox, .payment(card: "4242")])
        state.presented.present(.compose)
        let json = try StateCoding.encode(state)
        #expect(String(decoding: json.serialized(), as: UTF8.self) == #"{"path":[{"inbox":{}}],"presented":[]}"#)
        // navstate's encoders cut; Foundation's writes the value whole.
        let plain = String(
            decoding: try JSONEncoder().encode(ModalScreens(path: [.payment(card: "4242")])), as: UTF8.self)
        #expect(plain.contains("4242"))
        // A MixedPath, a NavigationPath's elements, is saved whole.
        var mixed = MixedPath()
        mixed.append(ModalRoute.payment(card: "4242"))
        #expect(String(decoding: try StateCoding.encode(mixed).serialized(), as: UTF8.self).contains("4242"))
    }

    @Test("a save that leaves out more screens than a record holds records the first 10,000, and restores")
    func longCut() async throws {
        let temporary = try TemporaryStore()
        let scene = try SceneID("main")
        let model = SceneNavigationModel(ModalScreens())
        let persistence = try await SceneConnection.connect(model, to: temporary.store, scene: scene)
        model.state.path = RoutePath([.inbox, .payment(card: "4242")] + Array(repeating: .inbox, count: 10_000))
        try await persistence.close()
        #expect(
            try text(temporary.store.storedDocument(for: scene).values["navigation.unsaved"])
                == #"[{"count":10000,"location":"path","position":1,"reason":"sensitive"}]"#)
        let relaunched = SceneNavigationModel(ModalScreens())
        let restored = try await SceneConnection.connect(relaunched, to: temporary.store, scene: scene)
        #expect(relaunched.state.path.routes == [.inbox])
        #expect(restored.report?.dropped.count == 10_000)
        try await restored.close()
    }

    @Test("the listing's health counts the levels a restore would drop, as it counts a path's")
    func healthCountsPresentations() throws {
        let temporary = try TemporaryStore()
        var state = ModalScreens(path: [.inbox])
        state.presented.present(.message(id: 9))
        state.presented.present(.compose, as: .popover)
        try temporary.saveScene("main", value: state)
        let resolvers = RouteResolvers().adding(ModalRoute.self) { $0 == .message(id: 9) ? nil : $0 }
        let summary = try #require(try temporary.store.scenes().first)
        let now = Date()
        let health = SceneHealth(of: summary, in: temporary.store, now: now) { document throws(NavigationError) in
            try SceneNavigationModel(ModalScreens(), resolvers: resolvers).restore(from: document, now: now)
        }
        #expect(health.drops == 2)
        #expect(health.needsAttention)
    }

    @Test("a record of screens not saved that is not one is refused, naming its key and where")
    func hostileRecord() async throws {
        let temporary = try TemporaryStore()
        let scene = try SceneID("main")
        for (text, location) in [
            (#"{"path":2}"#, [JSONValue.PathComponent]()),
            (#"[{"location":"path","position":-1,"count":1,"reason":"sensitive"}]"#, [.index(0)]),
            (#"[{"location":"path","position":0,"count":1,"reason":"secret"}]"#, [.index(0)]),
            // Past any path, or too many screens for the report: refused before any arithmetic.
            (#"[{"location":"path","position":9223372036854775807,"count":1,"reason":"sensitive"}]"#, [.index(0)]),
            (#"[{"location":"path","position":1000001,"count":1,"reason":"sensitive"}]"#, [.index(0)]),
            (#"[{"location":"path","position":0,"count":10001,"reason":"sensitive"}]"#, [.index(0)]),
            (#"[{"location":"path","position":0,"count":0,"reason":"sensitive"}]"#, [.index(0)]),
            (
                #"[{"location":"a","position":0,"count":6000,"reason":"sensitive"},"#
                    + #"{"location":"b","position":0,"count":6000,"reason":"sensitive"}]"#, [.index(1)]
            ),
        ] {
            try temporary.store.updateValues(scene) { values in
                values["navigation"] = .json(try! JSONValue(parsing: Array(#"{"tab":1,"path":[]}"#.utf8)))
                values["navigation.unsaved"] = .json(try! JSONValue(parsing: Array(text.utf8)))
            }
            let model = SceneNavigationModel(ModalScreens())
            await #expect {
                try await model.restoreReadOnly(from: temporary.store, scene: scene)
            } throws: { error in
                guard case .cannotDecode(let key, _, let at) = error as? NavigationError else { return false }
                return key == "navigation.unsaved" && at == location
            }
        }
        // At the limits, a record is read.
        try temporary.store.updateValues(scene) { values in
            values["navigation.unsaved"] = .json(
                try! JSONValue(
                    parsing: Array(
                        (#"[{"location":"path","position":1000000,"count":1,"reason":"sensitive"},"#
                            + #"{"location":"presented","position":0,"count":9999,"reason":"transient"}]"#).utf8)))
        }
        let report = try await SceneNavigationModel(ModalScreens()).restoreReadOnly(from: temporary.store, scene: scene)
            .report
        #expect(report?.dropped.count == 10_000)
        #expect(report?.dropped.first?.description == "position 1000001 of path: not saved (sensitive)")
    }
}
