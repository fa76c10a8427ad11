import Benchmark
import Foundation
import MainActorRoutes
import RecipeData
import SceneNavigation
import SceneStore

// Every scenario registers its baselines beside it, named `<scenario>/<variant>/<size>`, so one run
// gives the ratios that BENCHMARKS.md reports. Run with Benchmarks/run.sh.

let pathSizes = [10, 1_000, 10_000]
let dataSizes = [26, 1_000, 100_000]
let environment = ProcessInfo.processInfo.environment

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 3, maxDuration: .seconds(2), maxIterations: 2_000)

    let bigData = makeDataModel(recipes: 100_000)

    // MARK: 1. Durable save of one scene's navigation state

    for size in pathSizes {
        let path = makePath(length: size, from: bigData)
        let states = [
            CookbookState(selectedCategory: .dessert, path: RoutePath(path)),
            CookbookState(selectedCategory: .salad, path: RoutePath(path)),
        ]
        let directory = makeTemporaryDirectory()
        let store = StateStore(appID: try! AppID("bench"), stateRoot: directory)
        let scene = try! SceneID("main")
        try! store.setSceneValue(.json(try! NavigationCoding.encode(states[0])), forKey: "navigation", in: scene)
        let documentBytes = try! store.file(of: scene).bytes
        let floorDirectory = directory + "/floor"
        try! FileManager.default.createDirectory(atPath: floorDirectory, withIntermediateDirectories: true)
        let sampleURL = URL(fileURLWithPath: directory + "/sample.json")

        // Each iteration runs the three one after the other, so machine noise hits all alike and
        // the ratios of the medians compare like with like. States alternate so every write is real.
        let counter = Counter()
        let sample = SampleNavigation(selectedCategory: 0, recipePathIds: path.map(\.id.uuid))
        // What an app's save is: its model changes, and the persistence makes the change durable
        // (the state encoded as text on the main actor, handed to the writer, written and synced).
        let saver = SceneSave(
            store: store, scene: "persisted", initial: CookbookState(selectedCategory: .dessert, path: RoutePath(path))
        ) { model, flag in model.state.selectedCategory = flag ? .dessert : .salad }
        let floor: @Sendable () -> Void = {
            floorDurableReplace(directory: floorDirectory, name: "main.json", bytes: documentBytes)
        }
        let sampleSave: @Sendable () -> Void = {
            try! sampleEncoder.encode(sample).write(to: sampleURL, options: .atomic)
        }
        interleavedSave("save/\(size) ids", floor: floor, sample: sampleSave) { @MainActor in
            await saver.save(counter.next() & 1 == 0)
        }
        // The same save through the store's value API, as 0.3.0's save benchmark measured it: what
        // a write-through did with a change, encode the state, then write the scene durably.
        interleavedSave("save value api/\(size) ids", floor: floor, sample: sampleSave) { @MainActor in
            let value = SceneValue.json(try! NavigationCoding.encode(states[counter.next() & 1]))
            precondition(try! store.setSceneValue(value, forKey: "navigation", in: scene).wroteFile)
        }
    }

    // Memory of one durable save of 10,000 IDs, encoding included (states alternate, so every
    // save writes): what the allocator is asked for per save, through the persistence.
    do {
        let path = makePath(length: 10_000, from: bigData)
        let store = StateStore(appID: try! AppID("bench"), stateRoot: makeTemporaryDirectory())
        let saver = PersistedSave(store: store, scene: try! SceneID("main"), path: path)
        let counter = Counter()
        Benchmark(
            "save memory/10000 ids",
            configuration: .init(metrics: [.mallocCountTotal, .mallocBytesCount], warmupIterations: 3, maxIterations: 50)
        ) { _ in
            await saver.change(counter.next() & 1 == 0)
        }
    }
    do {
        let path = makePath(length: 10_000, from: bigData)
        let states = [
            CookbookState(selectedCategory: .dessert, path: RoutePath(path)),
            CookbookState(selectedCategory: .salad, path: RoutePath(path)),
        ]
        let store = StateStore(appID: try! AppID("bench"), stateRoot: makeTemporaryDirectory())
        let scene = try! SceneID("main")
        try! store.setSceneValue(.json(try! NavigationCoding.encode(states[0])), forKey: "navigation", in: scene)
        let counter = Counter()
        Benchmark(
            "save memory value api/10000 ids",
            configuration: .init(metrics: [.mallocCountTotal, .mallocBytesCount], warmupIterations: 3, maxIterations: 50)
        ) { _ in
            let value = SceneValue.json(try! NavigationCoding.encode(states[counter.next() & 1]))
            precondition(try! store.setSceneValue(value, forKey: "navigation", in: scene).wroteFile)
        }
    }

    // The cookbook's routes against an app's, saved the same way (RouteSaves.swift).
    registerRouteSaves(bigData: bigData)

    // MARK: 2. Write-through of a burst of 100,000 model mutations

    // And a burst as apps make changes, the main actor yielded between them (YieldingBurst.swift).
    registerYieldingBurst()

    do {
        let directory = makeTemporaryDirectory()
        let store = StateStore(appID: try! AppID("bench"), stateRoot: directory)
        let scene = try! SceneID("burst")
        let recipes = Array(DataModel.cookbook.recipes.prefix(3))
        let mutations = 100_000
        burstBenchmark("burst/navstate/100000 mutations") {
            await burst(store: store, scene: scene, recipes: recipes, mutations: mutations)
        }
        // Where the producer's cost goes: the model alone, and with a subscriber that does not consume.
        for subscribed in [false, true] {
            Benchmark(
                "burst/model only\(subscribed ? ", idle subscriber" : "")/100000 mutations",
                configuration: .init(metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 20)
            ) { _ in
                await MainActor.run {
                    let model = NavigationModel()
                    let stream = subscribed ? model.changes() : nil
                    for index in 0..<mutations {
                        if index & 1 == 0 {
                            model.selectedCategory = Category(rawValue: (index >> 1) % 4)
                        } else {
                            model.path = Array(recipes.prefix(1 + index % 3))
                        }
                    }
                    blackHole(stream)
                }
            }
        }
        // The sample's recipe: encode and Data.write(.atomic) on every change. 1,000 changes, to
        // keep the run short; per change it is the same cost at 100,000.
        let sampleURL = URL(fileURLWithPath: directory + "/sample.json")
        Benchmark(
            "burst/sample/1000 changes",
            configuration: .init(metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 5)
        ) { _ in
            for index in 0..<1_000 {
                let sample = SampleNavigation(
                    selectedCategory: index % 4, recipePathIds: recipes.prefix(1 + index % 3).map(\.id.uuid))
                try! sampleEncoder.encode(sample).write(to: sampleURL, options: .atomic)
            }
        }
    }

    // MARK: 3. Restore: read, decode, look up, report

    for dataSize in dataSizes {
        let data = dataSize == 100_000 ? bigData : makeDataModel(recipes: dataSize)
        for size in pathSizes {
            let path = makePath(length: size, from: data)
            let directory = makeTemporaryDirectory()
            let store = StateStore(appID: try! AppID("bench"), stateRoot: directory)
            let scene = try! SceneID("main")
            try! store.setSceneValue(
                .json(try! NavigationCoding.encode(CookbookState(selectedCategory: .dessert, path: RoutePath(path)))),
                forKey: "navigation", in: scene)
            let sampleURL = URL(fileURLWithPath: directory + "/sample.json")
            try! sampleEncoder.encode(SampleNavigation(selectedCategory: 0, recipePathIds: path.map(\.id.uuid)))
                .write(to: sampleURL)
            // The sample's DataModel looks recipes up through a dictionary by ID.
            let byID = Dictionary(uniqueKeysWithValues: data.recipes.map { ($0.id.uuid, $0) })
            let metrics: [BenchmarkMetric] =
                size == 10_000 && dataSize == 100_000
                ? [.wallClock, .mallocCountTotal, .peakMemoryResidentDelta, .mallocBytesCount]
                : [.wallClock, .mallocCountTotal]
            let name = "\(size) ids of \(dataSize) recipes"
            Benchmark("restore/navstate/\(name)", configuration: .init(metrics: metrics)) { benchmark in
                for _ in benchmark.scaledIterations {
                    // What a NavigationModel's restore does: each ID looked up in the data.
                    let value = try! store.sceneValue(forKey: "navigation", in: scene)!
                    blackHole(
                        try! NavigationCoding.decode(
                            CookbookState.self, from: value, resolvers: data.resolvers,
                            initial: CookbookState()))
                }
            }
            Benchmark("restore/sample/\(name)", configuration: .init(metrics: metrics)) { benchmark in
                for _ in benchmark.scaledIterations {
                    let decoded = try! JSONDecoder().decode(SampleNavigation.self, from: Data(contentsOf: sampleURL))
                    blackHole(decoded.recipePathIds.compactMap { byID[$0] })
                }
            }
            do {
                Benchmark(
                    "restore/linear/\(name)",
                    configuration: .init(metrics: [.wallClock], maxDuration: .seconds(2), maxIterations: 50)
                ) { benchmark in
                    for _ in benchmark.scaledIterations {
                        let decoded = try! JSONDecoder().decode(SampleNavigation.self, from: Data(contentsOf: sampleURL))
                        blackHole(decoded.recipePathIds.compactMap { id in data.recipes.first { $0.id.uuid == id } })
                    }
                }
            }
        }
    }

    // MARK: 4. Encoding and decoding of the navigation payload alone

    for size in pathSizes {
        let path = makePath(length: size, from: bigData)
        let state = CookbookState(selectedCategory: .dessert, path: RoutePath(path))
        let sample = SampleNavigation(selectedCategory: 0, recipePathIds: path.map(\.id.uuid))
        let bytes = try! NavigationCoding.encode(state).serialized(escapingSlashes: true)
        let data = Data(bytes)
        // Both to the sample's bytes: navstate's encoding (to a JSON value, then to bytes) against
        // JSONEncoder's.
        Benchmark("encode/navstate/\(size) ids") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try! NavigationCoding.encode(state).serialized(escapingSlashes: true))
            }
        }
        Benchmark("encode/foundation/\(size) ids") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try! sampleEncoder.encode(sample)) }
        }
        // navstate: parse, then decode and look up every ID (the element-by-element restore), against
        // JSONDecoder's decoding of the IDs alone.
        Benchmark("decode/navstate/\(size) ids") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(
                    try! NavigationCoding.decode(
                        CookbookState.self, from: .binary(data), resolvers: bigData.resolvers, initial: CookbookState()))
            }
        }
        Benchmark("decode/foundation/\(size) ids") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try! JSONDecoder().decode(SampleNavigation.self, from: data)) }
        }
    }

    // MARK: 5. Listing and inspecting an app folder

    for count in [1_000, 10_000] {
        let directory = makeTemporaryDirectory()
        let store = StateStore(appID: try! AppID("bench"), stateRoot: directory)
        try! FileManager.default.createDirectory(atPath: store.scenesDirectory, withIntermediateDirectories: true)
        let path = makePath(length: 10, from: DataModel.cookbook)
        for index in 0..<count {
            let scene = try! SceneID("scene-\(index)")
            let document = SceneDocument(
                scene: scene, savedAt: Date(timeIntervalSince1970: 1_800_000_000),
                values: [
                    "navigation": .json(
                        try! NavigationCoding.encode(CookbookState(selectedCategory: .pancake, path: RoutePath(path))))
                ])
            _ = FileManager.default.createFile(atPath: store.path(for: scene), contents: Data(document.encoded()))
        }
        let configuration = Benchmark.Configuration(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 30)
        Benchmark("list/navstate/\(count) scenes", configuration: configuration) { _ in
            blackHole(try! store.scenes())
        }
        // Baseline: Foundation reads and parses every file the usual way.
        Benchmark("list/foundation/\(count) scenes", configuration: configuration) { _ in
            let names = try! FileManager.default.contentsOfDirectory(atPath: store.scenesDirectory)
            for name in names where name.hasSuffix(".json") {
                let data = try! Data(contentsOf: URL(fileURLWithPath: store.scenesDirectory + "/" + name))
                blackHole(try! JSONSerialization.jsonObject(with: data))
            }
        }
    }

    // MARK: 7. Any app's routes: element-by-element restore against JSONDecoder on [Route]

    do {
        let routes = makeRoutes(10_000)
        let bytes = try! JSONEncoder().encode(routes)
        let value = try! JSONValue(parsing: bytes)
        // The three run one after the other in each iteration, so noise hits all alike.
        Benchmark(
            "routes/restore/10000 routes",
            configuration: .init(
                metrics: [.custom("navstate from value ns"), .custom("navstate from bytes ns"), .custom("jsondecoder ns")],
                warmupIterations: 3, maxDuration: .seconds(6), maxIterations: 200)
        ) { benchmark in
            let clock = ContinuousClock()
            let start = clock.now
            blackHole(try! JSONDecoder().decode([BenchRoute].self, from: bytes))
            let afterFoundation = clock.now
            blackHole(try! NavigationCoding.decode(RoutePath<BenchRoute>.self, from: value))
            let afterValue = clock.now
            blackHole(try! NavigationCoding.decode(RoutePath<BenchRoute>.self, from: .binary(bytes)))
            let afterBytes = clock.now
            benchmark.measurement(.custom("jsondecoder ns"), nanoseconds(afterFoundation - start))
            benchmark.measurement(.custom("navstate from value ns"), nanoseconds(afterValue - afterFoundation))
            benchmark.measurement(.custom("navstate from bytes ns"), nanoseconds(afterBytes - afterValue))
        }
        Benchmark(
            "routes/restore memory/10000 routes",
            configuration: .init(metrics: [.mallocCountTotal, .mallocBytesCount], maxIterations: 20)
        ) { _ in
            blackHole(try! NavigationCoding.decode(RoutePath<BenchRoute>.self, from: value))
        }
        Benchmark(
            "routes/jsondecoder memory/10000 routes",
            configuration: .init(metrics: [.mallocCountTotal, .mallocBytesCount], maxIterations: 20)
        ) { _ in
            blackHole(try! JSONDecoder().decode([BenchRoute].self, from: bytes))
        }
    }

    // MARK: 10. SwiftUI's NavigationPath format: a 1,000-element mixed path against the backports' way

    do {
        let (path, elements) = makeMixedPath(1_000)
        var types = NavigationTypeRegistry()
        types.register(BenchUser.self)
        types.register(BenchScreen.self)
        let bytes = try! JSONEncoder().encode(path)
        let decoder = JSONDecoder()
        decoder.userInfo[MixedPath.typesKey] = types
        // The four run one after the other in each iteration, so noise hits all alike.
        Benchmark(
            "mixed/1000 elements",
            configuration: .init(
                metrics: [
                    .custom("navstate encode ns"), .custom("baseline encode ns"), .custom("navstate decode ns"),
                    .custom("navstate restore ns"), .custom("baseline decode ns"),
                ],
                warmupIterations: 3, maxDuration: .seconds(6), maxIterations: 300)
        ) { benchmark in
            let clock = ContinuousClock()
            let start = clock.now
            blackHole(try! JSONEncoder().encode(path))
            let afterEncode = clock.now
            blackHole(backportEncode(elements))
            let afterBaselineEncode = clock.now
            blackHole(try! decoder.decode(MixedPath.self, from: bytes))
            let afterDecode = clock.now
            blackHole(try! NavigationCoding.decode(MixedPath.self, from: .binary(bytes), types: types))
            let afterRestore = clock.now
            blackHole(backportDecode(bytes))
            let afterBaselineDecode = clock.now
            benchmark.measurement(.custom("navstate encode ns"), nanoseconds(afterEncode - start))
            benchmark.measurement(.custom("baseline encode ns"), nanoseconds(afterBaselineEncode - afterEncode))
            benchmark.measurement(.custom("navstate decode ns"), nanoseconds(afterDecode - afterBaselineEncode))
            benchmark.measurement(.custom("navstate restore ns"), nanoseconds(afterRestore - afterDecode))
            benchmark.measurement(.custom("baseline decode ns"), nanoseconds(afterBaselineDecode - afterRestore))
        }
        let memory = Benchmark.Configuration(metrics: [.mallocCountTotal, .mallocBytesCount], maxIterations: 20)
        Benchmark("mixed memory/navstate encode", configuration: memory) { _ in
            blackHole(try! JSONEncoder().encode(path))
        }
        Benchmark("mixed memory/baseline encode", configuration: memory) { _ in
            blackHole(backportEncode(elements))
        }
        Benchmark("mixed memory/navstate decode", configuration: memory) { _ in
            blackHole(try! decoder.decode(MixedPath.self, from: bytes))
        }
        Benchmark("mixed memory/navstate restore", configuration: memory) { _ in
            blackHole(try! NavigationCoding.decode(MixedPath.self, from: .binary(bytes), types: types))
        }
        Benchmark("mixed memory/baseline decode", configuration: memory) { _ in
            blackHole(backportDecode(bytes))
        }
    }

    // MARK: 11. The crash-loop guard: a restore with and without it, and a burst after a guarded restore

    do {
        let directory = makeTemporaryDirectory()
        let store = StateStore(appID: try! AppID("bench"), stateRoot: directory)
        let scene = try! SceneID("guarded")
        try! store.setSceneValue(.json(try! NavigationCoding.encode(RoutePath(makeRoutes(10)))), forKey: "navigation", in: scene)
        // Both run one after the other in each iteration. The guarded restore writes the marker
        // before applying, and the restore becomes healthy (the marker is removed) before the next.
        Benchmark(
            "guard/restore/10 routes",
            configuration: .init(
                metrics: [.custom("guarded ns"), .custom("unguarded ns")], warmupIterations: 3, maxDuration: .seconds(6),
                maxIterations: 300)
        ) { benchmark in
            let (guarded, unguarded) = await guardedRestore(store: store, scene: scene)
            benchmark.measurement(.custom("guarded ns"), guarded)
            benchmark.measurement(.custom("unguarded ns"), unguarded)
        }
        let burstScene = try! SceneID("guarded-burst")
        try! store.setSceneValue(.json(try! NavigationCoding.encode(RoutePath(makeRoutes(4)))), forKey: "navigation", in: burstScene)
        burstBenchmark("burst/routes after a guarded restore/100000 mutations") {
            await routeBurst(store: store, scene: burstScene, mutations: 100_000, guarded: true)
        }
    }

    // MARK: 8. Any app's routes: write-through of a burst of 100,000 mutations

    do {
        let directory = makeTemporaryDirectory()
        let store = StateStore(appID: try! AppID("bench"), stateRoot: directory)
        let scene = try! SceneID("routes")
        burstBenchmark("burst/routes/100000 mutations") {
            await routeBurst(store: store, scene: scene, mutations: 100_000)
        }
        // The same routes, not Sendable: the persistence encodes each write on the main actor.
        // What that costs the main actor per write: encoding the burst's state (4 routes deep).
        let unsendableState = RoutePath(makeRoutes(4).map(UnsendableRoute.init))
        Benchmark(
            "burst/routes, not Sendable, main actor per write/4 routes",
            configuration: .init(metrics: [.wallClock], warmupIterations: 100, maxDuration: .seconds(2), maxIterations: 100_000)
        ) { _ in
            blackHole(try! NavigationCoding.encode(unsendableState))
        }
        let unsendableScene = try! SceneID("routes-not-sendable")
        burstBenchmark("burst/routes, not Sendable/100000 mutations") {
            await routeBurst(store: store, scene: unsendableScene, mutations: 100_000, routes: makeRoutes(8).map(UnsendableRoute.init))
        }
        // The same routes declared in an Xcode 26 app target (main-actor default isolation, isolated
        // conformances): the burst, and single saves interleaved with the Sendable routes' own.
        let mainActorScene = try! SceneID("routes-main-actor")
        burstBenchmark("burst/routes, main actor/100000 mutations") {
            await mainActorRouteBurst(store: store, scene: mainActorScene, mutations: 100_000)
        }
        let sendableSaves = try! SceneID("saves-sendable")
        let mainActorSaves = try! SceneID("saves-main-actor")
        Benchmark(
            "save/routes/one change then flush",
            configuration: .init(
                metrics: [.custom("Sendable ns per save"), .custom("main actor ns per save")], warmupIterations: 2,
                maxDuration: .seconds(10), maxIterations: 40)
        ) { benchmark in
            benchmark.measurement(
                .custom("Sendable ns per save"), await routeSaves(store: store, scene: sendableSaves, count: 50))
            benchmark.measurement(
                .custom("main actor ns per save"),
                await mainActorRouteSaves(store: store, scene: mainActorSaves, count: 50))
        }
    }

    // Where the producer's cost goes: the route model alone, and with a subscriber that does not consume.
    for subscribed in [false, true] {
        Benchmark(
            "burst/routes model only\(subscribed ? ", idle subscriber" : "")/100000 mutations",
            configuration: .init(metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 20)
        ) { _ in
            await MainActor.run {
                let model = SceneNavigationModel(RoutePath<BenchRoute>())
                let stream = subscribed ? model.changes() : nil
                navigate(model, mutations: 100_000)
                blackHole(stream)
            }
        }
    }

    // MARK: 15. Links: a 10-element link read as a path and printed back

    do {
        let patterns = [
            LinkPattern("home", case: "home"), LinkPattern("item/{id:int}/{title}", case: "item"),
            LinkPattern("search/{page:int}?{query}", case: "search"),
        ]
        let links = LinkMapping<BenchRoute>(scheme: "bench", patterns)
        let routes: [BenchRoute] = (0..<10).map { index in
            switch index % 3 {
            case 0: .home
            case 1: .item(id: index, title: "Crème brûlée \(index)")
            default: .search(query: "pie & tart", page: index)
            }
        }
        let link = try! links.link(for: routes)
        precondition(try! links.routes(fromLink: link).routes.routes == routes)
        Benchmark("links/navstate/parse 10 elements") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try! links.routes(fromLink: link)) }
        }
        Benchmark("links/navstate/print 10 elements") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try! links.link(for: routes)) }
        }
        Benchmark("links/navstate/parse and print 10 elements") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try! links.link(for: try! links.routes(fromLink: link).routes))
            }
        }
        let any = LinkMapping<JSONValue>(scheme: "bench", patterns)
        Benchmark("links/parts/parse as JSON 10 elements") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try! any.routes(fromLink: link)) }
        }
        let routesJSON = try! NavigationCoding.encode(RoutePath(routes))
        Benchmark("links/parts/decode 10 routes from JSON") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try! NavigationCoding.decode(RoutePath<BenchRoute>.self, from: routesJSON))
            }
        }
        Benchmark("links/parts/encode 10 routes to JSON") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try! NavigationCoding.encode(RoutePath(routes))) }
        }
        let recipes = makePath(length: 10, from: bigData)
        let cookbookLink = try! CookbookState.links.link(for: recipes)
        Benchmark("links/cookbook/parse and print 10 recipes") { benchmark in
            for _ in benchmark.scaledIterations {
                let path = try! CookbookState.links.routes(fromLink: cookbookLink, resolvers: bigData.resolvers).routes
                blackHole(try! CookbookState.links.link(for: path))
            }
        }
        // The floor of taking the same link apart by hand with Foundation: its components, path
        // segments and query items, nothing decoded.
        Benchmark("links/foundation/URLComponents 10 elements") { benchmark in
            for _ in benchmark.scaledIterations {
                let components = URLComponents(string: link)!
                blackHole((components.host, components.path.split(separator: "/"), components.queryItems))
            }
        }
    }

    // MARK: 16. A scene's whole navigation: a path with a two-level chain of presentations

    do {
        let directory = makeTemporaryDirectory()
        let store = StateStore(appID: try! AppID("bench"), stateRoot: directory)
        let alone = try! SceneID("path-alone")
        let withChain = try! SceneID("path-and-chain")
        let path = RoutePath(makeRoutes(10))
        var chained = SheetsState(path: path)
        chained.presented.present(.item(id: 1, title: "Crème brûlée"))
        chained.presented.present(.search(query: "pie", page: 2), as: .popover)
        let aloneValue = try! NavigationCoding.encode(SheetsState(path: path))
        let chainedValue = try! NavigationCoding.encode(chained)
        try! store.setSceneValue(.json(aloneValue), forKey: "navigation", in: alone)
        try! store.setSceneValue(.json(chainedValue), forKey: "navigation", in: withChain)
        // The two restores run one after the other in each iteration, alternating which runs
        // first: the noise of the machine hits both alike.
        Benchmark(
            "presentations/restore/10 routes and a two-level chain",
            configuration: .init(
                metrics: [.custom("path alone ns"), .custom("with chain ns")], warmupIterations: 20,
                maxDuration: .seconds(6), maxIterations: 5_000)
        ) { benchmark in
            let (pathAlone, withPresentations) = await restorePair(
                store: store, alone: alone, withChain: withChain, first: benchmark.currentIteration % 2 == 0)
            benchmark.measurement(.custom("path alone ns"), pathAlone)
            benchmark.measurement(.custom("with chain ns"), withPresentations)
        }
        // The decode alone, from the parsed value: what the chain adds to the element-by-element
        // restore itself.
        Benchmark(
            "presentations/decode/10 routes and a two-level chain",
            configuration: .init(
                metrics: [.custom("path alone ns"), .custom("with chain ns")], warmupIterations: 50,
                maxDuration: .seconds(6), maxIterations: 20_000)
        ) { benchmark in
            let clock = ContinuousClock()
            let start = clock.now
            blackHole(try! NavigationCoding.decode(SheetsState.self, from: aloneValue, initial: SheetsState()))
            let middle = clock.now
            blackHole(try! NavigationCoding.decode(SheetsState.self, from: chainedValue, initial: SheetsState()))
            let end = clock.now
            benchmark.measurement(.custom("path alone ns"), nanoseconds(middle - start))
            benchmark.measurement(.custom("with chain ns"), nanoseconds(end - middle))
        }
    }

    // MARK: 18. A scene's launch: the restore before the first frame, with the guard's record

    do {
        let directory = makeTemporaryDirectory()
        let store = StateStore(appID: try! AppID("bench"), stateRoot: directory)
        let scene = try! SceneID("launched")
        try! store.setSceneValue(
            .json(try! NavigationCoding.encode(SheetsState(path: RoutePath(makeRoutes(10))))), forKey: "navigation",
            in: scene)
        // A scene of 10 routes launched as an app launches it (its view appears: the restore runs
        // then, on the main actor, with the crash-loop guard's record written), against the same
        // scene restored alone; one after the other in each iteration, alternating which runs first.
        Benchmark(
            "launch/restore/10 routes",
            configuration: .init(
                metrics: [.custom("launch ns"), .custom("restore ns")], warmupIterations: 3, maxDuration: .seconds(6),
                maxIterations: 300)
        ) { benchmark in
            let (launch, restore) = await launchAndRestore(
                store: store, scene: scene, first: benchmark.currentIteration % 2 == 0)
            benchmark.measurement(.custom("launch ns"), launch)
            benchmark.measurement(.custom("restore ns"), restore)
        }
    }

    // MARK: 6. The CLI end to end

    if let navstate = environment["NAVSTATE_BINARY"], let trivial = environment["TRIVIAL_SWIFT_BINARY"],
        let trivialFoundation = environment["TRIVIAL_FOUNDATION_BINARY"]
    {
        let directory = makeTemporaryDirectory()
        _ = spawnAndWait(navstate, ["--state-dir", directory, "save", "main", "--recipe", "Apple Pie", "--recipe", "Pie Crust"])
        let staticNavstate = environment["NAVSTATE_STATIC_BINARY"] ?? navstate
        let staticTrivial = environment["TRIVIAL_SWIFT_STATIC_BINARY"] ?? trivial
        let arguments = ["--state-dir", directory, "restore", "main"]
        // Interleaved: each iteration starts every program once, so drift hits all alike.
        let programs: [(String, String, [String])] = [
            ("navstate ns", navstate, arguments), ("trivial swift ns", trivial, []),
            ("trivial foundation ns", trivialFoundation, []),
            ("navstate static ns", staticNavstate, arguments), ("trivial swift static ns", staticTrivial, []),
        ]
        Benchmark(
            "cli/restore",
            configuration: .init(
                metrics: programs.map { .custom($0.0) }, warmupIterations: 5, maxDuration: .seconds(6), maxIterations: 400)
        ) { benchmark in
            let clock = ContinuousClock()
            for (metric, path, arguments) in programs {
                let start = clock.now
                precondition(spawnAndWait(path, arguments) == 0)
                benchmark.measurement(.custom(metric), nanoseconds(clock.now - start))
            }
        }
    }
}

