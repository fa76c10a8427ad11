// The public API of the libraries, from the toolchain's symbol graphs: one line per public symbol,
// written to a baseline per module (API/<Module>.txt) and checked against it. Run by Scripts/api.sh;
// a test (APIBaselineTests) runs it on symbol graphs of its own.
//
//   swift Scripts/api.swift write <symbol graph folder> <baseline folder> <module>...
//   swift Scripts/api.swift check <symbol graph folder> <baseline folder> <module>...
//   swift Scripts/api.swift since <symbol graph folder> <release's baseline folder> <module>...
//       [--renames-from <baseline folder>]
//
// A line is the symbol's path, a tab, its declaration (with the constraints of the extension that
// declares it), and, when it is deprecated, a tab and "deprecated". A member of a deprecated type
// counts as deprecated: it goes with its type. `check` exits 1 and names every difference: a
// declaration removed or changed without a deprecation first (a break for apps), then one added,
// deprecated or removed after its deprecation that the baseline does not record yet. `since` holds
// the code to a release's frozen baseline (API/releases/<version>): every declaration of that
// release is still there, unless the release had already deprecated it (so a declaration is
// deprecated for at least one release before it goes), or a type it names was renamed with a
// deprecated typealias of its old name and the declaration is there under the new name.
//
// Each public type's conformances are lines too (`conforms to Sendable`). Declarations are compared
// as text: a renamed parameter or a default value spelled otherwise counts as a change, which `check`
// names. `since` asks only whether an app written against the release still builds, so it compares
// declarations without their default values' expressions: a default spelled otherwise (the same
// value named through another declaration) breaks no build, but a default removed or added does
// change the declaration. For the same reason a stored `var` and a computed one with a getter and a
// setter are the same declaration to it.
import Foundation

struct Symbol: Hashable {
    var path: String
    var declaration: String
    var deprecated: Bool
    /// The symbol graph's kind (`swift.enum.case`, ...), or `conformance`; not written to the baseline.
    var kind = ""

    var key: String { "\(path)\t\(declaration)" }
    var line: String { deprecated ? "\(key)\tdeprecated" : key }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("api: \(message)\n".utf8))
    exit(2)
}

