import RecipeData
import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A route with associated values, as apps navigate with.
enum FuzzRoute: Codable, Hashable, Sendable {
    case home
    case item(id: Int)
    case search(query: String?, page: Int)
}

/// An app state with paths beside other state: a typed path, an optional one, a mixed path, what
/// is presented over them and plain members, each salvaged on its own.
struct FuzzState: Codable, Equatable {
    var tab: Int = 0
    var items: RoutePath<FuzzRoute> = []
    var names: RoutePath<String>?
    var panels = MixedPath()
    var presented = PresentationChain<FuzzRoute>()
    var columns = ColumnVisibility.automatic
    var selection: FuzzRoute?
}

/// Runs one input through every decode-and-validate path: the JSON parser, scene documents, the
/// cookbook's navigation state, recipe data files (leniently too), app states restored element by
/// element and member by member, mixed paths, stored NavigationPaths, and UUID text. Errors are expected; a crash, a hang or a
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
        let document = try? StoredDocument(decoding: bytes, scene: scene, path: "fuzz")
    {
        guard let again = try? StoredDocument(decoding: document.encodedBytes(), scene: scene, path: "fuzz"),
            again.values == document.values
        else {
            fatalError("scene document round trip changed the values")
        }
    }
    if let value = try? JSONValue(parsing: bytes) {
        fuzzCookbook(value)
    }
    _ = try? DataModel(jsonData: bytes)
    if let value = try? JSONValue(parsing: bytes, allowsTrailingCommas: true) {
        _ = try? JSONValue(parsing: value.serialized())
    }
    if let value = try? JSONValue(parsing: bytes) {
        fuzzRoutePaths(value)
        fuzzPositions(value, bytes)
        fuzzWriteLimits(value)
    }
    let text = String(decoding: bytes, as: UTF8.self)
    if let id = Recipe.ID(text), Recipe.ID(id.description) != id {
        fatalError("UUID text round trip changed the ID")
    }
    fuzzLinks(text)
}

/// The fuzz routes' links: every pattern kind (literals, typed path parameters, a nested member,
/// query parameters, a value's pattern).
private let fuzzLinkMapping = LinkMapping<FuzzRoute>(
    scheme: "fuzz",
    [
        LinkPattern("home", case: "home"), LinkPattern("item/{id:int}", case: "item"),
        LinkPattern("search/{page:int}?{query}", case: "search"),
    ])

/// Links read and printed: the input as a link of the fuzz routes, of any JSON (as `navstate open
/// --mapping` reads another app's), and of the cookbook. What opens prints as a link that opens
/// again to the same path, whole; the report accounts for what did not.
private func fuzzLinks(_ text: String) {
    for link in [text, "fuzz://" + text] {
        if let (path, report) = try? fuzzLinkMapping.routes(fromLink: link) {
            guard report.restoredCount == path.count else { fatalError("link report does not count what opened") }
            guard let printed = try? fuzzLinkMapping.link(for: path),
                let (again, complete) = try? fuzzLinkMapping.routes(fromLink: printed),
                again == path, complete.isComplete
            else {
                fatalError("an opened link does not print and open again to the same path")
            }
        }
        let any = LinkMapping<JSONValue>(scheme: "fuzz", [LinkPattern("{value}", value: "value")])
        if let (path, _) = try? any.routes(fromLink: link), let printed = try? any.link(for: path) {
            guard let (again, _) = try? any.routes(fromLink: printed), again == path else {
                fatalError("a link of JSON values does not print and open again to the same path")
            }
        }
        _ = try? CookbookState.links.routes(fromLink: link, resolvers: DataModel.cookbook.resolvers)
    }
}

