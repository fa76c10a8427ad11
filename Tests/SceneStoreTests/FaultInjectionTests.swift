import Foundation
import TestSupport
import Testing

@testable import SceneStore

/// The real file system, with one chosen call failing with a chosen error.
///
/// `@unchecked Sendable`: `failures` is only touched under `lock`.
final class FaultyFileSystem: FileSystem, @unchecked Sendable {
    enum Call: String, CaseIterable, Sendable {
        case openTemporary, write, synchronizeFile, close, rename, synchronizeDirectory
    }

    private let real = SystemFileSystem()
    private let lock = NSLock()
    private var failing: (call: Call, errno: Errno)?
    private var directories: Set<Int32> = []
    private var temporaryFiles: Set<Int32> = []

    func fail(_ call: Call, with errno: Errno) {
        lock.lock()
        failing = (call, errno)
        lock.unlock()
    }

    private func check(_ call: Call) throws(Errno) {
        lock.lock()
        defer { lock.unlock() }
        if let failing, failing.call == call { throw failing.errno }
    }

    private func isTemporary(_ descriptor: Int32) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return temporaryFiles.contains(descriptor)
    }

    func open(_ path: String, flags: Int32, mode: UInt32) throws(Errno) -> Int32 {
        let descriptor = try real.open(path, flags: flags, mode: mode)
        lock.lock()
        directories.insert(descriptor)
        lock.unlock()
        return descriptor
    }

    func openAt(_ directory: Int32, _ name: String, flags: Int32, mode: UInt32) throws(Errno) -> Int32 {
        let temporary = name.hasSuffix(".tmp")
        if temporary { try check(.openTemporary) }
        let descriptor = try real.openAt(directory, name, flags: flags, mode: mode)
        lock.lock()
        if temporary { temporaryFiles.insert(descriptor) }
        lock.unlock()
        return descriptor
    }

    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try real.read(descriptor, into: buffer)
    }

    func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        if isTemporary(descriptor) { try check(.write) }
        return try real.write(descriptor, from: buffer)
    }

    func synchronize(_ descriptor: Int32) throws(Errno) {
        lock.lock()
        let isDirectory = directories.contains(descriptor)
        lock.unlock()
        try check(isDirectory ? .synchronizeDirectory : .synchronizeFile)
        try real.synchronize(descriptor)
    }

    func close(_ descriptor: Int32) throws(Errno) {
        let temporary = isTemporary(descriptor)
        lock.lock()
        directories.remove(descriptor)
        temporaryFiles.remove(descriptor)
        lock.unlock()
        try real.close(descriptor)
        if temporary { try check(.close) }
    }

    func status(_ descriptor: Int32) throws(Errno) -> FileStatus { try real.status(descriptor) }
    func statusAt(_ directory: Int32, _ name: String) throws(Errno) -> FileStatus { try real.statusAt(directory, name) }
    func setMode(_ descriptor: Int32, _ mode: UInt32) throws(Errno) { try real.setMode(descriptor, mode) }

    func renameAt(_ directory: Int32, _ from: String, _ to: String) throws(Errno) {
        if from.hasSuffix(".tmp") { try check(.rename) }
        try real.renameAt(directory, from, to)
    }

    func unlinkAt(_ directory: Int32, _ name: String) throws(Errno) { try real.unlinkAt(directory, name) }
    func makeDirectory(_ path: String, mode: UInt32) throws(Errno) { try real.makeDirectory(path, mode: mode) }
    func lock(_ descriptor: Int32, exclusive: Bool) throws(Errno) { try real.lock(descriptor, exclusive: exclusive) }
    func unlock(_ descriptor: Int32) throws(Errno) { try real.unlock(descriptor) }
    func listDirectory(_ path: String) throws(Errno) -> [String] { try real.listDirectory(path) }
}

