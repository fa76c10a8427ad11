import Foundation
import TestSupport
import Testing

@testable import navstate

/// The public API check (`Scripts/api.sh`, run by CI) fails, naming the declaration, when one is
/// removed or changed without a deprecation; and the baseline, the changelog, the README's version
/// and the tool's agree.
@Suite struct APIBaselineTests {
    /// A symbol graph of a module named Sample with the given public symbols: (path, declaration,
    /// deprecated). A symbol whose path has two components is a member of the one named by the
    /// first; `conformances` are (type, protocol).
    static func graph(
        _ symbols: [(path: [String], declaration: String, deprecated: Bool)],
        conformances: [(type: String, protocol: String)] = []
    ) throws -> Data {
        let entries: [[String: Any]] = symbols.enumerated().map { index, symbol in
            var entry: [String: Any] = [
                "kind": [
                    "identifier": symbol.declaration.hasPrefix("typealias ") ? "swift.typealias" : "swift.func",
                    "displayName": "Function",
                ],
                "identifier": ["precise": "s:Sample\(index)", "interfaceLanguage": "swift"],
                "pathComponents": symbol.path,
                "declarationFragments": [["kind": "text", "spelling": symbol.declaration]],
                "accessLevel": "public",
            ]
            if symbol.deprecated { entry["availability"] = [["domain": "*", "isUnconditionallyDeprecated": true]] }
            return entry
        }
        func id(of path: [String]) -> String? {
            symbols.firstIndex { $0.path == path }.map { "s:Sample\($0)" }
        }
        var relationships: [[String: Any]] = symbols.compactMap { symbol in
            guard symbol.path.count == 2, let member = id(of: symbol.path), let type = id(of: [symbol.path[0]]) else {
                return nil
            }
            return ["kind": "memberOf", "source": member, "target": type]
        }
        for conformance in conformances {
            guard let type = id(of: [conformance.type]) else { continue }
            relationships.append([
                "kind": "conformsTo", "source": type, "target": "s:P", "targetFallback": conformance.protocol,
            ])
        }
        let graph: [String: Any] = ["module": ["name": "Sample"], "symbols": entries, "relationships": relationships]
        return try JSONSerialization.data(withJSONObject: graph)
    }

    /// Runs the check (or `since`, a release's check) of `current` against a baseline written from
    /// `baseline`.
    static func check(
        _ mode: String = "check",
        baseline: [(path: [String], declaration: String, deprecated: Bool)],
        current: [(path: [String], declaration: String, deprecated: Bool)],
        baselineConformances: [(type: String, protocol: String)] = [],
        conformances: [(type: String, protocol: String)] = []
    ) throws -> ProcessResult {
        let directory = try TemporaryDirectory()
        let swift = try #require(Toolchain.tool("swift"), "no swift on PATH")
        let script = Fixtures.path("../Scripts/api.swift")
        for (name, symbols, conforming) in [("old", baseline, baselineConformances), ("new", current, conformances)] {
            try FileManager.default.createDirectory(
                atPath: directory.appending(name), withIntermediateDirectories: true)
            try graph(symbols, conformances: conforming).write(
                to: URL(fileURLWithPath: directory.appending("\(name)/Sample.symbols.json")))
        }
        let written = try runProcess(
            swift, [script, "write", directory.appending("old"), directory.appending("API"), "Sample"])
        #expect(written.status == 0, "\(written.standardError)")
        return try runProcess(
            swift, [script, mode, directory.appending("new"), directory.appending("API"), "Sample"])
    }

