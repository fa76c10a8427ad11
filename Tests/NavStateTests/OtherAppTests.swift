import Foundation
import SceneStore
import TestSupport
import Testing

@testable import navstate

/// `--app` and `--key` on scenes saved by any app: route paths shown element by element as JSON.
@MainActor
@Suite struct OtherAppTests {
    /// A router app's scene, as SceneNavigation stores `{"isActive": ..., "items": RoutePath<Item>}`.
    func saveRouterScene(in directory: TemporaryDirectory) throws {
        let store = try StateStore(appID: AppID("com.example.router"), environment: directory.environment)
        let value = try JSONValue(
            parsing: Array(#"{"isActive":true,"items":[{"sub1":{"id":1}},{"sub3":{"id":3}}]}"#.utf8))
        try store.putSceneValue(.json(value), forKey: "router", in: SceneID("main"))
        try store.putSceneValue(
            .json(.array([.string("home"), .string("detail")])), forKey: "navigation", in: SceneID("main"))
    }

    @Test("restore of another app's scene lists its route paths element by element, as text and JSON")
    func restoreOtherApp() async throws {
        let directory = try TemporaryDirectory()
        try saveRouterScene(in: directory)
        let text = await navstate(["--app", "com.example.router", "restore", "main", "--key", "router"], in: directory)
        #expect(text.status == 0)
        #expect(
            text.standardOutput == """
                scene:    main
                key:      router
                isActive: true
                items (2 elements):
                  1. {"sub1":{"id":1}}
                  2. {"sub3":{"id":3}}

                """)
        let plain = await navstate(["restore", "main", "--app", "com.example.router"], in: directory)
        #expect(plain.standardOutput.hasSuffix("path (2 elements):\n  1. \"home\"\n  2. \"detail\"\n"))
        let json = await navstate(
            ["--app", "com.example.router", "restore", "main", "--key", "router", "--json"], in: directory)
        #expect(json.status == 0)
        let object = try JSONValue(parsing: Array(json.standardOutput.utf8)).objectValue ?? [:]
        #expect(object["key"] == .string("router"))
        #expect(
            object["paths"]
                == .array([
                    .object([
                        "location": .string("items"),
                        "format": .string("routes"),
                        "elements": .array([
                            .object([
                                "position": .number(JSONNumber(0)),
                                "json": .object(["sub1": .object(["id": .number(JSONNumber(1))])]),
                            ]),
                            .object([
                                "position": .number(JSONNumber(1)),
                                "json": .object(["sub3": .object(["id": .number(JSONNumber(3))])]),
                            ]),
                        ]),
                    ])
                ]))
    }

    @Test("inspect of another app's scene shows the document and its route paths")
    func inspectOtherApp() async throws {
        let directory = try TemporaryDirectory()
        try saveRouterScene(in: directory)
        let text = await navstate(["--app", "com.example.router", "inspect", "main", "--key", "router"], in: directory)
        #expect(text.status == 0)
        #expect(
            text.standardOutput.hasSuffix(
                "\nitems (2 elements):\n  1. {\"sub1\":{\"id\":1}}\n  2. {\"sub3\":{\"id\":3}}\n"))
        let json = await navstate(["--app", "com.example.router", "inspect", "main", "--json"], in: directory)
        let object = try JSONValue(parsing: Array(json.standardOutput.utf8)).objectValue ?? [:]
        #expect(object["paths"]?.arrayValue?.first?.objectValue?["location"] == .string(""))
        #expect(object["health"] == .string("ok"))
    }

    /// A mail app's whole navigation, as SceneNavigation saves it: a tab, the split view's columns,
    /// a path, a chain of presentations, and the record of the screens it left out.
    func saveMailScene(in directory: TemporaryDirectory) throws {
        let store = try StateStore(appID: AppID("com.example.mail"), environment: directory.environment)
        let value = try JSONValue(
            parsing: Array(
                (#"{"columns":"detailOnly","mail":[{"inbox":{}},{"message":{"id":7}}],"#
                    + #""presented":[{"route":{"compose":{}},"style":"sheet"},{"route":{"attachment":{"id":2}},"style":"popover"}],"#
                    + #""tab":"mail"}"#).utf8))
        let unsaved = try JSONValue(
            parsing: Array(#"[{"count":1,"location":"mail","position":2,"reason":"sensitive"}]"#.utf8))
        try store.updateValues(SceneID("main")) { values in
            values["navigation"] = .json(value)
            values["navigation.unsaved"] = .json(unsaved)
        }
    }

    @Test("restore and inspect of another app's scene show its tab, its presentations and the screens not saved")
    func presentationsAndTab() async throws {
        let directory = try TemporaryDirectory()
        try saveMailScene(in: directory)
        let text = await navstate(["--app", "com.example.mail", "restore", "main"], in: directory)
        #expect(text.status == 0)
        #expect(
            text.standardOutput == """
                scene:    main
                key:      navigation
                columns: "detailOnly"
                tab: "mail"
                mail (2 elements):
                  1. {"inbox":{}}
                  2. {"message":{"id":7}}
                presented (2 presented, from the bottom):
                  1. sheet {"compose":{}}
                  2. popover {"attachment":{"id":2}}
                position 3 of mail: not saved (sensitive)

                """)
        let json = await navstate(["--app", "com.example.mail", "restore", "main", "--json"], in: directory)
        let object = try JSONValue(parsing: Array(json.standardOutput.utf8)).objectValue ?? [:]
        let presented = object["paths"]?.arrayValue?.first { $0.objectValue?["location"] == .string("presented") }
        #expect(presented?.objectValue?["format"] == .string("presentations"))
        #expect(
            presented?.objectValue?["elements"]?.arrayValue?.last
                == .object([
                    "position": .number(JSONNumber(1)), "style": .string("popover"),
                    "json": .object(["attachment": .object(["id": .number(JSONNumber(2))])]),
                ]))
        #expect(
            object["unsaved"]
                == .array([
                    .object([
                        "location": .string("mail"), "position": .number(JSONNumber(2)), "json": .null,
                        "reason": .string("not-saved"), "error": .null, "unsaved": .string("sensitive"),
                    ])
                ]))
        let inspected = await navstate(["--app", "com.example.mail", "inspect", "main"], in: directory)
        #expect(
            inspected.standardOutput.hasSuffix(
                "presented (2 presented, from the bottom):\n  1. sheet {\"compose\":{}}\n"
                    + "  2. popover {\"attachment\":{\"id\":2}}\nposition 3 of mail: not saved (sensitive)\n"))
    }

    @Test("a record of screens not saved that is not one: restore names it and fails, inspect shows why")
    func brokenUnsavedRecord() async throws {
        let directory = try TemporaryDirectory()
        let store = try StateStore(appID: AppID("com.example.mail"), environment: directory.environment)
        try store.updateValues(SceneID("main")) { values in
            values["navigation"] = .json(.array([]))
            values["navigation.unsaved"] = .json(.string("all of it"))
        }
        let restored = await navstate(["--app", "com.example.mail", "restore", "main"], in: directory)
        #expect(restored.status != 0)
        #expect(restored.standardError.contains("navigation.unsaved"))
        #expect(restored.standardError.contains("the record of screens not saved is a JSON array"))
        let inspected = await navstate(["--app", "com.example.mail", "inspect", "main"], in: directory)
        #expect(inspected.status == 0)
        #expect(
            inspected.standardOutput.contains(
                "not saved: the record of screens not saved cannot be read: "))
    }
}
