import Foundation
import TestSupport
import Testing

/// Runs the built `navstate` binary as a separate process.
func runBinary(_ arguments: [String], in directory: TemporaryDirectory, input: String? = nil) throws -> ProcessResult {
    var result = try runProcess(
        Products.path("navstate"), arguments,
        environment: ["XDG_STATE_HOME": directory.appending("state"), "PATH": "/usr/bin:/bin"],
        input: input.map { Data($0.utf8) })
    result.standardOutput = result.standardOutput.replacingOccurrences(of: directory.path, with: "<tmp>")
    result.standardError = result.standardError.replacingOccurrences(of: directory.path, with: "<tmp>")
    return result
}

@Suite struct EndToEndTests {
    @Test("save in one process, restore in another")
    func saveThenRestoreAcrossProcesses() throws {
        let directory = try TemporaryDirectory()
        let saved = try runBinary(
            ["save", "main", "--category", "salad", "--recipe", "Caprese", "--recipe", "niçoise"], in: directory)
        #expect(saved.status == 0, "\(saved.standardError)")
        let restored = try runBinary(["restore", "main"], in: directory)
        #expect(restored.status == 0)
        #expect(restored.standardOutput == "scene:    main\ncategory: salad\npath:\n  1. Caprese\n  2. Niçoise\n")
        #expect(restored.standardError == "")
    }

    @Test("stdin input, exit statuses and errors of the real binary")
    func binaryStatuses() throws {
        let directory = try TemporaryDirectory()
        let saved = try runBinary(
            ["save", "main", "--input", "-"], in: directory, input: #"{"selectedCategory":1,"recipePathIds":[]}"#)
        #expect(saved.status == 0)
        let missing = try runBinary(["restore", "other"], in: directory)
        #expect(missing.status == 66)
        #expect(missing.standardError.hasPrefix("Error: no saved state for scene 'other'"))
        #expect(!missing.standardError.contains("Stack"))
        let usage = try runBinary(["restore"], in: directory)
        #expect(usage.status == 64)
        let help = try runBinary(["--help"], in: directory)
        #expect(help.status == 0 && help.standardOutput.hasPrefix("OVERVIEW:"))
    }
}
