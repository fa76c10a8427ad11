// The public API of the libraries, from the toolchain's symbol graphs: one line per public symbol,
// written to a baseline per module (API/<Module>.txt) and checked against it. Run by Scripts/api.sh;
// a test (APIBaselineTests) runs it on symbol graphs of its own.
//
//   swift Scripts/api.swift write <symbol graph folder> <baseline folder> <module>...
//   swift Scripts/api.swift check <symbol graph folder> <baseline folder> <module>...
//
// A line is the symbol's path, a tab, its declaration (with the constraints of the extension that
// declares it), and, when it is deprecated, a tab and "deprecated". A member of a deprecated type
// counts as deprecated: it goes with its type. `check` exits 1 and names every difference: a
// declaration removed or changed without a deprecation first (a break for apps), then one added,
// deprecated or removed after its deprecation that the baseline does not record yet.
import Foundation

struct Symbol: Hashable {
    var path: String
    var declaration: String
    var deprecated: Bool

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
        for entry in entries where entry["accessLevel"] as? String == "public" || entry["accessLevel"] as? String == "open" {
            let id = (entry["identifier"] as? [String: Any])?["precise"] as? String ?? ""
            let components = entry["pathComponents"] as? [String] ?? []
            let fragments = entry["declarationFragments"] as? [[String: Any]] ?? []
            var declaration = fragments.map { $0["spelling"] as? String ?? "" }.joined()
            let constraints = (entry["swiftExtension"] as? [String: Any])?["constraints"] as? [[String: Any]] ?? []
            let clauses = constraints.compactMap { constraint -> String? in
                guard let lhs = constraint["lhs"] as? String, let rhs = constraint["rhs"] as? String else { return nil }
                return constraint["kind"] as? String == "sameType" ? "\(lhs) == \(rhs)" : "\(lhs) : \(rhs)"
            }
            if !clauses.isEmpty, !declaration.contains(" where ") {
                declaration += " where " + clauses.joined(separator: ", ")
            }
            declaration = declaration.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let path = ([module] + components).joined(separator: ".")
            result.append(Symbol(path: path, declaration: declaration, deprecated: deprecated(id)))
        }
    }
    return Array(Set(result)).sorted { $0.line < $1.line }
}

func baselineURL(_ folder: URL, _ module: String) -> URL { folder.appendingPathComponent("\(module).txt") }

func header(_ module: String, _ symbols: [Symbol]) -> [String] {
    let deprecated = symbols.filter(\.deprecated).count
    return [
        "# The public API of \(module), from its symbol graph: Scripts/api.sh --update writes this file.",
        "# \(symbols.count) public symbols, \(deprecated) deprecated, \(symbols.count - deprecated) not deprecated.",
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

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 4, ["write", "check"].contains(arguments[0]) else {
    fail("usage: api.swift write|check <symbol graph folder> <baseline folder> <module>...")
}
let graphs = URL(fileURLWithPath: arguments[1])
let baselines = URL(fileURLWithPath: arguments[2])
let modules = Array(arguments[3...])

var total = 0
var totalDeprecated = 0
var breaks: [String] = []
var unrecorded: [String] = []
for module in modules {
    let current = symbols(of: module, in: graphs)
    total += current.count
    totalDeprecated += current.filter(\.deprecated).count
    let url = baselineURL(baselines, module)
    if arguments[0] == "write" {
        try! FileManager.default.createDirectory(at: baselines, withIntermediateDirectories: true)
        let text = (header(module, current) + current.map(\.line)).joined(separator: "\n") + "\n"
        try! Data(text.utf8).write(to: url)
        continue
    }
    let baseline = readBaseline(url)
    let currentByKey = Dictionary(current.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    let baselineByKey = Dictionary(baseline.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    let removed = baseline.filter { currentByKey[$0.key] == nil }
    let added = current.filter { baselineByKey[$0.key] == nil }
    for old in removed {
        let replacements = added.filter { $0.path == old.path }
        if old.deprecated {
            unrecorded.append("\(module): removed after its deprecation, still in the baseline: \(old.key)")
        } else if replacements.count == 1 {
            breaks.append("\(module): changed without a deprecation: \(old.key)\n    now: \(replacements[0].declaration)")
        } else {
            breaks.append("\(module): removed without a deprecation: \(old.key)")
        }
    }
    let changedPaths = Set(removed.filter { old in !old.deprecated && added.filter { $0.path == old.path }.count == 1 }.map(\.path))
    for new in added where !changedPaths.contains(new.path) {
        unrecorded.append("\(module): added, not in the baseline: \(new.line)")
    }
    for symbol in current {
        guard let old = baselineByKey[symbol.key], old.deprecated != symbol.deprecated else { continue }
        unrecorded.append(
            "\(module): \(symbol.deprecated ? "deprecated" : "no longer deprecated"), not in the baseline: \(symbol.key)")
    }
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
