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
    package var deniesPermission: Bool { self == .eacces || self == .eperm }
}

// MARK: - The numbers StateStore reports

extension Errno {
    /// ENOENT: no such file or directory.
    package static let enoent = Errno(rawValue: ErrorNumber.noSuchFile)
    /// EEXIST: the file exists.
    package static let eexist = Errno(rawValue: ErrorNumber.fileExists)
    /// EACCES: permission denied.
    package static let eacces = Errno(rawValue: ErrorNumber.permissionDenied)
    /// EPERM: operation not permitted.
    package static let eperm = Errno(rawValue: ErrorNumber.operationNotPermitted)
    /// ELOOP: a symbolic link where none may be (with O_NOFOLLOW).
    package static let eloop = Errno(rawValue: ErrorNumber.tooManySymbolicLinks)
    /// ENOTDIR: not a directory.
    package static let enotdir = Errno(rawValue: ErrorNumber.notADirectory)
    /// EISDIR: is a directory.
    package static let eisdir = Errno(rawValue: ErrorNumber.isADirectory)
    /// EROFS: read-only file system.
    package static let erofs = Errno(rawValue: ErrorNumber.readOnlyFileSystem)
    /// ENOSPC: no space left on device.
    package static let enospc = Errno(rawValue: ErrorNumber.noSpace)
    /// EIO: input/output error.
    package static let eio = Errno(rawValue: ErrorNumber.ioError)
}
