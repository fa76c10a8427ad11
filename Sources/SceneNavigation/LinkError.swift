/// Why a link could not be read or printed as a whole: it is another app's, it is not a link
/// this mapping can read, a pattern of the mapping is invalid, a route has no place in any
/// pattern.
///
/// What goes wrong with one element of a link (a segment no pattern matches, a parameter that is
/// not its type) is no error: the element is dropped and reported in the ``RestoreReport``, and the
/// rest of the link opens.
///
/// ```swift
/// do {
///     let opened = try links.routes(fromLink: "mail://message/42")
/// } catch where error.code == .otherApp {
///     // not ours: leave it to another handler
/// }
/// ```
public struct LinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure: an open set of stable codes, as StateStore's `KeptAsideFile.Reason` is.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The stable code.
        public let rawValue: String

        /// A code.
        /// - Parameter rawValue: The stable code.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// `other-app`: the link's scheme or host is not the mapping's; it is not this app's navigation.
        public static let otherApp = Code(rawValue: "other-app")
        /// `invalid-link`: the text is not a link the mapping reads: over the maximum length, a
        /// control character or space, no scheme.
        public static let invalidLink = Code(rawValue: "invalid-link")
        /// `invalid-pattern`: one of the mapping's patterns cannot be read.
        public static let invalidPattern = Code(rawValue: "invalid-pattern")
        /// `cannot-print`: a route has no place in any pattern (no pattern for its case, a member
        /// the pattern does not hold, a value a link cannot carry).
        public static let cannotPrint = Code(rawValue: "cannot-print")

        /// `no-route`: the link is this app's, but none of its elements is a route the mapping
        /// reads.
        public static let noRoute = Code(rawValue: "no-route")

        /// The stable code.
        public var description: String { rawValue }
    }

    /// What kind of failure.
    public let code: Code
    /// What was wrong, and where.
    public let message: String
    /// The byte offset in the link where it was found, when there is one.
    public let offset: Int?

    /// Creates an error.
    /// - Parameters:
    ///   - code: What kind of failure.
    ///   - message: What was wrong, and where.
    ///   - offset: The byte offset in the link, or nil.
    public init(_ code: Code, _ message: String, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    /// The message.
    public var description: String { message }
}
