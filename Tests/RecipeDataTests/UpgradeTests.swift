import Foundation
import TestSupport
import Testing

/// An app written against navstate 0.2.0 builds against this release with warnings only: the
/// sources under `Fixtures/adopters/0.2.0` (0.2.0's README blocks, and an app that calls what 0.2.0
/// offered and this release changed or removed) are compiled and linked, each as its own program,
/// against the public API of the built libraries, as an app that depends on the package is.
@Suite struct UpgradeTests {
    static let folder = Fixtures.path("adopters/0.2.0")

    static let sources: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted()
    }()

    @Test("the 0.2.0 adopter has its README blocks and its app")
    func fixtureFound() {
        #expect(
            Self.sources == [
                "App.swift", "Readme1.swift", "Readme2.swift", "Readme3.swift", "Readme4.swift", "Readme5.swift",
            ])
    }

    @Test(
        "each source of an app written against 0.2.0 builds, with no error; the app's calls of 0.2.0 warn as deprecated, naming what replaces them",
        arguments: sources)
    func builds(_ name: String) throws {
        let directory = try TemporaryDirectory()
        let code = try String(contentsOfFile: Self.folder + "/" + name, encoding: .utf8)
        let sources = try ReadmeSnippetTests.program(code, testFileName: "AppTests.swift", in: directory)
        let compiled = try ReadmeSnippetTests.compile(sources, to: directory.appending("app"))
        #expect(compiled.status == 0, "\(name) does not build against this release:\n\(compiled.standardError)")
        #expect(!compiled.standardError.contains("error:"), "\(compiled.standardError)")
        guard name == "App.swift" else { return }
        let warnings = compiled.standardError.components(separatedBy: "\n").filter {
            $0.contains("warning:") && $0.contains("is deprecated")
        }
        for message in Self.expectedWarnings {
            #expect(
                warnings.contains { $0.contains(message) }, "no warning '\(message)' in:\n\(compiled.standardError)")
        }
    }

    /// The warnings of the app's deprecated calls: each removed or changed declaration that the app
    /// calls is there, deprecated, and its warning names the replacement.
    static let expectedWarnings = [
        "'run(_:store:scene:key:policy:guard:restored:)' is deprecated: use run(_:store:scene:key:policy:restoring:guard:deepLink:connected:)",
        "'summary(of:)' is deprecated: use scenes()",
        "'SceneStore' is deprecated: renamed to 'StateStore'",
        "'keepCopy(of:reason:)' is deprecated: renamed to 'keepAside(_:reason:if:)'",
        "'removeValueAndEmptyScene(forKey:in:durably:)' is deprecated: use removeValue(forKey:in:)",
        "'interrupted' is deprecated: SceneStore retries interrupted calls and never reports EINTR",
        "'wouldBlock' is deprecated: SceneStore's locks wait and never report EAGAIN",
        "'deviceOrAddress' is deprecated: SceneStore never reports ENXIO",
        "'siblingStore(folder:)' is deprecated: a store of its own is StateStore(appID:stateRoot:configuration:)",
        "'resolveRoot(environment:convention:)' is deprecated: use resolveRoot(environment:location:)",
        "'missingRecipes' is deprecated: renamed to 'onDrop'",
        "'init(missingRecipes:maximumDepth:dropsDuplicates:)' is deprecated: replaced by 'init(onDrop:maximumDepth:dropsDuplicates:)'",
        "'additionalMembers' is deprecated: read state.additionalMembers",
        "'restore(from:policy:)' is deprecated: parse the text with JSONValue(parsing:)",
        "'revision(of:)' is deprecated: read the snapshot's revision",
        "'canRestore(from:)' is deprecated: use NavigationCoding.decode(_:from:...)",
        "'sceneValue(of:)' is deprecated: use NavigationCoding.encode(_:) on the state",
        "'decode(_:fromJSON:key:policy:resolvers:types:)' is deprecated: parse the text with JSONValue(parsing:)",
        "'migrate(_:from:key:)' is deprecated: use migrate(_:from:key:), and let the restore apply and report the aliases",
        "'MigratedElement' is deprecated: renamed to 'RestoreReport.MigratedElement'",
        "'PathRestoreReport' is deprecated: renamed to 'RestoreReport'",
        "'ChangeBroadcaster' is deprecated: observe a SceneNavigationModel with Observation",
        "'id' is deprecated: use json", "'NavigationPersistence' is deprecated: use ScenePersistence",
    ]
}
