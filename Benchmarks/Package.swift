// swift-tools-version: 6.2
// Developer-only benchmarks of navstate. Not part of the product: the main package has no
// dependencies. Run everything with `Benchmarks/run.sh` (see BENCHMARKS.md).
import PackageDescription

let package = Package(
    name: "NavStateBenchmarks",
    dependencies: [
        .package(name: "navstate", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "NavStateBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SceneStore", package: "navstate"),
                .product(name: "SceneNavigation", package: "navstate"),
                .product(name: "RecipeData", package: "navstate"),
                "MainActorRoutes",
            ],
            path: "Benchmarks/NavStateBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Routes as an Xcode 26 app target declares them, measured beside the nonisolated ones.
        .target(
            name: "MainActorRoutes",
            dependencies: [
                .product(name: "SceneStore", package: "navstate"),
                .product(name: "SceneNavigation", package: "navstate"),
            ],
            swiftSettings: [
                .swiftLanguageMode(.v6),
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("InferIsolatedConformances"),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            ]),
        // The process-start floors for the CLI benchmark.
        .executableTarget(name: "TrivialSwift"),
        .executableTarget(name: "TrivialFoundation"),
    ],
    swiftLanguageModes: [.v5]
)