/// Mutates a connected model `mutations` times, then flushes. Returns the producer's cost per
/// mutation (ns), the number of files written, and the time from the last mutation until durable (us).
@MainActor
func burst(store: StateStore, scene: SceneID, recipes: [Recipe], mutations: Int) async -> (Int, Int, Int) {
    let model = NavigationModel()
    // From no file, so that the last state is never the one stored by the run before.
    _ = try! store.removeScene(scene)
    let persistence = try! await ScenePersistence.connect(model, to: store, scene: scene, restoring: false)
    let clock = ContinuousClock()
    let start = clock.now
    for index in 0..<mutations {
        if index & 1 == 0 {
            model.selectedCategory = Category(rawValue: (index >> 1) % 4)
        } else {
            model.path = Array(recipes.prefix(1 + index % 3))
        }
    }
    let last = clock.now
    try! await persistence.close()
    let durable = clock.now
    let producer = (last - start) / mutations
    let latency = durable - last
    return (nanoseconds(producer), persistence.statistics.written, nanoseconds(latency))
}

/// A route with associated values, as apps navigate with.
enum BenchRoute: Codable, Hashable, Sendable {
    case home
    case item(id: Int, title: String)
    case search(query: String, page: Int)
}

/// A route as an app that does not make its routes `Sendable` declares it (its payload a class,
/// as app models often are).
struct UnsendableRoute: Codable, Hashable {
    final class Box: Codable, Hashable {
        let route: BenchRoute
        init(_ route: BenchRoute) { self.route = route }
        static func == (lhs: Box, rhs: Box) -> Bool { lhs.route == rhs.route }
        func hash(into hasher: inout Hasher) { hasher.combine(route) }
    }

