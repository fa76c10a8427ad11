import Testing

@Suite struct RecipeDataTestsPlaceholder {}
