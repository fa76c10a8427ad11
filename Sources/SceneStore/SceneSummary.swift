#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a listing tells about one stored scene.
public struct SceneSummary: Sendable, Equatable {
    /// Whether a scene's file can be used.
    public enum Health: Sendable, Equatable, CustomStringConvertible {
        /// The document is valid.
        case ok
        /// The file is not a valid scene document; the reason says why and where.
        case corrupt(reason: String)
        /// The file was written by a newer format, which this version does not read or overwrite.
        case newerFormat(format: Int)
        /// The file cannot be read: no permission, too large, or not a regular file.
        case unreadable(reason: String)

        /// The short name: `ok`, `corrupt`, `newer-format` or `unreadable`.
        package var label: String {
            switch self {
            case .ok: "ok"
            case .corrupt: "corrupt"
            case .newerFormat: "newer-format"
            case .unreadable: "unreadable"
            }
        }

        /// The name, with the reason when there is one.
        public var description: String {
            switch self {
            case .ok: "ok"
            case .corrupt(let reason): "corrupt: \(reason)"
            case .newerFormat(let format): "newer-format: format \(format)"
            case .unreadable(let reason): "unreadable: \(reason)"
            }
        }
    }

    /// The scene.
    public var scene: SceneID
    /// The scene's file.
    public var path: String
    /// The keys of its values, sorted; empty when the file cannot be read.
    public var keys: [String]
    /// The file's size in bytes.
    public var size: Int64
    /// When it was last saved: the document's `savedAt`, or the file's modification time when the
    /// document cannot be read.
    public var lastSaved: Date
    /// Whether the file can be used.
    public var health: Health

    package init(of scene: SceneID, path: String, keys: [String], size: Int64, lastSaved: Date, health: Health) {
        self.scene = scene
        self.path = path
        self.keys = keys
        self.size = size
        self.lastSaved = lastSaved
        self.health = health
    }
}
