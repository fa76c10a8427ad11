import SceneNavigation

extension CookbookState {
    /// The cookbook's links: the path of recipes by ID, `cookbook://recipe/<ID>/recipe/<ID>`.
    ///
    /// Read with the recipe data's resolvers (a model's ``NavigationModel`` has them), a recipe
    /// the data no longer has is dropped and reported as the restore reports it.
    ///
    /// ```swift
    /// let model = NavigationModel()
    /// try model.open("cookbook://recipe/E35A5C9C-F1EA-4B3D-9980-E2240B363AC8", with: CookbookState.links, at: \.path)
    /// ```
    public static let links = LinkMapping<Recipe>(
        scheme: "cookbook", [LinkPattern("recipe/{id:uuid}", value: "id")])
}
