import Foundation
import TestSupport
import Testing

/// An app written against navstate 0.2.0, or 0.3.0, builds against this release with warnings
/// only: the sources under `Fixtures/adopters/<release>` (the release's README blocks, and an app
/// that calls what the release offered and this one changed or deprecated) are compiled and linked,
/// each as its own program, against the public API of the built libraries, as an app that depends
/// on the package is.
@Suite struct UpgradeTests {
    static func folder(_ release: String) -> String { Fixtures.path("adopters/\(release)") }

    static func sources(_ release: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder(release))) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted()
    }

    /// Each release's sources, as (release, file).
    static let adopters: [(String, String)] = ["0.2.0", "0.3.0"].flatMap { release in
        sources(release).map { (release, $0) }
    }

    @Test("each adopter has its README blocks and its app")
    func fixtureFound() {
        #expect(
            Self.sources("0.2.0") == [
                "App.swift", "Readme1.swift", "Readme2.swift", "Readme3.swift", "Readme4.swift", "Readme5.swift",
            ])
        #expect(Self.sources("0.3.0") == ["App.swift", "Readme1.swift"])
    }

    @Test(
        "each source of an app written against an earlier release builds, with no error; the app's calls of that release warn as deprecated, naming what replaces them",
        arguments: adopters)
    func builds(_ release: String, _ name: String) throws {
        let directory = try TemporaryDirectory()
        let code = try String(contentsOfFile: Self.folder(release) + "/" + name, encoding: .utf8)
        let sources = try ReadmeSnippetTests.program(code, testFileName: "AppTests.swift", in: directory)
        let compiled = try ReadmeSnippetTests.compile(sources, to: directory.appending("app"))
        #expect(
            compiled.status == 0, "\(release)'s \(name) does not build against this release:\n\(compiled.standardError)"
        )
        // A diagnostic, `<file>:<line>:<column>: error: ...`, not a quoted source line.
        #expect(!compiled.standardError.contains(": error: "), "\(compiled.standardError)")
        guard name == "App.swift" else { return }
        let warnings = compiled.standardError.components(separatedBy: "\n").filter {
            $0.contains("warning:") && $0.contains("is deprecated")
        }
        for message in release == "0.2.0" ? Self.expectedWarnings : Self.expectedWarnings030 {
            #expect(
                warnings.contains { $0.contains(message) }, "no warning '\(message)' in:\n\(compiled.standardError)")
        }
        guard release == "0.3.0" else { return }
        // It runs, as it did: every call still does what it did.
        let ran = try runProcess(directory.appending("app"), [])
        #expect(ran.status == 0, "\(ran.standardError)")
        #expect(ran.standardOutput.hasSuffix("[main]\n"), "\(ran.standardOutput)")
    }

    /// The warnings of 0.3.0's app: each call that 0.4.0 deprecates, naming its replacement.
    static let expectedWarnings030 = [
        "'SceneStore' is deprecated: renamed to 'StateStore'",
        "'remove(_:from:keepingNewerFormat:)' is deprecated: use StateStore.removeScene(_:keepingNewerFormat:)",
        "'removeAll(except:from:)' is deprecated: use StateStore.removeAll(except:)",
        "'prune(before:in:)' is deprecated: use StateStore.prune(before:)",
        "'recover(_:key:from:in:dryRun:)' is deprecated: use StateStore.recover(_:key:from:dryRun:)",
        "'Recovery' is deprecated: use StateStore.Recovery",
        "'NavigationScenes' is deprecated: use SceneConnections.terminating()",
        "'set(_:forKey:in:)' is deprecated: a scene's values are written and read by its connection",
        "'value(_:forKey:in:)' is deprecated: a scene's values are written and read by its connection",
        "'setSceneValue(_:forKey:in:)' is deprecated",
        "'sceneValue(forKey:in:)' is deprecated",
        "'update' is deprecated",
        "'removeValue(forKey:in:)' is deprecated",
        "'document(for:)' is deprecated: list scenes with scenes()",
        "'budget(of:)' is deprecated",
        "'sceneIDs()' is deprecated: use scenes()",
        "'keepAside(_:reason:if:)' is deprecated",
        "'writer(forKey:in:)' is deprecated",
        "'writeThrough(_:forKey:in:)' is deprecated",
        "'NavigationCoding' is deprecated: a scene's connection (PersistentScene) encodes and restores the state",
        "'restore(from:key:policy:schemaVersion:)' is deprecated: a scene's connection (PersistentScene) restores the state",
        "'restore(importing:key:policy:schemaVersion:)' is deprecated: use navstate save --input",
        "'restore(from:scene:key:policy:)' is deprecated: use a scene's connection (PersistentScene) and its outcome",
        "'aliases' is deprecated: a restore applies the aliases",
        "'alias(of:)' is deprecated: a restore applies the aliases",
        "'version' is deprecated: read the model's SceneNavigationModel.schemaVersion",
        "'migrate(_:from:key:)' is deprecated: a scene's connection (PersistentScene) runs the migrations",
        "'add(_:resolve:)' is deprecated: use adding(_:resolve:)",
        "'userInfoKey' is deprecated: restore through a scene's connection (PersistentScene)",
        "'decode(from:types:policy:)' is deprecated: restore through a scene's connection (PersistentScene)",
        "'typeName(of:)' is deprecated: read an element's typeName",
        "'removeMarkers(of:in:)' is deprecated: use StateStore.removeScene(_:)",
        "'knows' is deprecated: a restore reports an element whose type is not registered",
        "'resolveRoot(environment:location:)' is deprecated: a store finds its root itself",
        "'Convention' is deprecated: a store follows the platform's convention itself",
        "'maximumLength' is deprecated: an identifier is at most 64 characters",
        "'maximumLength' is deprecated: an identifier is at most 128 characters",
        "'init(_:description:)' is deprecated: a copy is kept aside by a scene's connection",
        "'init(_:store:key:policy:guard:identity:onConnect:onError:)' is deprecated: use init(_:store:key:policy:guard:identity:onEvent:)",
        "'persistence' is deprecated: use outcome, flush() and close(), or the events of onEvent",
        "'report' is deprecated: use PersistentScene, the one way to connect a scene",
        "'init(scene:path:reason:keptAt:size:)' is deprecated: apps read kept-aside files from StateStore.keptAsideFiles()",
        "'init(scene:path:keys:size:lastSaved:health:)' is deprecated: apps read summaries from StateStore.scenes()",
        "'init(path:error:)' is deprecated: apps read failures from a PruneOutcome",
        "'init(removedScenes:removedKeptAside:failures:)' is deprecated: apps read outcomes from StateStore.prune(before:)",
        "'init(reason:line:column:offset:)' is deprecated: apps read parse errors from JSONValue(parsing:)",
    ]

    /// The warnings of the app's deprecated calls: each removed or changed declaration that the app
    /// calls is there, deprecated, and its warning names the replacement.
    static let expectedWarnings = [
        "'run(_:store:scene:key:policy:guard:restored:)' is deprecated: use run(_:store:scene:key:policy:restoring:guard:deepLink:connected:)",
        "'summary(of:)' is deprecated: use scenes()",
        "'SceneStore' is deprecated: renamed to 'StateStore'",
        "'keepCopy(of:reason:)' is deprecated: a scene's connection (PersistentScene) keeps a value it cannot restore aside",
        "'removeValueAndEmptyScene(forKey:in:durably:)' is deprecated: use removeScene(_:)",
        "'interrupted' is deprecated: SceneStore retries interrupted calls and never reports EINTR",
        "'wouldBlock' is deprecated: SceneStore's locks wait and never report EAGAIN",
        "'deviceOrAddress' is deprecated: SceneStore never reports ENXIO",
        "'siblingStore(folder:)' is deprecated: a store of its own is StateStore(appID:stateRoot:configuration:)",
        "'resolveRoot(environment:convention:)' is deprecated: a store finds its root itself: StateStore(appID:environment:location:configuration:)",
        "'missingRecipes' is deprecated: renamed to 'onDrop'",
        "'init(missingRecipes:maximumDepth:dropsDuplicates:)' is deprecated: replaced by 'init(onDrop:maximumDepth:dropsDuplicates:)'",
        "'additionalMembers' is deprecated: read state.additionalMembers",
        "'restore(from:policy:)' is deprecated: parse the text with JSONValue(parsing:)",
        "'revision(of:)' is deprecated: read the snapshot's revision",
        "'canRestore(from:)' is deprecated: a scene's connection (PersistentScene) restores the state and reports what it dropped",
        "'sceneValue(of:)' is deprecated: a scene's connection (PersistentScene) stores the state; jsonData is its JSON",
        "'NavigationCoding' is deprecated: a scene's connection (PersistentScene) encodes and restores the state",
        "'decode(_:fromJSON:key:policy:resolvers:types:)' is deprecated: a scene's connection (PersistentScene) restores the state",
        "'migrate(_:from:key:)' is deprecated: a scene's connection (PersistentScene) runs the migrations",
        "'MigratedElement' is deprecated: renamed to 'RestoreReport.MigratedElement'",
        "'PathRestoreReport' is deprecated: renamed to 'RestoreReport'",
        "'ChangeBroadcaster' is deprecated: observe a SceneNavigationModel with Observation",
        "'id' is deprecated: use json", "'NavigationPersistence' is deprecated: use PersistentScene",
    ]
}
