import Foundation
import Synchronization

/// The lock of a scene held as another writer holds it: `flock` on its lock file, until released.
public final class HeldSceneLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock, creating the lock file if needed.
    /// - Parameter path: The lock file, `<scenes>/.<scene>.lock`.
    public init(_ path: String) throws {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else { throw POSIXError(.EIO) }
    }

    /// Releases the lock.
    public func release() { close(descriptor) }
}

/// A sequence of given elements that tells its test when the consumer asks for the next one, so a
/// test knows the consumer has handled every element before it goes on: `demanded(n)` is called
/// when element `n` (counted from 0; `elements.count` for the end) is asked for. After the last
/// element it ends, or, with `waitsAtEnd`, waits until the consuming task is cancelled.
public struct SignallingSequence<Element: Sendable>: AsyncSequence, Sendable {
    /// The elements, in order.
    public let elements: [Element]
    /// Whether, after the last element, it waits until cancelled instead of ending.
    public let waitsAtEnd: Bool
    /// Called with the index of each element asked for (`elements.count` for the end).
    public let demanded: @Sendable (Int) -> Void

    /// Creates the sequence.
    /// - Parameters:
    ///   - elements: The elements.
    ///   - waitsAtEnd: Whether to wait for cancellation after the last one.
    ///   - demanded: Told of each demand.
    public init(_ elements: [Element], waitsAtEnd: Bool = false, demanded: @escaping @Sendable (Int) -> Void) {
        self.elements = elements
        self.waitsAtEnd = waitsAtEnd
        self.demanded = demanded
    }

    /// An iterator from the first element.
    public func makeAsyncIterator() -> Iterator { Iterator(sequence: self) }

    /// Gives the elements, telling of each demand.
    public struct Iterator: AsyncIteratorProtocol {
        let sequence: SignallingSequence
        var index = 0

        /// The next element, or nil at the end (after waiting for cancellation, if asked to).
        public mutating func next() async -> Element? {
            sequence.demanded(index)
            guard index < sequence.elements.count else {
                if sequence.waitsAtEnd { await Self.waitForCancellation() }
                return nil
            }
            index += 1
            return sequence.elements[index - 1]
        }

        /// Suspends until the calling task is cancelled.
        static func waitForCancellation() async {
            let waiter = Mutex<CheckedContinuation<Void, Never>?>(nil)
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let cancelled = waiter.withLock { stored -> Bool in
                        if Task.isCancelled { return true }
                        stored = continuation
                        return false
                    }
                    if cancelled { continuation.resume() }
                }
            } onCancel: {
                waiter.withLock { stored in
                    stored?.resume()
                    stored = nil
                }
            }
        }
    }
}

/// A one-shot event a test awaits: `signal()` from anywhere, `wait()` until it happened.
public final class TestEvent: Sendable {
    private let state = Mutex<(happened: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// An event that has not happened.
    public init() {}

    /// Marks it as happened and wakes those waiting.
    public func signal() {
        let waiters = state.withLock { state in
            state.happened = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the event has happened.
    public func wait() async {
        await withCheckedContinuation { continuation in
            let happened = state.withLock { state -> Bool in
                if state.happened { return true }
                state.waiters.append(continuation)
                return false
            }
            if happened { continuation.resume() }
        }
    }
}
