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
        let store = try SceneStore(appID: AppID("com.example.router"), environment: directory.environment)
        let value = try JSONValue(
            parsing: Array(#"{"isActive":true,"items":[{"sub1":{"id":1}},{"sub3":{"id":3}}]}"#.utf8))
        try store.setSceneValue(.json(value), forKey: "router", in: SceneID("main"))
        try store.setSceneValue(
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
}
