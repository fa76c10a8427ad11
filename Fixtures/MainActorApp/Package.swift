// swift-tools-version: 6.2
// An app target as Xcode 26 makes a new one: main-actor default isolation and "approachable
// concurrency". Its routes and state are declared with plain `Codable, Hashable` (no
// `nonisolated`, `Sendable` or `@preconcurrency`). SceneNavigationTests' XcodeAppTargetTests
// builds it against this checkout (linked beside it as ../navstate) and relaunches it, and builds
// the same sources once more without `swiftSettings`, in Swift's nonisolated default.
import PackageDescription

let package = Package(
    name: "MainActorApp",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(path: "../navstate")],
    targets: [
        .executableTarget(
            name: "MainActorApp",
            dependencies: [
                .product(name: "SceneNavigation", package: "navstate"),
                .product(name: "SceneNavigationTesting", package: "navstate"),
                .product(name: "SceneStore", package: "navstate"),
            ],
            swiftSettings: [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("InferIsolatedConformances"),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            ])
    ]
)
