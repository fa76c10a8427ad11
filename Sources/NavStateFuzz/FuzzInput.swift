import RecipeData
import SceneNavigation
import SceneStore

/// A route with associated values, as apps navigate with.
enum FuzzRoute: Codable, Hashable, Sendable {
    case home
    case item(id: Int)
    case search(query: String?, page: Int)
}

/// An app state with paths beside other state.
struct FuzzState: Codable, Equatable, Sendable {
    var tab: Int
    var items: RoutePath<FuzzRoute>
    var names: RoutePath<String>?
}

/// Runs one input through every decode-and-validate path: the JSON parser, scene documents,
/// navigation JSON, recipe data files (leniently too), route paths restored element by element,
/// and UUID text. Errors are expected; a crash, a hang or a
/// broken invariant (checked here and stopped with `fatalError`, which is what a fuzzer looks for)
/// is a bug.
package func fuzzOneInput(_ bytes: [UInt8]) {
    if let value = try? JSONValue(parsing: bytes) {
        // The writer's output must parse back to the same value, compact and pretty.
        for pretty in [false, true] {
            guard let again = try? JSONValue(parsing: value.serialized(pretty: pretty)), again == value else {
                fatalError("JSON round trip changed the value")
            }
        }
    }
    if let scene = try? SceneID("main"),
        let document = try? SceneDocument(decoding: bytes, expectedScene: scene, maximumDepth: 256)
    {
        guard let again = try? SceneDocument(decoding: document.encoded(), expectedScene: scene, maximumDepth: 256),
            again.values == document.values
        else {
            fatalError("scene document round trip changed the values")
        }
    }
    if let payload = try? NavigationPayload(data: bytes) {
        let (state, path, report) = DataModel.cookbook.restore(payload)
        guard path.count == report.restoredIDs.count,
            report.restoredIDs.count + report.dropped.count == payload.recipePathIDs.count
        else {
            fatalError("restore report does not account for every ID")
        }
        // What a restore produces encodes to navigation JSON that decodes to the same state.
        guard let decoded = try? NavigationPayload(data: state.encoded()),
            decoded.recipePathIDs == state.recipePathIDs.map(\.description)
        else {
            fatalError("restored state does not round-trip")
        }
    }
    _ = try? DataModel(jsonData: bytes)
    if let value = try? JSONValue(parsing: bytes, allowsTrailingCommas: true) {
        _ = try? JSONValue(parsing: value.serialized())
    }
    if let value = try? JSONValue(parsing: bytes) {
        fuzzRoutePaths(value)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    if let id = Recipe.ID(text), Recipe.ID(id.description) != id {
        fatalError("UUID text round trip changed the ID")
    }
}

/// Route paths restored element by element: every element is restored or reported, and what is
/// restored encodes and restores again to the same routes.
private func fuzzRoutePaths(_ value: JSONValue) {
    if let (path, report) = try? NavigationCoding.decode(RoutePath<FuzzRoute>.self, from: value) {
        let count = value.arrayValue?.count ?? -1
        guard report.restoredCount == path.count, path.count + report.dropped.count == count else {
            fatalError("route path report does not account for every element")
        }
        guard let encoded = try? NavigationCoding.encode(path),
            let again = try? NavigationCoding.decode(RoutePath<FuzzRoute>.self, from: encoded),
            again.state == path, again.report.isComplete
        else {
            fatalError("restored route path does not round-trip")
        }
    }
    if let (state, _) = try? NavigationCoding.decode(FuzzState.self, from: value) {
        guard let encoded = try? NavigationCoding.encode(state),
            (try? NavigationCoding.decode(FuzzState.self, from: encoded))?.state == state
        else {
            fatalError("restored app state does not round-trip")
        }
    }
    for path in StoredRoutePath.paths(in: value) { _ = path.json }
    if let (path, report) = try? MixedPath.decode(from: value, types: NavigationTypeRegistry()) {
        guard path.count == report.restoredCount,
            path.count + report.dropped.count == (value.arrayValue?.count ?? 0) / 2
        else {
            fatalError("mixed path report does not account for every element")
        }
        // What is restored encodes in SwiftUI's format and restores again to the same path.
        guard let encoded = try? NavigationCoding.encode(path),
            let again = try? MixedPath.decode(from: encoded, types: NavigationTypeRegistry()),
            again.path == path, again.report.isComplete
        else {
            fatalError("restored mixed path does not round-trip")
        }
    }
    fuzzStoredNavigationPaths(value)
}

/// Paths in SwiftUI's format looked at and renamed without types: every element listed, and a
/// rename undone by the reverse rename.
private func fuzzStoredNavigationPaths(_ value: JSONValue) {
    for path in StoredNavigationPath.paths(in: value) {
        _ = path.json
        guard path.elements.map(\.position) == Array(0..<path.elements.count) else {
            fatalError("stored navigation path positions are not 0..<count")
        }
    }
    let marker = "Fuzz.Renamed"
    guard let (renamed, changes) = try? StoredNavigationPath.retagged(value, from: "Swift.Int", to: marker) else {
        return
    }
    if changes.isEmpty, renamed != value { fatalError("a rename without changes changed the value") }
    let original = String(decoding: value.serialized(), as: UTF8.self)
    guard !original.contains(marker) else { return }
    guard let (back, _) = try? StoredNavigationPath.retagged(renamed, from: marker, to: "Swift.Int"), back == value
    else {
        fatalError("renaming a type and back did not give the stored value")
    }
}
