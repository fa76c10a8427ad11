import SceneStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The kit's few system calls, kept here so the fixtures read as what they do. POSIX calls that
/// Glibc, Musl and Darwin declare alike (`mkdtemp`, `mkdir`, `open`, `write`, `rename`, `rmdir`).
enum Platform {
    /// Makes a new folder named from `template` (ending in `XXXXXX`), readable by its owner only.
    /// - Returns: The folder's path.
    static func makeTemporaryFolder(template: String) throws(SceneStoreError) -> String {
        var characters = Array(template.utf8CString)
        guard let made = mkdtemp(&characters) else {
            throw .cannotCreateDirectory(path: template, errno: Errno(rawValue: errno))
        }
        return String(cString: made)
    }

    /// Makes every folder of an absolute path that is missing, 0700 as the store makes them.
    static func makeFolders(_ path: String) throws(SceneStoreError) {
        var folder = ""
        for component in path.split(separator: "/") {
            folder += "/" + component
            if mkdir(folder, 0o700) != 0 && errno != EEXIST {
                throw .cannotCreateDirectory(path: folder, errno: Errno(rawValue: errno))
            }
        }
    }

    /// Writes a file with exactly these bytes, replacing any file there (not atomically: fixtures
    /// write what a tool without atomic writes would leave).
    static func writeFile(_ path: String, bytes: [UInt8]) throws(SceneStoreError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, errno: Errno(rawValue: errno)) }
        defer { _ = close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(path: path, errno: Errno(rawValue: errno))
            }
            offset += written
        }
    }

    /// Renames a file or folder.
    static func move(_ path: String, to destination: String) throws(SceneStoreError) {
        guard rename(path, destination) == 0 else {
            throw .cannotWrite(path: destination, errno: Errno(rawValue: errno))
        }
    }

    /// Removes an empty folder.
    static func removeFolder(_ path: String) throws(SceneStoreError) {
        guard rmdir(path) == 0 else { throw .cannotRemove(path: path, errno: Errno(rawValue: errno)) }
    }
}
