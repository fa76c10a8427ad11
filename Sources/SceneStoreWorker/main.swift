// A small process that drives SceneStore from the outside, for the tests and the reliability script
// that need several OS processes, a process killed mid-write, or a process-wide setting such as
// the umask. Not a product.
//
//   SceneStoreWorker increment <scenes-dir> <scene> <key> <count>   read-modify-write <count> times
//   SceneStoreWorker sequence  <scenes-dir> <scene> <key> <count>   writes 1...count, "ack N" after each
//   SceneStoreWorker umask     <scenes-dir> <scene> <octal-umask>   writes one value under that umask
//   SceneStoreWorker read      <scenes-dir> <scene> <key> <count>   reads <count> times, fails on a torn file

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
let store = SceneStore(scenesDirectory: arguments[2])
let scene: SceneID
do {
    scene = try SceneID(arguments[3])
} catch {
    fail(error.description)
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
            try store.update(scene) { (values) throws(SceneStoreError) in
                let current = values[key].flatMap { Int(sceneValue: $0) } ?? 0
                values[key] = (current + 1).sceneValue
            }
        }
    case "sequence":
        let key = arguments[4]
        for number in 1...max(count(5), 1) {
            try store.set(number, forKey: key, in: scene)
            // Unbuffered, so the harness sees each acknowledgement the moment the write is durable.
            FileHandle.standardOutput.write(Data("ack \(number)\n".utf8))
        }
    case "umask":
        guard arguments.count > 4, let mask = mode_t(arguments[4], radix: 8) else { fail("bad umask") }
        umask(mask)
        try store.set("value", forKey: "key", in: scene)
    case "read":
        let key = arguments[4]
        var last = 0
        for _ in 0..<count(5) {
            // Any error here (a torn or partial file) ends the process with status 1.
            let value = try store.value(Int.self, forKey: key, in: scene) ?? 0
            if value < last { fail("value went back from \(last) to \(value)") }
            last = value
        }
    default:
        fail("unknown command '\(command)'")
    }
} catch {
    fail(error.description)
}
