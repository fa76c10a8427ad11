#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Per-scene storage of keyed values in plain JSON files, like SwiftUI's `@SceneStorage`.
///
/// Each scene is one file, `<scenes-directory>/<scene-id>.json`, holding several keyed values (as
/// several `@SceneStorage` properties share one scene). What StateStore guarantees:
///
/// - **Durable, atomic writes.** A write goes to a temporary file in the same folder, is flushed
///   with `fsync`, renamed over the old file, and the folder is flushed too; only then does the
///   call return. A crash leaves the old file or the new one, never a mix.
/// - **Concurrent writers lose nothing.** Writers of one scene, in this process or others, take an
///   exclusive `flock` on the scene's lock file (checked, once held, to be the file its name leads
///   to: a lock file is removed only with its scene, while held), and each update reads, changes
///   and writes the document under that lock.
/// - **Hostile files are refused.** Symbolic links, FIFOs, devices and folders are never followed
///   or opened for reading; files over the size limit are never read; a corrupt file is moved aside
///   to `<scene>.corrupt-<time>.json` before a new one is written; a file from a newer format is
///   never overwritten.
///
/// Not guaranteed: durability on file systems that ignore `fsync` or `flock` (some network file
/// systems), and secrecy: like `@SceneStorage`, do not store sensitive data.
///
/// An app holds it as a handle: it opens it, lists its scenes (``scenes()``), removes a scene
/// (``removeScene(_:)``, ``removeAll(except:)``), prunes (``prune(before:)``) and lists the copies
/// kept aside (``keptAsideFiles()``); SceneNavigation writes and reads the scenes' values through
/// each scene's connection. The methods here block on file I/O; call them off the main actor.
///
/// ```swift
/// let store = try StateStore(appID: AppID("com.example.cookbook"),
///                            environment: ProcessInfo.processInfo.environment)
/// let scenes = try store.scenes()                                    // every scene, with its health
/// try store.prune(before: Date().addingTimeInterval(-30 * 24 * 3600)) // a month unseen
/// ```
public final class StateStore: Sendable {
    /// Settings of a store.
    public struct Configuration: Sendable {
        /// The largest scene file that is read, in bytes; larger files are refused unread.
        public var maximumFileSize: Int
        /// How deeply JSON in a scene file may nest.
        public var maximumDepth: Int
        /// The clock that stamps `savedAt` and the names of kept-aside files.
        public var now: @Sendable () -> Date
        /// Whether the removal of a scene's file is made durable (its folder `fsync`ed) before the
        /// call returns. True by default; false only for records whose return after a power cut
        /// costs nothing but a needless check (records of work in progress that only say "check
        /// again").
        public var durableRemovals: Bool
        /// The size a scene's file should stay under, in bytes: a soft limit, warned about, never
        /// enforced (``maximumFileSize`` is the hard one); 256 KiB by default.
        public var sizeBudget: Int
        /// Whether writes are synced to the disk: the new file `fsync`ed before its rename, and its
        /// folder after. True for every store an app makes. A store of records that need only
        /// outlive the process, not a power cut (a restore guard's markers: a crash loop is a
        /// process event), does without, so its writes cost no sync; a power cut may then undo
        /// such a write or tear it, and a torn file is moved aside by the next write, which finds
        /// no value in it.
        package var synchronizesWrites = true
        /// How long a restore of a scene waits, blocking, for the last write of a connection of
        /// that scene that is closing (SwiftUI makes a scene's views again as iPadOS reconnects
        /// it): one second, after which it reads what is there (the write needs the scene's lock,
        /// which another process may hold). A test's store (the testing kit's) waits longer, so
        /// that a test run on a busy machine reads what an app reads on a device.
        package var closingWriteWait: Duration = .seconds(1)

        /// Creates a configuration.
        /// - Parameters:
        ///   - maximumFileSize: The size limit in bytes, 4 MiB by default.
        ///   - maximumDepth: The JSON nesting limit, 256 by default.
        ///   - durableRemovals: Whether removals are made durable, true by default.
        ///   - sizeBudget: The soft size limit of a scene's file in bytes, 256 KiB by default.
        ///   - now: The clock, the system clock by default.
        public init(
            maximumFileSize: Int = 4 << 20, maximumDepth: Int = 256, durableRemovals: Bool = true,
            sizeBudget: Int = 256 << 10, now: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.maximumFileSize = maximumFileSize
            self.maximumDepth = maximumDepth
            self.durableRemovals = durableRemovals
            self.sizeBudget = sizeBudget
            self.now = now
        }
    }

    /// The folder that holds the scene files.
    package let scenesFolder: String
    /// The store's settings.
    package let settings: Configuration
    let fileSystem: any FileSystem
    /// The last file read or written of each of a few scenes, so an update does not parse again
    /// the bytes it wrote itself.
    let documents = DocumentCache()

