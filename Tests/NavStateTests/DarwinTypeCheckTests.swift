import Foundation
import TestSupport
import Testing

/// navstate's Apple branches (kqueue for `watch`), type-checked on Linux: `Platform.swift` compiled
/// against a module named Darwin that is the C library plus kqueue as Apple's SDK declares it
/// (`Tests/DarwinDeclarations`), so `#if canImport(Darwin)` takes the Apple branches.
@Suite struct DarwinTypeCheckTests {
    static let swiftc = Toolchain.tool("swiftc")

    /// Type-checks a copy of Platform.swift, changed by `edit`, with the Darwin declarations.
    static func typeCheck(_ edit: (String) -> String = { $0 }) throws -> ProcessResult {
        let compiler = try #require(swiftc, "no swiftc on PATH")
        let directory = try TemporaryDirectory()
        let declarations = Fixtures.path("../Tests/DarwinDeclarations")
        let module = try runProcess(
            compiler,
            [
                "-parse-as-library", "-module-name", "Darwin", "-emit-module", "-emit-module-path",
                directory.appending("Darwin.swiftmodule"), "-I", declarations, declarations + "/Darwin.swift",
            ])
        try #require(module.status == 0, "the Darwin declarations do not build:\n\(module.standardError)")
        let source = directory.appending("Platform.swift")
        try Data(edit(try Fixtures.text("../Sources/navstate/Internal/Platform.swift")).utf8).write(
            to: URL(fileURLWithPath: source))
        return try runProcess(
            compiler,
            [
                "-swift-version", "6", "-parse-as-library", "-typecheck", "-module-name", "navstate", "-I",
                directory.path, "-I", declarations, "-I", Products.directory + "/Modules", source,
            ])
    }

    @Test("Platform.swift's Apple branches type-check against Darwin's kqueue declarations")
    func appleBranchesTypeCheck() throws {
        let checked = try Self.typeCheck()
        #expect(checked.status == 0, "\(checked.standardError)")
    }

    @Test("the check reaches the Apple branch: a wrong kevent call there fails it")
    func checkReachesAppleBranch() throws {
        let call = "guard kevent(queue, &change, 1, nil, 0, nil) == 0 else {"
        #expect(try Fixtures.text("../Sources/navstate/Internal/Platform.swift").contains(call))
        let broken = try Self.typeCheck {
            $0.replacingOccurrences(of: call, with: "guard kevent(queue, &change, 1, nil, 0, nil, 7) == 0 else {")
        }
        #expect(broken.status != 0)
        #expect(broken.standardError.contains("error: extra argument in call"), "\(broken.standardError)")
    }
}
