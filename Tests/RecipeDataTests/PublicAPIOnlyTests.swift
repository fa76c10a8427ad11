import Foundation
import TestSupport
import Testing

/// The cookbook is a client of SceneNavigation and SceneStore like any app: it builds against their
/// public API alone, so whatever it gets (the fast way through a path of identified routes
/// included), any app's routes get.
@Suite struct PublicAPIOnlyTests {
    @Test("RecipeData type-checks as another package would build it, with no package access to the libraries")
    func recipeDataUsesThePublicAPIOnly() throws {
        let compiler = try #require(Toolchain.tool("swiftc"), "no swiftc on PATH")
        let folder = Fixtures.path("../Sources/RecipeData")
        let sources = (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { folder + "/" + $0 }
        #expect(sources.count > 5)
        // Another package's name: SceneStore's and SceneNavigation's `package` declarations are
        // out of reach, as they are for an app.
        let result = try runProcess(
            compiler,
            [
                "-swift-version", "6", "-typecheck", "-module-name", "RecipeData", "-package-name", "another-app", "-I",
                Products.directory + "/Modules",
            ] + sources)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("error:"), "\(result.standardError)")
    }
}
