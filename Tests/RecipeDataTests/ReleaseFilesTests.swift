import Foundation
import RecipeData
import SceneNavigation
import SceneNavigationTesting
import SceneStore
import TestSupport
import Testing

/// The mail app of `Fixtures/releases/make-0.2.0-mail.swift.txt` and `make-0.3.0-mail.swift.txt`,
/// which wrote the 0.2.0 and 0.3.0 files.
enum MailScreen: String, Codable, Hashable, Sendable { case inbox, message, settings }

struct MailState: Codable, Equatable, Sendable {
    var tab = 0
    var path: RoutePath<MailScreen> = []
}

/// Every release's files restore in this one: the files navstate 0.1.0, 0.2.0 and 0.3.0 wrote (scenes of
/// the cookbook and of an app with a schema and the guard, their schema companions, restore markers,
/// and the copies they kept aside: corrupt, crash-loop, expired, invalid), under
/// `Fixtures/releases/<version>`, each restored as an app of this release restores it, with its
/// report, against `Fixtures/golden/releases/<version>.json`.
@MainActor
@Suite struct ReleaseFilesTests {
    /// A state root holding a copy of a release's files.
    static func stateRoot(of release: String) throws -> TemporaryStore {
        let temporary = try TemporaryStore()
        let folder = Fixtures.path("releases/\(release)")
        for app in try FileManager.default.contentsOfDirectory(atPath: folder) {
            try FileManager.default.copyItem(atPath: folder + "/" + app, toPath: temporary.stateRoot + "/" + app)
        }
        return temporary
    }

    /// The key of each cookbook scene of the fixtures: `keyed` was saved under `--key sidebar`.
    static func cookbookKey(_ scene: SceneID) -> String { scene.rawValue == "keyed" ? "sidebar" : "navigation" }

    static func mailModel() -> SceneNavigationModel<MailState> {
        var migrations = NavigationMigrations()
        migrations.addStep { old in .object(["tab": .number(JSONNumber(0)), "path": old]) }
        migrations.alias(.string("preferences"), to: .string("settings"))
        return SceneNavigationModel(MailState(), migrations: migrations)
    }

    /// What a launch of this release makes of each scene, and of each kept-aside copy, of an app.
    static func restoreAll<State: Codable & Equatable>(
        _ store: StateStore, key: (SceneID) -> String = { _ in "navigation" },
        model: () -> SceneNavigationModel<State>
    ) async throws -> JSONValue {
        // The copies the release kept aside first: a restore below may keep copies of its own.
        var copies: [String: JSONValue] = [:]
        for file in try store.keptAsideFiles() {
            let entry: JSONValue
            do {
                let document = try store.storedDocument(ofKeptAside: file)
                let key = key(file.scene)
                let schema = try NavigationMigrations.storedSchema(forKey: key, in: document.values)
                let model = model()
                let report = try model.restoreValue(
                    try #require(document.values[key]), key: key, schemaVersion: schema)
                entry = .object([
                    "reason": .string(file.reason.rawValue), "state": try StateCoding.encode(model.state),
                    "report": report.json,
                ])
            } catch {
                entry = .object(["reason": .string(file.reason.rawValue), "error": .string("\(error)")])
            }
            copies[file.fileName] = entry
        }
        var scenes: [String: JSONValue] = [:]
        for scene in try store.storedSceneIDs() {
            let model = model()
            let persistence = try await SceneConnection.connect(
                model, to: store, scene: scene, key: key(scene), guard: CrashLoopGuard(healthyAfter: nil))
            scenes[scene.rawValue] = .object([
                "intervention": persistence.intervention.map { .string("\($0)") } ?? .null,
                "keptAside": .bool(persistence.keptAsidePath != nil),
                "state": try StateCoding.encode(model.state),
                "report": persistence.report?.json ?? .null,
            ])
            try await persistence.close()
        }
        return .object(["scenes": .object(scenes), "keptAside": .object(copies)])
    }

    static func check(_ release: String, _ outcome: [String: JSONValue], root: String) throws {
        let text = String(decoding: JSONValue.object(outcome).serialized(pretty: true), as: UTF8.self)
        let bytes = Array(text.replacingOccurrences(of: root, with: "<state root>").utf8) + [0x0A]
        #expect(
            try Fixtures.matchesGolden(bytes, "golden/releases/\(release).json"),
            "\(String(decoding: bytes, as: UTF8.self))")
    }