@Suite struct FaultInjectionTests {
    static let faults: [(FaultyFileSystem.Call, Errno)] = [
        (.openTemporary, .enospc), (.openTemporary, .erofs), (.write, .enospc), (.write, .eio),
        (.synchronizeFile, .eio), (.close, .eio), (.rename, .eio), (.rename, .erofs),
    ]

    /// A store on the faulty file system, in its own folder, holding `n = 1` in scene `main`.
    static func storeHoldingOneValue() throws -> (TemporaryDirectory, FaultyFileSystem, StateStore, SceneID) {
        let temporary = try TemporaryDirectory()
        let fileSystem = FaultyFileSystem()
        let store = StateStore(
            scenesFolder: temporary.appending("scenes"), configuration: .init(), fileSystem: fileSystem)
        let scene = try SceneID("main")
        try store.put(1, forKey: "n", in: scene)
        return (temporary, fileSystem, store, scene)
    }

    @Test(
        "a failing call fails the write with the path and reason, and leaves the old file and no temporary file",
        arguments: faults)
    func failedWriteLeavesOldFile(_ call: FaultyFileSystem.Call, _ errno: Errno) throws {
        let (temporary, fileSystem, store, scene) = try Self.storeHoldingOneValue()
        defer { withExtendedLifetime(temporary) {} }
        let directory = store.scenesFolder
        let before = try fileBytes(store.path(for: scene))
        fileSystem.fail(call, with: errno)
        #expect(throws: SceneStoreError.cannotWrite(path: store.path(for: scene), errno: errno)) {
            try store.put(2, forKey: "n", in: scene)
        }
        #expect(try fileBytes(store.path(for: scene)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [".main.lock", "main.json"])
    }

    @Test("a failing fsync of the folder fails the write even though the rename happened")
    func failedDirectorySync() throws {
        let (temporary, fileSystem, store, scene) = try Self.storeHoldingOneValue()
        defer { withExtendedLifetime(temporary) {} }
        let directory = store.scenesFolder
        fileSystem.fail(.synchronizeDirectory, with: .eio)
        #expect(throws: SceneStoreError.cannotWrite(path: store.path(for: scene), errno: .eio)) {
            try store.put(2, forKey: "n", in: scene)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [".main.lock", "main.json"])
        let description = SceneStoreError.cannotWrite(path: store.path(for: scene), errno: .eio).description
        #expect(description == "cannot write '\(store.path(for: scene))': Input/output error")
    }

    static let canUseUserNamespaces: Bool = {
        (try? runProcess("/usr/bin/unshare", ["-rm", "true"]).status) == 0
    }()

    @Test(
        "a full disk (a 64 KiB tmpfs in a user namespace) fails the write with ENOSPC and keeps the old file",
        .enabled(if: canUseUserNamespaces, "needs unshare -rm (user and mount namespaces)"))
    func diskFull() throws {
        let temporary = try TemporaryDirectory()
        let mountPoint = temporary.appending("mnt")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let worker = Products.path("SceneStoreWorker")
        let result = try runProcess(
            "/usr/bin/unshare",
            [
                "-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs \"$0\" && exec \"$1\" diskfull \"$0/scenes\" main",
                mountPoint, worker,
            ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == """
                error: cannot write '\(mountPoint)/scenes/main.json': No space left on device
                old file intact: yes
                temporary files: none

                """)
    }

    @Test("a file over the size limit set by ulimit -f fails the write with EFBIG and keeps the old file")
    func fileSizeLimit() throws {
        let temporary = try TemporaryDirectory()
        let worker = Products.path("SceneStoreWorker")
        let scenes = temporary.appending("scenes")
        let result = try runProcess(
            "/bin/sh", ["-c", "trap '' XFSZ; ulimit -f 8; exec \"$0\" bigwrite \"$1\" main", worker, scenes])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == """
                error: cannot write '\(scenes)/main.json': File too large
                old file intact: yes
                temporary files: none

                """)
    }
}
