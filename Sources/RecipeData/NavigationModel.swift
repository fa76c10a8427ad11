import SceneNavigation
import SceneStore

/// The navigation model of one scene of the cookbook, as Apple's NavigationCookbook sample has it:
/// the selected category and the path of recipes, observable, saved as recipe IDs and restored by
/// looking each ID up in the recipe data, dropping (and reporting) the ones that are gone.
///
/// It is SceneNavigation's ``/SceneNavigation/SceneNavigationModel`` of a ``CookbookState``, so everything any app's
/// model does, it does: element-by-element restores with a ``/SceneNavigation/RestoreReport``, the change stream
/// (``/SceneNavigation/SceneNavigationModel/changes()``), `jsonData` as the sample's get/set, and
/// ``/SceneNavigation/PersistentScene`` to restore and write through to a scene.
///
/// ```swift
/// let model = NavigationModel()                 // the built-in cookbook data
/// model.selectedCategory = .dessert
/// model.path = [pie]
/// let data = model.jsonData                     // {"recipePathIds":["…"],"selectedCategory":0}
/// model.jsonData = data                          // restored; model.lastRestoreReport says what was dropped
/// ```
public typealias NavigationModel = SceneNavigationModel<CookbookState>

extension SceneNavigationModel where State == CookbookState {
    /// Creates a cookbook model whose restores look recipe IDs up in `dataModel`, and bring the IDs
    /// of its ``DataModel/aliases`` (an earlier data set's) to the recipes they stand for.
    /// - Parameters:
    ///   - dataModel: The recipes to look IDs up in; the built-in cookbook by default.
    ///   - selectedCategory: The initial category.
    ///   - path: The initial path.
    public convenience init(dataModel: DataModel = .cookbook, selectedCategory: Category? = nil, path: [Recipe] = []) {
        self.init(
            CookbookState(selectedCategory: selectedCategory, path: RoutePath(path)), resolvers: dataModel.resolvers)
    }

    /// The selected category, if any.
    public var selectedCategory: Category? {
        get { state.selectedCategory }
        set { state.selectedCategory = newValue }
    }

    /// The recipes on the navigation path, from the root.
    public var path: [Recipe] {
        get { state.path.routes }
        set { state.path.routes = newValue }
        // In place, so pushing a recipe does not copy the path.
        _modify { yield &state.path.routes }
    }

    /// The shipped sample's split-view setting, kept verbatim so a round trip loses nothing.
    public var columnVisibility: JSONValue? {
        get { state.columnVisibility }
        set { state.columnVisibility = newValue }
    }
}

/// The cookbook's persistence before it was SceneNavigation's own.
@available(
    *, deprecated, message: "use PersistentScene, the one way to connect a scene, with the NavigationModel's model"
)
public typealias NavigationPersistence = ScenePersistence<CookbookState>
