// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "RestoreProbe",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "navstate", path: "../..")],
    targets: [
        .executableTarget(name: "RestoreProbe", dependencies: [
            .product(name: "SceneNavigation", package: "navstate"),
            .product(name: "SceneStore", package: "navstate"),
        ])
    ]
)
