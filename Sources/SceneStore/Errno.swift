/// An error number reported by the operating system, such as `ENOENT` or `EACCES`.
///
/// SceneStore reads `errno` right after the call that failed and carries it in
/// ``SceneStoreError``, so the reason is never lost between the failure and the report.
public struct Errno: Error, Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The raw error number, as in `<errno.h>`.
    public let rawValue: Int32

    /// Wraps a raw error number.
    /// - Parameter rawValue: The number, as `errno` holds it.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The system's text for the error, such as `Permission denied`.
    public var description: String { Platform.describe(rawValue) }

    /// Whether the error means the caller lacks permission (`EACCES` or `EPERM`).
    public var isPermissionDenied: Bool { self == .permissionDenied || self == .operationNotPermitted }
}