    var box: Box

    init(_ route: BenchRoute) { box = Box(route) }
}

@available(*, unavailable)
extension UnsendableRoute: Sendable {}

/// A scene's navigation with what is presented over its path.
struct SheetsState: Codable, Equatable, Sendable {
    var path: RoutePath<BenchRoute> = []
    var presented = PresentationChain<BenchRoute>()
}

/// The restore of a scene whose state is a path alone, and of one with a two-level chain over the
/// same path, each read from its file, decoded and reported (the model's restore from a store,
/// which `navstate restore` is), in the order `first` says.
@MainActor
func restorePair(store: StateStore, alone: SceneID, withChain: SceneID, first: Bool) async -> (Int, Int) {
    func restore(_ scene: SceneID) async -> Int { await timedRestore(store: store, scene: scene) }
    if first {
        let pathAlone = await restore(alone)
        return (pathAlone, await restore(withChain))
    }
    let withPresentations = await restore(withChain)
    return (await restore(alone), withPresentations)
}

/// The time of a restore of a scene of 10 routes from its file (`restore(from:scene:)`: read,
/// decoded, reported), in nanoseconds.
@MainActor
func timedRestore(store: StateStore, scene: SceneID) async -> Int {
    let clock = ContinuousClock()
    let model = SceneNavigationModel(SheetsState())
    let start = clock.now
    let outcome = try! await model.restore(from: store, scene: scene)
    let time = nanoseconds(clock.now - start)
    precondition(model.state.path.count == 10 && outcome.report?.isComplete == true)
    return time
}

