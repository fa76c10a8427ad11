import Foundation
import SceneNavigation
import SceneStore
import Testing

/// Handoff of a scene's navigation: the payload under its budget, what gives way and its report,
/// and the continuation on a device that may run another version.
@MainActor
@Suite struct HandoffTests {
    let handoff = NavigationHandoff<MailState>(activityType: "com.example.mail.navigation", path: \.mail)

    @Test("a state under the budget is sent whole and restored on the other device, element by element")
    func wholeState() throws {
        let model = SceneNavigationModel(MailState(tab: 1, mail: [.inbox, .message(id: 42)], settings: [.account]))
        let payload = try handoff.payload(for: model)
        #expect(
            payload.text
                == #"{"mail":[{"inbox":{}},{"message":{"id":42}}],"settings":[{"account":{}}],"tab":1}"#)
        #expect(payload.schemaVersion == 0)
        #expect(payload.report == RestoreReport())
        #expect(payload.userInfo[HandoffPayload.stateKey] as? String == payload.text)
        #expect(payload.userInfo[HandoffPayload.schemaKey] as? Int == 0)

        let other = SceneNavigationModel(MailState())
        let change = try #require(try handoff.continuing(payload.userInfo, in: other))
        #expect(other.state == MailState())
        change(other)
        #expect(other.state == model.state)
        #expect(other.linkReport == RestoreReport(restoredCount: 3))
    }

    @Test("over the budget, the path's last routes are dropped until it fits, and reported with their JSON")
    func overBudget() throws {
        let path = RoutePath<MailRoute>((1...200).map { .message(id: $0) })
        let state = MailState(tab: 0, mail: path)
        let payload = try handoff.payload(for: state, schemaVersion: 2)
        #expect(payload.size <= 3_000)
        let kept = try #require(payload.report.dropped.first?.position)
        #expect(payload.report.restoredCount == kept)
        #expect(payload.report.dropped.count == 200 - kept)
        #expect(payload.report.dropped.allSatisfy { $0.reason == .beyondMaximumDepth && $0.location == "mail" })
        #expect(payload.report.dropped.last?.json == .object(["message": .object(["id": .number(JSONNumber(200))])]))
        #expect(payload.report.dropped.first?.description == "position \(kept + 1) of mail: beyond the maximum depth")
        // The most that fits: one more route would not.
        var more = state
        more.mail = RoutePath(path.prefix(kept + 1))
        let longer = try handoff.payload(for: more, schemaVersion: 2)
        #expect(longer.report.dropped.count == 1)
        // What arrives is the prefix, the rest of the state whole.
        let other = SceneNavigationModel(MailState(), migrations: Self.migrations(count: 2))
        try other.continueHandoff(try HandoffPayload(userInfo: payload.userInfo))
        #expect(other.state.mail.routes == Array(path.prefix(kept)))
    }

    @Test("the budget is configurable; a state over it even without its path is not sent")
    func budget() throws {
        var small = handoff
        small.budget = 60
        let state = MailState(tab: 0, mail: [.inbox, .mailbox(name: "Inbox"), .message(id: 1)])
        let payload = try small.payload(for: state, schemaVersion: 0)
        #expect(payload.text == #"{"mail":[{"inbox":{}}],"settings":[],"tab":0}"#)
        #expect(
            payload.report.dropped.map(\.description) == [
                "position 2 of mail: beyond the maximum depth", "position 3 of mail: beyond the maximum depth",
            ])
        small.budget = 30
        #expect(
            throws: NavigationError.cannotEncode(
                reason: "the state is 33 bytes with an empty path, over the Handoff budget of 30 bytes")
        ) { try small.payload(for: state, schemaVersion: 0) }
    }

    static func migrations(count: Int) -> NavigationMigrations {
        var migrations = NavigationMigrations()
        for _ in 0..<count { migrations.addStep { $0 } }
        return migrations
    }

    @Test(
        "a Handoff from an older version restores through the migrations; from a newer one, it is refused and nothing changes"
    )
    func versions() throws {
        // Version 1 named the tab member `selectedTab`.
        var migrations = NavigationMigrations()
        migrations.addStep { value in
            guard case .object(var members) = value else { return value }
            members["tab"] = members.removeValue(forKey: "selectedTab")
            return .object(members)
        }
        let older = HandoffPayload(
            text: #"{"mail":[{"inbox":{}},{"gone":{}}],"selectedTab":1,"settings":[]}"#, schemaVersion: 0)
        let model = SceneNavigationModel(MailState(), migrations: migrations)
        let report = try model.continueHandoff(older)
        #expect(model.state == MailState(tab: 1, mail: [.inbox]))
        #expect(
            report.dropped.map(\.description) == [
                "position 2 of mail: it no longer decodes: MailRoute has no case 'gone'"
            ])

        let newer = HandoffPayload(text: #"{"mail":[],"settings":[],"tab":0}"#, schemaVersion: 5)
        #expect(throws: NavigationError.newerSchema(key: "handoff", stored: 5, supported: 1)) {
            try model.continueHandoff(newer)
        }
        // Refused before any change is made, so that it never takes a scene's saved paths at launch.
        #expect(throws: NavigationError.newerSchema(key: "handoff", stored: 5, supported: 1)) {
            try handoff.continuing(newer.userInfo, in: model)
        }
        #expect(model.state == MailState(tab: 1, mail: [.inbox]))
    }

    @Test("an activity without a navstate payload is not this app's navigation; a broken one is refused")
    func foreignPayloads() throws {
        let model = SceneNavigationModel(MailState(tab: 1))
        #expect(try handoff.continuing(nil, in: model) == nil)
        #expect(try handoff.continuing(["other": 1], in: model) == nil)
        #expect(
            throws: NavigationError.cannotDecode(
                key: "handoff", reason: "the activity's userInfo has no 'navstate.schema' version")
        ) { try handoff.continuing([HandoffPayload.stateKey: "{}", HandoffPayload.schemaKey: "1"], in: model) }
        #expect(
            throws: NavigationError.cannotDecode(
                key: "handoff", reason: "the Handoff's state is not JSON: unexpected end of input at line 1, column 9")
        ) { try model.continueHandoff(HandoffPayload(text: #"{"tab": "#, schemaVersion: 0)) }
        #expect(
            throws: NavigationError.cannotDecode(
                key: "handoff", reason: "Expected to decode Dictionary<String, Any> but found an array instead.")
        ) { try handoff.continuing(HandoffPayload(text: "[]", schemaVersion: 0).userInfo, in: model) }
        #expect(model.state == MailState(tab: 1))
    }

    @Test(
        "beyond ASCII, the payload's text escapes each character, so the budget counts the bytes a property list stores"
    )
    func asciiPayload() throws {
        let state = MailState(tab: 0, mail: [.mailbox(name: "Crème 🎈")])
        let payload = try handoff.payload(for: state, schemaVersion: 0)
        #expect(payload.text == #"{"mail":[{"mailbox":{"name":"Cr\u00E8me \uD83C\uDF88"}}],"settings":[],"tab":0}"#)
        #expect(payload.text.utf8.allSatisfy { $0 < 0x80 })
        let other = SceneNavigationModel(MailState())
        try other.continueHandoff(payload)
        #expect(other.state == state)
    }
}
