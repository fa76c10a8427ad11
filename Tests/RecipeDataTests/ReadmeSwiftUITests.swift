import Foundation
import TestSupport
import Testing

/// The SwiftUI guide (SceneNavigation's SwiftUIApps article), type-checked as an app's code: the
/// Swift blocks that import SwiftUI, and SceneNavigationUI's sources, compiled in the Swift 6 language mode against SwiftUI's
/// declarations (on Linux, the test-only module `Tests/SwiftUIDeclarations/SwiftUI.swift`, which
/// declares them as Apple's SDK interfaces do; on Apple platforms, SwiftUI itself). Not run: SwiftUI
/// does not exist on Linux. And the guide's `Package.swift`, resolved against this checkout.
@Suite struct ReadmeSwiftUITests {
    /// The Swift blocks of the README and the articles that import SwiftUI.
    static let blocks = ReadmeSnippetTests.blocks.filter(\.isSwiftUI)

    /// The test-only modules that declare Apple's API, in the order they are built: Foundation's
    /// NSUserActivity (which the others re-export), UIKit and AppKit (for SceneNavigationUI's
    /// platform branches and the UIKit scene delegate article), SwiftUI (which imports UIKit), and
    /// AppIntents (with SwiftUI's overlay of it).
    static let declarationModules = ["UserActivityDeclarations", "UIKit", "AppKit", "SwiftUI", "AppIntents"]

    /// SceneNavigationUI's sources, its folders' included.
    static func userInterfaceSources() throws -> [String] {
        let sources = Fixtures.path("../Sources/SceneNavigationUI")
        let files = (FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { sources + "/" + $0 }
        #expect(files.contains(sources + "/Internal/Platform.swift"))
        return files
    }

    /// SwiftUI's, UIKit's and AppKit's declarations (`declarationModules`), built as modules into
    /// `directory`.
    static func buildDeclarations(in directory: TemporaryDirectory) throws {
        let compiler = try #require(ReadmeSnippetTests.swiftc, "no swiftc on PATH")
        for module in declarationModules {
            let declarations = try runProcess(
                compiler,
                [
                    "-swift-version", "6", "-parse-as-library", "-module-name", module, "-emit-module",
                    "-emit-module-path", directory.appending(module + ".swiftmodule"), "-I", directory.path,
                    Fixtures.path("../Tests/SwiftUIDeclarations/\(module).swift"),
                ])
            try #require(
                declarations.status == 0, "\(module)'s declarations do not build:\n\(declarations.standardError)")
        }
    }

    /// The package name SwiftPM compiles this package's modules with (`-package-name`): the
    /// checkout's folder, lowercased, as an identifier (`navstate`, `navstate_main`). SceneNavigationUI
    /// needs it to see SceneNavigation's `package` declarations, as it does when SwiftPM builds it.
    static let packageName: String = {
        let folder = URL(fileURLWithPath: Fixtures.path("..")).standardizedFileURL.lastPathComponent.lowercased()
        let name = String(
            folder.unicodeScalars.map { scalar -> Character in
                ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "_"
            })
        return name.first?.isNumber == true ? "_" + name : name
    }()

    /// Compiles SceneNavigationUI's sources (`files`) as a module into `directory`, against the
    /// declarations built there, with its symbol graph.
    static func compileUserInterface(_ files: [String], in directory: TemporaryDirectory) throws -> ProcessResult {
        let compiler = try #require(ReadmeSnippetTests.swiftc, "no swiftc on PATH")
        // The folder first: SwiftPM's SceneNavigationUI in `products` is empty where SwiftUI is not.
        return try runProcess(
            compiler,
            [
                "-swift-version", "6", "-parse-as-library", "-module-name", "SceneNavigationUI", "-package-name",
                packageName, "-emit-module", "-emit-module-path", directory.appending("SceneNavigationUI.swiftmodule"),
                "-I", directory.path, "-I", Products.directory + "/Modules", "-emit-symbol-graph",
                "-emit-symbol-graph-dir", directory.path, "-symbol-graph-minimum-access-level", "public",
                "-symbol-graph-skip-synthesized-members",
            ] + files)
    }

