import Foundation
import RecipeData
import SceneNavigation
import SceneStore
import Testing

/// RecipeData's declarations of 0.2.0 that 0.3.0 deprecated still do what they did.
@MainActor
@Suite struct DeprecatedCookbookTests {
    @Test("the policy in the cookbook's words is the policy of every restore")
    @available(*, deprecated, message: "uses 0.2.0's RestorePolicy.missingRecipes")
    func policyInCookbookWords() {
        var policy = RestorePolicy(missingRecipes: .truncate, maximumDepth: 5, dropsDuplicates: true)
        #expect(policy == RestorePolicy(onDrop: .truncate, maximumDepth: 5, dropsDuplicates: true))
        #expect(policy.missingRecipes == .truncate)
        policy.missingRecipes = .skip
        #expect(policy.onDrop == .skip)
        #expect(Category.namesForMessages == "dessert, pancake, salad or sandwich")
    }

    @Test("the model restores from JSON text, and keeps the members it does not read")
    @available(*, deprecated, message: "uses 0.2.0's NavigationModel.restore(from:policy:) and additionalMembers")
    func modelFromText() throws {
        let model = NavigationModel()
        let report = try model.restore(
            from: Array(
                #"{"selectedCategory":0,"recipePathIds":["E35A5C9C-F1EA-4B3D-9980-E2240B363AC8"],"extra":1}"#.utf8))
        #expect(report.isComplete && report.restoredCount == 1)
        #expect(model.selectedCategory == .dessert && model.path.map(\.name) == ["Apple Pie"])
        #expect(model.additionalMembers == ["extra": .number(JSONNumber(1))])
        #expect(throws: NavigationError.self) { try model.restore(from: Array("{".utf8)) }
    }
}
