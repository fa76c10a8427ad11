// The only file of navstate that imports the C library: standard streams, input files and exit.

import SceneStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

enum StandardStreams {
    /// Writes all of `text` to a descriptor (1 for stdout, 2 for stderr), retrying short writes.
    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { raw in
                systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Reads standard input to its end, but stops once it holds more than `limit` bytes (the caller
    /// then refuses it), so an endless input cannot exhaust memory.
    static func readInput(limit: Int) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while result.count <= limit {
            let count = buffer.withUnsafeMutableBytes { systemRead(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return result }
            result.append(contentsOf: buffer[0..<count])
        }
        return result
    }

    static func exit(_ status: Int32) -> Never { systemExit(status) }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemExit(_ status: Int32) -> Never { exit(status) }

// MARK: - Input files

/// Reads an input file named by a user (recipe data, navigation JSON): a regular file or a pipe
/// (`/dev/stdin`, a shell's `<(...)`), never more than a limit.
///
/// Links are followed, as a user naming a path expects. A pipe is read to its end (a pipe named
/// explicitly is what the user asks for). A device, socket or folder is refused without being read.
enum InputFile {
    /// Reads the file.
    /// - Parameters:
    ///   - path: The file's path.
    ///   - limit: The largest input accepted, in bytes.
    /// - Returns: Its bytes.
    /// - Throws: ``SceneStoreError/cannotRead(path:errno:)``, ``SceneStoreError/notARegularFile(path:kind:)``
    ///   or ``SceneStoreError/fileTooLarge(path:size:limit:)``, each naming `path`.
    static func read(atPath path: String, limit: Int) throws(SceneStoreError) -> [UInt8] {
        // Non-blocking, so that opening a device cannot hang or have side effects before it is refused.
        var descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .cannotRead(path: path, errno: Errno(rawValue: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotRead(path: path, errno: Errno(rawValue: errno)) }
        if info.st_mode & S_IFMT == S_IFIFO {
            // A pipe is opened again, waiting for its writer as `cat` does: read without one, a FIFO
            // is at its end at once. Checked again, in case the path was swapped.
            let blocking = open(path, O_RDONLY | O_CLOEXEC)
            guard blocking >= 0 else { throw .cannotRead(path: path, errno: Errno(rawValue: errno)) }
            close(descriptor)
            descriptor = blocking
            guard fstat(descriptor, &info) == 0 else { throw .cannotRead(path: path, errno: Errno(rawValue: errno)) }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard Int64(info.st_size) <= Int64(limit) else {
                throw .fileTooLarge(path: path, size: Int64(info.st_size), limit: limit)
            }
        case S_IFIFO: break
        case S_IFDIR: throw .notARegularFile(path: path, kind: "directory")
        case S_IFSOCK: throw .notARegularFile(path: path, kind: "socket")
        case S_IFCHR, S_IFBLK: throw .notARegularFile(path: path, kind: "device")
        default: throw .notARegularFile(path: path, kind: "special file")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, errno: Errno(rawValue: errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > limit { throw .fileTooLarge(path: path, size: Int64(limit) + 1, limit: limit) }
        }
    }
}
