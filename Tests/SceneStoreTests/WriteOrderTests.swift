import Foundation
import SceneNavigationTesting
import SceneStore
import TestSupport
import Testing

/// Where strace is, if it is installed.
private let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// The system calls of pipelined writes, as `strace` sees a real process make them: each completed
/// write takes the same steps in the same order as every scene write (temporary file made with
/// `O_EXCL`, its mode, its bytes, `fsync`, close, rename, `fsync` of the folder), no other call is
/// made on its descriptor, at most two renames come before the folder is synced (one write's
/// rename may follow the one before it while that one's folder sync runs), and the writes overlap (a second temporary file is made while the first is
/// in flight).
@Suite(.enabled(if: strace != nil, "needs strace (Debian's strace package)"))
struct WriteOrderTests {
    /// One system call: its name, arguments and result.
    struct Call {
        var name: String
        var arguments: String
        var result: String
    }

    /// The calls of a trace, in the order they ended (a descriptor exists once its `open` has
    /// returned, and a thread's calls end in the order it made them), with the calls that another
    /// thread interrupted joined to their results. A `close` is placed where it began instead: the
    /// kernel frees its descriptor before the call returns, so another thread's `open` may return
    /// that descriptor again before the `close` is seen to end.
    static func calls(_ trace: String) -> [Call] {
        var calls: [Call] = []
        var unfinished: [String: Call] = [:]  // pid -> its call, until it returns
        for line in trace.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let pid = String(parts[0])
            // Process IDs are padded to the widest one seen.
            let rest = String(parts[1].drop { $0 == " " })
            if rest.hasPrefix("<... "), var call = unfinished.removeValue(forKey: pid) {
                if let equals = rest.range(of: "= ", options: .backwards) {
                    call.result = String(rest[equals.upperBound...])
                }
                if call.name != "close" { calls.append(call) }
                continue
            }
            guard let open = rest.firstIndex(of: "(") else { continue }
            let name = String(rest[..<open])
            if rest.hasSuffix("<unfinished ...>") {
                let call = Call(name: name, arguments: String(rest[rest.index(after: open)...]), result: "")
                unfinished[pid] = call
                if name == "close" { calls.append(call) }
            } else if let equals = rest.range(of: " = ", options: .backwards),
                let close = rest[..<equals.lowerBound].lastIndex(of: ")")
            {
                // Short calls are padded: `fsync(8)          = 0`.
                calls.append(
                    Call(
                        name: name, arguments: String(rest[rest.index(after: open)..<close]),
                        result: String(rest[equals.upperBound...])))
            }
        }
        return calls
    }

    @Test("a close is placed where it began, before another thread's open that returns its descriptor again")
    func closeBeforeReuse() {
        let trace = """
            101 close(8 <unfinished ...>
            102 openat(5, ".main.json.1.tmp", O_WRONLY|O_CREAT|O_EXCL, 0600) = 8
            101 <... close resumed>)                = 0
            102 fchmod(8, 0644)                     = 0
            """
        #expect(
            Self.calls(trace).map { "\($0.name) \($0.arguments.prefix { $0.isNumber })" } == [
                "close 8", "openat 5", "fchmod 8",
            ])
    }

    @Test(
        "every completed pipelined write makes the same calls in the same order, nothing between them on its file, and renames in order with the folder synced after them"
    )
    func syscallOrder() throws {
        let temporary = try TemporaryStore()
        let scenes = temporary.store.scenesFolder
        let traceFile = FileManager.default.temporaryDirectory.path + "/navstate-trace-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: traceFile) }
        let result = try runProcess(
            try #require(strace),
            [
                "-f", "-o", traceFile, "-e",
                "trace=openat,fchmod,write,writev,fsync,fstat,newfstatat,close,rename,renameat,renameat2,unlinkat",
                Products.path("SceneStoreWorker"), "pipeline", scenes, "main", "40",
            ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try temporary.store.read(Int.self, forKey: "n", in: SceneID("main")) == 40)
        let calls = Self.calls(try String(contentsOfFile: traceFile, encoding: .utf8))

        var steps: [String: [String]] = [:]  // temporary file's descriptor -> its steps
        var nameOf: [String: String] = [:]  // descriptor -> temporary file's name
        var completed: [[String]] = []
        var open: Set<String> = []
        var overlapped = false
        var renamesSinceFolderSync = 0
        var folder: String?
        for call in calls {
            let fd = String(call.arguments.prefix { $0.isNumber })
            switch call.name {
            case "openat" where call.arguments.contains(".main.json") && call.arguments.contains(".tmp\""):
                let name = call.arguments.contains(".main.json.1.tmp") ? ".main.json.1.tmp" : ".main.json.tmp"
                if !open.isEmpty { overlapped = true }
                open.insert(name)
                nameOf[call.result] = name
                steps[call.result] = ["open" + (call.arguments.contains("O_EXCL") ? " exclusive" : "")]
                folder = String(call.arguments.prefix { $0.isNumber })
            case "fchmod", "write", "writev", "fsync", "fstat", "newfstatat", "close":
                if call.name == "fsync", fd == folder { renamesSinceFolderSync = 0 }
                guard steps[fd] != nil else { continue }
                // A file written from pieces is one gathered write (or several): the write step.
                steps[fd]?.append(call.name == "writev" ? "write" : call.name)
                if call.name == "close", let name = nameOf[fd] {
                    nameOf[fd] = nil
                    steps["closed:" + name] = steps.removeValue(forKey: fd)
                }
            case "rename", "renameat", "renameat2":
                for name in [".main.json.tmp", ".main.json.1.tmp"] where call.arguments.contains("\"\(name)\"") {
                    if var done = steps.removeValue(forKey: "closed:" + name) {
                        done.append("rename")
                        completed.append(done)
                    }
                    open.remove(name)
                }
                renamesSinceFolderSync += 1
                #expect(renamesSinceFolderSync <= 2, "more than two renames before the folder was synced")
            case "unlinkat":
                for name in [".main.json.tmp", ".main.json.1.tmp"] where call.arguments.contains("\"\(name)\"") {
                    if steps.removeValue(forKey: "closed:" + name) != nil { open.remove(name) }
                }
            default: break
            }
        }
        #expect(!completed.isEmpty)
        #expect(renamesSinceFolderSync == 0, "the last rename was not followed by a sync of the folder")
        for write in completed {
            // Bytes may take several write calls: they are one step.
            let collapsed = write.reduce(into: [String]()) { if $1 != "write" || $0.last != "write" { $0.append($1) } }
            #expect(collapsed == ["open exclusive", "fchmod", "write", "fsync", "close", "rename"])
        }
        #expect(overlapped, "no write began while another was in flight")
    }
}
