#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension DataModel {
    /// The 26 recipes of Apple's NavigationCookbook sample, with fixed identifiers.
    ///
    /// Compiled into the library rather than loaded from a resource bundle, so that a `navstate`
    /// binary copied on its own still has its data. `Fixtures/recipes.json` holds the same set, and a
    /// test proves the two are equal.
    public static let cookbook = DataModel(indexing: cookbookRecipes)

    static let cookbookRecipes: [Recipe] = {
        // The identifiers below are literals checked by the tests; a malformed one would fall back
        // to the nil UUID and fail them.
        func id(_ text: String) -> Recipe.ID {
            Recipe.ID(text) ?? Recipe.ID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        }
        return [
            Recipe(
                id: id("01891043-0ED4-4DAD-94D3-1C34396CEFBA"), name: "Apple Pie", category: .dessert,
                ingredients: ["Pie crust", "6 apples", "1/2 cup sugar", "1 tsp cinnamon", "2 tbsp butter"],
                related: [id("5F9C83A5-FAAB-405D-AFBF-7E9BC073C7AB"), id("ACA5D218-843E-4313-AE69-83FC46B57BFA")]),
            Recipe(
                id: id("B709BD0B-BFB7-4FF7-B25E-55E74CB8256F"), name: "Baklava", category: .dessert,
                ingredients: ["Phyllo dough", "2 cups walnuts", "1 cup butter", "1 cup honey", "1 tsp cinnamon"],
                related: []),
            Recipe(
                id: id("0FD7980B-0E91-46A3-A368-DF4E4727A107"), name: "Bolo de Rolo", category: .dessert,
                ingredients: ["250 g guava paste", "250 g butter", "250 g sugar", "250 g flour", "5 eggs"],
                related: []),
            Recipe(
                id: id("8560FAA9-6574-4C6B-B85B-2FE7E47570E7"), name: "Chocolate Crackles", category: .dessert,
                ingredients: ["4 cups rice bubbles", "1 cup icing sugar", "1/3 cup cocoa", "250 g copha"],
                related: []),
            Recipe(
                id: id("45E9F4EA-BCD6-44F8-B3FF-83688553E63C"), name: "Crème Brûlée", category: .dessert,
                ingredients: ["2 cups cream", "5 egg yolks", "1/2 cup sugar", "1 vanilla bean"],
                related: []),
            Recipe(
                id: id("ACA5D218-843E-4313-AE69-83FC46B57BFA"), name: "Fruit Pie Filling", category: .dessert,
                ingredients: ["4 cups fruit", "3/4 cup sugar", "3 tbsp cornstarch", "1 tbsp lemon juice"],
                related: [id("5F9C83A5-FAAB-405D-AFBF-7E9BC073C7AB")]),
            Recipe(
                id: id("09972472-77FC-4CEA-BDFC-60036AB84C9F"), name: "Kanom Thong Ek", category: .dessert,
                ingredients: ["10 egg yolks", "1 cup sugar", "1 cup jasmine water", "Gold leaf"],
                related: []),
            Recipe(
                id: id("FE2338B1-15A6-4968-B8C4-59AC2780F4C6"), name: "Mochi", category: .dessert,
                ingredients: ["1 cup glutinous rice flour", "3/4 cup water", "1/4 cup sugar", "Cornstarch"],
                related: []),
            Recipe(
                id: id("BB6C0E05-BCDE-4011-8D6B-32170F2C007D"), name: "Marzipan", category: .dessert,
                ingredients: ["2 cups almond flour", "1 cup powdered sugar", "1 egg white", "1 tsp almond extract"],
                related: []),
            Recipe(
                id: id("5F9C83A5-FAAB-405D-AFBF-7E9BC073C7AB"), name: "Pie Crust", category: .dessert,
                ingredients: ["2 1/2 cups flour", "1 cup cold butter", "1 tsp salt", "6 tbsp ice water"],
                related: [id("ACA5D218-843E-4313-AE69-83FC46B57BFA")]),
            Recipe(
                id: id("B44C44DE-915F-4723-9666-C3F1281DA4B0"), name: "Shortbread Biscuits", category: .dessert,
                ingredients: ["2 cups flour", "1 cup butter", "1/2 cup sugar"],
                related: []),
            Recipe(
                id: id("992E1474-AE74-487C-B951-F512ACE8E266"), name: "Tiramisu", category: .dessert,
                ingredients: ["Ladyfingers", "500 g mascarpone", "4 eggs", "1 cup espresso", "Cocoa powder"],
                related: []),
            Recipe(
                id: id("A92BFAB8-A9C2-45B0-A8E1-D848D8490A43"), name: "Crêpe", category: .pancake,
                ingredients: ["1 cup flour", "2 eggs", "1 1/4 cups milk", "2 tbsp butter"],
                related: []),
            Recipe(
                id: id("0652F284-4037-4EFB-8D81-E68A6A561F8B"), name: "Jianbing", category: .pancake,
                ingredients: ["Mung bean flour", "2 eggs", "Scallions", "Crispy wonton crackers", "Hoisin sauce"],
                related: []),
            Recipe(
                id: id("052470ED-D627-4C31-8DA9-7E66FA454475"), name: "American", category: .pancake,
                ingredients: [
                    "1 1/2 cups flour", "1 egg", "1 1/4 cups milk", "3 1/2 tsp baking powder", "1 tbsp sugar",
                ],
                related: []),
            Recipe(
                id: id("63F0DAB1-EE5D-417B-90DD-E8DBDCA47F5F"), name: "Dosa", category: .pancake,
                ingredients: ["2 cups rice", "1/2 cup urad dal", "1/2 tsp fenugreek seeds", "Salt"],
                related: []),
            Recipe(
                id: id("4BF7BCBB-3484-4C82-97C5-2BC29AE14D14"), name: "Injera", category: .pancake,
                ingredients: ["2 cups teff flour", "3 cups water", "Salt"],
                related: []),
            Recipe(
                id: id("9C8F91D0-88CB-413D-8763-7454791FB0BA"), name: "Acar", category: .salad,
                ingredients: ["Cucumbers", "Carrots", "Shallots", "Vinegar", "Sugar", "Chillies"],
                related: []),
            Recipe(
                id: id("30E411C9-50B2-423C-AAC3-3154E4157AFB"), name: "Ambrosia", category: .salad,
                ingredients: ["Mandarin oranges", "Pineapple", "Mini marshmallows", "Shredded coconut", "Sour cream"],
                related: []),
            Recipe(
                id: id("69632B4E-5D2D-4653-AA47-833C97FCA111"), name: "Bok L'hong", category: .salad,
                ingredients: ["Green papaya", "Long beans", "Tomatoes", "Dried shrimp", "Lime juice", "Fish sauce"],
                related: []),
            Recipe(
                id: id("41DDC2F1-C7A3-4171-ADED-5EBA3F604F17"), name: "Caprese", category: .salad,
                ingredients: ["Tomatoes", "Fresh mozzarella", "Basil", "Olive oil", "Salt"],
                related: []),
            Recipe(
                id: id("46C72CBE-87BA-4674-8A87-77F827FD0776"), name: "Ceviche", category: .salad,
                ingredients: ["500 g white fish", "1 cup lime juice", "Red onion", "Coriander", "Chilli"],
                related: []),
            Recipe(
                id: id("3835DBDF-55A5-419D-B227-2A7A6143FD3F"), name: "Çoban Salatası", category: .salad,
                ingredients: [
                    "Tomatoes", "Cucumbers", "Green peppers", "Onion", "Parsley", "Lemon juice", "Olive oil",
                ],
                related: []),
            Recipe(
                id: id("B0BC21FC-0632-4CFD-8B01-056D89479C2F"), name: "Fiambre", category: .salad,
                ingredients: ["Cold cuts", "Sausages", "Cheeses", "Pickled vegetables", "Beets"],
                related: []),
            Recipe(
                id: id("A69D69E8-B408-4FFD-AAE1-F45EC46696BB"), name: "Kachumbari", category: .salad,
                ingredients: ["Tomatoes", "Red onion", "Coriander", "Chilli", "Lime juice"],
                related: []),
            Recipe(
                id: id("1464023C-C905-4CD4-81AC-ED106057946B"), name: "Niçoise", category: .salad,
                ingredients: ["Tuna", "Green beans", "Potatoes", "Eggs", "Niçoise olives", "Anchovies"],
                related: []),
        ]
    }()
}