/// The cookbook's state restored against the built-in data: every stored ID is restored or
/// reported, and what is restored encodes and restores again whole.
private func fuzzCookbook(_ value: JSONValue) {
    let data = DataModel.cookbook
    fuzzFromText(CookbookState.self, value, resolvers: data.resolvers, initial: CookbookState())
    guard
        let (state, report) = try? StateCoding.decode(
            CookbookState.self, from: value, resolvers: data.resolvers,
            initial: CookbookState())
    else { return }
    let elements = report.dropped.filter { $0.position != nil }.count
    let stored = value.objectValue?["recipePathIds"]?.arrayValue ?? value.objectValue?["recipePathIDs"]?.arrayValue
    guard report.restoredCount == state.path.count, stored.map({ $0.count == elements + state.path.count }) ?? true
    else {
        fatalError("cookbook restore report does not account for every ID")
    }
    guard let encoded = try? StateCoding.encode(state),
        let again = try? StateCoding.decode(
            CookbookState.self, from: encoded, resolvers: data.resolvers, initial: CookbookState()),
        again.state == state, again.report.isComplete
    else {
        fatalError("restored cookbook state does not round-trip")
    }
}

/// Route paths restored element by element: every element is restored or reported, and what is
/// restored encodes and restores again to the same routes.
private func fuzzRoutePaths(_ value: JSONValue) {
    fuzzPresentations(value)
    if let (path, report) = try? StateCoding.decode(RoutePath<FuzzRoute>.self, from: value) {
        let count = value.arrayValue?.count ?? -1
        guard report.restoredCount == path.count, path.count + report.dropped.count == count else {
            fatalError("route path report does not account for every element")
        }
        guard let encoded = try? StateCoding.encode(path),
            let again = try? StateCoding.decode(RoutePath<FuzzRoute>.self, from: encoded),
            again.state == path, again.report.isComplete
        else {
            fatalError("restored route path does not round-trip")
        }
    }
    // Member by member, with resolvers on every path kind and member: `item(id: 13)` is gone.
    let resolvers = RouteResolvers().adding(FuzzRoute.self) { $0 == .item(id: 13) ? nil : $0 }
    fuzzFromText(RoutePath<FuzzRoute>.self, value)
    fuzzFromText(RoutePath<FuzzNote>.self, value, resolvers: FuzzNote.resolvers)
    fuzzFromText(RoutePath<FuzzTag>.self, value, resolvers: FuzzTag.resolvers)
    fuzzFromText(FuzzState.self, value, resolvers: resolvers, initial: FuzzState())
    if let (state, _) = try? StateCoding.decode(
        FuzzState.self, from: value, resolvers: resolvers, initial: FuzzState())
    {
        guard let encoded = try? StateCoding.encode(state),
            let again = try? StateCoding.decode(FuzzState.self, from: encoded, resolvers: resolvers),
            again.state == state, again.report.isComplete
        else {
            fatalError("restored app state does not round-trip")
        }
    }
    // The same with migrations: renamed cases and keys, and a type's step, each element and member
    // made current or reported; what is restored still round-trips.
    var migrations = NavigationMigrations()
    migrations.renameCase("start", to: "home", in: FuzzRoute.self)
    migrations.renameKey("tabIndex", to: "tab", in: FuzzState.self)
    migrations.addStep(for: FuzzRoute.self) { old in
        guard case .object(let members) = old, let page = members["page"] else { return old }
        return .object(["search": .object(["query": .null, "page": page])])
    }
    if let (state, report) = try? StateCoding.decode(
        FuzzState.self, from: value, resolvers: resolvers, migrations: migrations, initial: FuzzState())
    {
        guard report.migrated.allSatisfy({ $0.from != $0.to }) else {
            fatalError("a migrated entry did not change")
        }
        guard let encoded = try? StateCoding.encode(state),
            let again = try? StateCoding.decode(
                FuzzState.self, from: encoded, resolvers: resolvers, migrations: migrations, schemaVersion: 1),
            again.state == state, again.report.isComplete
        else {
            fatalError("migrated app state does not round-trip")
        }
    }
    // Resolvers on a mixed path's elements: `13` is gone wherever it is.
    var types = NavigationTypeRegistry()
    types.register(FuzzRoute.self)
    let intResolvers = RouteResolvers().adding(Int.self) { $0 == 13 ? nil : $0 }
    if let (path, report) = try? StateCoding.decode(
        MixedPath.self, from: value, resolvers: intResolvers, types: types)
    {
        guard !path.elements.contains(where: { $0.base as? Int == 13 }),
            path.count + report.dropped.count == (value.arrayValue?.count ?? 0) / 2
        else {
            fatalError("a resolver did not reach every mixed path element")
        }
    }
    for path in RoutePathRecord.paths(in: value) { _ = path.json }
    if let (path, report) = try? MixedPath.restored(from: value, types: NavigationTypeRegistry()) {
        guard path.count == report.restoredCount,
            path.count + report.dropped.count == (value.arrayValue?.count ?? 0) / 2
        else {
            fatalError("mixed path report does not account for every element")
        }
        // What is restored encodes in SwiftUI's format and restores again to the same path.
        guard let encoded = try? StateCoding.encode(path),
            let again = try? MixedPath.restored(from: encoded, types: NavigationTypeRegistry()),
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
    for path in NavigationPathRecord.paths(in: value) {
        _ = path.json
        guard path.elements.map(\.position) == Array(0..<path.elements.count) else {
            fatalError("stored navigation path positions are not 0..<count")
        }
    }
    let marker = "Fuzz.Renamed"
    guard let (renamed, changes) = try? NavigationPathRecord.retagged(value, from: "Swift.Int", to: marker) else {
        return
    }
    if changes.isEmpty, renamed != value { fatalError("a rename without changes changed the value") }
    let original = String(decoding: value.serialized(), as: UTF8.self)
    guard !original.contains(marker) else { return }
    guard let (back, _) = try? NavigationPathRecord.retagged(renamed, from: marker, to: "Swift.Int"), back == value
    else {
        fatalError("renaming a type and back did not give the stored value")
    }
}

/// Places in the text: every member and element of the first levels is found where its value
/// starts (the first byte of its kind), and a path that leads nowhere is found nowhere.
private func fuzzPositions(_ value: JSONValue, _ bytes: [UInt8]) {
    var checked = 0
    func visit(_ value: JSONValue, _ path: [JSONValue.PathComponent]) {
        guard checked < 64 else { return }
        checked += 1
        guard let position = JSONValue.position(of: path, in: bytes), position.offset < bytes.count else {
            fatalError("no position for a path that exists")
        }
        let first = bytes[position.offset]
        let expected: Bool
        switch value {
        case .object: expected = first == UInt8(ascii: "{")
        case .array: expected = first == UInt8(ascii: "[")
        case .string: expected = first == UInt8(ascii: "\"")
        case .bool(let flag): expected = first == (flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        case .null: expected = first == UInt8(ascii: "n")
        case .number:
            expected = first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
        }
        guard expected else { fatalError("a position is not where its value starts") }
        switch value {
        case .object(let members):
            for (key, member) in members.prefix(4) { visit(member, path + [.key(key)]) }
            if JSONValue.position(of: path + [.key("\u{1}absent")], in: bytes) != nil, members["\u{1}absent"] == nil {
                fatalError("a missing member was found")
            }
        case .array(let elements):
            for (index, element) in elements.prefix(4).enumerated() { visit(element, path + [.index(index)]) }
            if JSONValue.position(of: path + [.index(elements.count)], in: bytes) != nil {
                fatalError("an element past the end was found")
            }
        default: break
        }
    }
    visit(value, [])
}

/// What a write makes, every read with the same limits accepts, and nothing a read would accept is
/// refused: another app's value saved as given, under small limits.
private func fuzzWriteLimits(_ value: JSONValue) {
    guard let scene = try? SceneID("main") else { return }
    let configuration = StateStore.Configuration(maximumFileSize: 4096, maximumDepth: 16)
    let document = StoredDocument(
        scene: scene, savedAt: Date(timeIntervalSince1970: 0), values: ["navigation": .json(value)])
    let readable =
        document.encodedBytes().count <= configuration.maximumFileSize
        && (try? StoredDocument(decoding: document.encodedBytes(), scene: scene, path: "fuzz", maximumDepth: 16)) != nil
    switch Result(catching: { () throws(SceneStoreError) in try document.encoded(within: configuration, path: "fuzz") })
    {
    case .success(let bytes):
        guard let again = try? StoredDocument(decoding: bytes, scene: scene, path: "fuzz", maximumDepth: 16),
            again.values == document.values, bytes.count <= configuration.maximumFileSize
        else {
            fatalError("a write within the limits made a file that a read with them refuses")
        }
    case .failure:
        if readable { fatalError("a write was refused that a read with the same limits accepts") }
    }
}

/// Chains of presentations read level by level: every level accounted for, what is restored a
/// bottom part of the chain (a level over one dropped is dropped too), and it round-trips; the record
/// of screens not saved read strictly.
private func fuzzPresentations(_ value: JSONValue) {
    let resolvers = RouteResolvers().adding(FuzzRoute.self) { $0 == .item(id: 13) ? nil : $0 }
    if let (chain, report) = try? StateCoding.decode(
        PresentationChain<FuzzRoute>.self, from: value, resolvers: resolvers)
    {
        let count = value.arrayValue?.count ?? -1
        guard report.restoredCount == chain.count, chain.count + report.dropped.count == count,
            report.dropped.map(\.position) == (chain.count..<max(count, chain.count)).map({ $0 })
        else {
            fatalError("a chain's report does not account for every level, or kept a level over a dropped one")
        }
        guard let encoded = try? StateCoding.encode(chain),
            let again = try? StateCoding.decode(PresentationChain<FuzzRoute>.self, from: encoded),
            again.state == chain, again.report.isComplete
        else {
            fatalError("restored chain does not round-trip")
        }
    }
    if let scene = try? SceneID("main"),
        let screens = try? StoredNavigation.unsavedScreens(
            forKey: "navigation",
            in: StoredDocument(
                scene: scene, savedAt: Date(timeIntervalSince1970: 0),
                values: ["navigation": .json(.null), "navigation.unsaved": .json(value)])),
        screens.contains(where: { $0.position == nil || $0.json != .null })
    {
        fatalError("a screen not saved is reported without its position, or with JSON")
    }
}

/// A route stored as its `Int` identifier: those divisible by 3 are gone, and 7 is 1's earlier one.
private struct FuzzNote: IdentifiedRoute {
    var id: Int
    static let resolvers = RouteResolvers().adding(FuzzNote.self) { id in
        id == 7 ? FuzzNote(id: 1) : id % 3 == 0 ? nil : FuzzNote(id: id)
    }
}

/// A route stored as its `String` identifier: the empty one is gone, and `old` is `new`'s earlier one.
private struct FuzzTag: IdentifiedRoute {
    var id: String
    static let resolvers = RouteResolvers().adding(FuzzTag.self) { id in
        id == "old" ? FuzzTag(id: "new") : id.isEmpty ? nil : FuzzTag(id: id)
    }
}

/// A state restored from its text (as binary data that holds JSON is, and a scene's file) is the
/// state restored from its value built, with the same report or the same error.
private func fuzzFromText<State: Codable & Equatable>(
    _ type: State.Type, _ value: JSONValue, resolvers: RouteResolvers = RouteResolvers(), initial: State? = nil
) {
    let fromValue = Result { () throws(NavigationError) in
        try StateCoding.decode(type, from: value, resolvers: resolvers, initial: initial)
    }
    let fromText = Result { () throws(NavigationError) in
        try StateCoding.decode(
            type, from: SceneValue.binary(Data(value.serialized())), resolvers: resolvers, initial: initial)
    }
    switch (fromValue, fromText) {
    case (.success(let built), .success(let read)) where built.state == read.state && built.report == read.report: break
    case (.failure(let built), .failure(let read)) where built == read: break
    default: fatalError("a state restored from its text is not the state restored from its value")
    }
}
