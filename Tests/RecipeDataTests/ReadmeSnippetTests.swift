import Foundation
import TestSupport
import Testing

/// Every Swift block of the README and of the DocC articles, compiled exactly as written (as a user
/// would paste it into a `main.swift`) against the public API of the built libraries, and run.
///
/// The blocks are read from `README.md` and every `Sources/*/*.docc/*.md` themselves, not kept as
/// a copy. They are compiled by `swiftc`
/// without `-enable-testing` and without the package's name, so only `public` declarations are
/// visible, as they are to an app that depends on the package.
@Suite struct ReadmeSnippetTests {
    /// A Swift block of the README or of an article.
    struct Block: Sendable, CustomStringConvertible {
        /// The document, relative to the package's folder.
        var file: String
        /// The line it starts on.
        var line: Int
        var code: String
        /// What it must print, when the block is followed by `Output:` and a text block.
        var output: String?

        /// Whether it is SwiftUI code (type-checked by `ReadmeSwiftUITests`, not run).
        var isSwiftUI: Bool { code.contains("\nimport SwiftUI\n") }
        /// Whether it is a package manifest (resolved by `ReadmeSwiftUITests`).
        var isManifest: Bool { code.hasPrefix("// swift-tools-version") }
        /// Whether it is the line that adds the package to a manifest (checked against the manifest
        /// by `ReadmeSwiftUITests`).
        var isDependencyLine: Bool { code.hasPrefix(".package(") }
        /// The app target whose `main.swift` it is, when its first line is `// Sources/<App>/main.swift`:
        /// top-level code that runs as the app, and a module that a later test block of the same
        /// document reaches with `@testable import <App>`.
        var appTarget: String? {
            let first = code.prefix { $0 != "\n" }
            guard first.hasPrefix("// Sources/"), first.hasSuffix("/main.swift") else { return nil }
            return String(first.dropFirst("// Sources/".count).dropLast("/main.swift".count))
        }
        /// The app targets it imports with `@testable import`.
        var testableImports: [String] {
            code.components(separatedBy: "\n").filter { $0.hasPrefix("@testable import ") }
                .map { String($0.dropFirst("@testable import ".count)) }
        }
        var description: String { "\(file):\(line)" }
    }

