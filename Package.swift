// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "navstate",
    // Observation and Synchronization's Mutex need these on Apple platforms; Linux has no minimum.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "SceneStore", targets: ["SceneStore"]),
        .library(name: "SceneNavigation", targets: ["SceneNavigation"]),
        .library(name: "RecipeData", targets: ["RecipeData"]),
        .library(name: "SceneNavigationTesting", targets: ["SceneNavigationTesting"]),
        .library(name: "SceneNavigationUI", targets: ["SceneNavigationUI"]),
        .executable(name: "navstate", targets: ["navstate"]),
    ],
    targets: [
        .target(name: "SceneStore"),
        .target(name: "SceneNavigation", dependencies: ["SceneStore"]),
        .target(name: "RecipeData", dependencies: ["SceneNavigation", "SceneStore"]),
        // The testing kit for apps: temporary stores, relaunches, payload replays with golden files.
        .target(name: "SceneNavigationTesting", dependencies: ["SceneNavigation", "SceneStore"]),
        // SwiftUI's wiring: a scene's persistence in one view, NavigationPath bindings. Built where
        // SwiftUI exists; on Linux, type-checked by a test against Tests/SwiftUIDeclarations.
        .target(name: "SceneNavigationUI", dependencies: ["SceneNavigation", "SceneStore"]),
        .executableTarget(name: "navstate", dependencies: ["RecipeData", "SceneNavigation", "SceneStore"]),
        // A small writer process for the multi-process and crash tests; not a product.
        .executableTarget(name: "SceneStoreWorker", dependencies: ["SceneStore"]),
        // An app-like process that restores with the crash-loop guard and crashes or closes; not a product.
        .executableTarget(name: "NavigationWorker", dependencies: ["SceneNavigation", "SceneStore"]),
        // The libFuzzer target over every decode-and-validate path (Scripts/fuzz.sh); not a product.
        .executableTarget(name: "NavStateFuzz", dependencies: ["RecipeData", "SceneNavigation", "SceneStore"]),
        // Temporary folders, fixtures and child processes for the test targets.
        .target(name: "TestSupport", dependencies: ["SceneStore"], path: "Tests/TestSupport"),
        .testTarget(
            name: "SceneStoreTests",
            dependencies: ["SceneNavigationTesting", "SceneStore", "SceneStoreWorker", "TestSupport"]),
        .testTarget(
            name: "SceneNavigationTests",
            dependencies: [
                "NavigationWorker", "SceneNavigation", "SceneNavigationTesting", "SceneNavigationUI", "SceneStore",
                "TestSupport",
            ]),
        .testTarget(
            name: "RecipeDataTests",
            dependencies: ["RecipeData", "SceneNavigation", "SceneNavigationTesting", "SceneStore", "TestSupport"]),
        .testTarget(
            name: "SceneNavigationTestingTests",
            dependencies: ["SceneNavigation", "SceneNavigationTesting", "SceneStore", "TestSupport"]),
        .testTarget(
            name: "NavStateTests",
            dependencies: ["navstate", "RecipeData", "SceneNavigationTesting", "SceneStore", "TestSupport"]),
        // Tests/SwiftUIDeclarations and Tests/DarwinDeclarations are not targets: they declare
        // modules named SwiftUI, UIKit, AppKit and Darwin, which no target may be. Tests build them with
        // swiftc during `swift test` and type-check code for Apple platforms against them:
        // RecipeDataTests' ReadmeSwiftUITests (SceneNavigationUI with its UIKit and AppKit branches,
        // the SwiftUI guide and the UIKit scene delegate article) and NavStateTests'
        // DarwinTypeCheckTests (the kqueue branch of navstate's Platform.swift, the signal branches of
        // SceneNavigation's).
        // Replays Fixtures/fuzz-corpus (and every other fixture) through the fuzz target's decoders.
        .testTarget(name: "NavStateFuzzTests", dependencies: ["NavStateFuzz", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
