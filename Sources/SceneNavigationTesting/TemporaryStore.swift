import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A state folder of its own for one test, with an app's store in it, removed when the value goes
/// away: `let temporary = try TemporaryStore()`.
///
/// ``makeStore(configuration:)`` opens the store again as a new process would (nothing shared
/// with the first one), the fixture helpers save scenes as an earlier version of an app left them
/// (stale, old and corrupt ones included), and a ``TestClock`` makes every save time known.
///
/// ```swift
/// let temporary = try TemporaryStore(appID: "com.example.mail")
/// try temporary.saveScene("main", json: #"["inbox","preferences"]"#)       // what version 1 stored
/// try temporary.writeSceneFile("broken", bytes: Array(#"{"format":1,"#.utf8))  // a corrupt file
/// ```
public final class TemporaryStore: Sendable {
    /// The folder that takes the place of `$XDG_STATE_HOME`; removed with the value.
    public let stateRoot: String
    /// The app's ID.
    public let appID: AppID
    /// The store's settings, such as its clock.
    public let configuration: StateStore.Configuration
    /// The clock the store's settings read, when one was given.
    public let clock: TestClock?
    /// The app's store.
    public let store: StateStore

    /// Creates a fresh folder under the system's temporary folder and an app's store in it.
    /// - Parameters:
    ///   - appID: The app's ID, `app` by default.
    ///   - clock: A clock to set by hand, which then replaces the configuration's.
    ///   - configuration: The store's settings.
    /// - Throws: ``/SceneStore/SceneStoreError/invalidAppID(_:reason:)``, or
    ///   ``/SceneStore/SceneStoreError/cannotCreateDirectory(path:errno:)`` when the folder cannot be made.
    public init(
        appID: String = "app", clock: TestClock? = nil, configuration: StateStore.Configuration = .init()
    ) throws(SceneStoreError) {
        var configuration = configuration
        if let clock { configuration.now = { clock.now } }
        // A restore waits for a closing write of its scene as long as it takes (a minute at
        // most), not a device's second: tests run many at once on busy machines.
        configuration.closingWriteWait = .seconds(60)
        self.clock = clock
        self.appID = try AppID(appID)
        let base = (ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
        stateRoot = try Platform.makeTemporaryFolder(template: base + "/scene-navigation-testing-XXXXXX")
        self.configuration = configuration
        store = StateStore(appID: self.appID, stateRoot: stateRoot, configuration: configuration)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: stateRoot)
    }

    /// An environment whose state root is this folder, for code that opens its store from one.
    public var environment: [String: String] { ["XDG_STATE_HOME": stateRoot, "HOME": stateRoot] }

    /// The store opened again, as a new process would open it (nothing shared with ``store``), with
    /// these settings or others.
    /// - Parameter configuration: Its settings, this store's by default.
    /// - Returns: A new store over the same folder.
    public func makeStore(configuration: StateStore.Configuration? = nil) -> StateStore {
        StateStore(appID: appID, stateRoot: stateRoot, configuration: configuration ?? self.configuration)
    }

    /// The store of another app in the same folder, opened as a new process would open it.
    /// - Parameters:
    ///   - appID: The app.
    ///   - configuration: Its settings, this store's by default.
    /// - Returns: A new store over the same folder.
    /// - Throws: ``/SceneStore/SceneStoreError/invalidAppID(_:reason:)``.
    public func makeStore(
        appID: String, configuration: StateStore.Configuration? = nil
    ) throws(SceneStoreError) -> StateStore {
        StateStore(appID: try AppID(appID), stateRoot: stateRoot, configuration: configuration ?? self.configuration)
    }

    /// A path inside the folder.
    /// - Parameter relative: The path below the state root, such as `app/scenes/main.json`.
    /// - Returns: The absolute path.
    public func path(_ relative: String) -> String { stateRoot + "/" + relative }

