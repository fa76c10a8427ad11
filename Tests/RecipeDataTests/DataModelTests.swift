import Foundation
import SceneNavigationTesting
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

    /// The sample's 33 recipes as `Fixtures/cookbook-2024.tsv` lists them (from the shipped
    /// `Recipes.json`): category, category name, ID, name, related IDs.
    static func sampleRecipes() throws -> [Recipe] {
        let lines = try Fixtures.text("cookbook-2024.tsv").split(separator: "\n").dropFirst()
        return try lines.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Recipe(
                id: try #require(Recipe.ID(fields[2])), name: fields[3],
                category: try #require(Int(fields[0]).flatMap(Category.init(rawValue:))),
                related: try fields[4].split(separator: ",").map { try #require(Recipe.ID(String($0))) })
        }
    }

    @Test("the built-in cookbook is the 2024 sample's 33 recipes: its IDs, names, categories and related IDs")
    func builtInCookbook() throws {
        let data = DataModel.cookbook
        #expect(data.recipes == (try Self.sampleRecipes()))
        #expect(data.recipes.count == 33)
        #expect(data.recipes(in: .dessert).count == 12)
        #expect(data.recipes(in: .pancake).count == 5)
        #expect(data.recipes(in: .salad).count == 9)
        #expect(data.recipes(in: .sandwich).count == 7)
        #expect(data.recipes.allSatisfy { $0.ingredients.isEmpty })
        #expect(data.recipe(named: "Apple Pie")?.id.description == "E35A5C9C-F1EA-4B3D-9980-E2240B363AC8")
        // The built-in set passes the same validation as a loaded file.
        _ = try DataModel(recipes: data.recipes)
        let pie = try #require(data.recipe(named: "Apple Pie"))
        #expect(data.recipes(relatedTo: pie).map(\.name) == ["Pie Crust"])
        let crust = try #require(data.recipe(named: "Pie Crust"))
        #expect(data.recipes(relatedTo: crust).map(\.name) == ["Apple Pie", "Fruit Pie Filling"])
    }

    @Test("every ID of navstate's previous release maps to the sample's recipe of the same name")
    func previousReleaseAliases() throws {
        let pairs = DataModel.previousReleasePairs
        #expect(pairs.count == 26)
        #expect(DataModel.previousReleaseAliases.count == 26)
        #expect(Set(DataModel.previousReleaseAliases.values).count == 26)
        let renamed = ["Chocolate Crackles": "Chocolate Crackle Cookies", "Jianbing": "Jian Bing", "Acar": "Acar Awak"]
        // The previous release's names, in its order, each with the name its ID now resolves to.
        let previousNames = [
            "Apple Pie", "Baklava", "Bolo de Rolo", "Chocolate Crackles", "Crème Brûlée", "Fruit Pie Filling",
            "Kanom Thong Ek", "Mochi", "Marzipan", "Pie Crust", "Shortbread Biscuits", "Tiramisu", "Crêpe",
            "Jianbing", "American", "Dosa", "Injera", "Acar", "Ambrosia", "Bok L'hong", "Caprese", "Ceviche",
            "Çoban Salatası", "Fiambre", "Kachumbari", "Niçoise",
        ]
        for ((old, new), name) in zip(pairs, previousNames) {
            let oldID = try #require(Recipe.ID(old))
            #expect(DataModel.cookbook.recipe(withID: oldID) == nil)
            #expect(DataModel.cookbook.recipe(withID: try #require(Recipe.ID(new)))?.name == renamed[name] ?? name)
        }
    }

    @Test("recipes(in:) is sorted by name")
    func sortedByName() {
        #expect(
            DataModel.cookbook.recipes(in: .pancake).map(\.name) == [
                "American", "Crêpe", "Dosa", "Injera", "Jian Bing",
            ])
        #expect(
            DataModel.cookbook.recipes(in: .sandwich).map(\.name) == [
                "Bánh mì", "Choripán", "Katsu sando", "Pambazo", "Po' boy", "Shawarma", "Tramezzino",
            ])
    }

    @Test(
        "finds recipes by name ignoring case and accents",
        arguments: [
            ("creme brulee", "Crème Brûlée"), ("COBAN SALATASI", "Çoban Salatası"), ("nicoise", "Niçoise"),
            ("bok l'hong", "Bok L'hong"), ("  Mochi ", "Mochi"), ("crepe", "Crêpe"), ("banh mi", "Bánh mì"),
            ("CHORIPAN", "Choripán"),
        ])
    func findsByName(_ query: String, _ name: String) {
        #expect(DataModel.cookbook.recipe(named: query)?.name == name)
    }

    @Test("looks recipes up by ID")
    func lookupByID() throws {
        let id = try #require(Recipe.ID("1eaa5288-8d2b-4969-af97-ed591796b456"))
        #expect(DataModel.cookbook.recipe(withID: id)?.name == "Mochi")
        #expect(id.description == "1EAA5288-8D2B-4969-AF97-ED591796B456")
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

    @Test("a Recipes.json shaped as the sample ships it loads with all 33 recipes")
    func loadsTheSamplesShape() throws {
        let bytes = try Fixtures.bytes("sample/Recipes.json")
        let text = String(decoding: bytes, as: UTF8.self)
        // The fixture has every trait of the shipped file (our own text, not Apple's).
        #expect(text.hasPrefix("[\n    {\n        \"id\" : "))
        #expect(text.contains("\",\n        ],"))  // a trailing comma, as in the shipped file
        #expect(text.contains("\"category\" : 3"))
        #expect(text.contains("¾") && text.contains("ñ"))
        #expect(!text.contains("imageName") && text.contains("\"servings\" : 4"))
        #expect(text.hasSuffix("]\n"))
        // Strict JSON refuses it; recipe data is read as Foundation reads it.
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: bytes) }
        let loaded = try DataModel(jsonData: bytes)
        #expect(loaded.recipes.count == 33)
        #expect(loaded.recipes.map(\.id) == DataModel.cookbook.recipes.map(\.id))
        #expect(loaded.recipes.map(\.name) == DataModel.cookbook.recipes.map(\.name))
        #expect(loaded.recipes.map(\.category) == DataModel.cookbook.recipes.map(\.category))
        #expect(loaded.recipes.map(\.related) == DataModel.cookbook.recipes.map(\.related))
        #expect(loaded.recipe(named: "Apple Pie")?.ingredients == ["6 tart apples", "¾ cup sugar", "1 tsp cinnamon"])
    }

    @Test("trailing commas are accepted in recipe data only: scene files stay strict")
    func trailingCommasOnlyInRecipeData() throws {
        #expect(
            try JSONValue(parsing: Array("[1,]".utf8), allowsTrailingCommas: true) == .array([.number(JSONNumber(1))]))
        #expect(try JSONValue(parsing: Array(#"{"a":1 , }"#.utf8), allowsTrailingCommas: true).objectValue?.count == 1)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Array("[,]".utf8), allowsTrailingCommas: true) }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Array("[1,,]".utf8), allowsTrailingCommas: true) }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Array("[1,]".utf8)) }
        let temporary = try TemporaryStore()
        let store = temporary.store
        let scene = #"{"format": 1, "savedAt": "2026-11-01T10:00:00.000Z", "scene": "main", "values": {},}"#
        try temporary.writeSceneFile("main", bytes: Array(scene.utf8))
        #expect {
            try store.storedDocument(for: try SceneID("main"))
        } throws: { error in
            guard case .corrupt = error as? SceneStoreError else { return false }
            return true
        }
    }

    static let invalidFiles: [(String, String)] = [
        ("{\"recipes\": [", "recipe data is not valid JSON: unexpected end of input at line 1, column 14"),
        ("1", "recipe data: top level (line 1, column 1): expected an array of recipes or an object, found number"),
        ("{\"dishes\": []}", "recipe data: recipes (line 1, column 1): expected an array of recipes"),
        ("[1]", "recipe data: recipes[0] (line 1, column 2): expected an object, found number"),
        ("{}", "recipe data: recipes (line 1, column 1): expected an array of recipes"),
        ("{\"recipes\": [1]}", "recipe data: recipes[0] (line 1, column 14): expected an object, found number"),
        (
            #"{"recipes": [{"id": "nope", "name": "A", "category": "dessert"}]}"#,
            "recipe data: recipes[0].id (line 1, column 21): 'nope' is not a UUID"
        ),
        (
            #"{"recipes": [{"id": "00000000-0000-4000-8000-000000000001", "name": " ", "category": "dessert"}]}"#,
            "recipe data: recipes[0].name (line 1, column 69): expected a non-empty string"
        ),
        (
            #"{"recipes": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "category": "soup"}]}"#,
            "recipe data: recipes[0].category (line 1, column 86): unknown category 'soup' (expected dessert, pancake, salad or sandwich)"
        ),
        (
            #"{"recipes": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "category": 9}]}"#,
            "recipe data: recipes[0].category (line 1, column 86): unknown category 9 (expected 0 to 3)"
        ),
        (
            #"{"recipes": [{"id": "00000000-0000-4000-8000-000000000001", "name": "A", "category": 0, "ingredients": [1]}]}"#,
            "recipe data: recipes[0].ingredients[0] (line 1, column 105): expected a string, found number"
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