/// Every public symbol that the module's symbol graphs (the module's own and its extensions of
/// other modules', `<Module>@<Other>.symbols.json`) declare.
func symbols(of module: String, in folder: URL) -> [Symbol] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let files = names.filter { $0 == "\(module).symbols.json" || $0.hasPrefix("\(module)@") }.sorted()
    guard files.contains("\(module).symbols.json") else {
        fail("no symbol graph of \(module) in \(folder.path)")
    }
    var result: [Symbol] = []
    for file in files {
        let url = folder.appendingPathComponent(file)
        guard let data = try? Data(contentsOf: url),
            let graph = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entries = graph["symbols"] as? [[String: Any]]
        else { fail("\(url.path) is not a symbol graph") }
        let relationships = graph["relationships"] as? [[String: Any]] ?? []
        var parent: [String: String] = [:]
        for relationship in relationships where relationship["kind"] as? String == "memberOf" {
            if let source = relationship["source"] as? String, let target = relationship["target"] as? String {
                parent[source] = target
            }
        }
        var publicPaths: [String: (path: String, deprecated: Bool)] = [:]
        var deprecatedItself: [String: Bool] = [:]
        for entry in entries {
            let id = (entry["identifier"] as? [String: Any])?["precise"] as? String ?? ""
            let availability = entry["availability"] as? [[String: Any]] ?? []
            deprecatedItself[id] = availability.contains {
                $0["isUnconditionallyDeprecated"] as? Bool == true || $0["deprecated"] != nil
            }
        }
        func deprecated(_ id: String) -> Bool {
            var current: String? = id
            var seen: Set<String> = []
            while let id = current, seen.insert(id).inserted {
                if deprecatedItself[id] == true { return true }
                current = parent[id]
            }
            return false
        }
        let requirements = Set(
            relationships.filter { $0["kind"] as? String == "requirementOf" }.compactMap { $0["source"] as? String })
        for entry in entries
        where entry["accessLevel"] as? String == "public" || entry["accessLevel"] as? String == "open" {
            let id = (entry["identifier"] as? [String: Any])?["precise"] as? String ?? ""
            let components = entry["pathComponents"] as? [String] ?? []
            let fragments = entry["declarationFragments"] as? [[String: Any]] ?? []
            var declaration = fragments.map { $0["spelling"] as? String ?? "" }.joined()
            let constraints = (entry["swiftExtension"] as? [String: Any])?["constraints"] as? [[String: Any]] ?? []
            let clauses = constraints.compactMap { constraint -> String? in
                guard let lhs = constraint["lhs"] as? String, let rhs = constraint["rhs"] as? String else { return nil }
                return constraint["kind"] as? String == "sameType" ? "\(lhs) == \(rhs)" : "\(lhs) : \(rhs)"
            }
            if !clauses.isEmpty {
                // The extension's constraints, always: a declaration's own where clause may name others.
                declaration += " [in an extension where " + clauses.joined(separator: ", ") + "]"
            }
            declaration = declaration.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let path = ([module] + components).joined(separator: ".")
            let kind = (entry["kind"] as? [String: Any])?["identifier"] as? String ?? ""
            let isDeprecated = deprecated(id)
            result.append(
                Symbol(
                    path: path, declaration: declaration, deprecated: isDeprecated,
                    kind: requirements.contains(id) ? "requirement" : kind))
            publicPaths[id] = (path, isDeprecated)
        }
        // Each conformance of a public type to a protocol, a line of its own: removing one (such as
        // Sendable) breaks apps as removing a member does.
        for relationship in relationships where relationship["kind"] as? String == "conformsTo" {
            guard let source = relationship["source"] as? String, let type = publicPaths[source] else { continue }
            let target = relationship["targetFallback"] as? String ?? relationship["target"] as? String ?? ""
            var conformance = "conforms to \(target)"
            if let constraints = (relationship["swiftConstraints"] as? [[String: Any]]), !constraints.isEmpty {
                conformance +=
                    " where "
                    + constraints.compactMap { constraint -> String? in
                        guard let lhs = constraint["lhs"] as? String, let rhs = constraint["rhs"] as? String else {
                            return nil
                        }
                        return constraint["kind"] as? String == "sameType" ? "\(lhs) == \(rhs)" : "\(lhs) : \(rhs)"
                    }.joined(separator: ", ")
            }
            result.append(
                Symbol(path: type.path, declaration: conformance, deprecated: type.deprecated, kind: "conformance"))
        }
    }
    return Array(Set(result)).sorted { $0.line < $1.line }
}

func baselineURL(_ folder: URL, _ module: String) -> URL { folder.appendingPathComponent("\(module).txt") }

func header(_ module: String, _ lines: [Symbol]) -> [String] {
    let symbols = lines.filter { $0.kind != "conformance" }
    let deprecated = symbols.filter(\.deprecated).count
    return [
        "# The public API of \(module), from its symbol graph, written by Scripts/api.swift (Scripts/api.sh --update;"
            + " SceneNavigationUI's: ReadmeSwiftUITests when recording).",
        "# \(symbols.count) public symbols, \(deprecated) deprecated, \(symbols.count - deprecated) not deprecated;"
            + " \(lines.count - symbols.count) conformances.",
    ]
}

func readBaseline(_ url: URL) -> [Symbol] {
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        fail("no baseline at \(url.path): run Scripts/api.sh --update")
    }
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 2 || (fields.count == 3 && fields[2] == "deprecated") else {
            fail("\(url.path): not a baseline line: \(line)")
        }
        return Symbol(path: fields[0], declaration: fields[1], deprecated: fields.count == 3)
    }
}

let arguments: [String] = {
    var arguments = Array(CommandLine.arguments.dropFirst())
    if let option = arguments.firstIndex(of: "--renames-from") {
        arguments.removeSubrange(option..<min(option + 2, arguments.count))
    }
    return arguments
}()
guard arguments.count >= 4, ["write", "check", "since"].contains(arguments[0]) else {
    fail("usage: api.swift write|check|since <symbol graph folder> <baseline folder> <module>...")
}
let graphs = URL(fileURLWithPath: arguments[1])
let baselines = URL(fileURLWithPath: arguments[2])
let modules = Array(arguments[3...])

