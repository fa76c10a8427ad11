// MARK: - Deprecated: 0.2.0's calls, forwarded to their replacements until 0.4.0

extension StateStore {
    /// Summarises one scene.
    /// - Parameter scene: The scene.
    /// - Returns: The summary, or nil when nothing is saved for the scene.
    /// - Throws: ``SceneStoreError/cannotRead(path:errno:)`` when the folder cannot be opened.
    @available(*, deprecated, message: "use scenes(), which lists every scene's summary")
    public func summary(of scene: SceneID) throws(SceneStoreError) -> SceneSummary? {
        guard let directory = try openScenesDirectory(creating: false) else { return nil }
        defer { try? fileSystem.close(directory) }
        return summary(of: scene, in: directory)
    }

    /// Keeps a byte-for-byte copy of the scene's file aside, for a reason the caller gives.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - reason: Why the copy is kept.
    /// - Returns: The path of the copy, or nil when the scene has no readable file.
    /// - Throws: The errors of ``keepAside(_:reason:if:)``, but ``SceneStoreError/invalidKey(_:reason:)``
    ///   for the reason ``KeptAsideFile/Reason/corrupt``, as 0.2.0 threw.
    @available(
        *, deprecated,
        message:
            "a scene's connection (PersistentScene) keeps a value it cannot restore aside; keptAsideFiles() lists the copies"
    )
    @discardableResult
    public func keepCopy(of scene: SceneID, reason: KeptAsideFile.Reason) throws(SceneStoreError) -> String? {
        // 0.2.0 refused the corrupt reason as an invalid key.
        guard reason != .corrupt else {
            throw .invalidKey(reason.rawValue, reason: "corrupt files are moved aside by writes, not copied")
        }
        return try keepAside(scene, reason: reason)
    }

    /// Keeps a copy of the scene's file aside, as `invalid`, when the value under `key` is there and
    /// `isReadable` says it cannot be read.
    /// - Parameters:
    ///   - key: The value's key.
    ///   - scene: The scene.
    ///   - isReadable: Whether the stored value can be read.
    /// - Returns: The path of the copy, or nil when none was made.
    /// - Throws: ``SceneStoreError/invalidKey(_:reason:)``; the errors of ``keepAside(_:reason:if:)``.
    @available(
        *, deprecated,
        message:
            "a scene's connection (PersistentScene) keeps a value it cannot restore aside; keptAsideFiles() lists the copies"
    )
    @discardableResult
    public func keepAsideIfUnreadable(
        forKey key: String, in scene: SceneID, isReadable: (SceneValue) -> Bool
    ) throws(SceneStoreError) -> String? {
        try Self.validate(key: key)
        return try keepAside(scene, reason: .invalid) { document in
            document.values[key].map { !isReadable($0) } ?? false
        }
    }

    /// Removes the value under `key` from the scene, and the scene's file when no value is left.
    /// - Parameters:
    ///   - key: The value's key.
    ///   - scene: The scene.
    ///   - durably: Ignored: every removal is made durable as ``Configuration-swift.struct/durableRemovals`` says.
    /// - Returns: Whether there was such a value.
    /// - Throws: The errors of ``updateExisting(_:_:)`` but for a scene not found.
    @available(*, deprecated, message: "use removeScene(_:), which removes a scene with every record of it")
    @discardableResult
    public func removeValueAndEmptyScene(
        forKey key: String, in scene: SceneID, durably: Bool = true
    ) throws(SceneStoreError) -> Bool {
        try Self.validate(key: key)
        var removed = false
        do {
            try updateExisting(scene) { values in removed = values.removeValue(forKey: key) != nil }
        } catch .sceneNotFound {
            return false
        }
        return removed
    }
}

// MARK: - Deprecated: the files' internals that tools of this package read, until 0.4.0

extension StateStore {
    /// A scene's file as stored: its exact bytes and its decoded document, read once.
    /// - Parameter scene: The scene.
    /// - Returns: The bytes and the document.
    /// - Throws: The errors of ``document(for:)``.
    @available(*, deprecated, message: "a scene's file is at path(for:); scenes() lists each scene's keys and health")
    public func file(of scene: SceneID) throws(SceneStoreError) -> SceneFile {
        SceneFile(try sceneFile(of: scene))
    }

    /// A scene's file's exact bytes, without decoding them, with the checks of every read.
    /// - Parameter scene: The scene.
    /// - Returns: The bytes.
    /// - Throws: The read errors of ``document(for:)``.
    @available(*, deprecated, message: "a scene's file is at path(for:); scenes() lists each scene's keys and health")
    public func storedBytes(of scene: SceneID) throws(SceneStoreError) -> [UInt8] {
        try fileBytes(of: scene)
    }

