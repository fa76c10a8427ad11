import Foundation
import TestSupport
import Testing

/// Every Swift block of the README, compiled exactly as written (as a user would paste it into a
/// `main.swift`) against the public API of the built libraries, and run.
///
/// The blocks are read from `README.md` itself, not kept as a copy. They are compiled by `swiftc`
/// without `-enable-testing` and without the package's name, so only `public` declarations are
/// visible, as they are to an app that depends on the package.
@Suite struct ReadmeSnippetTests {
    /// A Swift block of the README.
    struct Block: Sendable {
        /// The line it starts on.
        var line: Int
        var code: String
        /// What it must print, when the block is followed by `Output:` and a text block.
        var output: String?

        /// Whether it is SwiftUI code (type-checked by `ReadmeSwiftUITests`, not run).
        var isSwiftUI: Bool { code.contains("\nimport SwiftUI\n") }
        /// Whether it is a package manifest (resolved by `ReadmeSwiftUITests`).
        var isManifest: Bool { code.hasPrefix("// swift-tools-version") }
    }

    /// The README's Swift blocks.
    static let blocks: [Block] = {
        let lines = ((try? Fixtures.text("../README.md")) ?? "").components(separatedBy: "\n")
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
            blocks.append(Block(line: index + 2, code: code, output: output))
            index = end + 1
        }
        return blocks
    }()

    @Test("the README has Swift blocks to check, one of them with its output")
    func readmeHasBlocks() {
        #expect(Self.blocks.count >= 2)
        #expect(Self.blocks.contains { $0.output != nil })
    }

    /// The blocks that are programs or test files: all but SwiftUI code and manifests.
    static let programs = blocks.indices.filter { !blocks[$0].isSwiftUI && !blocks[$0].isManifest }

    @Test(
        "each Swift block of the README compiles as pasted against the public API, and runs", arguments: programs)
    func blockCompilesAndRuns(_ index: Int) throws {
        let block = Self.blocks[index]
        let directory = try TemporaryDirectory()
        // A test file (it imports Testing) is built with a runner that starts Swift Testing, as
        // SwiftPM's test runner does, and must pass; any other block is a program.
        let isTestFile = block.code.contains("\nimport Testing\n")
        let source = directory.appending(isTestFile ? "ReadmeTests.swift" : "main.swift")
        try Data(block.code.utf8).write(to: URL(fileURLWithPath: source))
        var sources = [source]
        if isTestFile {
            let runner = directory.appending("main.swift")
            try Data("import Testing\nawait Testing.__swiftPMEntryPoint() as Never\n".utf8).write(
                to: URL(fileURLWithPath: runner))
            sources.append(runner)
        }
        let compiled = try Self.compile(sources, to: directory.appending("example"))
        #expect(compiled.status == 0, "README block at line \(block.line) does not compile:\n\(compiled.standardError)")
        guard compiled.status == 0 else { return }
        let ran = try runProcess(directory.appending("example"), [], environment: directory.environment)
        #expect(
            ran.status == 0,
            "README block at line \(block.line) failed when run:\n\(ran.standardOutput)\n\(ran.standardError)")
        if isTestFile {
            // Every test of the file ran and passed.
            let tests = block.code.components(separatedBy: "@Test func ").count - 1
            let summary = ran.standardOutput + ran.standardError
            #expect(tests >= 1 && summary.contains("Test run with \(tests) tests"), "\(summary)")
            #expect(summary.contains("passed"), "\(summary)")
        }
        if let output = block.output {
            #expect(ran.standardOutput == output, "README block at line \(block.line) printed other output")
        }
    }

    /// Compiles a program from `sources` against the public API of the built libraries, as an app
    /// that depends on the package is compiled (no `-enable-testing`, no package name).
    static func compile(_ sources: [String], to executable: String) throws -> ProcessResult {
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
            compiler, ["-swift-version", "6", "-I", products + "/Modules"] + sources + objects + ["-o", executable])
    }

    /// The compiler next to the `swift` that runs the tests, found on `PATH`.
    static let swiftc: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/swiftc" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()
}