    /// The documents whose Swift blocks are checked: the README and every DocC article.
    static let documents: [String] = {
        let sources = Fixtures.path("../Sources")
        let articles = (FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".md") && $0.contains(".docc/") }.sorted().map { "Sources/" + $0 }
        return ["README.md"] + articles
    }()

    @Test("the README and the articles of every module's catalog are all read")
    func documentsFound() {
        #expect(Self.documents.count >= 10)
        for catalog in ["SceneStore", "SceneNavigation", "RecipeData", "SceneNavigationTesting", "navstate"] {
            #expect(Self.documents.contains { $0.hasPrefix("Sources/\(catalog)/\(catalog).docc/") }, "\(catalog)")
        }
    }

    /// The Swift blocks of the README and the articles.
    static let blocks: [Block] = documents.flatMap { blocks(of: $0) }

    /// The Swift blocks of one document.
    static func blocks(of file: String) -> [Block] {
        let lines = ((try? Fixtures.text("../" + file)) ?? "").components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        func fenced(from start: Int) -> (text: String, end: Int) {
            var end = start
            while end < lines.count && lines[end] != "```" { end += 1 }
            return (lines[start..<min(end, lines.count)].joined(separator: "\n") + "\n", end)
        }
        while index < lines.count {
            guard lines[index] == "```swift" else {
                index += 1
                continue
            }
            let (code, end) = fenced(from: index + 1)
            var output: String?
            if end + 4 < lines.count, lines[end + 1].isEmpty, lines[end + 2] == "Output:", lines[end + 3].isEmpty,
                lines[end + 4] == "```text"
            {
                output = fenced(from: end + 5).text
            }
            blocks.append(Block(file: file, line: index + 2, code: code, output: output))
            index = end + 1
        }
        return blocks
    }

    @Test("the README and the articles have Swift blocks to check, with their output")
    func readmeHasBlocks() {
        #expect(Self.blocks.count >= 10)
        #expect(Self.blocks(of: "README.md").contains { $0.output != nil })
        #expect(Self.blocks.filter { $0.output != nil }.count >= 4)
    }

    /// The blocks that are programs or test files: all but SwiftUI code, manifests and their lines.
    static let programs = blocks.indices.filter {
        !blocks[$0].isSwiftUI && !blocks[$0].isManifest && !blocks[$0].isDependencyLine
    }

    /// How an app target isolates what it declares: Swift's default, or an Xcode 26 app target's.
    enum Isolation: String, CaseIterable, Sendable, CustomStringConvertible {
        case nonisolated
        case mainActor = "main actor"

        /// The compiler's flags for it: Xcode 26's new app targets set main-actor default isolation
        /// and "approachable concurrency" (its two upcoming features).
        var flags: [String] {
            switch self {
            case .nonisolated: []
            case .mainActor:
                [
                    "-default-isolation", "MainActor", "-enable-upcoming-feature", "InferIsolatedConformances",
                    "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                ]
            }
        }

        var description: String { rawValue }
    }

    @Test(
        "each Swift block of the README and the articles compiles as pasted against the public API, and runs, in either isolation default",
        arguments: programs, Isolation.allCases)
    func blockCompilesAndRuns(_ index: Int, isolation: Isolation) throws {
        let block = Self.blocks[index]
        let directory = try TemporaryDirectory()
        let isTestFile = block.code.contains("\nimport Testing\n")
        var sources = try Self.program(block.code, testFileName: "ReadmeTests.swift", in: directory)
        var flags = isolation.flags
        for app in block.testableImports {
            let main = try #require(
                Self.blocks.first { $0.file == block.file && $0.appTarget == app },
                "\(block) imports \(app), whose main.swift block is not in \(block.file)")
            let built = try Self.compileAppTarget(app, main.code, in: directory, flags: isolation.flags)
            #expect(built.status == 0, "\(main) does not compile as a target (\(isolation)):\n\(built.standardError)")
            guard built.status == 0 else { return }
            sources.append(directory.appending("\(app).o"))
            flags += ["-I", directory.path]
        }
        let compiled = try Self.compile(sources, to: directory.appending("example"), flags: flags)
        #expect(compiled.status == 0, "\(block) does not compile (\(isolation)):\n\(compiled.standardError)")
        guard compiled.status == 0 else { return }
        let ran = try runProcess(directory.appending("example"), [], environment: directory.environment)
        #expect(
            ran.status == 0,
            "\(block) failed when run (\(isolation)):\n\(ran.standardOutput)\n\(ran.standardError)")
        if isTestFile {
            // Every test of the file ran and passed.
            let tests = block.code.components(separatedBy: "@Test func ").count - 1
            let summary = ran.standardOutput + ran.standardError
            #expect(
                tests >= 1 && summary.contains("Test run with \(tests) test\(tests == 1 ? "" : "s") "), "\(summary)")
            #expect(summary.contains("passed"), "\(summary)")
        }
        if let output = block.output {
            #expect(ran.standardOutput == output, "\(block) printed other output (\(isolation))")
        }
    }

    /// Writes `code` into `directory` as the sources of one program: a test file (it imports
    /// Testing) beside a runner that starts Swift Testing, as SwiftPM's test runner does; any other
    /// code as `main.swift`.
    /// - Returns: The sources' paths.
    static func program(_ code: String, testFileName: String, in directory: TemporaryDirectory) throws -> [String] {
        let isTestFile = code.contains("\nimport Testing\n")
        let source = directory.appending(isTestFile ? testFileName : "main.swift")
        try Data(code.utf8).write(to: URL(fileURLWithPath: source))
        guard isTestFile else { return [source] }
        let runner = directory.appending("main.swift")
        try Data("import Testing\nawait Testing.__swiftPMEntryPoint() as Never\n".utf8).write(
            to: URL(fileURLWithPath: runner))
        return [source, runner]
    }

    /// Compiles an app target's `main.swift` as SwiftPM compiles an executable target that a test
    /// target depends on: a module built for testing (`-enable-testing`), its top-level code's entry
    /// point renamed (`<App>_main`) so that importing it runs none of that code.
    /// - Returns: The compiler's result; the module and `<App>.o` are in `directory`.
    static func compileAppTarget(_ app: String, _ code: String, in directory: TemporaryDirectory, flags: [String])
        throws -> ProcessResult
    {
        try FileManager.default.createDirectory(atPath: directory.appending(app), withIntermediateDirectories: true)
        let main = directory.appending("\(app)/main.swift")
        try Data(code.utf8).write(to: URL(fileURLWithPath: main))
        let compiler = try #require(Self.swiftc, "no swiftc on PATH")
        return try runProcess(
            compiler,
            ["-swift-version", "6", "-I", Products.directory + "/Modules"] + flags + [
                "-module-name", app, "-enable-testing", "-Xfrontend", "-entry-point-function-name", "-Xfrontend",
                "\(app)_main", "-emit-module", "-emit-module-path", directory.appending("\(app).swiftmodule"), "-c",
                main, "-o", directory.appending("\(app).o"),
            ])
    }

    /// Compiles a program from `sources` against the public API of the built libraries, as an app
    /// that depends on the package is compiled (no `-enable-testing`, no package name).
    static func compile(_ sources: [String], to executable: String, flags: [String] = []) throws -> ProcessResult {
        let products = Products.directory
        var objects: [String] = []
        for target in ["SceneStore", "SceneNavigation", "RecipeData", "SceneNavigationTesting"] {
            let sources = Fixtures.path("../Sources/\(target)")
            for file in FileManager.default.enumerator(atPath: sources)?.compactMap({ $0 as? String }) ?? []
            where file.hasSuffix(".swift") {
                objects.append("\(products)/\(target).build/\((file as NSString).lastPathComponent).o")
            }
        }
        let compiler = try #require(Self.swiftc, "no swiftc on PATH")
        return try runProcess(
            compiler,
            ["-swift-version", "6", "-I", products + "/Modules"] + flags + sources + objects + ["-o", executable])
    }

    /// The compiler next to the `swift` that runs the tests, found on `PATH`.
    static let swiftc = Toolchain.tool("swiftc")
}