    /// A scene's document read off the calling actor, or nil when the scene has no file.
    /// - Parameter scene: The scene.
    /// - Returns: The document.
    /// - Throws: The errors of ``document(for:)`` but for a scene not found.
    @available(
        *, deprecated,
        message: "a scene's connection (PersistentScene) reads its state; scenes() lists each scene's keys and health"
    )
    public func loadDocument(for scene: SceneID) async throws(SceneStoreError) -> SceneDocument? {
        try await loadedDocument(for: scene).map(SceneDocument.init)
    }
}

extension StateDirectory {
    /// The folder of an app's scenes under a state root: `<root>/<app-id>/scenes`.
    /// - Parameters:
    ///   - appID: The app.
    ///   - root: The state root.
    /// - Returns: The folder's path.
    @available(*, deprecated, message: "use StateStore(appID:stateRoot:configuration:) and its scenesFolder")
    public static func scenesDirectory(for appID: AppID, root: String) -> String {
        scenesFolder(for: appID, root: root)
    }
}

extension JSONValue {
    /// The kind of the value in one word (`object`, `string`, `null`, ...), for messages.
    @available(*, deprecated, message: "switch over the value's cases")
    public var kindName: String { kindDescription }
}

extension SceneSummary.Health {
    /// The health in one word: `ok`, `corrupt`, `newer-format` or `unreadable`.
    @available(*, deprecated, message: "use description, or switch over the cases")
    public var name: String { label }
}

extension StateDirectory {
    /// The state root under a convention given, as 0.2.0 resolved it (a process not sandboxed, the
    /// persistent location).
    /// - Parameters:
    ///   - environment: The process's environment.
    ///   - convention: The platform's convention.
    /// - Returns: The state root.
    /// - Throws: ``SceneStoreError/noStateDirectory(reason:)`` when there is none.
    @available(
        *, deprecated,
        message:
            "a store finds its root itself: StateStore(appID:environment:location:configuration:), whose scenes() give each file's path"
    )
    public static func resolveRoot(
        environment: [String: String], convention: Convention
    ) throws(SceneStoreError) -> String {
        try root(environment: environment, layout: convention.layout, location: .persistent, sandboxed: false)
    }

    /// A platform's convention for where per-user state lives.
    @available(*, deprecated, message: "a store follows the platform's convention itself")
    public enum Convention: Sendable, Hashable, CaseIterable {
        /// The XDG Base Directory rules, on Linux and other systems.
        case xdg
        /// `Library/Application Support` and `Library/Caches` of the user's home, on Apple platforms.
        case appleApplicationSupport

        /// The convention of the platform this code runs on.
        public static var current: Convention {
            Layout.current == .xdg ? .xdg : .appleApplicationSupport
        }

        /// The layout the engine resolves with.
        var layout: Layout { self == .xdg ? .xdg : .appleApplicationSupport }
    }

    /// Resolves the state root by the convention of the platform this code runs on.
    ///
    /// - Parameters:
    ///   - environment: The variables to consult, usually `ProcessInfo.processInfo.environment`.
    ///   - location: The persistent folder (the default) or the cache.
    /// - Returns: An absolute path, without a trailing slash.
    /// - Throws: ``SceneStoreError/noStateDirectory(reason:)`` when no home folder can be found.
    @available(
        *, deprecated,
        message:
            "a store finds its root itself: StateStore(appID:environment:location:configuration:), whose scenes() give each file's path"
    )
    public static func resolveRoot(
        environment: [String: String], location: Location = .persistent
    ) throws(SceneStoreError) -> String {
        try root(environment: environment, location: location)
    }
}

extension StateStore {
    /// A store of the same app and state root whose files live in another folder next to the
    /// scenes folder (`<root>/<app-id>/<folder>`), with this store's settings: where SceneNavigation
    /// keeps its restore markers.
    /// - Parameter folder: The folder's name: 1 to 64 letters, digits, `-` or `_`, not `scenes`.
    /// - Returns: The store.
    /// - Throws: ``SceneStoreError/invalidArgument(_:reason:)`` naming the folder when it is not such a name.
    @available(
        *, deprecated,
        message:
            "a store of its own is StateStore(appID:stateRoot:configuration:); the folders beside scenes/ are navstate's"
    )
    public func siblingStore(folder: String) throws(SceneStoreError) -> StateStore {
        try sibling(folder: folder)
    }
}

// MARK: - Deprecated in 0.4.0: the store's internals

extension StateStore {
    /// The folder that holds the scene files.
    @available(*, deprecated, message: "a scene's file is at path(for:); scenes() lists every scene")
    public var scenesDirectory: String { scenesFolder }

    /// The store's settings.
    @available(*, deprecated, message: "keep the Configuration the store was opened with")
    public var configuration: Configuration { settings }
}
