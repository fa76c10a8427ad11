import SceneStore

// MARK: - Deprecated: 0.2.0's migration of a whole value with its aliases, until 0.4.0

extension NavigationMigrations {
    /// 0.2.0's record of an element replaced by an alias; restores now report it in their
    /// ``RestoreReport/migrated``.
    @available(*, deprecated, renamed: "RestoreReport.MigratedElement")
    public typealias MigratedElement = RestoreReport.MigratedElement

    /// Brings a stored value up to the app's version as 0.2.0 did: runs the value steps from
    /// `storedVersion`, then replaces the elements of every array in the value that are aliases.
    /// A restore now applies the aliases itself, element by element, and reports them.
    /// - Parameters:
    ///   - value: The stored value.
    ///   - storedVersion: The schema version it was written with.
    ///   - key: The value's key, for errors.
    /// - Returns: The value as the app's version stores it, and the elements replaced by aliases.
    /// - Throws: The errors of a restore's migration.
    @available(
        *, deprecated,
        message:
            "a scene's connection (PersistentScene) runs the migrations from the schema stored beside the value, and applies and reports the aliases"
    )
    @_disfavoredOverload
    public func migrate(
        _ value: JSONValue, from storedVersion: Int, key: String = "navigation"
    ) throws(NavigationError) -> (value: JSONValue, migrated: [RestoreReport.MigratedElement]) {
        let current = try migrated(value, from: storedVersion, key: key)
        var migrated: [RestoreReport.MigratedElement] = []
        let result = replacingAliases(in: current, location: "", migrated: &migrated)
        return (result, migrated)
    }

    private func replacingAliases(
        in value: JSONValue, location: String, migrated: inout [RestoreReport.MigratedElement]
    ) -> JSONValue {
        switch value {
        case .array(let elements):
            var result: [JSONValue] = []
            for (position, element) in elements.enumerated() {
                if let target = aliasTarget(of: element) {
                    migrated.append(.init(location: location, position: position, from: element, to: target))
                    result.append(target)
                } else {
                    result.append(
                        replacingAliases(in: element, location: "\(location)[\(position)]", migrated: &migrated))
                }
            }
            return .array(result)
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                let prefix = location.isEmpty ? name : "\(location).\(name)"
                result[name] = replacingAliases(in: member, location: prefix, migrated: &migrated)
            }
            return .object(result)
        default:
            return value
        }
    }
}

// MARK: - Deprecated in 0.4.0: what the restore applies

extension NavigationMigrations {
    /// Old element JSON and the element JSON it stands for now.
    @available(*, deprecated, message: "a restore applies the aliases and reports each in RestoreReport.migrated")
    public var aliases: [JSONValue: JSONValue] { aliasTable }

    /// The schema version the app writes: the number of steps.
    @available(*, deprecated, message: "read the model's SceneNavigationModel.schemaVersion")
    public var version: Int { stepCount }

    /// The element an old element stands for now, or nil.
    /// - Parameter element: An element as stored.
    /// - Returns: Its alias target.
    @available(*, deprecated, message: "a restore applies the aliases and reports each in RestoreReport.migrated")
    public func alias(of element: JSONValue) -> JSONValue? {
        aliasTarget(of: element)
    }

    /// Brings a stored value up to the app's version as a whole: runs the value steps from
    /// `storedVersion`.
    /// - Parameters:
    ///   - value: The stored value.
    ///   - storedVersion: The schema version it was written with.
    ///   - key: The value's key, for errors.
    /// - Returns: The value as the app's version stores it.
    /// - Throws: ``NavigationError/newerSchema(key:stored:supported:)``, or
    ///   ``NavigationError/cannotDecode(key:reason:location:)``.
    @available(
        *, deprecated,
        message: "a scene's connection (PersistentScene) runs the migrations from the schema stored beside the value"
    )
    public func migrate(
        _ value: JSONValue, from storedVersion: Int, key: String = "navigation"
    ) throws(NavigationError) -> JSONValue {
        try migrated(value, from: storedVersion, key: key)
    }
}
