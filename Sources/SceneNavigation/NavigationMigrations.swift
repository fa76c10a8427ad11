import SceneStore

/// How an app's stored navigation value changed across its versions: ordered migration steps of
/// the stored JSON, and a table of element aliases (an old identifier and the new one).
///
/// A stored value carries the schema version it was written with: the number of steps the app
/// had then, `0` when absent (stored beside the value as `<key>.schema` by ``ScenePersistence``
/// when the version is above 0). A restore runs the steps from the stored version to the app's,
/// then, as it decodes each path element (of a ``RoutePath``, or the JSON of a ``MixedPath``
/// element), replaces one equal to an alias with its target, and reports each element migrated
/// that way apart from the dropped ones. A value of a newer schema than the app knows is not
/// restored (``NavigationError/newerSchema(key:stored:supported:)``) and never overwritten.
///
/// ```swift
/// var migrations = NavigationMigrations()
/// // Version 0 stored a bare path; version 1 stores {"path": [...], "tab": 0}.
/// migrations.addStep { old in .object(["path": old, "tab": .number(JSONNumber(0))]) }
/// migrations.alias(.string("settings"), to: .string("preferences"))
/// ```
public struct NavigationMigrations: Sendable {
    /// One step: the stored JSON of version n, made into version n + 1.
    public typealias Step = @Sendable (JSONValue) throws -> JSONValue

    private var steps: [Step] = []
    /// Old element JSON and the element JSON it stands for now.
    public private(set) var aliases: [JSONValue: JSONValue] = [:]

    /// No steps and no aliases: schema version 0.
    public init() {}

    /// The schema version the app writes: the number of steps.
    public var version: Int { steps.count }

    /// The key a value's schema version is stored under, beside the value: `<key>.schema`.
    /// - Parameter key: The value's key.
    /// - Returns: The schema's key.
    public static func schemaKey(for key: String) -> String { key + ".schema" }

    /// The schema version stored beside a value among a scene's values; 0 when none is.
    /// - Parameters:
    ///   - key: The value's key.
    ///   - values: The scene's values.
    /// - Returns: The stored version.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:)`` when the stored version is not a
    ///   whole number from 0.
    public static func storedVersion(forKey key: String, in values: [String: SceneValue]) throws(NavigationError) -> Int
    {
        let schemaKey = schemaKey(for: key)
        guard let stored = values[schemaKey] else { return 0 }
        guard case .json(.number(let number)) = stored, let version = number.intValue, version >= 0 else {
            throw .cannotDecode(key: schemaKey, reason: "a schema version is a whole number from 0")
        }
        return version
    }

    /// Adds the step from the current version to the next one.
    /// - Parameter step: Makes a value of version ``version`` into one of version ``version`` + 1.
    public mutating func addStep(_ step: @escaping Step) {
        steps.append(step)
    }

    /// Records that a path element stored as `old` is now `new` (a renamed route, a recipe with a
    /// new identifier).
    /// - Parameters:
    ///   - old: The element as an earlier version stored it.
    ///   - new: The element it stands for now.
    public mutating func alias(_ old: JSONValue, to new: JSONValue) {
        aliases[old] = new
    }

    /// The element an old element stands for now, or nil.
    /// - Parameter element: An element as stored.
    /// - Returns: Its alias target.
    public func alias(of element: JSONValue) -> JSONValue? {
        aliases[element]
    }

    /// Brings a stored value up to the app's version: runs the steps from `storedVersion`. (Aliases
    /// are applied by the restore, element by element, where each path element is decoded.)
    /// - Parameters:
    ///   - value: The stored value.
    ///   - storedVersion: The schema version it was written with.
    ///   - key: The value's key, for errors.
    /// - Returns: The value as the app's version stores it.
    /// - Throws: ``NavigationError/newerSchema(key:stored:supported:)`` when `storedVersion` is
    ///   above ``version``; ``NavigationError/cannotDecode(key:reason:)`` when a step throws or the
    ///   version is negative.
    public func migrate(
        _ value: JSONValue, from storedVersion: Int, key: String = "navigation"
    ) throws(NavigationError) -> JSONValue {
        guard storedVersion >= 0 else {
            throw .cannotDecode(key: key, reason: "schema version \(storedVersion) is negative")
        }
        guard storedVersion <= version else {
            throw .newerSchema(key: key, stored: storedVersion, supported: version)
        }
        var current = value
        for index in storedVersion..<version {
            do {
                current = try steps[index](current)
            } catch {
                throw .cannotDecode(
                    key: key, reason: "the migration from schema \(index) to \(index + 1) failed: \(error)")
            }
        }
        return current
    }
}
