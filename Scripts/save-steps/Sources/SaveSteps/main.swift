import Foundation
// Saves a scene connected through PersistentScene, as an app's change made durable by flush(),
// each beside a floor write of the same bytes (raw system calls), and prints, per path length,
// the medians of the save, the floor and each step of the save (from navstate's marks).
import SceneNavigation
import SceneStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct Note: IdentifiedRoute { let id: UUID }
struct NotesState: Codable, Equatable {
    var selected = 0
    var path: RoutePath<Note> = []
}

/// The durable replace with raw system calls and a ready buffer: what any correct save pays.
func floorWrite(folder: String, bytes: [UInt8]) {
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    let descriptor = openat(directory, ".floor.json.tmp", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    precondition(descriptor >= 0, "floor: open failed")
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    fsync(descriptor)
    close(descriptor)
    renameat(directory, ".floor.json.tmp", directory, "floor.json")
    fsync(directory)
    close(directory)
}

func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func format(_ value: Double) -> String { String(Int(value.rounded())) }

@MainActor
func run(sizes: [Int], iterations: Int, root: String) async throws {
    let clock = ContinuousClock()
    for size in sizes {
        let store = StateStore(appID: try AppID("save-steps-\(size)"), stateRoot: root)
        let scene = try SceneID("main")
        let model = SceneNavigationModel(NotesState(path: RoutePath((0..<size).map { _ in Note(id: UUID()) })))
        let connection = PersistentScene(model, store: store, guard: nil, identity: .supplied(scene), onEvent: { _ in })
        try await connection.connect()
        model.state.selected = 1
        try await connection.flush()
        let path = store.path(for: scene)
        let folder = String(path[..<path.lastIndex(of: "/")!])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        _ = SaveStepMarks.take()
        var floors: [Double] = []
        var saves: [Double] = []
        var steps: [String: [Double]] = [:]
        var order: [String] = []
        for index in 0..<iterations {
            let start = clock.now
            floorWrite(folder: folder, bytes: bytes)
            let floored = clock.now
            model.state.selected = index % 2
            try await connection.flush()
            let saved = clock.now
            floors.append(microseconds(floored - start))
            saves.append(microseconds(saved - floored))
            // Each step's time: from its mark to the next (the last, to the end of the save).
            let marks = SaveStepMarks.take()
            for (position, mark) in marks.enumerated() {
                let end = position + 1 < marks.count ? marks[position + 1].at : saved
                if steps[mark.name] == nil { order.append(mark.name) }
                steps[mark.name, default: []].append(microseconds(end - mark.at))
            }
        }
        try await connection.close()
        let floor = median(floors)
        let save = median(saves)
        print(
            "\(size) IDs (\(bytes.count) bytes): save \(format(save)) us, floor \(format(floor)) us, save / floor \(String(format: "%.2f", save / floor))x"
        )
        for name in order { print("  \(format(median(steps[name]!))) us  \(name)") }
    }
}

let arguments = CommandLine.arguments
let sizes = arguments.count > 1 ? arguments[1].split(separator: ",").compactMap { Int($0) } : [10, 1_000, 10_000]
let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 200 : 200
let root = arguments.count > 3 ? arguments[3] : NSTemporaryDirectory() + "/navstate-save-steps-\(getpid())"
try await run(sizes: sizes, iterations: iterations, root: root)
