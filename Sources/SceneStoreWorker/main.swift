// A small process that drives StateStore from the outside, for the tests and the reliability script
// that need several OS processes, a process killed mid-write, or a process-wide setting such as
// the umask. Not a product.
//
//   SceneStoreWorker increment <scenes-dir> <scene> <key> <count>   read-modify-write <count> times
//   SceneStoreWorker sequence  <scenes-dir> <scene> <key> <count>   writes the next <count> numbers, "ack N" after each
//   SceneStoreWorker crash     <scenes-dir> <scene> <kills> [seed]  kill -9 a sequence writer <kills> times, check each
//   SceneStoreWorker umask     <scenes-dir> <scene> <octal-umask>   writes one value under that umask
//   SceneStoreWorker read      <scenes-dir> <scene> <key> <count>   reads <count> times, fails on a torn file
//   SceneStoreWorker get       <scenes-dir> <scene> <key>           prints the integer stored under <key>
//   SceneStoreWorker diskfull  <scenes-dir> <scene>                 fills the file system, then writes
//   SceneStoreWorker bigwrite  <scenes-dir> <scene>                 writes past a `ulimit -f` limit
//   SceneStoreWorker pipeline  <scenes-dir> <scene> <count>         writes 1...count through a ValueWriter, each
//                                                                   value handed over once the last is taken