    /// Every file and folder below the state root, relative to it and sorted: to check what an
    /// operation left behind (`app/scenes/.main.lock`, `app/scenes/main.json`, ...).
    /// - Returns: The paths.
    public func files() -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: stateRoot)) ?? []).sorted()
    }

    // MARK: - Fixtures

    /// Saves a value in a scene, as an app would have.
    /// - Parameters:
    ///   - scene: The scene's ID.
    ///   - value: The value, encoded as JSON with sorted keys.
    ///   - key: The value's key, `navigation` by default.
    ///   - savedAt: The save time written in the file (use an old one for state that is too old).
    /// - Throws: ``/SceneStore/SceneStoreError``.
    public func saveScene<Value: Encodable>(
        _ scene: String, value: Value, key: String = "navigation", savedAt: Date? = nil
    ) throws(SceneStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes: Data
        do {
            bytes = try encoder.encode(value)
        } catch {
            throw .cannotEncode(key: key, reason: String(describing: error))
        }
        try saveScene(scene, json: String(decoding: bytes, as: UTF8.self), key: key, savedAt: savedAt)
    }

    /// Saves a value given as JSON text, exactly as a version of the app stored it (stale
    /// identifiers, an old shape), in a scene.
    /// - Parameters:
    ///   - scene: The scene's ID.
    ///   - json: The value's JSON text.
    ///   - key: The value's key, `navigation` by default.
    ///   - savedAt: The save time written in the file, or now.
    /// - Throws: ``/SceneStore/SceneStoreError/cannotDecode(key:scene:reason:)`` when the text is not JSON, or
    ///   what writing throws.
    public func saveScene(
        _ scene: String, json: String, key: String = "navigation", savedAt: Date? = nil
    ) throws(SceneStoreError) {
        let id = try SceneID(scene)
        let value: JSONValue
        do {
            value = try JSONValue(parsing: Array(json.utf8))
        } catch {
            throw .cannotDecode(key: key, scene: id, reason: "the fixture is not JSON: \(error)")
        }
        try saveScene(scene, values: [key: .json(value)], savedAt: savedAt)
    }

    /// Writes a scene's whole file with the given values and save time, replacing any file there.
    /// - Parameters:
    ///   - scene: The scene's ID.
    ///   - values: The values by key.
    ///   - savedAt: The save time written in the file, or now.
    /// - Throws: ``/SceneStore/SceneStoreError``.
    public func saveScene(
        _ scene: String, values: [String: SceneValue], savedAt: Date? = nil
    ) throws(SceneStoreError) {
        let id = try SceneID(scene)
        let document = StoredDocument(scene: id, savedAt: savedAt ?? configuration.now(), values: values)
        try writeSceneFile(scene, bytes: document.encodedBytes())
    }

    /// Writes a scene's file with exactly these bytes: a corrupt file, a newer format, a file from
    /// another tool.
    /// - Parameters:
    ///   - scene: The scene's ID.
    ///   - bytes: The file's bytes.
    /// - Throws: ``/SceneStore/SceneStoreError/invalidSceneID(_:reason:)``,
    ///   ``/SceneStore/SceneStoreError/cannotCreateDirectory(path:errno:)`` or ``/SceneStore/SceneStoreError/cannotWrite(path:errno:)``
    ///   with the system's error.
    public func writeSceneFile(_ scene: String, bytes: [UInt8]) throws(SceneStoreError) {
        let id = try SceneID(scene)
        try Platform.makeFolders(store.scenesFolder)
        try Platform.writeFile(store.path(for: id), bytes: bytes)
    }

    /// Writes a corrupt scene file: a document cut off in the middle, as a torn write by a tool
    /// without atomic writes would leave it.
    /// - Parameter scene: The scene's ID.
    /// - Throws: ``/SceneStore/SceneStoreError/cannotWrite(path:errno:)``.
    public func writeCorruptScene(_ scene: String) throws(SceneStoreError) {
        try writeSceneFile(scene, bytes: Array(#"{"format":1,"savedAt":"2026-11-01T10:00:00.000Z","scene":"#.utf8))
    }
}
