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
    /// The README's Swift blocks, with the line each starts on.
    static let blocks: [(line: Int, code: String)] = {
        let readme = (try? Fixtures.text("../README.md")) ?? ""
        var blocks: [(Int, String)] = []
        var current: [String]?
        var start = 0
        for (index, line) in readme.components(separatedBy: "\n").enumerated() {
            if current == nil, line == "```swift" {
                current = []
                start = index + 2
            } else if current != nil, line == "```" {
                blocks.append((start, (current ?? []).joined(separator: "\n") + "\n"))
                current = nil
            } else if current != nil {
                current?.append(line)
            }
        }
        return blocks
    }()

    @Test("the README has Swift blocks to check")
    func readmeHasBlocks() {
        #expect(Self.blocks.count >= 1)
    }

    @Test(
        "each Swift block of the README compiles as pasted against the public API, and runs", arguments: blocks.indices)
    func blockCompilesAndRuns(_ index: Int) throws {
        let block = Self.blocks[index]
        let directory = try TemporaryDirectory()
        let source = directory.appending("main.swift")
        try Data(block.code.utf8).write(to: URL(fileURLWithPath: source))
        let products = Products.directory
        var objects: [String] = []
        for target in ["SceneStore", "SceneNavigation", "RecipeData"] {
            let sources = Fixtures.path("../Sources/\(target)")
            for file in FileManager.default.enumerator(atPath: sources)?.compactMap({ $0 as? String }) ?? []
            where file.hasSuffix(".swift") {
                objects.append("\(products)/\(target).build/\((file as NSString).lastPathComponent).o")
            }
        }
        let compiler = try #require(Self.swiftc, "no swiftc on PATH")
        let compiled = try runProcess(
            compiler,
            ["-swift-version", "6", "-I", products + "/Modules", source] + objects + [
                "-o", directory.appending("example"),
            ])
        #expect(compiled.status == 0, "README block at line \(block.line) does not compile:\n\(compiled.standardError)")
        guard compiled.status == 0 else { return }
        let ran = try runProcess(directory.appending("example"), [], environment: directory.environment)
        #expect(ran.status == 0, "README block at line \(block.line) failed when run:\n\(ran.standardError)")
    }

    /// The compiler next to the `swift` that runs the tests, found on `PATH`.
    static let swiftc: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/swiftc" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()
}