    /// Opens the store of an app in the platform's state folder (see ``StateDirectory``).
    ///
    /// Nothing is created until the first write.
    ///
    /// - Parameters:
    ///   - appID: The app whose scenes these are.
    ///   - environment: Where to read `XDG_STATE_HOME` (or `XDG_CACHE_HOME`) and `HOME`.
    ///   - location: The persistent folder (the default: backed up on Apple platforms) or the cache
    ///     (not backed up, and emptied by the system when it needs the room).
    ///   - configuration: Limits and clock.
    /// - Throws: ``SceneStoreError/noStateDirectory(reason:)`` when no state root can be found.
    public convenience init(
        appID: AppID, environment: [String: String], location: StateDirectory.Location = .persistent,
        configuration: Configuration = Configuration()
    ) throws(SceneStoreError) {
        let root = try StateDirectory.root(environment: environment, location: location)
        self.init(appID: appID, stateRoot: root, configuration: configuration)
    }

    /// Opens the store of an app below an explicit state root instead of the XDG one.
    /// - Parameters:
    ///   - appID: The app whose scenes these are.
    ///   - stateRoot: The folder that takes the place of `$XDG_STATE_HOME`.
    ///   - configuration: Limits and clock.
    public convenience init(appID: AppID, stateRoot: String, configuration: Configuration = Configuration()) {
        self.init(
            scenesFolder: StateDirectory.scenesFolder(for: appID, root: stateRoot),
            configuration: configuration, fileSystem: SystemFileSystem())
    }

    /// Opens a store whose scene files live directly in a folder of the caller's choosing, with no
    /// app folder and no platform convention: for an app that keeps its state somewhere of its own
    /// (a shared container, a folder it manages).
    ///
    /// Nothing is created until the first write; the folder and its parents are then created with
    /// mode 0700.
    ///
    /// - Parameters:
    ///   - scenesFolder: The folder that holds the scene files, an absolute path.
    ///   - configuration: Limits and clock.
    package convenience init(scenesFolder: String, configuration: Configuration = Configuration()) {
        self.init(
            scenesFolder: scenesFolder, configuration: configuration, fileSystem: SystemFileSystem())
    }

    /// A throwaway store that keeps its scenes in memory and never touches the disk: for Xcode
    /// previews, so that a preview neither reads nor writes the app's state, nor another
    /// preview's. Each call makes a new, empty store; what it holds goes with it.
    ///
    /// ```swift
    /// MailScene(store: .inMemory())
    /// ```
    ///
    /// Its folder is a name that leads nowhere on disk, `/in-memory/<UUID>/scenes`.
    /// Everything else is as a store on disk: files, locks, copies kept aside. A scene connected
    /// to it has no crash-loop guard, whose records of how a process ended are files of the
    /// process's own.
    /// - Returns: The store.
    public static func inMemory() -> StateStore {
        StateStore(
            scenesFolder: "/in-memory/\(UUID().uuidString)/scenes", configuration: Configuration(),
            fileSystem: MemoryFileSystem())
    }

    /// Whether the store keeps its scenes in memory (``inMemory()``).
    package var isInMemory: Bool { fileSystem is MemoryFileSystem }

    /// Opens a store whose scene files live directly in `scenesFolder`, on a given file system.
    package init(scenesFolder: String, configuration: Configuration, fileSystem: any FileSystem) {
        self.scenesFolder = scenesFolder
        self.settings = configuration
        self.fileSystem = fileSystem
    }

    /// A store of the same app, state root and file system whose files live in another folder
    /// next to the scenes folder (`<root>/<app-id>/<folder>`), with every guarantee of this one:
    /// for records an app keeps per scene apart from the scene's values.
    /// - Parameters:
    ///   - folder: The folder's name: 1 to 64 letters, digits, `-` or `_`, not `scenes`.
    ///   - configuration: Its settings; this store's by default.
    /// - Returns: The store.
    /// - Throws: ``SceneStoreError/invalidArgument(_:reason:)`` naming the folder when it is not such a name.
    package func sibling(folder: String, configuration: Configuration? = nil) throws(SceneStoreError) -> StateStore {
        let valid =
            !folder.isEmpty && folder.utf8.count <= 64 && folder != "scenes"
            && folder.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
            }
        guard valid else {
            throw .invalidArgument(
                folder, reason: "a folder name is 1 to 64 letters, digits, '-' or '_', and not 'scenes'")
        }
        let parent = scenesFolder.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
            separator: "/")
        return StateStore(
            scenesFolder: parent + "/" + folder, configuration: configuration ?? settings,
            fileSystem: fileSystem)
    }

    /// The path of a scene's file (which may not exist).
    /// - Parameter scene: The scene.
    /// - Returns: `<scenes-directory>/<scene-id>.json`.
    public func path(for scene: SceneID) -> String {
        scenesFolder + "/" + Self.fileName(for: scene)
    }

    static func fileName(for scene: SceneID) -> String { scene.rawValue + ".json" }
    static func lockName(for scene: SceneID) -> String { "." + scene.rawValue + ".lock" }
    static func temporaryName(for scene: SceneID) -> String { "." + scene.rawValue + ".json.tmp" }

    /// Checks that a string can be a value's key: 1 to 256 bytes of UTF-8 with no control
    /// characters, as every call that takes a key checks it.
    /// - Parameter key: The key.
    /// - Throws: ``SceneStoreError/invalidKey(_:reason:)`` saying why it cannot be.
    package static func validate(key: String) throws(SceneStoreError) {
        if key.isEmpty { throw .invalidKey(key, reason: "it is empty") }
        if key.utf8.count > 256 { throw .invalidKey(key, reason: "it is longer than 256 bytes") }
        if key.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .invalidKey(key, reason: "it contains a control character")
        }
    }
}
