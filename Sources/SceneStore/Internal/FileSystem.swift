/// The system calls that StateStore makes, as one small interface.
///
/// The real implementation (`SystemFileSystem`) makes each call once; tests substitute an
/// implementation that fails a chosen call or records the state a crash would leave behind.
/// Every method throws the errno of the failing call.
package protocol FileSystem: Sendable {
    func open(_ path: String, flags: Int32, mode: UInt32) throws(Errno) -> Int32
    func openAt(_ directory: Int32, _ name: String, flags: Int32, mode: UInt32) throws(Errno) -> Int32
    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int
    func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) throws(Errno) -> Int
    /// Writes from several buffers in order, as one call where the system has one (`writev`);
    /// returns how many bytes were written, which may be fewer than all. Implementations without it
    /// write the first non-empty buffer, as a short `writev` may.
    func write(_ descriptor: Int32, gathering buffers: [UnsafeRawBufferPointer]) throws(Errno) -> Int
    /// `fsync`: never called twice on a descriptor whose first call failed.
    func synchronize(_ descriptor: Int32) throws(Errno)
    func close(_ descriptor: Int32) throws(Errno)
    func status(_ descriptor: Int32) throws(Errno) -> FileStatus
    /// `fstatat` without following a final symbolic link.
    func statusAt(_ directory: Int32, _ name: String) throws(Errno) -> FileStatus
    func setMode(_ descriptor: Int32, _ mode: UInt32) throws(Errno)
    func renameAt(_ directory: Int32, _ from: String, _ to: String) throws(Errno)
    func unlinkAt(_ directory: Int32, _ name: String) throws(Errno)
    func makeDirectory(_ path: String, mode: UInt32) throws(Errno)
    /// `flock`: blocks until the lock is held.
    func lock(_ descriptor: Int32, exclusive: Bool) throws(Errno)
    /// `flock` with `LOCK_UN`: lets go of the lock, the file left open.
    func unlock(_ descriptor: Int32) throws(Errno)
    func listDirectory(_ path: String) throws(Errno) -> [String]
}

/// What `fstat` tells about a file.
package struct FileStatus: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case regular, directory, symbolicLink, fifo, socket, device, other
    }

    package var kind: Kind
    package var size: Int64
    package var permissions: UInt32
    /// Seconds since 1970.
    package var modificationTime: Double
    /// When the file's contents or attributes last changed (its `ctime`), in seconds since 1970:
    /// set by the system at every change, never by a program.
    package var changeTime: Double
    /// The file itself (device and inode): two names with the same identity are one file.
    package var identity: FileIdentity
    package init(
        kind: Kind, size: Int64, permissions: UInt32, modificationTime: Double,
        identity: FileIdentity = FileIdentity(device: 0, inode: 0), changeTime: Double? = nil
    ) {
        self.kind = kind
        self.size = size
        self.permissions = permissions
        self.modificationTime = modificationTime
        self.changeTime = changeTime ?? modificationTime
        self.identity = identity
    }
}

/// A file's device and inode numbers.
package struct FileIdentity: Sendable, Hashable {
    package var device: UInt64
    package var inode: UInt64
    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

extension FileSystem {
    package func write(_ descriptor: Int32, gathering buffers: [UnsafeRawBufferPointer]) throws(Errno) -> Int {
        guard let first = buffers.first(where: { !$0.isEmpty }) else { return 0 }
        return try write(descriptor, from: first)
    }

    /// Writes every byte of the pieces, in order, with no copy of them into one buffer: gathered
    /// writes, looping over short ones (plain writes for a single piece).
    package func writeAll(_ descriptor: Int32, pieces: [[UInt8]]) throws(Errno) {
        if pieces.count == 1 { return try writeAll(descriptor, pieces[0]) }
        try withBuffers(of: pieces[...], collected: []) { (buffers: [UnsafeRawBufferPointer]) throws(Errno) in
            var remaining = buffers.filter { !$0.isEmpty }[...]
            while !remaining.isEmpty {
                var written = try write(descriptor, gathering: Array(remaining))
                if written == 0 { throw Errno.eio }
                // Past the pieces written whole, then into the one written in part.
                while let piece = remaining.first, written >= piece.count {
                    written -= piece.count
                    remaining.removeFirst()
                }
                if written > 0, let piece = remaining.first {
                    remaining[remaining.startIndex] = UnsafeRawBufferPointer(rebasing: piece[written...])
                }
            }
        }
    }

    /// Calls `body` with a buffer over each piece, valid for the call.
    private func withBuffers(
        of pieces: ArraySlice<[UInt8]>, collected: [UnsafeRawBufferPointer],
        _ body: ([UnsafeRawBufferPointer]) throws(Errno) -> Void
    ) throws(Errno) {
        guard let piece = pieces.first else { return try body(collected) }
        try piece.withUnsafeBytes { raw in
            Result { () throws(Errno) in
                try withBuffers(of: pieces.dropFirst(), collected: collected + [raw], body)
            }
        }.get()
    }

    /// Writes every byte, looping over short writes.
    package func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            let written = try bytes.withUnsafeBytes { raw in
                Result { () throws(Errno) -> Int in
                    try write(descriptor, from: UnsafeRawBufferPointer(rebasing: raw[offset...]))
                }
            }.get()
            if written == 0 { throw Errno.eio }
            offset += written
        }
    }

    /// Reads until end of file, but never more than `limit` bytes; returns nil past the limit.
    package func readAll(_ descriptor: Int32, expectedSize: Int, limit: Int) throws(Errno) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: min(max(expectedSize, 0), limit) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                if count > limit { return nil }
                bytes.append(contentsOf: repeatElement(0, count: min(max(count, 4096), limit + 1 - count)))
            }
            let got = try bytes.withUnsafeMutableBytes { raw in
                Result { () throws(Errno) -> Int in
                    try read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: raw[count...]))
                }
            }.get()
            if got == 0 { break }
            count += got
            if count > limit { return nil }
        }
        bytes.removeSubrange(count...)
        return bytes
    }
}
