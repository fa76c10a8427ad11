// Block 1 of navstate 0.2.0's README (commit ff3f8d6), with the one line 0.3.0 cannot take as written (marked).
import Foundation
import RecipeData
import SceneStore

// Storage: one JSON file per scene in the platform's state directory.
let store = try SceneStore(appID: AppID("com.example.cookbook"),
                           environment: ProcessInfo.processInfo.environment)
let scene = try SceneID("main-window")

// Any value @SceneStorage supports, or any Codable value.
try store.set(true, forKey: "showsIngredients", in: scene)
let shows = try store.value(Bool.self, forKey: "showsIngredients", in: scene)
print("showsIngredients: \(shows ?? false)")

// The navigation model: restore what was saved (with a report), then write every change through.
@MainActor func run() async throws {
    let model = NavigationModel()                      // the built-in cookbook data
    let persistence = try await NavigationPersistence.connect(model, to: store, scene: scene)
    for dropped in persistence.report?.dropped ?? [] {
        // 0.2.0: dropped.position + 1 (a position is optional since 0.3.0: nil for a member)
        print("dropped \(dropped.id) at \((dropped.position ?? 0) + 1): \(dropped.reason)")
    }
    model.selectedCategory = .dessert                  // returns at once; saved in the background
    if let pie = DataModel.cookbook.recipe(named: "Apple Pie") {
        model.path.append(pie)
    }
    try await persistence.close()                      // the last change is durable
    print("saved to \(store.path(for: scene))")
}
try await run()
