/// A place in a JSON text.
public struct JSONTextPosition: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line.
    public let line: Int
    /// The 1-based column, in bytes.
    public let column: Int
    /// The 0-based byte offset.
    public let offset: Int

    /// Creates a place.
    /// - Parameters:
    ///   - line: The 1-based line.
    ///   - column: The 1-based column.
    ///   - offset: The 0-based byte offset.
    package init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line L, column C`.
    public var description: String { "line \(line), column \(column)" }
}
