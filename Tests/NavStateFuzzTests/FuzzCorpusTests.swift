import Foundation
import TestSupport
import Testing

/// Replays every input the fuzzer kept (`Fixtures/fuzz-corpus`) and every fixture it was seeded
/// with through `fuzzOneInput`, the function the libFuzzer target calls.
///
/// The replay runs in a child process (the fuzz target built without the fuzzer, which replays
/// the files it is given) under a deadline: a decoder that crashes or breaks an invariant kills
/// that process, and one that loops is stopped by the deadline; either way the test fails and
/// names the input, and the rest of the test run goes on.
@Suite struct FuzzCorpusTests {
    static let folders = [
        "fuzz-corpus", "hostile", "hostile-navigation-path", "hostile-paths", "links", "navigation", "navigation-path",
        "scenes",
    ]

    /// Every input, as an absolute path.
    static let inputs: [String] = folders.flatMap { folder in
        ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path(folder))) ?? []).sorted().map {
            Fixtures.path("\(folder)/\($0)")
        }
    }

    @Test("the corpus is there: every folder has inputs, the fuzzer's own most of all")
    func corpusIsThere() {
        for folder in Self.folders {
            #expect(
                Self.inputs.contains { $0.hasPrefix(Fixtures.path(folder) + "/") }, "no inputs in Fixtures/\(folder)")
        }
        #expect(Self.inputs.filter { $0.hasPrefix(Fixtures.path("fuzz-corpus") + "/") }.count >= 500)
    }

    @Test("replays every input through every decoder without a crash, a hang or a broken invariant")
    func replay() throws {
        let result = try runProcess(Products.path("NavStateFuzz"), Self.inputs, timeLimit: 120)
        let lines = result.standardError.split(separator: "\n")
        let last = lines.last { $0.hasPrefix("replaying ") }.map { String($0.dropFirst("replaying ".count)) } ?? "-"
        let verdict =
            result.status == 124 || result.status == 137
            ? "hung (killed after 120 s)" : "crashed with status \(result.status)"
        #expect(result.status == 0, "the decoders \(verdict) on \(last):\n\(result.standardError.suffix(2_000))")
        #expect(lines.last == "replayed \(Self.inputs.count) inputs")
    }
}
