// The only file of navstate that imports the C library: standard streams and exit.

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