/// The time of a scene's launch (`PersistentScene`, guarded, its view appearing) and of a restore
/// of the same scene alone (`restore(from:scene:)`), in nanoseconds, the launch first when `first`.
@MainActor
func launchAndRestore(store: StateStore, scene: SceneID, first: Bool) async -> (Int, Int) {
    let clock = ContinuousClock()
    func launch() async -> Int {
        let launched = PersistentScene(
            SceneNavigationModel(SheetsState()), store: store,
            guard: CrashLoopGuard(healthyAfterFirstWrite: false, healthyAfter: nil), identity: .supplied(scene),
            onEvent: { if case .failed(let error) = $0 { fatalError("\(error)") } })
        let start = clock.now
        launched.handle(.phase(.active))
        launched.handle(.appeared)
        let time = nanoseconds(clock.now - start)
        precondition(launched.model.state.path.count == 10)
        // Outside the time: the scene goes to the background (the restore taken as healthy, its
        // marker removed) and goes away.
        launched.handle(.phase(.background))
        launched.handle(.disappeared)
        await launched.settle()
        return time
    }
    func restore() async -> Int { await timedRestore(store: store, scene: scene) }
    if first {
        let launched = await launch()
        return (launched, await restore())
    }
    let restored = await restore()
    return (await launch(), restored)
}

