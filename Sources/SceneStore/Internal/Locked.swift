/// A value guarded by a lock.
///
/// `@unchecked Sendable` is sound because `value` is only reached inside `withLock`, which holds
/// `mutex` for the whole access. The mutex is a POSIX one (see `Platform`), so SceneStore needs
/// no more of Foundation than its essentials.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex = PlatformMutex()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&value)
    }
}
