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