import Foundation
import SceneStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("SceneStoreWorker: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count >= 4 else { fail("usage: SceneStoreWorker <command> <scenes-dir> <scene> ...") }
let command = arguments[1]
let store = StateStore(scenesFolder: arguments[2])
let scene: SceneID
do {
    scene = try SceneID(arguments[3])
} catch {
    fail(error.description)
}

/// Writes a small value, lets `prepare` make the next write fail, writes a large one, and prints
/// the error, whether the old file is intact, and any temporary files left behind.
func reportFailedLargeWrite(prepare: () -> Void) throws(SceneStoreError) {
    try store.put(1, forKey: "small", in: scene)
    let path = store.path(for: scene)
    let before = FileManager.default.contents(atPath: path)
    prepare()
    do {
        try store.put(String(repeating: "x", count: 65_536), forKey: "big", in: scene)
        print("error: none")
    } catch {
        print("error: \(error)")
    }
    print("old file intact: \(FileManager.default.contents(atPath: path) == before ? "yes" : "no")")
    let leftovers = ((try? FileManager.default.contentsOfDirectory(atPath: arguments[2])) ?? []).filter {
        $0.hasSuffix(".tmp")
    }
    print("temporary files: \(leftovers.isEmpty ? "none" : leftovers.joined(separator: " "))")
}

/// A small deterministic generator, so a failing run can be repeated with its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Starts a writer that acknowledges each durable write, kills it with SIGKILL at a random moment,
/// and checks the scene: it must decode and hold the last acknowledged number or the one after it,
/// and the next write must leave no temporary file. Prints one summary line.
func crashHarness(kills: Int, seed: UInt64) throws(SceneStoreError) {
    var random = SplitMix64(state: seed)
    var lost = 0
    var torn = 0
    var leftovers = 0
    var temporarySeen = 0
    // Foundation finds its own executable on every platform (on Linux through /proc/self/exe).
    let executable = Bundle.main.executablePath ?? arguments[0]
    let temporaryPath = arguments[2] + "/." + scene.rawValue + ".json.tmp"
    for _ in 0..<kills {
        let before = (try? store.read(Int.self, forKey: "n", in: scene)) ?? 0
        let child = Process()
        child.executableURL = URL(fileURLWithPath: executable)
        child.arguments = ["sequence", arguments[2], scene.rawValue, "n", "1000000"]
        let pipe = Pipe()
        child.standardOutput = pipe
        do { try child.run() } catch { fail("cannot start the writer: \(error)") }
        usleep(UInt32.random(in: 0...40_000, using: &random))
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let acknowledged =
            output.split(separator: "\n").compactMap { line in
                line.hasPrefix("ack ") ? Int(line.dropFirst(4)) : nil
            }.last ?? before
        if FileManager.default.fileExists(atPath: temporaryPath) { temporarySeen += 1 }
        do {
            let value = try store.read(Int.self, forKey: "n", in: scene) ?? 0
            if value != acknowledged && value != acknowledged + 1 {
                lost += 1
                FileHandle.standardError.write(Data("lost: acknowledged \(acknowledged), found \(value)\n".utf8))
            }
        } catch {
            torn += 1
            FileHandle.standardError.write(Data("torn: \(error)\n".utf8))
        }
        // The next write (always a change) cleans up whatever the killed writer left.
        try store.updateValues(scene) { (values) throws(SceneStoreError) in
            values["checks"] = ((values["checks"].flatMap { Int(storedValue: $0) } ?? 0) + 1).storedValue
        }
        if FileManager.default.fileExists(atPath: temporaryPath) { leftovers += 1 }
    }
    print(
        "kills=\(kills) lost=\(lost) torn=\(torn) temp-after-next-write=\(leftovers) temp-seen-after-kill=\(temporarySeen)"
    )
}

func count(_ index: Int) -> Int {
    guard arguments.count > index, let value = Int(arguments[index]), value >= 0 else { fail("bad count") }
    return value
}

do {
    switch command {
    case "increment":
        let key = arguments[4]
        for _ in 0..<count(5) {
            try store.updateValues(scene) { (values) throws(SceneStoreError) in
                let current = values[key].flatMap { Int(storedValue: $0) } ?? 0
                values[key] = (current + 1).storedValue
            }
        }
    case "sequence":
        let key = arguments[4]
        let start = (try store.read(Int.self, forKey: key, in: scene) ?? 0) + 1
        for number in start..<start + max(count(5), 1) {
            try store.put(number, forKey: key, in: scene)
            // Unbuffered, so the harness sees each acknowledgement the moment the write is durable.
            FileHandle.standardOutput.write(Data("ack \(number)\n".utf8))
        }
    case "umask":
        guard arguments.count > 4, let mask = mode_t(arguments[4], radix: 8) else { fail("bad umask") }
        umask(mask)
        try store.put("value", forKey: "key", in: scene)
    case "read":
        let key = arguments[4]
        var last = 0
        for _ in 0..<count(5) {
            // Any error here (a torn or partial file) ends the process with status 1.
            let value = try store.read(Int.self, forKey: key, in: scene) ?? 0
            if value < last { fail("value went back from \(last) to \(value)") }
            last = value
        }
    case "diskfull":
        try reportFailedLargeWrite {
            // Fill the file system next to the scenes folder until it reports ENOSPC.
            let filler = open(arguments[2] + "/../filler", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            let block = [UInt8](repeating: 0, count: 4096)
            while block.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
            close(filler)
        }
    case "get":
        print(try store.read(Int.self, forKey: arguments[4], in: scene).map(String.init) ?? "none")
    case "crash":
        let seed = arguments.count > 5 ? UInt64(arguments[5]) ?? 1 : 1
        try crashHarness(kills: count(4), seed: seed)
    case "bigwrite":
        try reportFailedLargeWrite {}
    case "pipeline":
        // Each value is handed over as soon as the writer has taken the one before, so the next
        // value is written while the one before it syncs: the writes overlap.
        let writer = try store.makeWriter(forKey: "n", in: scene)
        let total = count(4)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            for number in 1...max(total, 1) {
                writer.submit(number)
                await writer.untilReady()
            }
            do {
                try await writer.flush()
            } catch {
                fail("\(error)")
            }
            let statistics = writer.statistics
            print("written \(statistics.written) coalesced \(statistics.coalesced)")
            done.signal()
        }
        done.wait()
    default:
        fail("unknown command '\(command)'")
    }
} catch {
    fail(error.description)
}
