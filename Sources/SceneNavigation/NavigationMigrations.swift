import SceneStore

/// How an app's stored navigation value changed across its versions: ordered migration steps,
/// renames of enum cases and keys by type, and a table of element aliases.
///
/// A stored value carries the schema version it was written with: the number of steps the app
/// had then, `0` when absent (stored beside the value as `<key>.schema` by ``PersistentScene``
/// when the version is above 0). A value of a newer schema than the app knows is not restored
/// (``NavigationError/newerSchema(key:stored:supported:)``) and never overwritten.
///
/// A restore brings the stored value up to the app's version in this order:
///
/// 1. The value steps (``addStep(_:)``) from the stored version run on the whole stored JSON,
///    before anything is decoded: for reshaping (a bare path that became a member).
/// 2. A path element equal to an alias (``alias(_:to:)``) is replaced by its target, as stored.
/// 3. As each value is decoded (a path element, after its alias; a member; anything nested), the
///    renames of its type (``renameCase(_:to:in:)``, ``renameKey(_:to:in:)``) and then the type's
///    own steps (``addStep(for:_:)``) from the stored version run on its parsed JSON.
///
/// Every element or member that a rename, a type's step or an alias changed is reported in
/// ``RestoreReport/migrated`` at its place, with what was stored and what it became (a change
/// inside an element is reported as the element's). A value step's changes are not reported
/// themselves: reshape with value steps, rename with the typed rules.
///
/// A type renamed in SwiftUI's `NavigationPath` format is a name alias of the registry
/// (``NavigationTypeRegistry/register(_:aliases:)``), reported as migrated too.
///
/// ```swift
/// var migrations = NavigationMigrations()
/// // Version 0 stored a bare path; version 1 stores {"path": [...], "tab": 0}.
/// migrations.addStep { old in .object(["path": old, "tab": .number(JSONNumber(0))]) }
/// migrations.renameCase("flavorManagement", to: "flavors", in: Screen.self)
/// migrations.renameKey("detailPanel", to: "detail", in: Sidebar.self)
/// ```
public struct NavigationMigrations: Sendable {
    /// One step: stored JSON of version n, made into version n + 1.
    public typealias Step = @Sendable (JSONValue) throws -> JSONValue

    /// A step of the whole value, or of each value of one type.
    private enum VersionStep {
        case value(Step)
        case values(ObjectIdentifier, Step)
    }

    /// A rename of one type's stored JSON.
    private enum Rename {
        case enumCase(old: String, new: String)
        case key(old: String, new: String)
    }

    private var steps: [VersionStep] = []
    /// The renames and the steps of each type, by type.
    private var renames: [ObjectIdentifier: [Rename]] = [:]
    private var typedSteps: [ObjectIdentifier: [(version: Int, step: Step)]] = [:]
    /// Old element JSON and the element JSON it stands for now.
    package private(set) var aliasTable: [JSONValue: JSONValue] = [:]

    /// No steps and no aliases: schema version 0.
    public init() {}

    /// The schema version the app writes: the number of steps.
    package var stepCount: Int { steps.count }

    /// The key a value's schema version is stored under, beside the value: `<key>.schema`.
    /// - Parameter key: The value's key.
    /// - Returns: The schema's key.
    package static func companionKey(for key: String) -> String { key + ".schema" }

    /// What is stored beside a value of schema `version`: the number, or nothing for 0.
    static func schemaValue(_ version: Int) -> SceneValue? {
        version > 0 ? .json(.number(JSONNumber(version))) : nil
    }

    /// The schema version stored beside a value among a scene's values; 0 when none is.
    /// - Parameters:
    ///   - key: The value's key.
    ///   - values: The scene's values.
    /// - Returns: The stored version.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)`` when the stored version is not a
    ///   whole number from 0.
    package static func storedSchema(forKey key: String, in values: [String: SceneValue]) throws(NavigationError) -> Int
    {
        let schemaKey = companionKey(for: key)
        guard let stored = values[schemaKey] else { return 0 }
        guard case .json(.number(let number)) = stored, let version = number.intValue, version >= 0 else {
            throw .cannotDecode(key: schemaKey, reason: "a schema version is a whole number from 0")
        }
        return version
    }

    /// The schema version stored beside a value in a scene's document; 0 when none is. Nothing but
    /// the version is built.
    /// - Parameters:
    ///   - key: The value's key.
    ///   - document: The scene's document.
    /// - Returns: The stored version.
    /// - Throws: The errors of ``storedSchema(forKey:in:)``.
    package static func storedSchema(forKey key: String, in document: StoredDocument) throws(NavigationError) -> Int {
        let schemaKey = companionKey(for: key)
        return try storedSchema(forKey: key, in: document.value(forKey: schemaKey).map { [schemaKey: $0] } ?? [:])
    }

    /// Adds the step from the current version to the next one, of the whole stored value.
    /// - Parameter step: Makes a value of the version before the step into one of the next.
    public mutating func addStep(_ step: @escaping Step) {
        steps.append(.value(step))
    }

