// MARK: - Deprecated: 0.2.0's calls, forwarded to their replacements until 0.4.0

extension SceneStore {
    /// Summarises one scene.
    /// - Parameter scene: The scene.
    /// - Returns: The summary, or nil when nothing is saved for the scene.
    /// - Throws: ``SceneStoreError/cannotRead(path:errno:)`` when the folder cannot be opened.
    @available(*, deprecated, message: "use scenes(), which lists every scene's summary")
    public func summary(of scene: SceneID) throws(SceneStoreError) -> SceneSummary? {
        let found = try withListing { (directory, _) -> SceneSummary? in self.summary(of: scene, in: directory) }
        return found ?? nil
    }

    /// Keeps a byte-for-byte copy of the scene's file aside, for a reason the caller gives.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - reason: Why the copy is kept.
    /// - Returns: The path of the copy, or nil when the scene has no readable file.
    /// - Throws: The errors of ``keepAside(_:reason:if:)``.
    @available(*, deprecated, renamed: "keepAside(_:reason:if:)")
    @discardableResult
    public func keepCopy(of scene: SceneID, reason: KeptAsideFile.Reason) throws(SceneStoreError) -> String? {
        try keepAside(scene, reason: reason)
    }

    /// Keeps a copy of the scene's file aside, as `invalid`, when the value under `key` is there and
    /// `isReadable` says it cannot be read.
    /// - Parameters:
    ///   - key: The value's key.
    ///   - scene: The scene.
    ///   - isReadable: Whether the stored value can be read.
    /// - Returns: The path of the copy, or nil when none was made.
    /// - Throws: ``SceneStoreError/invalidKey(_:reason:)``; the errors of ``keepAside(_:reason:if:)``.
    @available(*, deprecated, message: "use keepAside(_:reason:if:) with .invalid and a test of the document's value")
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
    @available(*, deprecated, message: "use removeValue(forKey:in:), which removes the file when no value is left")
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
