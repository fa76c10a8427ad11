import SceneStore

/// One restore in progress: the policy, resolvers and types that every path and member of the
/// stored value follows, the state to fall back on member by member, and what was restored,
/// dropped and migrated so far.
///
/// Used by one decode on one thread, so it needs no lock.
final class RestoreSession {
    let policy: RestorePolicy
    let resolvers: RouteResolvers
    /// The types a ``MixedPath`` decodes.
    let types: NavigationTypeRegistry
    /// The aliases each path element is looked up in, and the renames and steps each value of a
    /// type goes through, before it is decoded.
    let migrations: NavigationMigrations
    /// The schema version the value was stored with: the types' steps from it run.
    let storedVersion: Int
    /// How many values a resolver or lookup replaced by another (an earlier identifier brought to
    /// the new one), since the part being decoded began: the part is then reported as migrated.
    var substitutions = 0
    /// The JSON of the state to fall back on: a member that no longer decodes takes its value from
    /// here. Nil when there is none, so only optional members can fall back (to nil). Encoded the
    /// first time a member falls back: a restore that keeps every member never encodes it.
    private lazy var fallback: JSONValue? = makeFallback()
    private let makeFallback: () -> JSONValue?
    private(set) var report = RestoreReport()
    /// The elements of a stored value that is a path itself that are dropped, by position, without
    /// being decoded: a link's elements that could not be read, with the reason.
    var unread: [Int: RestoreReport.Reason] = [:]

    /// The session the fallback's values are decoded in: the same resolvers and types, no fallback
    /// of its own, and a report nobody reads.
    private(set) lazy var fallbackSession = RestoreSession(
        policy: policy, resolvers: resolvers, types: types, migrations: NavigationMigrations(), storedVersion: 0,
        fallback: nil)

    init(
        policy: RestorePolicy, resolvers: RouteResolvers, types: NavigationTypeRegistry,
        migrations: NavigationMigrations = NavigationMigrations(), storedVersion: Int = 0,
        fallback: @escaping @autoclosure () -> JSONValue?
    ) {
        self.policy = policy
        self.resolvers = resolvers
        self.types = types
        self.migrations = migrations
        self.storedVersion = storedVersion
        self.makeFallback = fallback
    }

    // MARK: - Undoing what a failed part recorded

    /// How much has been recorded, to undo what a part recorded when the part itself fails.
    struct Mark {
        let restored: Int
        let dropped: Int
        let migrated: Int
        let substitutions: Int
    }

    var mark: Mark {
        Mark(
            restored: report.restoredCount, dropped: report.dropped.count, migrated: report.migrated.count,
            substitutions: substitutions)
    }

    func rollBack(to mark: Mark) {
        report.restoredCount = mark.restored
        report.dropped.removeSubrange(mark.dropped...)
        report.migrated.removeSubrange(mark.migrated...)
        substitutions = mark.substitutions
    }

    // MARK: - Members

    /// The fallback's value at a coding path; nil when it has none there (or is absent).
    func fallbackValue(at codingPath: [any CodingKey]) -> JSONValue? {
        guard var current = fallback else { return nil }
        for key in codingPath {
            if let index = key.intValue, case .array(let elements) = current {
                guard index < elements.count else { return nil }
                current = elements[index]
            } else if case .object(let members) = current, let member = members[key.stringValue] {
                current = member
            } else {
                return nil
            }
        }
        return current
    }

    /// A member that did not decode and took its fallback value instead.
    func recordMember(at codingPath: [any CodingKey], stored: JSONValue?, error: any Error) {
        report.dropped.append(
            .init(
                location: Self.location(of: codingPath), position: nil, json: stored ?? .null,
                reason: Self.reason(for: error, below: codingPath.count)))
    }

    /// A member of a stored object that the object's type did not read: it has no such member
    /// (any longer), and the next write drops it.
    func recordUnreadMember(at codingPath: [any CodingKey], stored: JSONValue, typeName: String) {
        report.dropped.append(
            .init(
                location: Self.location(of: codingPath), position: nil, json: stored,
                reason: .undecodable("\(typeName) has no member '\(codingPath.last?.stringValue ?? "")'")))
    }

    // MARK: - Paths

    /// What became of one path: the routes it kept, by position what it dropped, and what each
    /// migrated element was stored as and became.
    func recordPath<Route>(
        _ outcome: PathRestorer.Outcome<Route>, at codingPath: [any CodingKey], stored: (Int) -> JSONValue,
        became: (Route) -> JSONValue
    ) {
        let location = Self.location(of: codingPath)
        report.restoredCount += outcome.routes.count
        for (position, reason) in outcome.dropped {
            report.dropped.append(.init(location: location, position: position, json: stored(position), reason: reason))
        }
        for (position, route) in outcome.migrated {
            report.migrated.append(
                .init(location: location, position: position, from: stored(position), to: became(route)))
        }
    }

    /// A member that a resolver or lookup replaced by another value.
    func recordMember(at codingPath: [any CodingKey], migratedFrom stored: JSONValue, to value: JSONValue) {
        report.migrated.append(.init(location: Self.location(of: codingPath), position: nil, from: stored, to: value))
    }

    // MARK: - Words

    /// Why a part did not decode, as a reason: the app's resolver said no, or it no longer decodes.
    static func reason(for error: any Error, below depth: Int) -> RestoreReport.Reason {
        if error is UnresolvedValue { return .unresolved }
        return .undecodable(describe(error, below: depth))
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

    /// Where a decoding error is, as a path into the decoded value; empty when it says nowhere.
    static func location(of error: any Error) -> [JSONValue.PathComponent] {
        guard let error = error as? DecodingError else { return [] }
        let codingPath: [any CodingKey]
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            codingPath = context.codingPath
        @unknown default:
            return []
        }
        // Array elements have this decoder's own index keys; any other key names a member.
        return codingPath.map { key in (key as? IndexKey)?.intValue.map { .index($0) } ?? .key(key.stringValue) }
    }

    /// A decoding error in one line: what was wrong and where, the coding path's first `depth`
    /// keys left out (those that lead to the part reported).
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

/// A value that the app's resolver (or lookup) found nothing for: the object is gone.
struct UnresolvedValue: Error, CustomStringConvertible {
    var typeName: String

    var description: String { "no \(typeName) was found for it: the app no longer has it" }
}
