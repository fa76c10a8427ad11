/// The lines two texts differ in, as a test failure shows them: `- ` a line only expected, `+ ` a
/// line only found, with two lines of context around each change.
enum LineDifference {
    static func describe(expected: [UInt8], actual: [UInt8]) -> String {
        let old = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let new = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        // Longest common subsequence, by dynamic programming: golden files are small.
        var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var lines: [(mark: Character, text: Substring)] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                lines.append((" ", old[i]))
                i += 1
                j += 1
            } else if j < new.count, i == old.count || lengths[i][j + 1] >= lengths[i + 1][j] {
                lines.append(("+", new[j]))
                j += 1
            } else {
                lines.append(("-", old[i]))
                i += 1
            }
        }
        // Within each run of changes, the lines only expected come first, as diff shows them.
        var start = 0
        while start < lines.count {
            guard lines[start].mark != " " else {
                start += 1
                continue
            }
            var end = start
            while end < lines.count && lines[end].mark != " " { end += 1 }
            let run = lines[start..<end]
            lines.replaceSubrange(start..<end, with: run.filter { $0.mark == "-" } + run.filter { $0.mark == "+" })
            start = end
        }
        // Keep the changed lines and two lines of context around each.
        let changed = lines.indices.filter { lines[$0].mark != " " }
        var shown: [String] = []
        var last = -1
        for index in lines.indices where changed.contains(where: { abs($0 - index) <= 2 }) {
            if last >= 0 && index > last + 1 { shown.append("  ...") }
            shown.append("\(lines[index].mark) \(lines[index].text)")
            last = index
        }
        return shown.joined(separator: "\n")
    }
}
