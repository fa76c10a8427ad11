import Foundation
import SceneNavigationTesting
import Testing

@testable import SceneStore

/// The soft size budget of a scene's file: how it is read, written and measured.
@Suite struct SceneBudgetTests {
    @Test("sizes read as the budget is written: a whole number and B, KiB or MiB; nothing else")
    func parsesSizes() {
        #expect(SizeBudget.parseSize("256KiB") == 262_144)
        #expect(SizeBudget.parseSize("1 MiB") == 1_048_576)
        #expect(SizeBudget.parseSize("4096B") == 4096)
        for text in ["256", "256kb", "256 KB", "1.5MiB", "-1KiB", "KiB", "", "1GiB", "9999999999999KiB"] {
            #expect(SizeBudget.parseSize(text) == nil, "\(text)")
        }
    }

    @Test("a budget's use in words: the size in its unit, the share in whole per cent")
    func describesUse() {
        #expect(SizeBudget(size: 307_200, budget: 262_144).description == "300 KiB, 117% of its budget of 256 KiB")
        #expect(SizeBudget(size: 512, budget: 1024).description == "512 B, 50% of its budget of 1 KiB")
        #expect(SizeBudget.formatted(1536) == "1.5 KiB")
        #expect(SizeBudget.formatted(3 << 20) == "3 MiB")
        let near = SizeBudget(size: 210_000, budget: 262_144)
        #expect(near.isNear && !near.isOver && near.percent == 80)
        #expect(!SizeBudget(size: 209_000, budget: 262_144).isNear)
        #expect(SizeBudget(size: 262_145, budget: 262_144).isOver)
    }

    @Test("the store says how close a scene is to its budget, 256 KiB by default; nil without a file")
    func storeBudget() throws {
        let temporary = try TemporaryStore()
        let scene = try SceneID("main")
        #expect(temporary.store.settings.sizeBudget == 256 << 10)
        #expect(try temporary.store.storedBudget(of: scene) == nil)
        try temporary.store.put(String(repeating: "x", count: 1000), forKey: "text", in: scene)
        let size = Int64(try temporary.store.fileBytes(of: scene).count)
        #expect(try temporary.store.storedBudget(of: scene) == SizeBudget(size: size, budget: 256 << 10))
        let small = temporary.makeStore(configuration: .init(sizeBudget: 512))
        let use = try #require(try small.storedBudget(of: scene))
        #expect(use.isOver && use.budget == 512 && use.size == size)
    }
}
