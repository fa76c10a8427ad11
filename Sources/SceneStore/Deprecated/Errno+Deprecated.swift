// MARK: - Deprecated: 0.2.0's error numbers that StateStore no longer reports

extension Errno {
    /// `EINTR`: the call was interrupted by a signal. StateStore retries such calls and never
    /// reports this number.
    @available(
        *, deprecated,
        message: "SceneStore retries interrupted calls and never reports EINTR; use Errno(rawValue: EINTR)"
    )
    public static let interrupted = Errno(rawValue: ErrorNumber.interrupted)

    /// `EAGAIN`: the resource is temporarily unavailable. StateStore's locks wait instead.
    @available(*, deprecated, message: "SceneStore's locks wait and never report EAGAIN; use Errno(rawValue: EAGAIN)")
    public static let wouldBlock = Errno(rawValue: ErrorNumber.wouldBlock)

    /// `ENXIO`: no such device or address.
    @available(*, deprecated, message: "SceneStore never reports ENXIO; use Errno(rawValue: ENXIO)")
    public static let deviceOrAddress = Errno(rawValue: ErrorNumber.deviceOrAddress)
}

// MARK: - Deprecated in 0.4.0: names of error numbers

extension Errno {
    /// `ENOENT`: no such file or directory.
    @available(
        *, deprecated, message: "compare rawValue with ENOENT (Glibc or Darwin); description gives the system's text"
    )
    public static let noSuchFile = Errno(rawValue: ErrorNumber.noSuchFile)
    /// `EEXIST`: the file exists.
    @available(
        *, deprecated, message: "compare rawValue with EEXIST (Glibc or Darwin); description gives the system's text"
    )
    public static let fileExists = Errno(rawValue: ErrorNumber.fileExists)
    /// `EACCES`: permission denied.
    @available(
        *, deprecated, message: "compare rawValue with EACCES (Glibc or Darwin); description gives the system's text"
    )
    public static let permissionDenied = Errno(rawValue: ErrorNumber.permissionDenied)
    /// `EPERM`: operation not permitted.
    @available(
        *, deprecated, message: "compare rawValue with EPERM (Glibc or Darwin); description gives the system's text"
    )
    public static let operationNotPermitted = Errno(rawValue: ErrorNumber.operationNotPermitted)
    /// `ELOOP`: a symbolic link where none may be (with O_NOFOLLOW).
    @available(
        *, deprecated, message: "compare rawValue with ELOOP (Glibc or Darwin); description gives the system's text"
    )
    public static let tooManySymbolicLinks = Errno(rawValue: ErrorNumber.tooManySymbolicLinks)
    /// `ENOTDIR`: not a directory.
    @available(
        *, deprecated, message: "compare rawValue with ENOTDIR (Glibc or Darwin); description gives the system's text"
    )
    public static let notADirectory = Errno(rawValue: ErrorNumber.notADirectory)
    /// `EISDIR`: is a directory.
    @available(
        *, deprecated, message: "compare rawValue with EISDIR (Glibc or Darwin); description gives the system's text"
    )
    public static let isADirectory = Errno(rawValue: ErrorNumber.isADirectory)
    /// `EROFS`: read-only file system.
    @available(
        *, deprecated, message: "compare rawValue with EROFS (Glibc or Darwin); description gives the system's text"
    )
    public static let readOnlyFileSystem = Errno(rawValue: ErrorNumber.readOnlyFileSystem)
    /// `ENOSPC`: no space left on device.
    @available(
        *, deprecated, message: "compare rawValue with ENOSPC (Glibc or Darwin); description gives the system's text"
    )
    public static let noSpace = Errno(rawValue: ErrorNumber.noSpace)
    /// `EIO`: input/output error.
    @available(
        *, deprecated, message: "compare rawValue with EIO (Glibc or Darwin); description gives the system's text"
    )
    public static let ioError = Errno(rawValue: ErrorNumber.ioError)

    /// Whether the error means the caller lacks permission (`EACCES` or `EPERM`).
    @available(*, deprecated, message: "compare rawValue with EACCES and EPERM (Glibc or Darwin)")
    public var isPermissionDenied: Bool { deniesPermission }
}
