import RecipeData
import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `navstate open`: tells what a link would open, the cookbook's against the recipe data, another
/// app's with its mapping file: the path, and what of the link would not open and why. Changes
/// nothing.
struct OpenCommand: Subcommand {
    static let link = ArgumentDeclaration<String>(
        spec: .init(name: "link", help: "The link, such as cookbook://recipe/<ID>.", required: true)
    ) { $0 }
    static let mapping = OptionDeclaration(
        .init(
            name: "--mapping", valueName: "links.json",
            help:
                "Another app's link mapping: {\"scheme\", \"host\", \"patterns\": [{\"pattern\", \"case\" or \"value\"}]}."
        ))

    static let spec = CommandSpec(
        name: "open",
        overview: "Show what a link would open: the path, and what of it would not open and why. Changes nothing.",
        arguments: [link.spec],
        options: [RestoreCommand.policy.spec, mapping.spec, SharedDeclarations.json.spec],
        examples: [
            "navstate open cookbook://recipe/E35A5C9C-F1EA-4B3D-9980-E2240B363AC8",
            "navstate open 'mail://inbox/message/42' --mapping mail-links.json --json",
        ])

    let link: String
    let policy: RestorePolicy
    let mappingPath: String?
    let json: Bool

    init(_ line: ParsedCommandLine) throws {
        link = try line.required(Self.link)
        policy = RestorePolicy(onDrop: try line.value(RestoreCommand.policy) ?? .skip)
        mappingPath = try line.value(Self.mapping)
        json = line.has(SharedDeclarations.json)
    }

    func run(_ tool: inout CommandLineTool, _ environment: Environment) async throws {
        if let mappingPath {
            let mapping = try Self.readMapping(tool.context.absolute(mappingPath))
            let (path, report) = try mapping.routes(fromLink: link, policy: policy)
            tool.warnAboutUnopened(report, cookbook: false)
            if json {
                tool.printJSON(
                    .object(["link": .string(link), "path": .array(path.routes), "report": report.json]))
            } else {
                tool.print("link:     \(TerminalText.escaped(link))")
                tool.printPath(path.routes.map { String(decoding: $0.serialized(), as: UTF8.self) })
            }
            return
        }
        guard environment.isCookbook else {
            throw CommandError.usage("another app's links need its mapping: '--mapping <links.json>'")
        }
        let model = NavigationModel(dataModel: environment.data)
        let report = try model.open(link, with: CookbookState.links, at: \.path, policy: policy)
        tool.warnAboutUnopened(report, cookbook: true)
        if json {
            tool.printJSON(
                .object([
                    "link": .string(link),
                    "path": .array(
                        model.path.map { .object(["id": .string($0.id.description), "name": .string($0.name)]) }),
                    "report": report.json,
                ]))
        } else {
            tool.print("link:     \(TerminalText.escaped(link))")
            tool.printPath(model.path.map(\.name))
        }
    }

    /// Reads `--mapping`: a link mapping as JSON.
    static func readMapping(_ path: String) throws -> LinkMapping<JSONValue> {
        let bytes = try Environment.readInputFile(path)
        do {
            return try JSONDecoder().decode(LinkMapping<JSONValue>.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw CommandError.inputContents(path: path, reason: "not a link mapping: \(Self.describe(error))")
        } catch {
            throw CommandError.inputContents(path: path, reason: "not a link mapping: \(error)")
        }
    }

    /// A decoding error in one line: where, and what.
    private static func describe(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found),
            .dataCorrupted(let found):
            context = found
        @unknown default: return String(describing: error)
        }
        var place = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        if place.hasPrefix(".") { place.removeFirst() }
        if case .keyNotFound(let key, _) = error {
            return "\(place.isEmpty ? "" : place + ": ")missing '\(key.stringValue)'"
        }
        return (place.isEmpty ? "" : place + ": ") + context.debugDescription
    }
}

extension CommandLineTool {
    /// A path's elements, one per line, counted from 1.
    mutating func printPath(_ names: [String]) {
        if names.isEmpty {
            print("path:     (empty)")
        } else {
            print("path:")
            for (index, name) in names.enumerated() { print("  \(index + 1). \(TerminalText.escaped(name))") }
        }
    }

    /// Warns about each element of a link that would not open, positions counted from 1, with its
    /// text in the link (or the recipe ID the data does not have).
    mutating func warnAboutUnopened(_ report: RestoreReport, cookbook: Bool) {
        for entry in report.dropped {
            let text = entry.json.stringValue ?? String(decoding: entry.json.serialized(), as: UTF8.self)
            let words: String
            switch entry.reason {
            case .unresolved where cookbook: words = "not in the recipe data"
            case .undecodable(let error): words = error
            default: words = entry.reason.description
            }
            // A query item no route takes is a member `?name`.
            let place =
                entry.position.map { "position \($0 + 1) of the link, '\(TerminalText.escaped(text))'" }
                ?? "query item '\(TerminalText.escaped(String(entry.location.dropFirst())))=\(TerminalText.escaped(text))'"
            warn("not opened: \(place): \(TerminalText.escaped(words))")
        }
    }
}
