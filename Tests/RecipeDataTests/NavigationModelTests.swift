import Foundation
import SceneStore
import TestSupport
import Testing

@testable import RecipeData

@MainActor
@Suite struct NavigationModelTests {
    let pie = DataModel.cookbook.recipe(named: "Apple Pie")!
    let crust = DataModel.cookbook.recipe(named: "Pie Crust")!

    @Test("data that cannot be decoded leaves the model untouched and is reported")
    func failedRestoreLeavesModelUntouched() throws {
        let model = NavigationModel(selectedCategory: .dessert, path: [pie])
        let revision = model.revision
        #expect(throws: RecipeDataError.invalidNavigationData(reason: "expected an object, found array")) {
            try model.restore(from: Array("[]".utf8))
        }
        model.jsonData = Data("{\"recipePathIds\": 3}".utf8)
        #expect(
            model.lastRestoreError == .invalidNavigationData(reason: "'recipePathIds' must be an array, found number"))
        #expect(model.selectedCategory == .dessert)
        #expect(model.path == [pie])
        #expect(model.revision == revision)
    }

    @Test("jsonData round-trips and reports what was dropped")
    func jsonDataRoundTrip() throws {
        let source = NavigationModel(selectedCategory: .salad, path: [pie, crust])
        let target = NavigationModel()
        target.jsonData = source.jsonData
        #expect(target.selectedCategory == .salad)
        #expect(target.path == [pie, crust])
        #expect(target.lastRestoreReport?.isComplete == true)
        target.jsonData = try Fixtures.bytes("navigation/stale-ids.json").withUnsafeBufferPointer { Data($0) }
        #expect(target.lastRestoreReport?.dropped.map(\.reason) == [.notInDataSet, .notInDataSet])
        #expect(target.path == [pie, crust])
    }

    @Test("the change stream delivers the state after the change, never before")
    func streamDeliversNewState() async throws {
        let model = NavigationModel()
        var iterator = model.changes().makeAsyncIterator()
        model.selectedCategory = .pancake
        let first = try #require(await iterator.next())
        #expect(first.selectedCategory == .pancake)
        #expect(first.revision == 1)
        model.path.append(pie)
        let second = try #require(await iterator.next())
        #expect(second.state.recipePathIDs == [pie.id])
        #expect(second.selectedCategory == .pancake)
    }

    @Test("bursts coalesce to the newest snapshot, for every subscriber")
    func burstsCoalesce() async throws {
        let model = NavigationModel()
        var first = model.changes().makeAsyncIterator()
        var second = model.changes().makeAsyncIterator()
        for index in 0..<1_000 { model.path = index.isMultiple(of: 2) ? [pie] : [pie, crust] }
        let a = try #require(await first.next())
        let b = try #require(await second.next())
        #expect(a.revision == 1_000 && b.revision == 1_000)
        #expect(a.path == [pie, crust])
    }

    @Test("a restore publishes exactly one change")
    func restorePublishesOnce() async throws {
        let model = NavigationModel()
        var iterator = model.changes().makeAsyncIterator()
        try model.restore(from: try Fixtures.bytes("navigation/ours.json"))
        #expect(model.revision == 1)
        let snapshot = try #require(await iterator.next())
        #expect(snapshot.path.count == 3)
    }

    @Test("streams end when the model goes away")
    func streamEndsWithModel() async {
        var model: NavigationModel? = NavigationModel()
        let stream = model!.changes()
        model = nil
        var count = 0
        for await _ in stream { count += 1 }
        #expect(count == 0)
    }

    @Test("a cancelled subscriber is removed from the model")
    func cancelledSubscriberRemoved() async throws {
        let model = NavigationModel()
        let task = Task { for await _ in model.changes() {} }
        try await Task.sleep(for: .milliseconds(20))
        #expect(model.broadcaster.hasSubscribers)
        task.cancel()
        await task.value
        #expect(!model.broadcaster.hasSubscribers)
    }

    @Test("a snapshot holds the model's state: equal to the same state built from identifiers")
    func snapshotIsTheState() throws {
        let pie = try #require(DataModel.cookbook.recipe(named: "Apple Pie"))
        let crust = try #require(DataModel.cookbook.recipe(named: "Pie Crust"))
        let model = NavigationModel(selectedCategory: .dessert, path: [pie, crust])
        let built = NavigationState(selectedCategory: .dessert, recipePathIDs: [pie.id, crust.id])
        #expect(model.currentSnapshot.state == built)
        #expect(model.currentSnapshot.state.hashValue == built.hashValue)
        #expect(model.currentSnapshot.path == [pie, crust])
        #expect(model.currentSnapshot.state.encoded() == built.encoded())
        #expect(model.state != NavigationState(selectedCategory: .dessert, recipePathIDs: [pie.id]))
    }
}
