#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension DataModel {
    /// The 33 recipes of Apple's current NavigationCookbook sample (2024), with the sample's own
    /// identifiers, names, categories and related recipes, so that state saved by the real app
    /// restores here in full.
    ///
    /// Compiled into the library rather than loaded from a resource bundle, so that a `navstate`
    /// binary copied on its own still has its data. The ingredients are left empty: the sample's
    /// ingredient texts are Apple's prose and are not copied. `Fixtures/recipes.json` holds the same
    /// set, and tests prove both equal to `Fixtures/cookbook-2024.tsv`. Identifiers that navstate's
    /// previous release used for the same recipes resolve through ``aliases``.
    public static let cookbook = DataModel(indexing: cookbookRecipes, aliases: previousReleaseAliases)

    static let cookbookRecipes: [Recipe] = {
        // The identifiers below are literals checked by the tests; a malformed one would fall back
        // to the nil UUID and fail them.
        func id(_ text: String) -> Recipe.ID {
            Recipe.ID(text) ?? Recipe.ID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        }
        return [
            Recipe(
                id: id("E35A5C9C-F1EA-4B3D-9980-E2240B363AC8"), name: "Apple Pie", category: .dessert,
                related: [id("D0820C1A-1AFB-4472-97DA-39A475304048")]),
            Recipe(
                id: id("B95B2D99-F45D-4B74-9EC4-526914FFC414"), name: "Baklava", category: .dessert,
                related: []),
            Recipe(
                id: id("E17C729D-1E09-48F6-99E2-5BB959F5AE70"), name: "Bolo de Rolo", category: .dessert,
                related: []),
            Recipe(
                id: id("89202A12-2B04-4EFE-ADC5-D1ECE7A25389"), name: "Chocolate Crackle Cookies", category: .dessert,
                related: []),
            Recipe(
                id: id("412EA92A-40B5-4CFE-9379-627A1C80FFE1"), name: "Crème Brûlée", category: .dessert,
                related: []),
            Recipe(
                id: id("4792C8AE-9596-4502-A9CB-806E2DFEA408"), name: "Fruit Pie Filling", category: .dessert,
                related: [id("D0820C1A-1AFB-4472-97DA-39A475304048")]),
            Recipe(
                id: id("331C25F6-4FED-4DA5-980E-7E619855DE92"), name: "Kanom Thong Ek", category: .dessert,
                related: []),
            Recipe(
                id: id("1EAA5288-8D2B-4969-AF97-ED591796B456"), name: "Mochi", category: .dessert,
                related: []),
            Recipe(
                id: id("416F4F5A-A81C-40FD-87F1-060B0F57DE6D"), name: "Marzipan", category: .dessert,
                related: []),
            Recipe(
                id: id("D0820C1A-1AFB-4472-97DA-39A475304048"), name: "Pie Crust", category: .dessert,
                related: [id("E35A5C9C-F1EA-4B3D-9980-E2240B363AC8"), id("4792C8AE-9596-4502-A9CB-806E2DFEA408")]),
            Recipe(
                id: id("3D9FEA8C-B38E-4739-8B4B-424885D76926"), name: "Shortbread Biscuits", category: .dessert,
                related: []),
            Recipe(
                id: id("586B9A4C-410A-40D2-AE40-BC32351A5C08"), name: "Tiramisu", category: .dessert,
                related: []),
            Recipe(
                id: id("9BD6C3B2-30CB-425E-8D60-7F07D0BA720C"), name: "Crêpe", category: .pancake,
                related: []),
            Recipe(
                id: id("117E5CD4-8FF9-43FB-ACAE-53C35A648F6F"), name: "Jian Bing", category: .pancake,
                related: []),
            Recipe(
                id: id("4584B877-E482-4FF2-824E-FC667BFAD271"), name: "American", category: .pancake,
                related: []),
            Recipe(
                id: id("5666FEB6-90DB-4CD2-91FA-D6F00986E90E"), name: "Dosa", category: .pancake,
                related: []),
            Recipe(
                id: id("752DAEB8-123E-4C48-A190-79742AA56869"), name: "Injera", category: .pancake,
                related: []),
            Recipe(
                id: id("F0D54AF2-04AD-4F08-ACE4-7886FCAE1F7B"), name: "Acar Awak", category: .salad,
                related: []),
            Recipe(
                id: id("F7FD59E8-F1AE-4331-8667-D5534817F7E7"), name: "Ambrosia", category: .salad,
                related: []),
            Recipe(
                id: id("3DE38C07-F985-4E05-810C-1108A777766B"), name: "Bok L'hong", category: .salad,
                related: []),
            Recipe(
                id: id("055D963C-0546-4578-AF18-6FBEE249EF35"), name: "Caprese", category: .salad,
                related: []),
            Recipe(
                id: id("50B62AF4-89AF-4D00-9832-E200FEC01279"), name: "Ceviche", category: .salad,
                related: []),
            Recipe(
                id: id("87AD6B33-FFD2-4E5C-BC4B-59769F7AC7E3"), name: "Çoban Salatası", category: .salad,
                related: []),
            Recipe(
                id: id("8A9BC0D5-A931-4381-BDA8-713DF6389FE7"), name: "Fiambre", category: .salad,
                related: []),
            Recipe(
                id: id("E9497D38-49E0-4A18-939B-63A3F2C7C0B4"), name: "Kachumbari", category: .salad,
                related: []),
            Recipe(
                id: id("DE9F7106-4D0C-4EAC-B44C-A8D8ECD81087"), name: "Niçoise", category: .salad,
                related: []),
            Recipe(
                id: id("0B2C6317-04A3-4481-A4D0-594074D35A41"), name: "Bánh mì", category: .sandwich,
                related: []),
            Recipe(
                id: id("F8A54030-E8FE-4699-BADC-49D15725D30D"), name: "Tramezzino", category: .sandwich,
                related: []),
            Recipe(
                id: id("553BAF3E-2232-4D59-ADE4-62B0FC7FDC0C"), name: "Shawarma", category: .sandwich,
                related: []),
            Recipe(
                id: id("0F6147EE-7314-4F61-BCAA-041F559AAB45"), name: "Pambazo", category: .sandwich,
                related: []),
            Recipe(
                id: id("F4D76211-7AB8-4328-9382-76A36BFF57C0"), name: "Po' boy", category: .sandwich,
                related: []),
            Recipe(
                id: id("749B3BE3-D030-4A20-A893-CF2721479FD2"), name: "Katsu sando", category: .sandwich,
                related: []),
            Recipe(
                id: id("51657BE4-55D5-40BE-A220-985CB00F4DEB"), name: "Choripán", category: .sandwich,
                related: []),
        ]
    }()
}