/// The types renamed with a deprecated typealias of the old name (`typealias Old = New`), by old
/// name: a declaration of a release that names the old type is still there when the one that
/// names the new type is (the alias forwards to it, in source).
func renames(in symbols: [Symbol]) -> [String: String] {
    var renames: [String: String] = [:]
    for symbol in symbols where symbol.deprecated {
        let words = symbol.declaration.split(separator: " ")
        guard words.count == 4, words[0] == "typealias", words[2] == "=",
            !words[3].contains(where: { !$0.isLetter && !$0.isNumber })
        else { continue }
        renames[String(words[1])] = String(words[3])
    }
    return renames
}

/// A declaration's key with each renamed type's old name replaced by its new one, in the path
/// (after the module) and the declaration.
func renamed(_ symbol: Symbol, _ renames: [String: String]) -> String {
    func replacingWords(_ text: String) -> String {
        var result = ""
        var word = ""
        for character in text + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                result += renames[word] ?? word
                word = ""
                result.append(character)
            }
        }
        return String(result.dropLast())
    }
    let components = symbol.path.split(separator: ".", maxSplits: 1).map(String.init)
    let path = components.count == 2 ? components[0] + "." + replacingWords(components[1]) : symbol.path
    return "\(path)\t\(replacingWords(symbol.declaration))"
}

/// A declaration with each default value's expression (what follows ` = ` in a parameter list, up to
/// the parameter's end) replaced by `…`.
func withoutDefaultValues(_ declaration: String) -> String {
    var result = ""
    var depth = 0
    var skipping: Int? = nil
    var inString = false
    let characters = Array(declaration)
    var index = 0
    while index < characters.count {
        let character = characters[index]
        if inString {
            if character == "\\" {
                index += 2
                continue
            }
            if character == "\"" { inString = false }
            if skipping == nil { result.append(character) }
            index += 1
            continue
        }
        switch character {
        case "\"": inString = true
        case "(", "[", "{": depth += 1
        case ")", "]", "}":
            if let level = skipping, depth == level { skipping = nil }
            depth -= 1
        case ",":
            if let level = skipping, depth == level { skipping = nil }
        default: break
        }
        if skipping == nil, depth >= 1, character == "=", index > 0, characters[index - 1] == " ",
            index + 1 < characters.count, characters[index + 1] == " "
        {
            result += "= …"
            skipping = depth
            index += 1
            continue
        }
        if skipping == nil { result.append(character) }
        index += 1
    }
    return result
}

/// The final classes of the modules checked, by path: no subclass calls their initialisers.
var finalClasses: Set<String> = []