    /// Adds the step from the current version to the next one, of each stored value of one type:
    /// handed the parsed JSON of every path element and member of that type (the JSON inside a
    /// `NavigationPath` element's string too) as it is decoded, when it was stored with a version
    /// before this step's. What it changes is reported, element by element, as migrated; a step
    /// that throws drops that element or member alone.
    /// - Parameters:
    ///   - type: The type whose stored values the step makes current.
    ///   - step: Makes one stored value of the type, of the version before the step, into one of the next.
    public mutating func addStep<Value>(for type: Value.Type, _ step: @escaping Step) {
        let id = ObjectIdentifier(type)
        typedSteps[id, default: []].append((steps.count, step))
        steps.append(.values(id, step))
    }

    /// Records that a case of an enum was renamed: a stored value of `type` that is the case
    /// `old` (Swift's synthesized form `{"old": {...}}`, with or without a payload, or the raw
    /// value `"old"` of a `String` enum) restores as the case `new`, and is reported as migrated.
    /// - Parameters:
    ///   - old: The case's name (or raw value) as an earlier version stored it.
    ///   - new: Its name now.
    ///   - type: The enum.
    public mutating func renameCase<Value>(_ old: String, to new: String, in type: Value.Type) {
        renames[ObjectIdentifier(type), default: []].append(.enumCase(old: old, new: new))
    }

    /// Records that a stored property (a coding key) of a type was renamed: a stored value of
    /// `type` with the key `old` and without `new` restores with it as `new`, and is reported as
    /// migrated.
    /// - Parameters:
    ///   - old: The key as an earlier version stored it.
    ///   - new: The key now.
    ///   - type: The type that holds it.
    public mutating func renameKey<Value>(_ old: String, to new: String, in type: Value.Type) {
        renames[ObjectIdentifier(type), default: []].append(.key(old: old, new: new))
    }

    /// Whether any rename or step applies to values of a type, so decoding can skip the lookup.
    var hasTypedRules: Bool { !renames.isEmpty || !typedSteps.isEmpty }

    /// The stored JSON of a value of `type` made current: its renames, then its steps from
    /// `storedVersion`; nil when none changed it.
    /// - Throws: What a step throws.
    func current(_ json: JSONValue, as type: Any.Type, storedVersion: Int) throws -> JSONValue? {
        let id = ObjectIdentifier(type)
        var value = json
        for rename in renames[id] ?? [] {
            switch (rename, value) {
            case (.enumCase(let old, let new), .object(let members)) where members.count == 1 && members[old] != nil:
                value = .object([new: members[old]!])
            case (.enumCase(let old, let new), .string(let raw)) where raw == old:
                value = .string(new)
            case (.key(let old, let new), .object(var members)) where members[old] != nil && members[new] == nil:
                members[new] = members.removeValue(forKey: old)
                value = .object(members)
            default: break
            }
        }
        for (version, step) in typedSteps[id] ?? [] where version >= storedVersion {
            do {
                value = try step(value)
            } catch {
                throw MigrationStepFailure(version: version, error: error)
            }
        }
        return value == json ? nil : value
    }

    /// Records that a path element stored as `old` is now `new` (a renamed route, a recipe with a
    /// new identifier).
    /// - Parameters:
    ///   - old: The element as an earlier version stored it.
    ///   - new: The element it stands for now.
    public mutating func alias(_ old: JSONValue, to new: JSONValue) {
        aliasTable[old] = new
    }

    /// The element an old element stands for now, or nil.
    /// - Parameter element: An element as stored.
    /// - Returns: Its alias target.
    package func aliasTarget(of element: JSONValue) -> JSONValue? {
        aliasTable[element]
    }

    /// Brings a stored value up to the app's version as a whole: runs the value steps from
    /// `storedVersion`. (The renames, the types' steps and the aliases are applied by the restore,
    /// value by value, where each is decoded.)
    /// - Parameters:
    ///   - value: The stored value.
    ///   - storedVersion: The schema version it was written with.
    ///   - key: The value's key, for errors.
    /// - Returns: The value as the app's version stores it.
    /// - Throws: ``NavigationError/newerSchema(key:stored:supported:)`` when `storedVersion` is
    ///   above ``stepCount``; ``NavigationError/cannotDecode(key:reason:location:)`` when a step throws or the
    ///   version is negative.
    package func migrated(
        _ value: JSONValue, from storedVersion: Int, key: String = "navigation"
    ) throws(NavigationError) -> JSONValue {
        guard storedVersion >= 0 else {
            throw .cannotDecode(key: key, reason: "schema version \(storedVersion) is negative")
        }
        guard storedVersion <= stepCount else {
            throw .newerSchema(key: key, stored: storedVersion, supported: stepCount)
        }
        var current = value
        for index in storedVersion..<stepCount {
            guard case .value(let step) = steps[index] else { continue }
            do {
                current = try step(current)
            } catch {
                throw .cannotDecode(
                    key: key, reason: "the migration from schema \(index) to \(index + 1) failed: \(error)")
            }
        }
        return current
    }
}

/// A type's migration step that threw: the value is dropped, with this as the reason.
private struct MigrationStepFailure: Error, CustomStringConvertible {
    var version: Int
    var error: any Error

    var description: String { "the migration from schema \(version) to \(version + 1) failed: \(error)" }
}
