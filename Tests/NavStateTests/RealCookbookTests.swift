import Foundation
import SceneStore
import TestSupport
import Testing

@testable import navstate

/// The files a user of Apple's NavigationCookbook sample really has, through the CLI: the sample's
/// `Recipes.json` as `--data`, its `NavigationData.json` as `save --input`, and scenes saved by
/// navstate's previous release.
@MainActor
@Suite struct RealCookbookTests {
    @Test("the sample's Recipes.json as --data and its NavigationData.json through save --input restore in full")
    func samplesFilesRestoreFully() async throws {
        let directory = try TemporaryDirectory()
        let data = Fixtures.path("sample/Recipes.json")
        let recipes = await navstate(["recipes", "--data", data, "--json"], in: directory)
        #expect(recipes.status == 0)
        #expect(try JSONValue(parsing: Array(recipes.standardOutput.utf8)).arrayValue?.count == 33)
        let saved = await navstate(
            ["save", "main", "--data", data, "--input", Fixtures.path("navigation/sample-2024.json")], in: directory)
        #expect(saved.status == 0)
        #expect(saved.standardError == "")
        #expect(
            saved.standardOutput == """
                Saved scene 'main' to '<tmp>/state/cookbook/scenes/main.json'.
                category: sandwich
                path:
                  1. Bánh mì
                  2. Apple Pie
                  3. Pie Crust

                """)
        for arguments in [["restore", "main"], ["restore", "main", "--data", data]] {
            let restored = await navstate(arguments, in: directory)
            #expect(restored.status == 0)
            #expect(restored.standardError == "")
            #expect(restored.standardOutput.hasSuffix("path:\n  1. Bánh mì\n  2. Apple Pie\n  3. Pie Crust\n"))
        }
        // columnVisibility is kept in the saved state.
        let stored = try StateStore(scenesFolder: directory.scenes).readSceneValue(
            forKey: "navigation", in: SceneID("main"))
        guard case .json(let value)? = stored else {
            Issue.record("no navigation value stored")
            return
        }
        #expect(value.objectValue?["columnVisibility"] == .object(["automatic": .object([:])]))
    }

    @Test("navstate recipes lists the sample's 33 recipes in its four categories")
    func recipesList() async throws {
        let directory = try TemporaryDirectory()
        let outcome = await navstate(["recipes"], in: directory)
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.count == 34)
        #expect(lines[1] == "E35A5C9C-F1EA-4B3D-9980-E2240B363AC8  Apple Pie                  dessert")
        let sandwiches = await navstate(["recipes", "--category", "sandwich"], in: directory)
        #expect(sandwiches.standardOutput.split(separator: "\n").count == 8)
    }

    @Test("a scene saved by the previous release restores fully, with the migrated IDs noted, and is saved anew")
    func previousReleaseScene() async throws {
        let directory = try TemporaryDirectory()
        try directory.install(scene: "previous-release")
        let restored = await navstate(["restore", "previous-release"], in: directory)
        #expect(restored.status == 0)
        #expect(
            restored.standardOutput
                == "scene:    previous-release\ncategory: dessert\npath:\n  1. Apple Pie\n  2. Pie Crust\n")
        #expect(
            restored.standardError == """
                note: migrated recipe 01891043-0ED4-4DAD-94D3-1C34396CEFBA at position 1 to E35A5C9C-F1EA-4B3D-9980-E2240B363AC8 (Apple Pie), its ID in an earlier data set
                note: migrated recipe 5F9C83A5-FAAB-405D-AFBF-7E9BC073C7AB at position 2 to D0820C1A-1AFB-4472-97DA-39A475304048 (Pie Crust), its ID in an earlier data set

                """)
        let json = await navstate(["restore", "previous-release", "--json"], in: directory)
        let object = try JSONValue(parsing: Array(json.standardOutput.utf8)).objectValue ?? [:]
        #expect(object["dropped"] == .array([]))
        #expect(object["migrated"]?.arrayValue?.count == 2)
        let inspected = await navstate(["inspect", "previous-release"], in: directory)
        #expect(
            inspected.standardOutput.hasSuffix(
                """
                navigation: a restore now would keep all 2 recipes (policy skip)
                  migrate position 1: 01891043-0ED4-4DAD-94D3-1C34396CEFBA -> E35A5C9C-F1EA-4B3D-9980-E2240B363AC8 (Apple Pie)
                  migrate position 2: 5F9C83A5-FAAB-405D-AFBF-7E9BC073C7AB -> D0820C1A-1AFB-4472-97DA-39A475304048 (Pie Crust)

                """))
    }
}
