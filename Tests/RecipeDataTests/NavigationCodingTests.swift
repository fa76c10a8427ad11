import Foundation
import SceneNavigationTesting
import SceneStore
import TestSupport
import Testing

@testable import RecipeData

/// The sample's `NavigationModel` encoding, re-declared to compare bytes with `JSONEncoder`.
private struct SampleEncoding: Encodable {
    var selectedCategory: Int?
    var recipePathIds: [UUID]

    enum CodingKeys: String, CodingKey { case selectedCategory, recipePathIds }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(selectedCategory, forKey: .selectedCategory)
        try container.encode(recipePathIds, forKey: .recipePathIds)
    }
}

@MainActor
@Suite struct NavigationCodingTests {
    nonisolated static let samplePath = Array(DataModel.cookbook.recipes.prefix(3))

    @Test("encodes byte-identically to the sample's JSONEncoder output", arguments: [nil, Category.dessert, .salad])
    func byteExactEncoding(_ category: Category?) throws {
        let state = NavigationState(selectedCategory: category, recipePathIDs: Self.samplePath.map(\.id))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let expected = try encoder.encode(
            SampleEncoding(selectedCategory: category?.rawValue, recipePathIds: Self.samplePath.map(\.id.uuid)))
        #expect(state.encoded() == Array(expected))
        #expect(state.json.serialized() == Array(expected))
    }

    @Test("the exact bytes of a known state")
    func knownBytes() {
        let state = NavigationState(selectedCategory: .dessert, recipePathIDs: Self.samplePath.prefix(1).map(\.id))
        #expect(
            String(decoding: state.encoded(), as: UTF8.self)
                == #"{"recipePathIds":["E35A5C9C-F1EA-4B3D-9980-E2240B363AC8"],"selectedCategory":0}"#)
    }

    @Test("the sample's columnVisibility and unknown members survive a round trip byte for byte")
    func roundTripKeepsEverything() throws {
        for name in ["sample-three-key", "extra-members", "ours"] {
            let bytes = try Fixtures.bytes("navigation/\(name).json").filter { $0 != 0x0A }
            let model = NavigationModel()
            try model.restore(from: bytes)
            #expect(model.jsonData.map(Array.init) == bytes, "\(name)")
        }
    }

    @Test("decodes every accepted shape")
    func decodesEveryShape() throws {
        let talk = try NavigationPayload(data: try Fixtures.bytes("navigation/talk-two-key.json"))
        #expect(talk.selectedCategory == 2)
        #expect(talk.recipePathIDs == ["9bd6c3b2-30cb-425e-8d60-7f07d0ba720c"])
        let focus = try NavigationPayload(data: try Fixtures.bytes("navigation/focus-cookbook.json"))
        #expect(focus.selectedCategory == 1 && focus.recipePathIDs.count == 2 && focus.additionalMembers.isEmpty)
        let sample = try NavigationPayload(data: try Fixtures.bytes("navigation/sample-three-key.json"))
        #expect(sample.columnVisibility == .object(["automatic": .object([:])]))
        let empty = try NavigationPayload(data: try Fixtures.bytes("navigation/empty.json"))
        #expect(empty == NavigationPayload())
        let null = try NavigationPayload(data: try Fixtures.bytes("navigation/null-category.json"))
        #expect(null.selectedCategory == nil && null.recipePathIDs.count == 1)
    }

    nonisolated static let undecodable: [(String, String)] = [
        ("corrupt", "invalid navigation data: unexpected end of input at line 1, column 58"),
        ("wrong-types", "invalid navigation data: 'recipePathIds' must be an array, found string"),
        ("not-an-object", "invalid navigation data: expected an object, found array"),
    ]

    @Test("undecodable data is a typed error naming the problem", arguments: undecodable)
    func undecodable(_ name: String, _ message: String) throws {
        let bytes = try Fixtures.bytes("navigation/\(name).json")
        do {
            _ = try NavigationPayload(data: bytes)
            Issue.record("decoded \(name)")
        } catch {
            #expect(error.description == message)
        }
    }

    /// Every navigation fixture replayed through the testing kit against the built-in data, under
    /// both policies, each compared with its golden report (`golden/restore/<name>.<policy>.json`);
    /// one that is not navigation data has its error as its golden.
    @Test(
        "each navigation fixture restores as its golden report says, under both policies",
        arguments: RestorePolicy.MissingRecipes.allCases)
    @MainActor
    func fixtureRestores(_ missing: RestorePolicy.MissingRecipes) async throws {
        let replay = PayloadReplay(
            folder: Fixtures.path("navigation"), goldenFolder: Fixtures.path("golden/restore"),
            suffix: missing.rawValue,
            policy: RestorePolicy(missingRecipes: missing))
        let outcome = try await replay.run { value in
            do {
                let payload = try NavigationPayload(sceneValue: value)
                return DataModel.cookbook.restore(payload, policy: replay.policy).report.json(in: .cookbook)
            } catch {
                return .object(["error": .string(String(describing: error))])
            }
        }
        #expect(outcome.payloads.count == 18)
        #expect(outcome.mismatches.isEmpty, "\(outcome)")
    }

