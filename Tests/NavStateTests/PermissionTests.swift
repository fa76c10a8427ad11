import Foundation
import TestSupport
import Testing

/// Permission cases need a user that permissions apply to: root bypasses them, and CI runs as root,
/// so as root the binary runs as `nobody` through setpriv.
@Suite struct PermissionTests {
    static let asUnprivileged: [String]? = {
        if getuid() != 0 { return [] }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return nil }
        return ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
    }()

    func run(_ arguments: [String], in directory: TemporaryDirectory) throws -> ProcessResult {
        let prefix = Self.asUnprivileged ?? []
        // A copy of the binary inside the test's folder: the build folder may sit in a home folder
        // that the unprivileged user cannot enter.
        let binary = directory.appending("navstate")
        if !FileManager.default.fileExists(atPath: binary) {
            // Written through a close-on-exec descriptor: a child that another test spawns meanwhile
            // must not inherit it open for writing, or executing the copy fails with ETXTBSY.
            let bytes = try Data(contentsOf: URL(fileURLWithPath: Products.path("navstate")))
            let descriptor = open(binary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
            guard descriptor >= 0 else { throw POSIXError(.EIO) }
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            guard written == bytes.count else { throw POSIXError(.EIO) }
            chmod(binary, 0o755)
        }
        let command = prefix + [binary, "--state-dir", directory.appending("state")] + arguments
        var result = try runProcess(command[0], Array(command.dropFirst()), environment: ["PATH": "/usr/bin:/bin"])
        result.standardError = result.standardError.replacingOccurrences(of: directory.path, with: "<tmp>")
        return result
    }

    @Test(
        "unreadable scene files and unwritable folders are exit 77 with the path",
        .enabled(if: asUnprivileged != nil, "needs setpriv when running as root"))
    func permissionDenied() throws {
        let directory = try TemporaryDirectory()
        #expect(chmod(directory.path, 0o755) == 0)
        let saved = try runBinary(["save", "main", "--category", "salad"], in: directory)
        #expect(saved.status == 0)
        let scenes = directory.appending("state/cookbook/scenes")
        for path in [directory.appending("state"), directory.appending("state/cookbook")] {
            #expect(chmod(path, 0o755) == 0)
        }
        // Readable but not writable for the unprivileged user (who owns it when not root).
        #expect(chmod(scenes, getuid() == 0 ? 0o755 : 0o555) == 0)
        if getuid() != 0 { #expect(chmod(scenes + "/main.json", 0o000) == 0) }
        let before = try Data(contentsOf: URL(fileURLWithPath: scenes + "/main.json"))

        let restore = try run(["restore", "main"], in: directory)
        #expect(restore.status == 77)
        #expect(
            restore.standardError.hasPrefix(
                "Error: cannot read '<tmp>/state/cookbook/scenes/main.json': Permission denied\n"))
        let inspect = try run(["inspect"], in: directory)
        #expect(inspect.status == 0)
        #expect(inspect.standardOutput.contains("unreadable"))
        let save = try run(["save", "other", "--clear"], in: directory)
        #expect(save.status == 77)
        #expect(
            save.standardError.hasPrefix(
                "Error: cannot lock '<tmp>/state/cookbook/scenes/.other.lock': Permission denied\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: scenes + "/main.json")) == before)

        #expect(chmod(scenes, getuid() == 0 ? 0o700 : 0o000) == 0)
        let closed = try run(["restore", "main"], in: directory)
        #expect(closed.status == 77)
        #expect(closed.standardError.hasPrefix("Error: cannot read '<tmp>/state/cookbook/scenes': Permission denied\n"))
    }
}
