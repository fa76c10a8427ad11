import Foundation
import SceneNavigation
import SceneStore
import TestSupport
import Testing

@testable import RecipeData

/// The cookbook's `NavigationModel`: SceneNavigation's model of a `CookbookState`, with the card's
/// `selectedCategory`, `path` and `jsonData`.
@MainActor
@Suite struct NavigationModelTests {
    let pie = DataModel.cookbook.recipe(named: "Apple Pie")!
    let crust = DataModel.cookbook.recipe(named: "Pie Crust")!

    @Test("data that is not the state's shape leaves the model untouched and is reported")
    func failedRestoreLeavesModelUntouched() throws {
        let model = NavigationModel(selectedCategory: .dessert, path: [pie])
        let revision = model.changeCount
        let notAnObject = NavigationError.cannotDecode(
            key: "navigation", reason: "Expected to decode Dictionary<String, Any> but found an array instead.")
        #expect(throws: notAnObject) {
            try model.restoreValue(.binary(Data("[]".utf8)))
        }
        model.jsonData = Data("[3]".utf8)
        #expect(model.lastRestoreError == notAnObject)
        model.jsonData = Data("{\"recipePathIds\": ".utf8)
        #expect(
            model.lastRestoreError
                == .cannotDecode(
                    key: "navigation",
                    reason: "binary data that is not JSON: unexpected end of input at line 1, column 19"))
        #expect(model.selectedCategory == .dessert)
        #expect(model.path == [pie])
        #expect(model.changeCount == revision)
    }

    @Test("jsonData round-trips and reports what was dropped")
    func jsonDataRoundTrip() throws {
        let source = NavigationModel(selectedCategory: .salad, path: [pie, crust])
        let target = NavigationModel()
        target.jsonData = source.jsonData
        #expect(target.selectedCategory == .salad)
        #expect(target.path == [pie, crust])
        #expect(target.lastRestoreReport?.isComplete == true)
        target.jsonData = Data(try Fixtures.bytes("navigation/stale-ids.json"))
        #expect(target.lastRestoreReport?.dropped.map(\.reason) == [.unresolved, .unresolved])
        #expect(target.lastRestoreError == nil)
        #expect(target.path == [pie, crust])
    }

    @Test("the change stream delivers the state after the change, never before")
    @available(*, deprecated, message: "tests the change stream of 0.3.0, deprecated in 0.4.0")
    func streamDeliversNewState() async throws {
        let model = NavigationModel()
        var iterator = model.changes().makeAsyncIterator()
        model.selectedCategory = .pancake
        let first = try #require(await iterator.next())
        #expect(first.state.selectedCategory == .pancake)
        #expect(first.revision == 1)
        model.path.append(pie)
        let second = try #require(await iterator.next())
        #expect(second.state.path.map(\.id) == [pie.id])
        #expect(second.state.selectedCategory == .pancake)
    }

    @Test("bursts coalesce to the newest snapshot, for every subscriber")
    @available(*, deprecated, message: "tests the change stream of 0.3.0, deprecated in 0.4.0")
    func burstsCoalesce() async throws {
        let model = NavigationModel()
        var first = model.changes().makeAsyncIterator()
        var second = model.changes().makeAsyncIterator()
        for index in 0..<1_000 { model.path = index.isMultiple(of: 2) ? [pie] : [pie, crust] }
        let a = try #require(await first.next())
        let b = try #require(await second.next())
        #expect(a.revision == 1_000 && b.revision == 1_000)
        #expect(a.state.path.routes == [pie, crust])
    }

    @Test("pushing and popping the path in place publishes one change each")
    @available(*, deprecated, message: "tests the change stream of 0.3.0, deprecated in 0.4.0")
    func pathMutationsInPlace() async throws {
        let model = NavigationModel()
        model.path.append(pie)
        model.path.append(crust)
        model.path.removeLast()
        #expect(model.changeCount == 3)
        #expect(model.state.path.routes == [pie])
    }

    @Test("a restore publishes exactly one change")
    @available(*, deprecated, message: "tests the change stream of 0.3.0, deprecated in 0.4.0")
    func restorePublishesOnce() async throws {
        let model = NavigationModel()
        var iterator = model.changes().makeAsyncIterator()
        try model.restoreValue(.binary(Data(try Fixtures.bytes("navigation/ours.json"))))
        #expect(model.changeCount == 1)
        let snapshot = try #require(await iterator.next())
        #expect(snapshot.state.path.count == 3)
    }

    @Test("streams end when the model goes away")
    @available(*, deprecated, message: "tests the change stream of 0.3.0, deprecated in 0.4.0")
    func streamEndsWithModel() async {
        var model: NavigationModel? = NavigationModel()
        let stream = model!.changes()
        model = nil
        var count = 0
        for await _ in stream { count += 1 }
        #expect(count == 0)
    }

    @Test("a snapshot holds the model's state: equal to the same state built by hand")
    @available(*, deprecated, message: "tests the change stream of 0.3.0, deprecated in 0.4.0")
    func snapshotIsTheState() throws {
        let model = NavigationModel(selectedCategory: .dessert, path: [pie, crust])
        let built = CookbookState(selectedCategory: .dessert, path: [pie, crust])
        #expect(model.currentSnapshot.state == built)
        #expect(model.currentSnapshot.state.hashValue == built.hashValue)
        #expect(try StateCoding.encode(model.currentSnapshot.state) == StateCoding.encode(built))
        #expect(model.state != CookbookState(selectedCategory: .dessert, path: [pie]))
    }
}
