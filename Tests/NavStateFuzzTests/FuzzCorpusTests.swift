import Foundation
import TestSupport
import Testing

@testable import NavStateFuzz

@Suite struct FuzzCorpusTests {
    /// Every input the fuzzer has found interesting or crashing, and every fixture it was seeded with.
    static let inputs: [String] = ["fuzz-corpus", "hostile", "navigation", "scenes"].flatMap { folder in
        ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path(folder))) ?? []).sorted().map {
            "\(folder)/\($0)"
        }
    }

    @Test("the corpus is there")
    func corpusIsThere() {
        #expect(Self.inputs.count > 40)
    }

    @Test("replays the fuzz corpus through every decoder without a crash or broken invariant", arguments: inputs)
    func replay(_ input: String) throws {
        fuzzOneInput(try Fixtures.bytes(input))
    }
}
