/// How close a scene's file is to its size budget: a soft limit, well under the hard one.
///
/// Apple asks that what a scene stores be lightweight (`@SceneStorage` is not for large data), and
/// Android's saved instance state makes the app crash past about 1 MB; a store refuses files over
/// ``StateStore/Configuration/maximumFileSize`` (4 MiB). The budget
/// (``StateStore/Configuration/sizeBudget``, 256 KiB by default) warns well before that: a
/// navigation state that grows past it is usually a path that never shrinks, or data kept where
/// only identifiers belong. Nothing is refused for it.
///
/// ```swift
/// if let use = try store.storedBudget(of: scene), use.isOver {
///     print("\(scene) is \(use)")          // 300 KiB, 117% of its budget of 256 KiB
/// }
/// ```
package struct SizeBudget: Sendable, Equatable, CustomStringConvertible {
    /// The default budget of a scene's file: 256 KiB.
    package static let defaultBudget = 256 << 10
    /// From this share of the budget on, a scene is near it (``isNear``): 80%.
    package static let nearShare = 0.8

    /// The size of the scene's file, in bytes.
    package var size: Int64
    /// The budget, in bytes.
    package var budget: Int

    /// Creates a budget use.
    /// - Parameters:
    ///   - size: The file's size in bytes.
    ///   - budget: The budget in bytes.
    package init(size: Int64, budget: Int) {
        self.size = size
        self.budget = budget
    }

    /// The size as a share of the budget: 1 is the budget exactly.
    package var share: Double { budget > 0 ? Double(size) / Double(budget) : .infinity }
    /// Whether the file is larger than the budget.
    package var isOver: Bool { size > Int64(budget) }
    /// Whether the file has reached 80% of the budget (or more).
    package var isNear: Bool { share >= Self.nearShare }
    /// The share in whole per cent, rounded down: `117`.
    package var percent: Int { budget > 0 ? Int(size * 100 / Int64(budget)) : Int.max }

    /// `300 KiB, 117% of its budget of 256 KiB`.
    package var description: String {
        "\(Self.formatted(size)), \(percent)% of its budget of \(Self.formatted(Int64(budget)))"
    }

    /// A size in the units the budget is written in: `512 B`, `1.5 KiB`, `256 KiB`, `2 MiB`;
    /// one decimal below 10 of a unit, none above.
    /// - Parameter bytes: The size in bytes.
    /// - Returns: The size in words.
    package static func formatted(_ bytes: Int64) -> String {
        func unit(_ value: Int64, _ scale: Int64, _ name: String) -> String {
            if value % scale == 0 || value >= 10 * scale { return "\(value / scale) \(name)" }
            let tenths = value * 10 / scale
            return "\(tenths / 10).\(tenths % 10) \(name)"
        }
        if bytes >= 1 << 20 { return unit(bytes, 1 << 20, "MiB") }
        if bytes >= 1 << 10 { return unit(bytes, 1 << 10, "KiB") }
        return "\(bytes) B"
    }

    /// Reads a size as the budget is written: a whole number and a unit, `B`, `KiB` or `MiB`
    /// (`256KiB`, `1 MiB`, `4096B`).
    /// - Parameter text: The size.
    /// - Returns: The size in bytes, or nil when the text is not a size.
    package static func parseSize(_ text: String) -> Int? {
        let trimmed = text.filter { $0 != " " }
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 12, let value = Int(digits) else { return nil }
        let scale: Int
        switch trimmed.dropFirst(digits.count) {
        case "B": scale = 1
        case "KiB": scale = 1 << 10
        case "MiB": scale = 1 << 20
        default: return nil
        }
        return value * scale
    }
}

extension StateStore {
    /// How close a scene's file is to the store's size budget
    /// (``Configuration/sizeBudget``).
    /// - Parameter scene: The scene.
    /// - Returns: The use of the budget, or nil when the scene has no file.
    /// - Throws: ``SceneStoreError`` when the file cannot be examined.
    package func storedBudget(of scene: SceneID) throws(SceneStoreError) -> SizeBudget? {
        guard let size = try fileSize(of: scene) else { return nil }
        return SizeBudget(size: size, budget: settings.sizeBudget)
    }

    /// The use of the store's size budget by a file of this size.
    /// - Parameter size: The size in bytes.
    /// - Returns: The use of the budget.
    package func budget(forSize size: Int64) -> SizeBudget {
        SizeBudget(size: size, budget: settings.sizeBudget)
    }
}

extension StateStore {
    /// The size of a scene's file, without reading it; nil when it has none.
    func fileSize(of scene: SceneID) throws(SceneStoreError) -> Int64? {
        let path = path(for: scene)
        guard let directory = try openScenesDirectory(creating: false) else { return nil }
        defer { try? fileSystem.close(directory) }
        do {
            return try fileSystem.statusAt(directory, Self.fileName(for: scene)).size
        } catch {
            if error == .enoent { return nil }
            throw .cannotRead(path: path, errno: error)
        }
    }
}