    @Test("duplicates are kept by default and dropped on request")
    func duplicates() throws {
        let payload = try NavigationPayload(data: try Fixtures.bytes("navigation/duplicate-ids.json"))
        #expect(DataModel.cookbook.restore(payload).report.restoredIDs.count == 5)
        let report = DataModel.cookbook.restore(payload, policy: RestorePolicy(dropsDuplicates: true)).report
        #expect(report.restoredIDs.count == 3)
        #expect(report.dropped.map(\.reason) == [.duplicate, .duplicate])
        #expect(report.dropped.map(\.position) == [3, 4])
    }

    @Test("a 10,000-deep path restores in order, and the depth cap drops the rest")
    func deepPath() throws {
        let recipes = DataModel.cookbook.recipes
        let ids = (0..<10_001).map { recipes[$0 % recipes.count].id.description }
        let payload = NavigationPayload(selectedCategory: 1, recipePathIDs: ids)
        let (state, path, report) = DataModel.cookbook.restore(payload)
        #expect(path.count == 10_000)
        #expect(state.recipePathIDs.map(\.description) == Array(ids.prefix(10_000)))
        #expect(report.dropped == [.init(position: 10_000, id: ids[10_000], reason: .beyondMaximumDepth)])
        let model = NavigationModel()
        let restored = try model.restore(from: NavigationState(recipePathIDs: path.map(\.id)).encoded())
        #expect(restored.isComplete)
        #expect(model.path.map(\.id) == path.map(\.id))
    }

    @Test(
        "the 2024 sample's NavigationData.json restores every recipe; jsonData writes columnVisibility back byte for byte"
    )
    func sample2024() throws {
        for name in ["sample-2024", "sample-2024-no-category"] {
            let bytes = try Fixtures.bytes("navigation/\(name).json")
            let model = NavigationModel()
            model.jsonData = Data(bytes)
            let report = try #require(model.lastRestoreReport, "\(name)")
            #expect(model.lastRestoreError == nil)
            #expect(report.isComplete && report.dropped.isEmpty && report.migrated.isEmpty)
            let stored = try NavigationPayload(data: bytes)
            #expect(model.path.map(\.id.description) == stored.recipePathIDs)
            // The columnVisibility member, as the sample wrote it, appears unchanged in what we write.
            let text = String(decoding: bytes, as: UTF8.self)
            let start = try #require(text.range(of: #""columnVisibility":"#))
            let member = String(text[start.lowerBound..<text.index(before: text.endIndex)])
            let written = String(decoding: try #require(model.jsonData), as: UTF8.self)
            #expect(written.hasPrefix("{" + member + ","), "\(name): \(written)")
        }
        let model = NavigationModel()
        model.jsonData = Data(try Fixtures.bytes("navigation/sample-2024.json"))
        #expect(model.selectedCategory == .sandwich)
        #expect(model.path.map(\.name) == ["Bánh mì", "Apple Pie", "Pie Crust"])
        #expect(model.columnVisibility == .object(["automatic": .object([:])]))
        let noCategory = NavigationModel()
        noCategory.jsonData = Data(try Fixtures.bytes("navigation/sample-2024-no-category.json"))
        #expect(noCategory.selectedCategory == nil && noCategory.path.map(\.name) == ["Choripán"])
        #expect(
            String(decoding: try #require(noCategory.jsonData), as: UTF8.self)
                == #"{"columnVisibility":{"detailOnly":{"note":"split\/view"}},"recipePathIds":["51657BE4-55D5-40BE-A220-985CB00F4DEB"]}"#
        )
    }

    @Test("the 2022 sample's random IDs restore the category and report every ID as not in the data")
    func sample2022() throws {
        let payload = try NavigationPayload(data: try Fixtures.bytes("navigation/sample-2022.json"))
        let report = DataModel.cookbook.restore(payload).report
        #expect(report.selectedCategory == .dessert)
        #expect(report.restoredIDs.isEmpty)
        #expect(report.dropped.map(\.reason) == [.notInDataSet, .notInDataSet])
    }

    @Test("a path saved by navstate's previous release restores fully, its IDs reported as migrated")
    func previousRelease() throws {
        let payload = try NavigationPayload(data: try Fixtures.bytes("navigation/previous-release-stale.json"))
        let report = DataModel.cookbook.restore(payload).report
        let pie = try #require(Recipe.ID("E35A5C9C-F1EA-4B3D-9980-E2240B363AC8"))
        let crust = try #require(Recipe.ID("D0820C1A-1AFB-4472-97DA-39A475304048"))
        #expect(report.restoredIDs == [pie, crust])
        #expect(
            report.migrated == [
                .init(position: 0, from: "01891043-0ED4-4DAD-94D3-1C34396CEFBA", to: pie),
                .init(position: 1, from: "5F9C83A5-FAAB-405D-AFBF-7E9BC073C7AB", to: crust),
            ])
        // The third ID was stale already then: dropped, not migrated.
        #expect(
            report.dropped == [.init(position: 2, id: "DD742F51-7B94-4AA4-8F0B-7A0C6C5A1A11", reason: .notInDataSet)])
        // Data without aliases drops the old IDs.
        let plain = try DataModel(recipes: DataModel.cookbook.recipes)
        #expect(plain.restore(payload).report.dropped.count == 3)
    }
}
