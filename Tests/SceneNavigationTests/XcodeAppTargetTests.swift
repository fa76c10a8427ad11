import Foundation
import TestSupport
import Testing

/// An app target as Xcode 26 makes a new one (`Fixtures/MainActorApp`: main-actor default
/// isolation, `InferIsolatedConformances` and `NonisolatedNonsendingByDefault`), with routes, a
/// state and a `NavigationPath`-style value declared with plain `Codable, Hashable`, built by
/// SwiftPM against this checkout and launched as separate processes: a migrated launch, a save, a
/// relaunch with a report, a deep link, and the testing kit's relaunch and crash loop. The same
/// sources are built again in a target without those settings (Swift's nonisolated default), and
/// must print the same. The builds and launches are bounded in time, so that one that never ends
/// fails the test instead of holding up the run.
@Suite(.serialized, .timeLimit(.minutes(10))) struct XcodeAppTargetTests {
    /// What the launches print, in order, in either isolation.
    static let expected = """
        == old
        dropped mail[1]: the app no longer has it
        migrated: 1
        migrated launch: tab 0, mail ["inbox"], wallet []
        == save
        saved: tab 1, mail ["inbox", "message(id: 7)", "message(id: 9)"], wallet ["BTC [1.5, 2.0]"]
        == relaunch
        dropped mail[1]: the app no longer has it
        relaunched: tab 1, mail ["inbox", "message(id: 9)"], wallet ["BTC [1.5, 2.0]"]
        == link
        dropped mail[0]: paths were withheld
        dropped mail[1]: paths were withheld
        dropped wallet[0]: paths were withheld
        intervention: a deep link was applied in place of the saved paths
        linked: tab 1, mail ["message(id: 42)"], wallet []
        == relaunch
        relaunched: tab 1, mail ["inbox", "message(id: 9)"], wallet ["BTC [1.5, 2.0]"]
        == kit
        kit relaunch: tab 0, mail ["inbox", "message(id: 1)"], wallet ["ETH [3.0]"], complete true
        kit after a crash: the last restore of this scene never became healthy; the paths were withheld, tab 0, mail [], wallet []

        """

    /// The fixture's manifest, and the same without its `swiftSettings` (a nonisolated target).
    static func manifests() throws -> (mainActor: String, nonisolated: String) {
        let manifest = try Fixtures.text("MainActorApp/Package.swift")
        let settings = try #require(manifest.range(of: ",\n            swiftSettings: ["))
        let end = try #require(manifest.range(of: "\n            ]", range: settings.upperBound..<manifest.endIndex))
        return (manifest, manifest.replacingCharacters(in: settings.lowerBound..<end.upperBound, with: ""))
    }

    @Test("the fixture is an Xcode 26 app target, and its types carry no isolation or Sendable of their own")
    func fixtureIsAnXcodeAppTarget() throws {
        let (mainActor, nonisolated) = try Self.manifests()
        for setting in [
            ".defaultIsolation(MainActor.self)", #".enableUpcomingFeature("InferIsolatedConformances")"#,
            #".enableUpcomingFeature("NonisolatedNonsendingByDefault")"#,
        ] {
            #expect(mainActor.contains(setting))
            #expect(!nonisolated.contains(setting))
        }
        let source = try Fixtures.text("MainActorApp/Sources/MainActorApp/main.swift").split(separator: "\n")
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        for word in ["nonisolated", "Sendable", "@preconcurrency", "@unchecked"] {
            #expect(!source.contains(word), "\(word)")
        }
        for declaration in [
            "enum Route: Codable, Hashable {", "struct AppState: Codable, Equatable {",
            "struct PriceScreen: Codable, Hashable {", "final class PriceHistory: Codable, Hashable {",
        ] {
            #expect(source.contains(declaration), "\(declaration)")
        }
    }

    @Test(
        "an app whose routes are plain Codable and Hashable builds and relaunches, in main-actor default isolation and without it",
        arguments: ["main actor", "nonisolated"])
    func appBuildsAndRelaunches(isolation: String) throws {
        let swift = try #require(Toolchain.tool("swift"), "no swift on PATH")
        let directory = try TemporaryDirectory()
        // The checkout beside the app, as the manifest's `../navstate` expects it.
        try FileManager.default.createSymbolicLink(
            atPath: directory.appending("navstate"), withDestinationPath: Fixtures.path(".."))
        let app = directory.appending("app")
        try FileManager.default.createDirectory(
            atPath: app + "/Sources/MainActorApp", withIntermediateDirectories: true)
        let (mainActor, nonisolated) = try Self.manifests()
        try Data((isolation == "main actor" ? mainActor : nonisolated).utf8).write(
            to: URL(fileURLWithPath: app + "/Package.swift"))
        try FileManager.default.copyItem(
            atPath: Fixtures.path("MainActorApp/Sources/MainActorApp/main.swift"),
            toPath: app + "/Sources/MainActorApp/main.swift")
        let environment = ProcessInfo.processInfo.environment.merging(directory.environment) { $1 }
        let built = try runProcess(
            swift,
            [
                "build", "--package-path", app, "--scratch-path", directory.appending("build"), "-Xswiftc",
                "-warnings-as-errors",
            ],
            environment: environment, timeLimit: 480)
        try #require(built.status == 0, "\(isolation): \(built.standardOutput)\n\(built.standardError)")
        let executable = directory.appending("build/debug/MainActorApp")
        var output = ""
        for launch in ["old", "save", "relaunch", "link", "relaunch", "kit"] {
            let ran = try runProcess(executable, [launch], environment: directory.environment, timeLimit: 60)
            #expect(ran.status == 0, "\(isolation), \(launch): \(ran.standardError)")
            output += "== \(launch)\n" + ran.standardOutput
        }
        #expect(output == Self.expected, "\(isolation)")
    }
}