    @Test("a release's check: what it declared may go only if it had deprecated it; a conformance is a declaration")
    func sinceRelease() throws {
        let deprecatedOpen = (path: Self.open.path, declaration: Self.open.declaration, deprecated: true)
        let removedAfterDeprecation = try Self.check(
            "since", baseline: [Self.kept, deprecatedOpen], current: [Self.kept])
        #expect(removedAfterDeprecation.status == 0, "\(removedAfterDeprecation.standardOutput)")
        let removed = try Self.check("since", baseline: [Self.kept, Self.open], current: [Self.kept])
        #expect(removed.status == 1)
        #expect(
            removed.standardOutput.contains(
                "Sample: gone or changed without a deprecation in API: Sample.SceneThing.open(_:)\tfunc open(_ name: String)"
            ),
            "\(removed.standardOutput)")
        let conformanceGone = try Self.check(
            baseline: [Self.kept], current: [Self.kept], baselineConformances: [("SceneThing", "Swift.Sendable")])
        #expect(conformanceGone.status == 1)
        #expect(
            conformanceGone.standardOutput.contains(
                "Sample: removed without a deprecation: Sample.SceneThing\tconforms to Swift.Sendable"),
            "\(conformanceGone.standardOutput)")
    }

    @Test("a release's check: a type renamed with a deprecated typealias of its old name keeps its declarations")
    func renamedType() throws {
        let user = (path: ["user(_:)"], declaration: "func user(_ thing: SceneThing) -> SceneThings", deprecated: false)
        let alias = (path: ["SceneThing"], declaration: "typealias SceneThing = Thing", deprecated: true)
        let renamed = [
            (path: ["Thing"], declaration: "struct Thing", deprecated: false),
            (path: ["Thing", "open(_:)"], declaration: "func open(_ name: String)", deprecated: false),
            (path: ["user(_:)"], declaration: "func user(_ thing: Thing) -> SceneThings", deprecated: false), alias,
        ]
        let forwarded = try Self.check("since", baseline: [Self.kept, Self.open, user], current: renamed)
        #expect(forwarded.status == 0, "\(forwarded.standardOutput)")
        // Without the alias, the old name's declarations are gone.
        let gone = try Self.check("since", baseline: [Self.kept, Self.open, user], current: renamed.dropLast())
        #expect(gone.status == 1)
        #expect(
            gone.standardOutput.contains(
                "Sample: gone or changed without a deprecation in API: Sample.SceneThing.open(_:)\tfunc open(_ name: String)"
            ),
            "\(gone.standardOutput)")
    }

    @Test("against a release, a default value spelled otherwise is the same declaration; a default removed is not")
    func defaultValueSpelling() throws {
        let released = (
            path: ["Settings", "init(budget:now:)"],
            declaration: #"init(budget: Int = Budget.default, now: @escaping () -> Date = { Date() })"#,
            deprecated: false
        )
        var respelled = released
        respelled.declaration = #"init(budget: Int = 256 << 10, now: @escaping () -> Date = { Date() })"#
        let kept = try Self.check("since", baseline: [Self.kept, released], current: [Self.kept, respelled])
        #expect(kept.status == 0, "\(kept.standardOutput)")
        // The baseline check still names the new spelling, for the changelog.
        let recorded = try Self.check(baseline: [Self.kept, released], current: [Self.kept, respelled])
        #expect(recorded.status == 1)
        var required = released
        required.declaration = #"init(budget: Int, now: @escaping () -> Date = { Date() })"#
        let gone = try Self.check("since", baseline: [Self.kept, released], current: [Self.kept, required])
        #expect(gone.status == 1)
        #expect(
            gone.standardOutput.contains(
                "gone or changed without a deprecation in API: Sample.Settings.init(budget:now:)"))
    }

    @Test("against a release, a stored var and a computed one with a getter and a setter are the same declaration")
    func storedAndComputedVar() throws {
        let stored = (path: ["Settings", "launch"], declaration: "var launch: Launch", deprecated: false)
        var computed = stored
        computed.declaration = "var launch: Launch { get set }"
        let kept = try Self.check("since", baseline: [Self.kept, stored], current: [Self.kept, computed])
        #expect(kept.status == 0, "\(kept.standardOutput)")
        // A getter alone is not a settable property.
        var readOnly = stored
        readOnly.declaration = "var launch: Launch { get }"
        let gone = try Self.check("since", baseline: [Self.kept, stored], current: [Self.kept, readOnly])
        #expect(gone.status == 1)
    }

    @Test("against a release, a constant and a computed property with a getter alone are the same declaration")
    func constantAndReadOnlyVar() throws {
        let constant = (path: ["Settings", "keys"], declaration: "@MainActor let keys: [String]", deprecated: false)
        var computed = constant
        computed.declaration = "@MainActor var keys: [String] { get }"
        let kept = try Self.check("since", baseline: [Self.kept, constant], current: [Self.kept, computed])
        #expect(kept.status == 0, "\(kept.standardOutput)")
        // A settable property is not the constant: its callers' key paths change kind.
        var settable = constant
        settable.declaration = "@MainActor var keys: [String] { get set }"
        let gone = try Self.check("since", baseline: [Self.kept, constant], current: [Self.kept, settable])
        #expect(gone.status == 1)
    }

    @Test(
        "against a release, a final class's convenience initialiser is the initialiser it was; a class that may be subclassed is not"
    )
    func convenienceInitOfAFinalClass() throws {
        for (kind, kept) in [("final class", 0), ("class", 1)] {
            let type = (path: ["SceneThing"], declaration: "\(kind) SceneThing", deprecated: false)
            let designated = (
                path: ["SceneThing", "init(keys:)"], declaration: "init(keys: [String])", deprecated: false
            )
            var convenience = designated
            convenience.declaration = "convenience init(keys: [String])"
            let outcome = try Self.check("since", baseline: [type, designated], current: [type, convenience])
            #expect(outcome.status == Int32(kept), "\(kind): \(outcome.standardOutput)")
        }
    }

    @Test("a member of a deprecated type counts as deprecated")
    func deprecatedTypesMembers() throws {
        let deprecatedType = (path: ["SceneThing"], declaration: "struct SceneThing", deprecated: true)
        let outcome = try Self.check(baseline: [deprecatedType, Self.open], current: [deprecatedType, Self.open])
        #expect(outcome.standardOutput.hasPrefix("2 public symbols, 2 deprecated, 0 not deprecated"))
    }

    static let kept = (path: ["SceneThing"], declaration: "struct SceneThing", deprecated: false)
    static let open = (path: ["SceneThing", "open(_:)"], declaration: "func open(_ name: String)", deprecated: false)

    @Test("the same API passes; a declaration removed without a deprecation fails, named")
    func removedFails() throws {
        let same = try Self.check(baseline: [Self.kept, Self.open], current: [Self.kept, Self.open])
        #expect(same.status == 0, "\(same.standardOutput)")
        let removed = try Self.check(baseline: [Self.kept, Self.open], current: [Self.kept])
        #expect(removed.status == 1)
        #expect(
            removed.standardOutput.contains(
                "Sample: removed without a deprecation: Sample.SceneThing.open(_:)\tfunc open(_ name: String)"),
            "\(removed.standardOutput)")
    }

    @Test(
        "a changed declaration fails with both forms; a deprecation or an addition fails until the baseline records it")
    func changedFails() throws {
        let changed = try Self.check(
            baseline: [Self.kept, Self.open],
            current: [
                Self.kept,
                (path: ["SceneThing", "open(_:)"], declaration: "func open(_ name: Int)", deprecated: false),
            ])
        #expect(changed.status == 1)
        #expect(
            changed.standardOutput.contains(
                "Sample: changed without a deprecation: Sample.SceneThing.open(_:)\tfunc open(_ name: String)\n    now: func open(_ name: Int)"
            ), "\(changed.standardOutput)")
        let deprecated = try Self.check(
            baseline: [Self.kept, Self.open], current: [Self.kept, (Self.open.path, Self.open.declaration, true)])
        #expect(deprecated.status == 1)
        #expect(deprecated.standardOutput.contains("0 removed or changed without a deprecation, 1 not recorded"))
        #expect(
            deprecated.standardOutput.contains("Sample: deprecated, not in the baseline: Sample.SceneThing.open(_:)"))
    }

    /// The counts in each baseline's header, summed.
    static func baselineCounts() throws -> (total: Int, notDeprecated: Int) {
        var total = 0
        var notDeprecated = 0
        for module in ["SceneStore", "SceneNavigation", "RecipeData", "SceneNavigationTesting"] {
            let text = try Fixtures.text("../API/\(module).txt")
            let header = try #require(text.split(separator: "\n").dropFirst().first)
            let numbers = header.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            try #require(numbers.count == 4, "\(header)")
            let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.contains("\tconforms to ") }
            #expect(lines.count == numbers[0], "\(module): the header's count is not the file's")
            #expect(lines.filter { $0.hasSuffix("\tdeprecated") }.count == numbers[1])
            total += numbers[0]
            notDeprecated += numbers[2]
        }
        return (total, notDeprecated)
    }

    @Test(
        "the changelog gives the baseline's count; the README, the guide and the tool give the changelog's newest release"
    )
    func releaseAgrees() throws {
        let changelog = try Fixtures.text("../CHANGELOG.md")
        let counts = try Self.baselineCounts()
        #expect(
            changelog.contains("\(counts.notDeprecated) public symbols that are not deprecated"),
            "CHANGELOG.md does not give the baseline's count, \(counts.notDeprecated)")
        let releases = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") }
        let newest = try #require(releases.first { !$0.contains("Unreleased") }).split(separator: " ")[1]
        #expect(CommandLineTool.version == String(newest))
        #expect(try Fixtures.text("../README.md").contains(#"from: "\#(newest)")"#))
        let guide = try Fixtures.text("../Sources/SceneNavigation/SceneNavigation.docc/SwiftUIApps.md")
        #expect(guide.contains(#"from: "\#(newest)")"#) && guide.contains("\(newest) is the newest release"))
    }
}
