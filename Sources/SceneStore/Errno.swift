/// An error number reported by the operating system, such as `ENOENT` or `EACCES`.
///
/// StateStore reads `errno` right after the call that failed and carries it in
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

// MARK: - Names

extension Errno {
    /// ENOENT: no such file or directory.
    public static let noSuchFile = Errno(rawValue: ErrorNumber.noSuchFile)
    /// EEXIST: the file exists.
    public static let fileExists = Errno(rawValue: ErrorNumber.fileExists)
    /// EACCES: permission denied.
    public static let permissionDenied = Errno(rawValue: ErrorNumber.permissionDenied)
    /// EPERM: operation not permitted.
    public static let operationNotPermitted = Errno(rawValue: ErrorNumber.operationNotPermitted)
    /// ELOOP: a symbolic link where none may be (with O_NOFOLLOW).
    public static let tooManySymbolicLinks = Errno(rawValue: ErrorNumber.tooManySymbolicLinks)
    /// ENOTDIR: not a directory.
    public static let notADirectory = Errno(rawValue: ErrorNumber.notADirectory)
    /// EISDIR: is a directory.
    public static let isADirectory = Errno(rawValue: ErrorNumber.isADirectory)
    /// EROFS: read-only file system.
    public static let readOnlyFileSystem = Errno(rawValue: ErrorNumber.readOnlyFileSystem)
    /// ENOSPC: no space left on device.
    public static let noSpace = Errno(rawValue: ErrorNumber.noSpace)
    /// EIO: input/output error.
    public static let ioError = Errno(rawValue: ErrorNumber.ioError)
}
