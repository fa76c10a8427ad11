// MARK: - Deprecated: 0.3.0's budget of a scene's file, the engine's since 0.4.0

/// How close a scene's file is to its size budget (``StateStore/Configuration/sizeBudget``): a soft
/// limit, well under the hard one.
@available(*, deprecated, message: "compare a scene's size in scenes() with the configuration's sizeBudget")
public struct SceneBudget: Sendable, Equatable, CustomStringConvertible {
    /// The default budget of a scene's file: 256 KiB.
    public static let defaultBudget = SizeBudget.defaultBudget

    /// The size of the scene's file, in bytes.
    public var size: Int64
    /// The budget, in bytes.
    public var budget: Int

    /// The budget use the engine measured.
    package init(_ budget: SizeBudget) {
        size = budget.size
        self.budget = budget.budget
    }

    /// The engine's view of this budget use.
    private var measured: SizeBudget { SizeBudget(size: size, budget: budget) }
    /// Whether the file is larger than the budget.
    public var isOver: Bool { measured.isOver }
    /// Whether the file has reached 80% of the budget (or more).
    public var isNear: Bool { measured.isNear }
    /// `300 KiB, 117% of its budget of 256 KiB`.
    public var description: String { measured.description }
}
