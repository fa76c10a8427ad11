import Dispatch
import Foundation
// Saves a scene connected through PersistentScene, as an app's change made durable by flush(),
// each beside a floor write of the same bytes (raw system calls), and prints, per path length,
// the medians of the save, the floor and each step of the save (from navstate's marks); then the
// first save after a restore against the save after it, and the two thread hand-offs of a save
// alone (the main actor to the writer's queue and back, with no I/O).
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
        var firsts: [Double] = []
        var seconds: [Double] = []
        for index in 0..<max(iterations / 10, 5) {
            let again = SceneNavigationModel(
                NotesState(), resolvers: RouteResolvers().adding(Note.self, lookUp: { Note(id: $0) }))
            let reconnected = PersistentScene(
                again, store: store, guard: nil, identity: .supplied(scene), onEvent: { _ in })
            try await reconnected.connect()
            precondition(again.state.path.count == size)
            let start = clock.now
            again.state.selected = 2 + index
            try await reconnected.flush()
            let first = clock.now
            again.state.selected = 1000 + index
            try await reconnected.flush()
            let second = clock.now
            try await reconnected.close()
            firsts.append(microseconds(first - start))
            seconds.append(microseconds(second - first))
        }
        print(
            "  first save after a restore (\(firsts.count) restores): \(format(median(firsts))) us; the save after it: \(format(median(seconds))) us"
        )
        // Two thread hand-offs alone, with no I/O: from the main actor to a thread of a concurrent
        // queue (as the writer's) and back to the main actor by a continuation, each after a floor
        // write, as a save's are.
        let queue = DispatchQueue(label: "save-steps.hand-off", attributes: .concurrent)
        var trips: [Double] = []
        for _ in 0..<iterations {
            floorWrite(folder: folder, bytes: bytes)
            let start = clock.now
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                queue.async { continuation.resume() }
            }
            trips.append(microseconds(clock.now - start))
        }
        print("  two hand-offs alone (no I/O): \(format(median(trips))) us")
    }
}

let arguments = CommandLine.arguments
let sizes = arguments.count > 1 ? arguments[1].split(separator: ",").compactMap { Int($0) } : [10, 1_000, 10_000]
let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 200 : 200
let root = arguments.count > 3 ? arguments[3] : NSTemporaryDirectory() + "/navstate-save-steps-\(getpid())"
try await run(sizes: sizes, iterations: iterations, root: root)
