#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A copy of a scene's file that SceneStore kept aside instead of losing it.
///
/// These are kept aside, each next to the scene's file:
///
/// - `<scene>.corrupt-<time>.json`: a file that could not be parsed, moved out of the scene's place
///   before a new one was written there;
/// - `<scene>.invalid-<time>.json`: a copy of a file whose value an app could not read (such as
///   navigation JSON of a shape it does not know), made before that value was replaced;
/// - `<scene>.crashloop-<time>.json`: a copy of a file whose restore an app withheld because the
///   restores before it never became healthy (a crash loop);
/// - `<scene>.expired-<time>.json`: a copy of a file an app did not restore because it was saved
///   too long ago.
///
/// `<time>` is when it was kept, in UTC (`20261121T210407.123Z`); a second one within the same
/// millisecond gets `-1`, `-2`, ... Nothing removes these files but an explicit
/// ``SceneStore/prune(before:)`` (as `navstate prune` does) or the user.
public struct KeptAsideFile: Sendable, Equatable {
    /// Why a file was kept aside.
    public enum Reason: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
        /// The file could not be parsed as a scene document; it was moved out of the scene's place.
        case corrupt
        /// A value in it could not be read by the app; it was copied before the value was replaced.
        case invalid
        /// Its restore was withheld by a crash-loop guard; it was copied before the app replaced it.
        case crashLoop = "crashloop"
        /// It was saved too long ago to be restored; it was copied before the app replaced it.
        case expired

        /// The reason in words.
        public var description: String {
            switch self {
            case .corrupt: "the file was corrupt"
            case .invalid: "a value could not be read"
            case .crashLoop: "its restore was withheld after restores that never became healthy"
            case .expired: "it was saved too long ago to be restored"
            }
        }
    }

    /// The scene the file belonged to.
    public var scene: SceneID
    /// The kept file's path.
    public var path: String
    /// Why it was kept.
    public var reason: Reason
    /// When it was kept aside, from its name.
    public var keptAt: Date
    /// Its size in bytes.
    public var size: Int64

    /// Creates a description of a kept file.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - path: The file's path.
    ///   - reason: Why it was kept.
    ///   - keptAt: When.
    ///   - size: Its size.
    public init(scene: SceneID, path: String, reason: Reason, keptAt: Date, size: Int64) {
        self.scene = scene
        self.path = path
        self.reason = reason
        self.keptAt = keptAt
        self.size = size
    }
}

// MARK: - Names

extension KeptAsideFile {
    /// The name of a kept file: `<scene>.<reason>-<time>[-<attempt>].json`.
    static func name(for scene: SceneID, reason: Reason, at date: Date, attempt: Int) -> String {
        let suffix = attempt == 0 ? "" : "-\(attempt)"
        return "\(scene.rawValue).\(reason.rawValue)-\(Timestamp.compact(date))\(suffix).json"
    }

    /// Reads a kept file's name back into its scene, reason and time; nil for any other name.
    static func parse(name: String) -> (scene: SceneID, reason: Reason, keptAt: Date)? {
        // Scene IDs hold no '.', so the first one ends the scene.
        guard name.hasSuffix(".json"), let dot = name.firstIndex(of: ".") else { return nil }
        guard let scene = try? SceneID(String(name[..<dot])) else { return nil }
        let rest = name[name.index(after: dot)...].dropLast(5)
        guard let dash = rest.firstIndex(of: "-"), let reason = Reason(rawValue: String(rest[..<dash])) else {
            return nil
        }
        // The time is `YYYYMMDDTHHMMSS.fffZ`, possibly followed by `-<attempt>`.
        let stamp = rest[rest.index(after: dash)...]
        let attempt = stamp.dropFirst(20)
        guard
            attempt.isEmpty
                || (attempt.count > 1 && attempt.first == "-" && attempt.dropFirst().allSatisfy { $0.isNumber })
        else { return nil }
        guard let date = Timestamp.parseCompact(String(stamp.prefix(20))) else { return nil }
        return (scene, reason, date)
    }
}