/// A declaration's key as `since` compares it: without its default values' expressions; a
/// settable computed property (`var x: T { get set }`) as the stored one it reads as to its
/// callers (`var x: T`); a constant (`let x: T`) as the read-only property it reads as to its
/// callers (`var x: T { get }`); and a final class's `convenience init` as the `init` it is to its
/// callers: none of these changes breaks a caller's build.
func releaseKey(_ key: String) -> String {
    let parts = key.split(separator: "\t", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { return key }
    var declaration = withoutDefaultValues(parts[1])
    if let initializer = parts[0].range(of: ".init("),
        finalClasses.contains(String(parts[0][..<initializer.lowerBound]))
    {
        declaration = declaration.replacingOccurrences(of: "convenience init", with: "init")
    }
    if declaration.contains("var "), declaration.hasSuffix(" { get set }") {
        declaration = String(declaration.dropLast(" { get set }".count))
    }
    if let constant = declaration.range(of: "let "), !declaration.contains(" = "),
        !declaration.contains("{"), declaration[..<constant.lowerBound].allSatisfy({ $0 != "(" })
    {
        declaration.replaceSubrange(constant, with: "var ")
        declaration += " { get }"
    }
    return parts[0] + "\t" + declaration
}

// `--renames-from <baseline folder>`: the renames of other modules than those checked (a module's
// declarations may name another's renamed type).
var renameSources = modules.flatMap { symbols(of: $0, in: graphs) }
if let option = CommandLine.arguments.firstIndex(of: "--renames-from"), option + 1 < CommandLine.arguments.count {
    let folder = URL(fileURLWithPath: CommandLine.arguments[option + 1])
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasSuffix(".txt") {
        renameSources += readBaseline(folder.appendingPathComponent(name))
    }
}
let typeRenames = arguments[0] == "since" ? renames(in: renameSources) : [:]
var total = 0
var totalDeprecated = 0
var breaks: [String] = []
var unrecorded: [String] = []
for module in modules {
    let current = symbols(of: module, in: graphs)
    let symbols = current.filter { $0.kind != "conformance" }
    total += symbols.count
    totalDeprecated += symbols.filter(\.deprecated).count
    let url = baselineURL(baselines, module)
    if arguments[0] == "write" {
        try! FileManager.default.createDirectory(at: baselines, withIntermediateDirectories: true)
        let text = (header(module, current) + current.map(\.line)).joined(separator: "\n") + "\n"
        try! Data(text.utf8).write(to: url)
        continue
    }
    let baseline = readBaseline(url)
    if arguments[0] == "since" {
        finalClasses.formUnion(current.filter { $0.declaration.contains("final class ") }.map(\.path))
        let keys = Set(current.map { releaseKey($0.key) })
        for old in baseline
        where !old.deprecated && !keys.contains(releaseKey(old.key))
            && !keys.contains(releaseKey(renamed(old, typeRenames)))
        {
            breaks.append(
                "\(module): gone or changed without a deprecation in \(baselines.lastPathComponent): \(old.key)")
        }
        continue
    }
    let currentByKey = Dictionary(current.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    let baselineByKey = Dictionary(baseline.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    let removed = baseline.filter { currentByKey[$0.key] == nil }
    let added = current.filter { baselineByKey[$0.key] == nil }
    for old in removed {
        let replacements = added.filter { $0.path == old.path }
        if old.deprecated {
            unrecorded.append("\(module): removed after its deprecation, still in the baseline: \(old.key)")
        } else if replacements.count == 1 {
            breaks.append(
                "\(module): changed without a deprecation: \(old.key)\n    now: \(replacements[0].declaration)")
        } else {
            breaks.append("\(module): removed without a deprecation: \(old.key)")
        }
    }
    let changedPaths = Set(
        removed.filter { old in !old.deprecated && added.filter { $0.path == old.path }.count == 1 }.map(\.path))
    for new in added where !changedPaths.contains(new.path) {
        let note =
            switch new.kind {
            case "swift.enum.case": " (an enum case: an app's switch over the enum without a default no longer builds)"
            case "requirement": " (a protocol requirement: an app's conforming type must now provide it)"
            default: ""
            }
        unrecorded.append("\(module): added, not in the baseline: \(new.line)\(note)")
    }
    for symbol in current {
        guard let old = baselineByKey[symbol.key], old.deprecated != symbol.deprecated else { continue }
        unrecorded.append(
            "\(module): \(symbol.deprecated ? "deprecated" : "no longer deprecated"), not in the baseline: \(symbol.key)"
        )
    }
}

if arguments[0] == "since" {
    for line in breaks { print(line) }
    if !breaks.isEmpty {
        print(
            """
            \(breaks.count) declarations of release \(baselines.lastPathComponent) are gone or changed without \
            having been deprecated in it. Bring each back as a deprecated forwarder.
            """)
        exit(1)
    }
    print("every declaration of release \(baselines.lastPathComponent) is there or was deprecated in it")
    exit(0)
}
print("\(total) public symbols, \(totalDeprecated) deprecated, \(total - totalDeprecated) not deprecated")
if arguments[0] == "check" {
    for line in breaks + unrecorded { print(line) }
    if !breaks.isEmpty || !unrecorded.isEmpty {
        print(
            """
            The public API differs from the baseline in \(baselines.path): \(breaks.count) removed or \
            changed without a deprecation, \(unrecorded.count) not recorded. Deprecate a declaration \
            (with a message naming its replacement) before it is removed; for an intended change, run \
            Scripts/api.sh --update and record it in CHANGELOG.md in the same commit.
            """)
        exit(1)
    }
}