    @Test("0.1.0's cookbook scenes (its own recipe IDs, a key of its own, a corrupt file moved aside) restore")
    func release010() async throws {
        let temporary = try Self.stateRoot(of: "0.1.0")
        let cookbook = try temporary.makeStore(appID: "cookbook")
        let outcome = try await Self.restoreAll(cookbook, key: Self.cookbookKey, model: { NavigationModel() })
        try Self.check("0.1.0", ["cookbook": outcome], root: temporary.stateRoot)
    }

    /// Restores a release's cookbook and mail app, both written by the release, against its golden file.
    static func checkCookbookAndMail(of release: String) async throws {
        let temporary = try stateRoot(of: release)
        let cookbook = try temporary.makeStore(appID: "cookbook")
        let cookbookOutcome = try await restoreAll(cookbook, key: cookbookKey, model: { NavigationModel() })
        let mail = try temporary.makeStore(appID: "com.example.mail")
        let mailOutcome = try await restoreAll(mail) { mailModel() }
        try check(release, ["cookbook": cookbookOutcome, "com.example.mail": mailOutcome], root: temporary.stateRoot)
    }

    @Test("0.2.0's scenes, schema companions, restore markers and kept-aside copies restore, the cookbook's too")
    func release020() async throws {
        try await Self.checkCookbookAndMail(of: "0.2.0")
    }

    @Test(
        "0.3.0's scenes, marker and launch records, and its crash-loop, newer-schema, unrestored and replaced copies restore"
    )
    func release030() async throws {
        try await Self.checkCookbookAndMail(of: "0.3.0")
    }

    /// The mail app of this release, whose state now has what is presented over its path.
    struct MailStateWithSheets: Codable, Equatable {
        var tab = 0
        var path: RoutePath<MailScreen> = []
        var presented = PresentationChain<MailScreen>()
    }

    @Test(
        "0.2.0's and 0.3.0's files restore as before in a state that now holds presentations: the same reports and copies, an empty chain",
        arguments: ["0.2.0", "0.3.0"])
    func releasesWithoutPresentations(_ release: String) async throws {
        let before = try Self.stateRoot(of: release)
        let old = try await Self.restoreAll(try before.makeStore(appID: "com.example.mail")) { Self.mailModel() }
        let after = try Self.stateRoot(of: release)
        let new = try await Self.restoreAll(try after.makeStore(appID: "com.example.mail")) {
            SceneNavigationModel(MailStateWithSheets(), migrations: Self.mailModel().migrations)
        }
        /// The outcome with each restored state's chain taken out, when it is empty.
        func withoutEmptyChains(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(var members):
                if members["presented"] == .array([]) { members["presented"] = nil }
                return .object(members.mapValues(withoutEmptyChains))
            case .array(let elements): return .array(elements.map(withoutEmptyChains))
            default: return value
            }
        }
        let oldText = String(decoding: old.serialized(pretty: true), as: UTF8.self)
            .replacingOccurrences(of: before.stateRoot, with: "<root>")
        let newText = String(decoding: withoutEmptyChains(new).serialized(pretty: true), as: UTF8.self)
            .replacingOccurrences(of: after.stateRoot, with: "<root>")
        #expect(newText == oldText)
        #expect(!String(decoding: new.serialized(), as: UTF8.self).contains("\"presented\":[{"), "a chain was restored")
        #expect(String(decoding: new.serialized(), as: UTF8.self).contains("\"presented\":[]"))
    }

    @Test("0.2.0's crash-loop and expired copies come back through recover, and the next launch restores them")
    func recoverRelease020Copies() async throws {
        let temporary = try Self.stateRoot(of: "0.2.0")
        let mail = try temporary.makeStore(appID: "com.example.mail")
        for (scene, expected) in [
            ("looped", MailState(tab: 3, path: [.inbox, .settings])),
            ("expired", MailState(tab: 0, path: [.inbox, .settings])),
        ] {
            let recovery = try mail.recover(SceneID(scene))
            #expect(recovery.written && recovery.guardCleared == false)
            let model = Self.mailModel()
            let persistence = try await SceneConnection.connect(
                model, to: mail, scene: SceneID(scene), guard: CrashLoopGuard(healthyAfter: nil))
            #expect(model.state == expected, "\(scene)")
            #expect(persistence.intervention == nil)
            try await persistence.close()
        }
    }
}