/// `count` routes of every case, in turn.
func makeRoutes(_ count: Int) -> [BenchRoute] {
    routes(count, home: .home, item: BenchRoute.item, search: BenchRoute.search)
}

@MainActor
func routeBurst(store: StateStore, scene: SceneID, mutations: Int, guarded: Bool = false) async -> (Int, Int, Int) {
    let model = SceneNavigationModel(RoutePath<BenchRoute>())
    // Unguarded: from no file, so that the last state is never the one stored by the run before.
    if !guarded { _ = try! store.removeScene(scene) }
    // Guarded: restored first, with the marker written; the first write-through clears it.
    let persistence = try! await ScenePersistence.connect(
        model, to: store, scene: scene, restoring: guarded, guard: guarded ? CrashLoopGuard(healthyAfter: nil) : nil)
    return await measureBurst(model, persistence, mutations: mutations, routes: makeRoutes(8))
}

/// `count` saves of one change each of the `Sendable` routes, as `mainActorRouteSaves` makes them.
@MainActor
func routeSaves(store: StateStore, scene: SceneID, count: Int) async -> Int {
    await saves(of: SceneNavigationModel(RoutePath<BenchRoute>()), store: store, scene: scene, count: count, routes: makeRoutes(8))
}

/// The burst of routes that are not `Sendable`.
@MainActor
func routeBurst(store: StateStore, scene: SceneID, mutations: Int, routes: [UnsendableRoute]) async -> (Int, Int, Int) {
    await burst(of: SceneNavigationModel(RoutePath<UnsendableRoute>()), store: store, scene: scene, mutations: mutations, routes: routes)
}

