import Foundation
import TestSupport
import Testing

/// The Apple branches of the packages' platform files, type-checked on Linux: navstate's
/// `Platform.swift` (kqueue for `watch`) and SceneNavigation's (the fatal-signal handler's
/// `sigaction`, `sigaltstack` and `siginfo_t`), compiled against a module named Darwin that is the
/// C library plus kqueue and signals as Apple's SDK declares them (`Tests/DarwinDeclarations`), so
/// `#if canImport(Darwin)` takes the Apple branches.
@Suite struct DarwinTypeCheckTests {
    static let swiftc = Toolchain.tool("swiftc")

    static let navstatePlatform = "../Sources/navstate/Internal/Platform.swift"
    static let sceneNavigationPlatform = "../Sources/SceneNavigation/Internal/Platform.swift"

    /// Type-checks a copy of a platform file (navstate's by default), changed by `edit`, with the
    /// Darwin declarations.
    static func typeCheck(
        _ file: String = navstatePlatform, moduleName: String = "navstate", _ edit: (String) -> String = { $0 }
    ) throws -> ProcessResult {
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
        try Data(edit(try Fixtures.text(file)).utf8).write(
            to: URL(fileURLWithPath: source))
        return try runProcess(
            compiler,
            [
                "-swift-version", "6", "-parse-as-library", "-typecheck", "-module-name", moduleName, "-I",
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
        #expect(try Fixtures.text(Self.navstatePlatform).contains(call))
        let broken = try Self.typeCheck {
            $0.replacingOccurrences(of: call, with: "guard kevent(queue, &change, 1, nil, 0, nil, 7) == 0 else {")
        }
        #expect(broken.status != 0)
        #expect(broken.standardError.contains("error: extra argument in call"), "\(broken.standardError)")
    }

    @Test("SceneNavigation's Platform.swift's Apple branches type-check against Darwin's signal declarations")
    func signalBranchesTypeCheck() throws {
        let checked = try Self.typeCheck(Self.sceneNavigationPlatform, moduleName: "SceneNavigation")
        #expect(checked.status == 0, "\(checked.standardError)")
    }

    @Test("the check reaches the Apple signal branch: Glibc's sigaction member name there fails it")
    func checkReachesAppleSignalBranch() throws {
        let line = "action.__sigaction_u.__sa_sigaction = handler"
        #expect(try Fixtures.text(Self.sceneNavigationPlatform).contains(line))
        let broken = try Self.typeCheck(Self.sceneNavigationPlatform, moduleName: "SceneNavigation") {
            $0.replacingOccurrences(of: line, with: "action.__sigaction_handler.sa_sigaction = handler")
        }
        #expect(broken.status != 0)
        #expect(
            broken.standardError.contains(
                "error: value of type 'sigaction' (aka '__darwin_sigaction_') has no member '__sigaction_handler'"),
            "\(broken.standardError)")
    }
}
