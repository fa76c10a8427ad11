import Foundation
import TestSupport
import Testing

/// An app whose routes and state are `Codable & Hashable` (and `Equatable`) as SwiftUI asks, and
/// explicitly not `Sendable`: a program built against the public API, launched twice as two
/// processes, restores in the second what the first saved.
@Suite struct NonSendableAdopterTests {
    static let program = #"""
        import Foundation
        import SceneNavigation
        import SceneStore

        // A route that holds a class, as real models do: never Sendable.
        final class Draft: Codable, Hashable {
            var text: String
            init(text: String) { self.text = text }
            static func == (lhs: Draft, rhs: Draft) -> Bool { lhs.text == rhs.text }
            func hash(into hasher: inout Hasher) { hasher.combine(text) }
        }

        enum Route: Codable, Hashable {
            case inbox
            case compose(Draft)
        }

        @available(*, unavailable)
        extension Route: Sendable {}

        struct AppState: Codable, Equatable {
            var tab = 0
            var path = RoutePath<Route>()
        }

        @MainActor func launch(saving: Bool) async throws {
            let store = try StateStore(appID: AppID("com.example.drafts"),
                                       environment: ProcessInfo.processInfo.environment)
            let model = SceneNavigationModel(AppState())
            let scene = try PersistentScene(model, store: store, identity: .supplied(SceneID("main")), onEvent: { _ in })
            let outcome = try await scene.connect()
            if saving {
                model.state.tab = 2
                model.state.path.append(.inbox)
                model.state.path.append(.compose(Draft(text: "Hello")))
            } else {
                let routes = model.state.path.map { route -> String in
                    switch route {
                    case .inbox: "inbox"
                    case .compose(let draft): "compose(\(draft.text))"
                    }
                }
                print("tab \(model.state.tab): \(routes.joined(separator: " > ")), complete: \(outcome.report?.isComplete == true)")
            }
            try await scene.close()
        }

        try await launch(saving: CommandLine.arguments.dropFirst().first == "save")
        """#

    @Test("routes and a state that are not Sendable persist, and a relaunched process restores them")
    func relaunch() throws {
        let directory = try TemporaryDirectory()
        let source = directory.appending("main.swift")
        try Data(Self.program.utf8).write(to: URL(fileURLWithPath: source))
        let executable = directory.appending("drafts")
        let compiled = try ReadmeSnippetTests.compile([source], to: executable)
        try #require(compiled.status == 0, "the adopter program does not compile:\n\(compiled.standardError)")
        let saved = try runProcess(executable, ["save"], environment: directory.environment)
        #expect(saved.status == 0, "\(saved.standardError)")
        #expect(saved.standardOutput == "")
        let restored = try runProcess(executable, [], environment: directory.environment)
        #expect(restored.status == 0, "\(restored.standardError)")
        #expect(restored.standardOutput == "tab 2: inbox > compose(Hello), complete: true\n")
        let file = try String(
            contentsOfFile: directory.appending("state/com.example.drafts/scenes/main.json"), encoding: .utf8)
        #expect(file.contains(#""compose": {"#), "\(file)")
        #expect(file.contains(#""text": "Hello""#), "\(file)")
    }
}