/// Pushes and pops routes, as a user navigates: the path stays a few routes deep.
@MainActor
func navigate(_ model: SceneNavigationModel<RoutePath<BenchRoute>>, mutations: Int) {
    navigate(model, mutations: mutations, routes: makeRoutes(8))
}

/// Registers a burst benchmark: `run` returns the producer's cost per mutation, the physical
/// writes and the time from the last mutation to durable, in nanoseconds.
func burstBenchmark(_ name: String, run: @escaping @Sendable () async -> (Int, Int, Int)) {
    Benchmark(
        name,
        configuration: .init(
            metrics: [.wallClock, .custom("producer ns per mutation"), .custom("physical writes"),
                      .custom("last mutation to durable ns")],
            warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 20)
    ) { benchmark in
        await MainActor.run {}
        let (producer, writes, latency) = await run()
        benchmark.measurement(.custom("producer ns per mutation"), producer)
        benchmark.measurement(.custom("physical writes"), writes)
        benchmark.measurement(.custom("last mutation to durable ns"), latency)
    }
}

/// One restore of a scene with the crash-loop guard (the marker written, then removed when the app
/// marks itself healthy) and one without; the time of each, in nanoseconds.
@MainActor
func guardedRestore(store: StateStore, scene: SceneID) async -> (Int, Int) {
    let clock = ContinuousClock()
    let start = clock.now
    let guardedModel = SceneNavigationModel(RoutePath<BenchRoute>())
    let guarded = try! await ScenePersistence.connect(
        guardedModel, to: store, scene: scene, guard: CrashLoopGuard(healthyAfterFirstWrite: false, healthyAfter: nil))
    try! await guarded.markHealthy()
    let afterGuarded = clock.now
    // One connection of a scene's key at a time: closed (nothing changed, so nothing is written)
    // outside the times measured.
    try! await guarded.close()
    let beforeUnguarded = clock.now
    let model = SceneNavigationModel(RoutePath<BenchRoute>())
    let unguarded = try! await ScenePersistence.connect(model, to: store, scene: scene, guard: nil)
    let afterUnguarded = clock.now
    precondition(guardedModel.state.count == 10 && model.state.count == 10 && guarded.intervention == nil)
    try! await unguarded.close()
    return (nanoseconds(afterGuarded - start), nanoseconds(afterUnguarded - beforeUnguarded))
}