    /// SwiftUI's, UIKit's and AppKit's declarations and SceneNavigationUI, built as modules into
    /// `directory`; the arguments that make them visible to a compilation.
    static func modules(in directory: TemporaryDirectory) throws -> [String] {
        let products = Products.directory + "/Modules"
        #if canImport(SwiftUI)
            // SwiftPM built SceneNavigationUI against SwiftUI itself.
            return ["-I", products]
        #else
            try buildDeclarations(in: directory)
            let files = try userInterfaceSources()
            #expect(files.count >= 5)
            let userInterface = try compileUserInterface(files, in: directory)
            try #require(
                userInterface.status == 0,
                "SceneNavigationUI does not type-check against SwiftUI's declarations:\n\(userInterface.standardError)")
            return ["-I", directory.path, "-I", products]
        #endif
    }

    /// Type-checks a file as an app's source, with optional extra flags.
    static func typeCheck(_ code: String, flags: [String] = [], in directory: TemporaryDirectory) throws
        -> ProcessResult
    {
        let compiler = try #require(ReadmeSnippetTests.swiftc, "no swiftc on PATH")
        let source = directory.appending("App\(UUID().uuidString.prefix(8)).swift")
        try Data(code.utf8).write(to: URL(fileURLWithPath: source))
        return try runProcess(
            compiler,
            ["-swift-version", "6", "-parse-as-library", "-typecheck"] + flags + (try modules(in: directory))
                + [source])
    }

    @Test(
        "the SwiftUI guide type-checks against SwiftUI's declarations, with SceneNavigationUI, in either isolation default",
        arguments: ReadmeSnippetTests.Isolation.allCases)
    func guideTypeChecks(isolation: ReadmeSnippetTests.Isolation) throws {
        #expect(Self.blocks.count >= 2)
        #expect(Self.blocks.contains { $0.code.contains("@main\nstruct") && $0.code.contains("WindowGroup") })
        // Two kinds of scene: the mail windows take their own links, a draft window compose:// ones.
        let app = try #require(Self.blocks.first { $0.code.contains("@main\nstruct") })
        for part in [
            "WindowGroup(for: Draft.self)", ".handlesExternalEvents(matching: [\"compose://\"])",
            "links: MailScene.links.opening(at: \\.mail", "handoff: MailScene.handoff",
        ] {
            #expect(app.code.contains(part), "\(part)")
        }
        let directory = try TemporaryDirectory()
        for block in Self.blocks {
            let checked = try Self.typeCheck(block.code, flags: isolation.flags, in: directory)
            #expect(checked.status == 0, "\(block) does not type-check (\(isolation)):\n\(checked.standardError)")
        }
    }

    @Test(
        "the guide's types are plain Codable and Hashable: no nonisolated, Sendable or @preconcurrency of the app's own"
    )
    func guideTypesArePlain() throws {
        for block in Self.blocks {
            let code = block.code.split(separator: "\n").filter {
                !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
            }
            .joined(separator: "\n")
            for word in ["nonisolated", "Sendable", "@preconcurrency"] {
                #expect(!code.contains(word), "\(block): \(word)")
            }
        }
        let app = try #require(Self.blocks.first { $0.code.contains("@main\nstruct") })
        #expect(app.code.contains("\nenum Route: Codable, Hashable, SelectivelySaved {"))
        #expect(app.code.contains("\nstruct MailState: Codable, Equatable {"))
    }

    @Test(
        "the one API that asks Sendable of a state, the deprecated changes(), gives a main-actor state the message its docs quote"
    )
    func changesOfAnIsolatedState() throws {
        // What cannot be lifted: snapshots that cross to any task. The message an adopter meets is
        // the compiler's, as the model's documentation and the guide quote it: naming the state's
        // type (the guide's MailState), or the route of a bare RoutePath.
        let code = """
            import SceneNavigation

            enum Route: Codable, Hashable { case inbox }

            struct MailState: Codable, Equatable {
                var tab = 0
                var mail: RoutePath<Route> = []
            }

            @MainActor func follow(_ model: SceneNavigationModel<MailState>) async {
                for await snapshot in model.changes() { print(snapshot.revision) }
            }

            @MainActor func follow(_ model: SceneNavigationModel<RoutePath<Route>>) async {
                for await snapshot in model.changes() { print(snapshot.revision) }
            }

            """
        let directory = try TemporaryDirectory()
        let checked = try Self.typeCheck(code, flags: ReadmeSnippetTests.Isolation.mainActor.flags, in: directory)
        #expect(checked.status != 0)
        func message(_ type: String, _ conformance: String) -> String {
            "main actor-isolated conformance of '\(type)' to '\(conformance)' cannot satisfy conformance requirement for a 'Sendable' type parameter"
        }
        for conformance in ["Decodable", "Encodable", "Equatable"] {
            #expect(checked.standardError.contains(message("MailState", conformance)), "\(checked.standardError)")
        }
        #expect(checked.standardError.contains(message("Route", "Decodable")), "\(checked.standardError)")
        // The model's documentation quotes it (its lines joined as DocC joins them).
        func joined(_ file: String, prefix: String) throws -> String {
            try Fixtures.text("../" + file).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix(prefix) }.map { $0.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces) }
                .joined(separator: " ")
        }
        let quoted = "`" + message("MailState", "Decodable") + "`"
        #expect(try joined("Sources/SceneNavigation/SceneNavigationModel.swift", prefix: "///").contains(quoted))
        let plain = try Self.typeCheck(code, in: directory)
        #expect(plain.status == 0, "\(plain.standardError)")
    }

    /// Uses of SwiftUI that SwiftUI does not declare, each with the error it must give: the
    /// declarations are strict enough to catch a guide that misuses them.
    static let misuses: [(code: String, error: String)] = [
        ("let paths: Set<NavigationPath> = []", "type 'NavigationPath' does not conform to protocol 'Hashable'"),
        (
            "struct V: View {\n    @SceneStorage(\"scene\") var scene = UUID()\n    var body: some View { Text(\"\") }\n}",
            "no exact matches in call to initializer"
        ),
        (
            "struct V: View {\n    var body: some View { Text(\"\").onOpenURL { url, extra in } }\n}",
            "contextual closure type '(URL) -> Void' expects 1 argument, but 2 were used"
        ),
        (
            "struct V: View {\n    @State var path: [Int] = []\n    var body: some View { NavigationStack(path: path) { Text(\"\") } }\n}",
            "cannot convert value 'path' of type '[Int]' to expected type 'Binding<[Int]>'"
        ),
        (
            "struct NotSaved: Hashable {}\nstruct A: App {\n    var body: some Scene { WindowGroup(for: NotSaved.self) { _ in Text(\"\") } }\n}",
            "initializer 'init(for:content:)' requires that 'NotSaved' conform to 'Decodable'"
        ),
        (
            "struct V: View {\n    var body: some View { Text(\"\").handlesExternalEvents(matching: [\"x\"]) }\n}",
            "missing arguments for parameters 'preferring', 'allowing' in call"
        ),
        (
            "import UIKit\n\nfunc save() -> UIBackgroundTaskIdentifier {\n    UIApplication.shared.beginBackgroundTask(withName: \"save\", expirationHandler: nil)\n}",
            "main actor-isolated class property 'shared' can not be referenced from a nonisolated context"
        ),
    ]

    @Test("SwiftUI's declarations refuse what SwiftUI refuses", arguments: misuses.indices)
    func misuseIsRefused(_ index: Int) throws {
        let misuse = Self.misuses[index]
        let directory = try TemporaryDirectory()
        let checked = try Self.typeCheck("import Foundation\nimport SwiftUI\n\n" + misuse.code + "\n", in: directory)
        #expect(checked.status != 0)
        #expect(checked.standardError.contains(misuse.error), "\(checked.standardError)")
    }

    @Test(
        "the guide's Package.swift resolves against this checkout in a folder named navstate, and names the fix otherwise"
    )
    func manifestResolves() throws {
        let manifest = try #require(ReadmeSnippetTests.blocks.first { $0.isManifest }, "no Package.swift in the guide")
        let swift = try #require(ReadmeSnippetTests.swiftc.map { String($0.dropLast()) }, "no swift on PATH")
        let url = #".package(url: "https://git.example.com/navstate.git", from: "0.3.0")"#
        #expect(manifest.code.contains(url))
        // The README's dependency line is the manifest's.
        let lines = ReadmeSnippetTests.blocks(of: "README.md").filter(\.isDependencyLine)
        #expect(lines.map(\.code) == [url + ",\n"])
        // As written, in a folder named navstate; in navstate-main, it fails until `package:` says so.
        let cases: [(folder: String, package: String, resolves: Bool)] = [
            ("navstate", "navstate", true), ("navstate-main", "navstate", false),
            ("navstate-main", "navstate-main", true),
        ]
        for (folder, package, resolves) in cases {
            let directory = try TemporaryDirectory()
            try FileManager.default.createSymbolicLink(
                atPath: directory.appending(folder), withDestinationPath: Fixtures.path(".."))
            let app = directory.appending("app")
            for target in ["Sources/Mail", "Tests/MailTests"] {
                try FileManager.default.createDirectory(atPath: app + "/" + target, withIntermediateDirectories: true)
                try Data("\n".utf8).write(to: URL(fileURLWithPath: app + "/" + target + "/main.swift"))
            }
            let local = manifest.code.replacingOccurrences(of: url, with: ".package(path: \"../\(folder)\")")
                .replacingOccurrences(of: "package: \"navstate\")", with: "package: \"\(package)\")")
            try Data(local.utf8).write(to: URL(fileURLWithPath: app + "/Package.swift"))
            let resolved = try runProcess(
                swift, ["package", "--package-path", app, "show-dependencies"],
                environment: ProcessInfo.processInfo.environment.merging(directory.environment) { $1 })
            if resolves {
                #expect(resolved.status == 0, "\(folder), package: \(package): \(resolved.standardError)")
            } else {
                #expect(resolved.status != 0)
                #expect(resolved.standardError.contains("unknown package 'navstate'"), "\(resolved.standardError)")
            }
        }
    }

    /// A line of SceneNavigationUI's platform file, changed so that it no longer follows UIKit's
    /// or AppKit's declaration, and the compiler's error for it.
    static let platformMisuses: [(line: String, broken: String, error: String)] = [
        (
            "assertion.identifier = UIApplication.shared.beginBackgroundTask(withName: \"navstate.save\") {",
            "assertion.identifier = UIApplication.shared.beginBackgroundTask(named: \"navstate.save\") {",
            "error: incorrect argument label in call (have 'named:_:', expected 'withName:_:')"
        ),
        (
            "UIApplication.shared.endBackgroundTask(identifier)",
            "UIApplication.shared.endBackgroundTask(identifier.rawValue)",
            "error: cannot convert value of type 'Int' to expected argument type 'UIBackgroundTaskIdentifier'"
        ),
        (
            "forName: NSApplication.willTerminateNotification, object: nil, queue: .main",
            "forName: NSApplication.willQuitNotification, object: nil, queue: .main",
            "error: type 'NSApplication' has no member 'willQuitNotification'"
        ),
    ]

    @Test(
        "SceneNavigationUI's UIKit and AppKit branches are compiled: a call there that Apple does not declare fails",
        arguments: platformMisuses.indices)
    func platformBranchesCompile(_ index: Int) throws {
        #if !canImport(SwiftUI)
            let misuse = Self.platformMisuses[index]
            let directory = try TemporaryDirectory()
            try Self.buildDeclarations(in: directory)
            var files = try Self.userInterfaceSources()
            let platform = try #require(files.firstIndex { $0.hasSuffix("/Internal/Platform.swift") })
            let text = try String(contentsOfFile: files[platform], encoding: .utf8)
            #expect(text.contains(misuse.line))
            let copy = directory.appending("Platform.swift")
            try Data(text.replacingOccurrences(of: misuse.line, with: misuse.broken).utf8).write(
                to: URL(fileURLWithPath: copy))
            files[platform] = copy
            let broken = try Self.compileUserInterface(files, in: directory)
            #expect(broken.status != 0)
            #expect(broken.standardError.contains(misuse.error), "\(broken.standardError)")
        #endif
    }

    @Test("the UIKit scene delegate article's app is among the blocks type-checked, and drives a PersistentScene")
    func sceneDelegateIsChecked() throws {
        let delegates = Self.blocks.filter { $0.code.contains("\nimport UIKit\n") }
        #expect(delegates.map(\.file) == ["Sources/SceneNavigation/SceneNavigation.docc/UIKitSceneDelegates.md"])
        let code = try #require(delegates.first).code
        for call in [
            "UISceneDelegate", "session.persistentIdentifier", ".supplied(", "connectionOptions.urlContexts",
            "connectionOptions.userActivities", "handle(.appeared)", "handle(.disappeared)",
            "handle(.phase(.active))", "handle(.phase(.inactive))", "handle(.phase(.background))",
            "handle(.backgroundTimeExpired)", "beginBackgroundTask(withName:", "endBackgroundTask(",
            ".settle()", "UIHostingController(rootView:",
        ] {
            #expect(code.contains(call), "\(call)")
        }
    }

    /// SceneNavigationUI's public API, which `Scripts/api.sh` cannot dump where SwiftUI is not: the
    /// symbol graph of its type-check against SwiftUI's declarations, held to `API/SceneNavigationUI.txt`
    /// (written when recording golden files) and to the newest release's in `API/releases`.
    @Test("SceneNavigationUI's public API is its baseline and keeps the newest release's")
    func userInterfaceAPI() throws {
        #if !canImport(SwiftUI)
            let directory = try TemporaryDirectory()
            _ = try Self.modules(in: directory)
            let swift = try #require(Toolchain.tool("swift"), "no swift on PATH")
            let script = Fixtures.path("../Scripts/api.swift")
            let api = Fixtures.path("../API")
            if Fixtures.isRecording {
                let written = try runProcess(swift, [script, "write", directory.path, api, "SceneNavigationUI"])
                #expect(written.status == 0, "\(written.standardError)")
            }
            let checked = try runProcess(swift, [script, "check", directory.path, api, "SceneNavigationUI"])
            #expect(checked.status == 0, "\(checked.standardOutput)\(checked.standardError)")
            let releases = try FileManager.default.contentsOfDirectory(atPath: api + "/releases").filter {
                FileManager.default.fileExists(atPath: api + "/releases/\($0)/SceneNavigationUI.txt")
            }
            for release in releases {
                let kept = try runProcess(
                    swift,
                    [
                        script, "since", directory.path, api + "/releases/" + release, "SceneNavigationUI",
                        "--renames-from", api,
                    ])
                #expect(kept.status == 0, "\(kept.standardOutput)")
            }
        #endif
    }
}
