import Foundation
import TestSupport

@testable import navstate

/// The fixed clock of the in-process runs: 2027-01-15T08:00:00.000Z.
let fixedNow = Date(timeIntervalSince1970: 1_800_000_000)

/// Runs navstate in-process with a state root inside `directory`.
@MainActor
func navstate(
    _ arguments: [String], in directory: TemporaryDirectory, input: String = "", now: Date = fixedNow
) async -> CommandLineTool.Outcome {
    var outcome = await CommandLineTool.run(
        arguments,
        context: CommandLineTool.Context(
            environment: directory.environment, currentDirectory: directory.path,
            readStandardInput: { Array(input.utf8) }, now: { now }))
    // Paths vary per test: show the temporary folder as <tmp>.
    outcome.standardOutput = outcome.standardOutput.replacingOccurrences(of: directory.path, with: "<tmp>")
    outcome.standardError = outcome.standardError.replacingOccurrences(of: directory.path, with: "<tmp>")
    return outcome
}

extension TemporaryDirectory {
    /// The scenes folder of the default app.
    var scenes: String { appending("state/cookbook/scenes") }

    /// Copies a fixture scene into the default app's scenes folder.
    func install(scene name: String) throws {
        try FileManager.default.createDirectory(atPath: scenes, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.path("scenes/\(name).json"), toPath: scenes + "/\(name).json")
        // A fixed modification time, which listings show for files they cannot read.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_793_527_200)], ofItemAtPath: scenes + "/\(name).json")
    }

    func contents(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: appending(relative))))
    }
}

func matchesGolden(_ text: String, _ name: String) throws -> Bool {
    try Fixtures.matchesGolden(Array(text.utf8), "golden/cli/\(name)")
}
