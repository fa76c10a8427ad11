import Foundation
import TestSupport
import Testing

/// Runs the built `navstate` binary as a separate process.
///
/// With `dataLimitKilobytes`, the run gets at most that much data memory (`ulimit -d`): a run that
/// needs more fails instead of passing. Linux enforces the limit; macOS does not, so there the bound
/// is not checked.
func runBinary(
    _ arguments: [String], in directory: TemporaryDirectory, input: String? = nil, dataLimitKilobytes: Int? = nil
) throws -> ProcessResult {
    let environment = ["XDG_STATE_HOME": directory.appending("state"), "PATH": "/usr/bin:/bin"]
    let navstate = Products.path("navstate")
    let data = input.map { Data($0.utf8) }
    var result: ProcessResult
    if let limit = dataLimitKilobytes {
        result = try runProcess(
            "/bin/sh", ["-c", "ulimit -d \(limit) && exec \"$0\" \"$@\"", navstate] + arguments,
            environment: environment, input: data)
    } else {
        result = try runProcess(navstate, arguments, environment: environment, input: data)
    }
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

    @Test("--input may name a pipe: /dev/stdin and a shell's <(...) are read, not refused as FIFOs")
    func inputFromPipes() throws {
        let directory = try TemporaryDirectory()
        let fromStdin = try runBinary(
            ["save", "a", "--input", "/dev/stdin"], in: directory, input: #"{"selectedCategory":2,"recipePathIds":[]}"#)
        #expect(fromStdin.status == 0, "\(fromStdin.standardError)")
        #expect(fromStdin.standardOutput.hasSuffix("category: salad\npath:     (empty)\n"))
        let substituted = try runProcess(
            "/bin/bash",
            [
                "-c", #"exec "$0" save b --input <(printf '{"selectedCategory":1,"recipePathIds":[]}')"#,
                Products.path("navstate"),
            ], environment: ["XDG_STATE_HOME": directory.appending("state"), "PATH": "/usr/bin:/bin"])
        #expect(substituted.status == 0, "\(substituted.standardError)")
        #expect(substituted.standardOutput.hasSuffix("category: pancake\npath:     (empty)\n"))
        // A device is still refused, without being read.
        let device = try runBinary(["save", "c", "--input", "/dev/zero"], in: directory)
        #expect(device.status == 64)
        #expect(device.standardError.hasPrefix("Error: refusing '/dev/zero': it is a device, not a regular file\n"))
    }
}
