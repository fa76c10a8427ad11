#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Listing

extension SceneStore {
    /// Lists every stored scene with its keys, size, last-saved time and health, sorted by scene.
    ///
    /// Listing never changes, moves or repairs anything. Files whose names are not
    /// `<valid-scene-id>.json` (lock files, temporary files, moved-aside corrupt files) are skipped.
    ///
    /// - Returns: The summaries; empty when the app has no folder yet.
    /// - Throws: ``SceneStoreError/cannotRead(path:errno:)`` when the folder cannot be read.
    public func scenes() throws(SceneStoreError) -> [SceneSummary] {
        guard let directory = try openScenesDirectory(creating: false) else { return [] }
        defer { try? fileSystem.close(directory) }
        let names: [String]
        do {
            names = try fileSystem.listDirectory(scenesDirectory)
        } catch {
            throw .cannotRead(path: scenesDirectory, errno: error)
        }
        var summaries: [SceneSummary] = []
        for name in names where name.hasSuffix(".json") {
            guard let scene = try? SceneID(String(name.dropLast(5))) else { continue }
            if let summary = summary(of: scene, in: directory) { summaries.append(summary) }
        }
        return summaries.sorted { $0.scene < $1.scene }
    }

    /// Summarises one scene.
    /// - Parameter scene: The scene.
    /// - Returns: The summary, or nil when nothing is saved for the scene.
    /// - Throws: ``SceneStoreError/cannotRead(path:errno:)`` when the folder cannot be opened.
    public func summary(of scene: SceneID) throws(SceneStoreError) -> SceneSummary? {
        guard let directory = try openScenesDirectory(creating: false) else { return nil }
        defer { try? fileSystem.close(directory) }
        return summary(of: scene, in: directory)
    }

    private func summary(of scene: SceneID, in directory: Int32) -> SceneSummary? {
        let path = path(for: scene)
        let status: FileStatus
        do throws(Errno) {
            status = try fileSystem.statusAt(directory, Self.fileName(for: scene))
        } catch .noSuchFile {
            return nil
        } catch {
            return SceneSummary(
                scene: scene, path: path, keys: [], size: 0, lastSaved: Date(timeIntervalSince1970: 0),
                health: .unreadable(reason: error.description))
        }
        let modified = Date(timeIntervalSince1970: status.modificationTime)
        func summary(_ health: SceneSummary.Health) -> SceneSummary {
            SceneSummary(
                scene: scene, path: path, keys: [], size: status.size, lastSaved: modified, health: health)
        }
        do throws(SceneStoreError) {
            guard let loaded = try load(scene, in: directory) else { return nil }
            return SceneSummary(
                scene: scene, path: path, keys: loaded.document.values.keys.sorted(),
                size: loaded.status.size,
                lastSaved: loaded.document.savedAt, health: .ok)
        } catch .corrupt(_, let reason) {
            return summary(.corrupt(reason: reason))
        } catch .newerFormat(_, let format, _) {
            return summary(.newerFormat(format: format))
        } catch {
            return summary(.unreadable(reason: error.description))
        }
    }

    /// Removes every scene last saved before a date, as an app forgets scenes it has not shown for
    /// a long time.
    ///
    /// A scene whose file is of a newer format is kept: this version cannot tell what it holds. The
    /// age of each scene is checked again under its lock, so a scene saved meanwhile is kept.
    ///
    /// - Parameter date: Scenes last saved before this moment are removed.
    /// - Returns: The scenes removed, sorted.
    /// - Throws: The errors of ``scenes()`` and ``removeScene(_:)``.
    public func removeScenes(savedBefore date: Date) throws(SceneStoreError) -> [SceneID] {
        var removed: [SceneID] = []
        for summary in try scenes() where summary.lastSaved < date {
            if case .newerFormat = summary.health { continue }
            let wasRemoved = try removeScene(summary.scene) { directory in
                // Look again under the lock: the scene may have been saved since the listing.
                guard let current = self.summary(of: summary.scene, in: directory) else { return false }
                if case .newerFormat = current.health { return false }
                return current.lastSaved < date
            }
            if wasRemoved { removed.append(summary.scene) }
        }
        return removed
    }
}