/// Registers a save benchmark: each iteration runs the floor, `save` and the sample's recipe one
/// after the other, so the noise of the machine hits all three alike.
func interleavedSave(
    _ name: String, floor: @escaping @Sendable () -> Void, sample: @escaping @Sendable () -> Void,
    save: @escaping @Sendable @MainActor () async -> Void
) {
    Benchmark(
        name,
        configuration: .init(
            metrics: [.custom("navstate ns"), .custom("floor ns"), .custom("sample ns")], warmupIterations: 5,
            maxDuration: .seconds(4), maxIterations: 1_000)
    ) { benchmark in
        let (floorTime, saveTime, sampleTime) = await timedOnMainActor(floor: floor, save: save, sample: sample)
        benchmark.measurement(.custom("floor ns"), floorTime)
        benchmark.measurement(.custom("navstate ns"), saveTime)
        benchmark.measurement(.custom("sample ns"), sampleTime)
    }
}

/// Times a floor write, a save and the sample's save one after the other on the main actor, where
/// an app changes its model and calls `flush()`: no hop to the main actor is in any of the times.
@MainActor
func timedOnMainActor(
    floor: () -> Void, save: @MainActor () async -> Void, sample: () -> Void
) async -> (floor: Int, save: Int, sample: Int) {
    let clock = ContinuousClock()
    let start = clock.now
    floor()
    let afterFloor = clock.now
    await save()
    let afterNavstate = clock.now
    sample()
    let afterSample = clock.now
    return (nanoseconds(afterFloor - start), nanoseconds(afterNavstate - afterFloor), nanoseconds(afterSample - afterNavstate))
}

/// A cookbook model connected to a store, whose saves a benchmark times: each change of the
/// category made durable by `flush()`, as an app's persistence makes it.
final class PersistedSave: @unchecked Sendable {
    private let store: StateStore
    private let scene: SceneID
    private let path: [Recipe]
    private var model: NavigationModel?
    private var persistence: ScenePersistence<CookbookState>?

    init(store: StateStore, scene: SceneID, path: [Recipe]) {
        self.store = store
        self.scene = scene
        self.path = path
    }

    /// One change, made durable (the first call connects first).
    @MainActor
    func change(_ dessert: Bool) async {
        if persistence == nil {
            let model = NavigationModel()
            model.path = path
            self.model = model
            persistence = try! await ScenePersistence.connect(model, to: store, scene: scene, restoring: false, guard: nil)
        }
        guard let model, let persistence else { return }
        model.selectedCategory = dessert ? .dessert : .salad
        let written = persistence.statistics.written
        try! await persistence.flush()
        precondition(persistence.statistics.written == written + 1)
    }
}
