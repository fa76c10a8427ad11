#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The timestamp text of scene documents: UTC with milliseconds, `2026-11-21T21:04:07.123Z`.
///
/// Hand-written rather than `ISO8601DateFormatter` so it is the same on every platform and cheap
/// on the write path.
enum Timestamp {
    static func format(_ date: Date) -> String {
        let totalMilliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = totalMilliseconds >= 0 ? totalMilliseconds / 1000 : (totalMilliseconds - 999) / 1000
        let milliseconds = totalMilliseconds - seconds * 1000
        guard let parts = Platform.utcComponents(ofSeconds: seconds) else {
            return "1970-01-01T00:00:00.000Z"
        }
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T"
            + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2)).\(pad(milliseconds, 3))Z"
    }

    /// A compact form for file names: `20261121T210407.123Z`.
    static func compact(_ date: Date) -> String {
        format(date).filter { $0 != "-" && $0 != ":" }
    }

    /// Parses the compact form `YYYYMMDDTHHMMSS.fffZ` of ``compact(_:)``.
    static func parseCompact(_ text: String) -> Date? {
        let characters = Array(text)
        guard characters.count == 20 else { return nil }
        let year = String(characters[0..<4])
        let month = String(characters[4..<6])
        let day = String(characters[6..<8])
        let hour = String(characters[9..<11])
        let minute = String(characters[11..<13])
        let rest = String(characters[13...])
        return parse("\(year)-\(month)-\(day)\(characters[8])\(hour):\(minute):\(rest)")
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff]Z`.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 || bytes.count == 24, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<start + count {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
        for (index, character) in separators where bytes[index] != character.asciiValue {
            return nil
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var milliseconds = 0
        if bytes.count == 24 {
            guard bytes[19] == UInt8(ascii: "."), let value = number(20, 3) else { return nil }
            milliseconds = value
        }
        let seconds = Platform.secondsSince1970(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return Date(timeIntervalSince1970: Double(seconds) + Double(milliseconds) / 1000)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
