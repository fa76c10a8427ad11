// swift-tools-version: 6.0
// The probe of Scripts/save-steps.sh: saves of a scene connected through PersistentScene, each
// beside a floor write, with the steps of each save marked (navstate built with
// -D NAVSTATE_SAVE_STEPS).
import PackageDescription

let package = Package(
    name: "save-steps",
    dependencies: [.package(name: "navstate", path: "../..")],
    targets: [
        .executableTarget(
            name: "SaveSteps",
            dependencies: [
                .product(name: "SceneNavigation", package: "navstate"),
                .product(name: "SceneStore", package: "navstate"),
            ])
    ]
)
