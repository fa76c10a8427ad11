import SceneStore
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One restore in progress: the policy and resolvers every ``RoutePath`` in the stored value
/// follows, and what they restored and dropped. Handed to the paths through the decoder's
/// `userInfo`.
///
/// `Sendable` through its mutex; `userInfo` needs it.
final class RestoreSession: Sendable {
    static let key = CodingUserInfoKey(rawValue: "SceneNavigation.RestoreSession")!

    let policy: RestorePolicy
    let resolvers: RouteResolvers
    /// The types a ``MixedPath`` decodes.
    let types: NavigationTypeRegistry
    /// The stored value, to report dropped elements as they were stored; parsed from `bytes` on
    /// the first drop when the restore started from bytes.
    private let root: Mutex<JSONValue?>
    private let bytes: [UInt8]
    private let collected = Mutex(PathRestoreReport())

    init(
        policy: RestorePolicy, resolvers: RouteResolvers, types: NavigationTypeRegistry, root: JSONValue?,
        bytes: [UInt8] = []
    ) {
        self.policy = policy
        self.resolvers = resolvers
        self.types = types
        self.root = Mutex(root)
        self.bytes = bytes
    }

    /// The stored value, parsed once when needed.
    private var storedValue: JSONValue {
        root.withLock { root in
            if let root { return root }
            let parsed = (try? JSONValue(parsing: bytes, maximumDepth: 512)) ?? .null
            root = parsed
            return parsed
        }
    }

    var report: PathRestoreReport { collected.withLock { $0 } }

    /// Applies the policy and the route type's resolver to one path's decoded elements.
    func restore<Route: Hashable>(_ elements: [Result<Route, any Error>], at codingPath: [any CodingKey]) -> [Route] {
        let resolve = resolvers.resolver(for: Route.self)
        let outcome = PathRestorer.restore(count: elements.count, policy: policy) {
            (position) -> PathRestorer.ElementOutcome<Route> in
            switch elements[position] {
            case .failure(let error): return .dropped(.undecodable(Self.describe(error, below: codingPath.count + 1)))
            case .success(let route):
                guard let resolve else { return .restored(route) }
                return resolve(route).map { .restored($0) } ?? .dropped(.unresolved)
            }
        }
        let location = Self.location(of: codingPath)
        let stored = outcome.dropped.isEmpty ? [] : Self.value(at: codingPath, in: storedValue)?.arrayValue ?? []
        collected.withLock { report in
            report.restoredCount += outcome.routes.count
            for (position, reason) in outcome.dropped {
                report.dropped.append(
                    .init(
                        location: location, position: position,
                        json: position < stored.count ? stored[position] : .null, reason: reason))
            }
        }
        return outcome.routes
    }

    /// Applies the policy to a mixed path's elements, each given with its stored pair.
    func restoreMixed(
        count: Int, at codingPath: [any CodingKey],
        element: (Int) -> (PathRestorer.ElementOutcome<MixedPath.Element>, JSONValue)
    ) -> [MixedPath.Element] {
        var stored: [Int: JSONValue] = [:]
        let outcome = PathRestorer.restore(count: count, policy: policy) {
            (position) -> PathRestorer.ElementOutcome<MixedPath.Element> in
            let (result, json) = element(position)
            if case .dropped = result { stored[position] = json }
            return result
        }
        let location = Self.location(of: codingPath)
        collected.withLock { report in
            report.restoredCount += outcome.routes.count
            for (position, reason) in outcome.dropped {
                report.dropped.append(
                    .init(location: location, position: position, json: stored[position] ?? .null, reason: reason))
            }
        }
        return outcome.routes
    }

    /// A coding path as people write it: `router.items`, `tabs[1].path`.
    static func location(of codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    /// The value a coding path points to.
    static func value(at codingPath: [any CodingKey], in root: JSONValue) -> JSONValue? {
        var current = root
        for key in codingPath {
            if let index = key.intValue, let array = current.arrayValue, index < array.count {
                current = array[index]
            } else if let member = current.objectValue?[key.stringValue] {
                current = member
            } else {
                return nil
            }
        }
        return current
    }

    /// A decoding error in one line: what was wrong and where, the coding path's first `depth`
    /// keys left out (those that lead to the element).
    static func describe(_ error: any Error, below depth: Int = 0) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            let inside = location(of: Array(context.codingPath.dropFirst(depth)))
            return inside.isEmpty ? context.debugDescription : "\(context.debugDescription) (at \(inside))"
        @unknown default:
            return String(describing: error)
        }
    }
}
