import Foundation
import SceneStore
import TestSupport
import Testing

@testable import RecipeData

/// The README's library example, kept compiling and working.
@MainActor
@Suite struct ReadmeExampleTests {
    @Test("the README's library example runs as documented")
    func libraryExample() async throws {
        let directory = try TemporaryDirectory()
        let store = try SceneStore(appID: AppID("com.example.cookbook"), environment: directory.environment)
        let scene = try SceneID("main-window")

        try store.set(true, forKey: "showsIngredients", in: scene)
        let shows = try store.value(Bool.self, forKey: "showsIngredients", in: scene)
        #expect(shows == true)

        let model = NavigationModel()
        let persistence = try await NavigationPersistence.connect(model, to: store, scene: scene)
        #expect(persistence.report == nil)
        model.selectedCategory = .dessert
        model.path.append(try #require(DataModel.cookbook.recipe(named: "Apple Pie")))
        try await persistence.close()

        let stored = try store.value(NavigationState.self, forKey: "navigation", in: scene)
        #expect(stored?.selectedCategory == .dessert)
        #expect(try store.value(Bool.self, forKey: "showsIngredients", in: scene) == true)
        #expect(store.path(for: scene) == directory.appending("state/com.example.cookbook/scenes/main-window.json"))
    }
}
