import Foundation
import TestSupport
import Testing

/// Every function a document names in full, qualified by one of the package's types
/// (`NavigationCoding.decode(_:from:types:)`), is one the package declares, with those argument
/// labels in that order (labels with defaults may be left out, as the docs shorten them).
@Suite struct DocumentedNamesTests {
    /// The documents: the README, BENCHMARKS.md and every article of every catalog.
    static func documents() throws -> [String] {
        let sources = Fixtures.path("../Sources")
        var paths = [Fixtures.path("../README.md"), Fixtures.path("../BENCHMARKS.md")]
        for module in try FileManager.default.contentsOfDirectory(atPath: sources).sorted() {
            let folder = sources + "/" + module
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where name.hasSuffix(".docc") {
                for page in try FileManager.default.contentsOfDirectory(atPath: folder + "/" + name).sorted()
                where page.hasSuffix(".md") {
                    paths.append(folder + "/" + name + "/" + page)
                }
            }
        }
        return paths
    }

    /// Every function declared in the package's sources: its base name and its argument labels.
    static func declarations() throws -> [(name: String, labels: [String])] {
        let sources = Fixtures.path("../Sources")
        var found: [(String, [String])] = []
        let enumerator = FileManager.default.enumerator(atPath: sources)
        let declaration = try Regex(#"(?:func\s+([A-Za-z_][A-Za-z0-9_]*)|\b(init)\??)\s*(?:<[^>]*>)?\s*\("#)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOfFile: sources + "/" + relative, encoding: .utf8)
            for match in text.matches(of: declaration) {
                let name = String(match.output[1].substring ?? match.output[2].substring ?? "")
                // The parameter list, to its closing parenthesis (default values hold parentheses too).
                var depth = 1
                var end = match.range.upperBound
                while end < text.endIndex, depth > 0 {
                    if text[end] == "(" { depth += 1 }
                    if text[end] == ")" { depth -= 1 }
                    end = text.index(after: end)
                }
                let parameters = String(text[match.range.upperBound..<text.index(before: end)])
                let labels = Self.split(parameters).compactMap { parameter -> String? in
                    let head = parameter.split(separator: ":", maxSplits: 1).first ?? ""
                    let words = head.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter {
                        !$0.hasPrefix("@") && $0 != "inout" && $0 != "isolated"
                    }
                    return words.first.map(String.init)
                }
                found.append((name, labels))
            }
        }
        return found
    }

    /// Parameters split at the commas outside brackets, parentheses and angle brackets.
    static func split(_ text: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            switch character {
            case "(", "[", "<", "{": depth += 1
            case ")", "]", ">", "}": depth -= 1
            default: break
            }
            if character == ",", depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { parts.append(current) }
        return parts
    }

    static let types = [
        "NavigationCoding", "ScenePersistence", "NavigationScenes", "StateStore", "SceneNavigationModel",
        "CrashLoopGuard", "NavigationMigrations", "NavigationTypeRegistry", "RouteResolvers", "StoredNavigationPath",
        "MixedPath", "RoutePath", "PersistentScene", "SceneLife", "AppSimulator", "PayloadReplay", "DataModel",
    ]

    @Test(
        "every document that shows `package: \"navstate\"` says it holds only for a folder named navstate, and the fix")
    func packageIdentityExplained() throws {
        var showing = 0
        for path in try Self.documents() {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            guard text.contains(#"package: "navstate""#) else { continue }
            showing += 1
            #expect(text.contains("unknown package 'navstate'"), "\(path)")
            #expect(text.contains(#"package: "navstate-main""#), "\(path)")
        }
        #expect(showing >= 3)
    }

    @Test("every function the documents name in full, on one of the package's types, is declared with those labels")
    func namedFunctionsExist() throws {
        let declared = try Self.declarations()
        let named = try Regex(
            #"`(?:[A-Za-z]+\.)*([A-Z][A-Za-z]+)\.([a-z][A-Za-z0-9]*|init)\(((?:[A-Za-z_][A-Za-z0-9]*:)*)\)"#)
        var checked = 0
        for path in try Self.documents() {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            for match in text.matches(of: named) {
                let type = String(match.output[1].substring ?? "")
                guard Self.types.contains(type) else { continue }
                let name = String(match.output[2].substring ?? "")
                let labels = (match.output[3].substring ?? "").split(separator: ":").map(String.init)
                checked += 1
                let exists = declared.contains { declaration in
                    guard declaration.name == name, labels.count <= declaration.labels.count else { return false }
                    // The labels named, in order, starting with the first.
                    var remaining = declaration.labels[...]
                    for (index, label) in labels.enumerated() {
                        guard let found = remaining.firstIndex(of: label), index > 0 || found == remaining.startIndex
                        else { return false }
                        remaining = remaining[(found + 1)...]
                    }
                    return true
                }
                #expect(exists, "\(path): `\(type).\(name)(\(labels.map { $0 + ":" }.joined()))` is not declared")
            }
        }
        #expect(checked >= 10)
    }
}
