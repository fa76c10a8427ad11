import Foundation

/// The toolchain that runs the tests: its programs, found on `PATH` as `swift test` sets it.
public enum Toolchain {
    /// A program of the toolchain (`swiftc`, `swift`), or nil when `PATH` has none.
    /// - Parameter name: The program's name.
    /// - Returns: Its path.
    public static func tool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
