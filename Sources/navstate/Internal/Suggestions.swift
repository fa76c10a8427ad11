/// "Did you mean" for mistyped subcommands, options, recipe names and categories.
enum Suggestions {
    /// The candidates closest to `input`, closest first: within a few edits (a third of the
    /// length, at least one, at most three), or, when none is, those that start with it.
    static func closest(to input: String, among candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(input.lowercased())
        guard !target.isEmpty else { return [] }
        let allowed = min(3, max(1, target.count / 3))
        var scored: [(distance: Int, candidate: String)] = []
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= allowed { scored.append((distance, candidate)) }
        }
        if scored.isEmpty {
            let prefix = input.lowercased()
            scored = candidates.filter { $0.lowercased().hasPrefix(prefix) }.map { (0, $0) }
        }
        var seen: Set<String> = []
        return scored.sorted { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }
            .map(\.candidate).filter { seen.insert($0).inserted }.prefix(limit).map { $0 }
    }

    /// `; did you mean 'x'?` (or `'x' or 'y'`), or nothing when nothing is close.
    static func didYouMean(_ input: String, among candidates: [String]) -> String {
        let found = closest(to: input, among: candidates)
        guard !found.isEmpty else { return "" }
        let quoted = found.map { "'\($0)'" }
        let list =
            quoted.count == 1
            ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
        return "; did you mean \(list)?"
    }

    /// The Levenshtein distance: insertions, deletions and substitutions.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
