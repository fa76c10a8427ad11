/// Everything that can go wrong in StateStore, with the path, key or scene it concerns.
///
/// Every case reads as a sentence through ``description``, such as
/// `cannot write '/home/me/.local/state/navstate/scenes/main.json': Permission denied`.
public enum SceneStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A scene identifier breaks the rules of ``SceneID``.
    case invalidSceneID(String, reason: String)
    /// An app identifier breaks the rules of ``AppID``.
    case invalidAppID(String, reason: String)
    /// A value key is empty, too long or holds control characters.
    case invalidKey(String, reason: String)
    /// An argument breaks a rule of the call it was given to (a folder name, a kept-aside reason).
    case invalidArgument(String, reason: String)
    /// Neither `XDG_STATE_HOME`, `HOME` nor the password database gives a usable folder.
    case noStateDirectory(reason: String)
    /// A folder on the way to the scenes could not be created or opened.
    case cannotCreateDirectory(path: String, errno: Errno)
    /// No state has been saved for the scene.
    case sceneNotFound(SceneID, path: String)
    /// Something other than a regular file (a symbolic link, FIFO, device or folder) is where the
    /// scene's file should be. It is neither followed, read nor replaced.
    case notARegularFile(path: String, kind: String)
    /// The scene's file is larger than the configured limit. It is not read nor replaced.
    case fileTooLarge(path: String, size: Int64, limit: Int)
    /// The scene's file could not be parsed or is not a scene document.
    case corrupt(path: String, reason: String)
    /// A write would make the scene's file larger than the limit that reads accept, so nothing
    /// could read it back: nothing was written, and the previous file is unchanged.
    case documentTooLarge(path: String, size: Int, limit: Int)
    /// A write would nest the scene's file deeper than the limit that reads accept (a value nested
    /// within three levels of it), so nothing could read it back: nothing was written, and the
    /// previous file is unchanged.
    case documentTooDeep(path: String, depth: Int, limit: Int)
    /// The file in the scene's place holds another scene, whose ID differs only in letter case
    /// (`found`): on a file system that ignores case (APFS and HFS+ by default, exFAT, casefolded
    /// ext4) the two IDs name one file. Nothing is read from it, moved or written over it.
    case caseConflict(path: String, scene: SceneID, found: String)
    /// The scene's file was written by a newer version of StateStore. It is never overwritten.
    case newerFormat(path: String, format: Int, supported: Int)
    /// Reading the scene's file failed.
    case cannotRead(path: String, errno: Errno)
    /// Writing the scene's file failed at some step; the previous file is unchanged.
    case cannotWrite(path: String, errno: Errno)
    /// The lock that serialises writers could not be taken.
    case cannotLock(path: String, errno: Errno)
    /// Removing the scene's file failed.
    case cannotRemove(path: String, errno: Errno)
    /// The stored value under `key` is not of the requested type.
    case typeMismatch(key: String, scene: SceneID, expected: String, found: String)
    /// A value could not be encoded for storage.
    case cannotEncode(key: String, reason: String)
    /// A stored value could not be decoded into the requested type.
    case cannotDecode(key: String, scene: SceneID, reason: String)

    /// The error as a sentence, naming the path or key.
    public var description: String {
        switch self {
        case .invalidSceneID(let id, let reason): "invalid scene ID '\(Self.printable(id))': \(reason)"
        case .invalidAppID(let id, let reason): "invalid app ID '\(Self.printable(id))': \(reason)"
        case .invalidKey(let key, let reason): "invalid key '\(Self.printable(key))': \(reason)"
        case .invalidArgument(let argument, let reason): "invalid argument '\(Self.printable(argument))': \(reason)"
        case .noStateDirectory(let reason): "cannot find the state directory: \(reason)"
        case .cannotCreateDirectory(let path, let errno): "cannot create directory '\(path)': \(errno)"
        case .sceneNotFound(let scene, let path): "no saved state for scene '\(scene)' (no file '\(path)')"
        case .notARegularFile(let path, let kind): "refusing '\(path)': it is a \(kind), not a regular file"
        case .fileTooLarge(let path, let size, let limit):
            "refusing '\(path)': it is \(size) bytes, more than the limit of \(limit) bytes"
        case .documentTooLarge(let path, let size, let limit):
            "not writing '\(path)': it would be \(size) bytes, more than the limit of \(limit) bytes that reads accept"
        case .documentTooDeep(let path, let depth, let limit):
            "not writing '\(path)': it would nest \(depth) levels deep, more than the limit of \(limit) that reads accept"
        case .caseConflict(let path, let scene, let found):
            "scene '\(scene)' and scene '\(Self.printable(found))' differ only in letter case, and '\(path)' holds '\(Self.printable(found))' "
                + "(this file system does not tell them apart); use scene IDs that differ in more than case"
        case .corrupt(let path, let reason): "corrupt scene file '\(path)': \(reason)"
        case .newerFormat(let path, let format, let supported):
            "'\(path)' has format \(format), newer than the supported format \(supported); it is left untouched"
        case .cannotRead(let path, let errno): "cannot read '\(path)': \(errno)"
        case .cannotWrite(let path, let errno): "cannot write '\(path)': \(errno)"
        case .cannotLock(let path, let errno): "cannot lock '\(path)': \(errno)"
        case .cannotRemove(let path, let errno): "cannot remove '\(path)': \(errno)"
        case .typeMismatch(let key, let scene, let expected, let found):
            "value '\(key)' of scene '\(scene)' is \(found), not \(expected)"
        case .cannotEncode(let key, let reason): "cannot encode value '\(key)': \(reason)"
        case .cannotDecode(let key, let scene, let reason):
            "cannot decode value '\(key)' of scene '\(scene)': \(reason)"
        }
    }

    /// The OS error behind the failure, when there is one.
    public var errno: Errno? {
        switch self {
        case .cannotCreateDirectory(_, let errno), .cannotRead(_, let errno), .cannotWrite(_, let errno),
            .cannotLock(_, let errno), .cannotRemove(_, let errno):
            errno
        default: nil
        }
    }

    /// Shows control characters and non-printing bytes escaped, so a hostile identifier cannot
    /// rewrite the terminal it is reported on.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
