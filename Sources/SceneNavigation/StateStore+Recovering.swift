import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Recovering a value kept aside

extension StateStore {
    /// What ``recover(_:key:from:dryRun:)`` brought back.
    public struct Recovery: Sendable, Equatable {
        /// The kept-aside copy it came from.
        public var file: KeptAsideFile
        /// The value brought back.
        public var value: SceneValue
        /// Whether the scene's file was written (false in a dry run); it is written, at the current
        /// time, even when it held the value already.
        public var written: Bool
        /// Whether the value's crash-loop guard was cleared.
        public var guardCleared: Bool
    }

    /// Brings a scene's value back from a copy kept aside (after a crash loop, an age limit, an
    /// unreadable value), with the schema version and the record of screens not saved stored beside
    /// it, durably and under the scene's
    /// lock, saved at the current time (even when the scene held the value already), and clears
    /// the value's crash-loop guard so the next launch restores it as is. The copy stays where it is.
    ///
    /// - Parameters:
    ///   - scene: The scene.
    ///   - key: The value's key, `navigation` by default.
    ///   - fileName: The copy's file name; nil for the newest copy that can be read and holds the
    ///     value.
    ///   - dryRun: Whether to only say what would be brought back.
    /// - Returns: The copy, the value, and what was changed.
    /// - Throws: ``NavigationError/noKeptAsideCopy(scene:name:copies:)`` when no copy has that name;
    ///   ``NavigationError/nothingToRecover(scene:key:copies:keys:)`` when no readable copy holds the
    ///   value; ``NavigationError/noValue(key:in:keys:)`` when the named copy does not;
    ///   ``NavigationError/store(_:)`` when the copy cannot be read (corrupt, newer format) or the
    ///   scene cannot be written.
    public func recover(
        _ scene: SceneID, key: String = "navigation", from fileName: String? = nil, dryRun: Bool = false
    ) throws(NavigationError) -> Recovery {
        let store = self
        let copies: [KeptAsideFile]
        do {
            copies = try store.keptAsideFiles().filter { $0.scene == scene }
        } catch {
            throw .store(error)
        }
        let chosen: KeptAsideFile
        let document: StoredDocument
        if let fileName {
            guard let file = copies.first(where: { $0.fileName == fileName }) else {
                throw .noKeptAsideCopy(scene: scene, name: fileName, copies: copies.map(\.fileName))
            }
            chosen = file
            do {
                document = try store.storedDocument(ofKeptAside: file)
            } catch {
                throw .store(error)
            }
        } else {
            // The newest copy that can be read and holds the value; corrupt copies cannot be.
            var found: (KeptAsideFile, StoredDocument)?
            var keysHeld = Set<String>()
            for file in copies.reversed() {
                guard let document = try? store.storedDocument(ofKeptAside: file) else { continue }
                if document.hasValue(forKey: key) {
                    found = (file, document)
                    break
                }
                keysHeld.formUnion(document.keys)
            }
            guard let found else {
                throw .nothingToRecover(
                    scene: scene, key: key, copies: copies.map(\.fileName), keys: keysHeld.sorted())
            }
            (chosen, document) = found
        }
        guard let value = document.value(forKey: key) else {
            throw .noValue(key: key, in: "'\(chosen.fileName)'", keys: document.keys.sorted())
        }
        let schemaKey = NavigationMigrations.companionKey(for: key)
        let schema = document.value(forKey: schemaKey)
        let unsavedKey = UnsavedCut.companionKey(for: key)
        let unsaved = document.value(forKey: unsavedKey)
        var recovery = Recovery(file: chosen, value: value, written: false, guardCleared: false)
        guard !dryRun else { return recovery }
        do {
            // Dated even when the scene holds the value already (the copy a crash loop kept of a
            // file never written over): what goes by the save time knows it is current.
            let recovered = (try? NavigationMigrations.storedSchema(forKey: key, in: document)) ?? 0
            let outcome = try store.update(
                scene, dating: true,
                keepingAside: { found in
                    // A newer version's value is not written over unkept.
                    let stored = (try? NavigationMigrations.storedSchema(forKey: key, in: found)) ?? 0
                    return found.hasValue(forKey: key) && stored > recovered ? .newerSchema : nil
                },
                { values in
                    values[key] = value
                    values[schemaKey] = schema
                    values[unsavedKey] = unsaved
                })
            recovery.written = outcome.wroteFile
            recovery.guardCleared = try CrashLoopGuard.clearMarker(scene, key: key, in: store)
        } catch {
            throw .store(error)
        }
        return recovery
    }
}
