import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `navstate prune`: removes old scenes (with everything that belongs to them) and old kept-aside
/// copies. Every candidate is tried; what could not be removed is reported one error per line, and
/// the exit status is that of the first.
struct PruneCommand: Subcommand {
    static let olderThan = OptionDeclaration(
        .init(
            name: "--older-than", valueName: "duration",
            help: "A number and a unit: d, h, m or s (30d, 12h, 45m, 90s).",
            required: true)
    ) { text in (text: text, duration: try CommandLineTool.duration(text)) }

    static let spec = CommandSpec(
        name: "prune",
        overview: "Remove the scenes not saved, and the kept-aside copies not made, within a duration.",
        arguments: [],
        options: [olderThan.spec, SharedDeclarations.json.spec],
        examples: ["navstate prune --older-than 30d"])

    let olderThan: (text: String, duration: Duration)
    let json: Bool

    init(_ line: ParsedCommandLine) throws {
        guard let olderThan = try line.value(Self.olderThan) else {
            throw CommandError.usage("missing option '\(Self.olderThan.spec.synopsis)'")
        }
        self.olderThan = olderThan
        json = line.has(SharedDeclarations.json)
    }

    func run(_ tool: inout CommandLineTool, _ environment: Environment) async throws {
        let store = environment.store
        let outcome = try store.prune(
            before: tool.context.now().addingTimeInterval(-Double(olderThan.duration.components.seconds)))
        let text = olderThan.text
        if json {
            tool.printJSON(
                .object([
                    "removedScenes": .array(outcome.removedScenes.map { .string($0.rawValue) }),
                    "removedKeptAside": .array(outcome.removedKeptAside.map(InspectCommand.json)),
                    "failures": .array(
                        outcome.failures.map {
                            .object(["path": .string($0.path), "error": .string($0.error.description)])
                        }
                    ),
                ]))
        } else {
            if outcome.removedScenes.isEmpty {
                tool.print("No scenes older than \(text) removed.")
            } else {
                let count = outcome.removedScenes.count
                tool.print("Removed \(count) scene\(count == 1 ? "" : "s") not saved within \(text):")
                for scene in outcome.removedScenes { tool.print("  \(scene)") }
            }
            if !outcome.removedKeptAside.isEmpty {
                let count = outcome.removedKeptAside.count
                tool.print("Removed \(count) kept-aside cop\(count == 1 ? "y" : "ies") older than \(text):")
                for file in outcome.removedKeptAside { tool.print("  \(file.fileName)") }
            }
        }
        guard let first = outcome.failures.first else { return }
        for failure in outcome.failures {
            tool.errors += "Error: \(failure.error)\n"
        }
        throw CommandError.alreadyReported(status: ExitStatus.of(first.error))
    }
}
