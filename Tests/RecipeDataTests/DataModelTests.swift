import Foundation
import SceneStore
import TestSupport
import Testing

@testable import RecipeData

@Suite struct DataModelTests {
    @Test("categories keep the sample's raw values and have stable names")
    func categories() {
        #expect(Category.allCases.map(\.rawValue) == [0, 1, 2, 3])
        #expect(Category.allCases.map(\.name) == ["dessert", "pancake", "salad", "sandwich"])
        #expect(Category.allCases.map(\.displayName) == ["Dessert", "Pancake", "Salad", "Sandwich"])
        #expect(Category(name: "Salad") == .salad)
        #expect(Category(name: "soup") == nil)
    }

    @Test("the built-in cookbook has the sample's 26 recipes")
    func builtInCookbook() throws {
        let data = DataModel.cookbook
        #expect(data.recipes.count == 26)
        #expect(data.recipes(in: .dessert).count == 12)
        #expect(data.recipes(in: .pancake).count == 5)
        #expect(data.recipes(in: .salad).count == 9)
        #expect(data.recipes(in: .sandwich).isEmpty)
        #expect(Set(data.recipes.map(\.id)).count == 26)
        #expect(!data.recipes.contains { $0.id.uuid == UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) })
        // The built-in set passes the same validation as a loaded file.
        _ = try DataModel(recipes: data.recipes)
        let pie = try #require(data.recipe(named: "Apple Pie"))
        #expect(data.recipes(relatedTo: pie).map(\.name) == ["Pie Crust", "Fruit Pie Filling"])
        let crust = try #require(data.recipe(named: "Pie Crust"))
        #expect(data.recipes(relatedTo: crust).map(\.name) == ["Fruit Pie Filling"])
        let filling = try #require(data.recipe(named: "Fruit Pie Filling"))
        #expect(data.recipes(relatedTo: filling).map(\.name) == ["Pie Crust"])
    }

    @Test("recipes(in:) is sorted by name")
    func sortedByName() {
        #expect(
            DataModel.cookbook.recipes(in: .pancake).map(\.name) == ["American", "Crêpe", "Dosa", "Injera", "Jianbing"])
    }

    @Test(
        "finds recipes by name ignoring case and accents",
        arguments: [
            ("creme brulee", "Crème Brûlée"), ("COBAN SALATASI", "Çoban Salatası"), ("nicoise", "Niçoise"),
            ("bok l'hong", "Bok L'hong"), ("  Mochi ", "Mochi"), ("crepe", "Crêpe"),
        ])
    func findsByName(_ query: String, _ name: String) {
        #expect(DataModel.cookbook.recipe(named: query)?.name == name)
    }

    @Test("looks recipes up by ID")
    func lookupByID() throws {
        let id = try #require(Recipe.ID("fe2338b1-15a6-4968-b8c4-59ac2780f4c6"))
        #expect(DataModel.cookbook.recipe(withID: id)?.name == "Mochi")
        #expect(id.description == "FE2338B1-15A6-4968-B8C4-59AC2780F4C6")
        #expect(
            DataModel.cookbook.recipe(withID: try #require(Recipe.ID("00000000-0000-4000-8000-000000000000"))) == nil)
    }

    @Test(
        "parses only well-formed UUID text",
        arguments: [
            "", "FE2338B1-15A6-4968-B8C4-59AC2780F4C", "FE2338B1-15A6-4968-B8C4-59AC2780F4C6X",
            "FE2338B1x15A6-4968-B8C4-59AC2780F4C6", "GE2338B1-15A6-4968-B8C4-59AC2780F4C6",
            "{FE2338B1-15A6-4968-B8C4-59AC2780F4C}", "FE2338B115A64968B8C459AC2780F4C6",
        ])
    func rejectsMalformedUUIDs(_ text: String) {
        #expect(Recipe.ID(text) == nil)
    }

    @Test("UUID text conversion agrees with Foundation")
    func uuidTextAgreesWithFoundation() throws {
        for _ in 0..<1_000 {
            let uuid = UUID()
            let id = Recipe.ID(uuid)
            #expect(id.description == uuid.uuidString)
            #expect(Recipe.ID(uuid.uuidString.lowercased()) == id)
        }
    }

    @Test("Fixtures/recipes.json is the canonical copy of the built-in data")
    func fixtureEqualsBuiltIn() throws {
        #expect(try Fixtures.matchesGolden(DataModel.cookbook.encodedJSON(), "recipes.json"))
        let loaded = try DataModel(jsonData: try Fixtures.bytes("recipes.json"))
        #expect(loaded.recipes == DataModel.cookbook.recipes)
    }

    static let invalidFiles: [(String, String)] = [
        ("{\"recipes\": [", "recipe data is not valid JSON: unexpected end of input at line 1, column 14"),
        ("[]", "recipe data: top level: expected an object, found array"),
        ("{\"dishes\": []}", "recipe data: top level: unknown member 'dishes'"),
        ("{}", "recipe data: recipes: expected an array of recipes"),
        ("{\"recipes\": [1]}", "recipe data: recipes[0]: expected an object, found number"),
        (
            #"{"recipes": [{"id": "nope", "name": "A", "category": "dessert"}]}"#,
            "recipe data: recipes[0].id: 'nope' is not a UUID"
        ),
        (
            #"{"recipes": [{"id": "00000000-0000-4000-8000-000000000001", "name": " ", "category": "dessert"}]}"#,
            "recipe data: recipes[0].name: expected a non-empty string"
        ),
        (
            #"{"recipes": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "category": "soup"}]}"#,
            "recipe data: recipes[0].category: unknown category 'soup' (expected dessert, pancake, salad or sandwich)"
        ),
        (
            #"{"recipes": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "category": 9}]}"#,
            "recipe data: recipes[0].category: unknown category 9 (expected 0 to 3)"
        ),
        (
            #"{"recipes": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "category": 0, "ingredients": [1]}]}"#,
            "recipe data: recipes[0].ingredients[0]: expected a string, found number"
        ),
        (
            #"{"recipes": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "category": 0, "colour": 1}]}"#,
            "recipe data: recipes[0]: unknown member 'colour'"
        ),
        (
            #"{"recipes": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "category": 0}, {"id": "00000000-0000-4000-8000-000000000001", "name": "B", "category": 0}]}"#,
            "recipe data: recipes[1] has the ID 00000000-0000-4000-8000-000000000001, already used by recipes[0]"
        ),
        (
            #"{"recipes": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "category": 0, "related": ["00000000-0000-4000-8000-000000000009"]}]}"#,
            "recipe data: recipes[0] ('A') is related to 00000000-0000-4000-8000-000000000009, which is no recipe"
        ),
    ]

    @Test("a loaded data file is validated with errors that name the recipe or position", arguments: invalidFiles)
    func validatesDataFiles(_ text: String, _ message: String) {
        do {
            _ = try DataModel(jsonData: Array(text.utf8))
            Issue.record("accepted invalid data")
        } catch {
            #expect(error.description == message)
        }
    }
}
