import Foundation
import RecipeData
import SceneStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Data

/// A data set of `count` recipes with deterministic IDs (the first ones, up to 33, are the cookbook's).
func makeDataModel(recipes count: Int) -> DataModel {
    var recipes = Array(DataModel.cookbook.recipes.prefix(count))
    var index = recipes.count
    while recipes.count < count {
        let id = Recipe.ID(deterministicUUID(index))
        recipes.append(Recipe(id: id, name: "Recipe \(index)", category: Category(rawValue: index % 3) ?? .dessert))
        index += 1
    }
    return try! DataModel(recipes: recipes)
}

func deterministicUUID(_ index: Int) -> UUID {
    var bytes = [UInt8](repeating: 0, count: 16)
    var value = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 ^ 0xDEAD_BEEF
    for offset in 0..<16 {
        value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes[offset] = UInt8(truncatingIfNeeded: value >> 56)
    }
    bytes[6] = bytes[6] & 0x0F | 0x40
    bytes[8] = bytes[8] & 0x3F | 0x80
    return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                       bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
}

/// A path of `length` IDs drawn from the data set, spread over it.
func makePath(length: Int, from data: DataModel) -> [Recipe] {
    let recipes = data.recipes
    return (0..<length).map { recipes[($0 &* 7_919) % recipes.count] }
}

// MARK: - The sample's recipe

/// The sample's `NavigationModel` Codable shape: IDs as Foundation UUIDs.
struct SampleNavigation: Codable {
    var selectedCategory: Int?
    var recipePathIds: [UUID]
}

let sampleEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
}()

// MARK: - Files

func makeTemporaryDirectory() -> String {
    var template = Array((NSTemporaryDirectory() + "/navstate-bench-XXXXXX").utf8CString)
    guard let path = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    return String(cString: path)
}

/// The physical floor of a durable replace: the same steps SceneStore takes (temporary file,
/// write, fsync, close, rename, fsync of the folder) with raw system calls and a ready buffer.
func floorDurableReplace(directory: String, name: String, bytes: [UInt8]) {
    let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    let temporary = "." + name + ".tmp"
    let descriptor = openat(directoryDescriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    precondition(descriptor >= 0, "floor: open failed")
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    fsync(descriptor)
    close(descriptor)
    renameat(directoryDescriptor, temporary, directoryDescriptor, name)
    fsync(directoryDescriptor)
    close(directoryDescriptor)
}

/// Runs a program to its end with posix_spawn and returns its exit status.
func spawnAndWait(_ path: String, _ arguments: [String]) -> Int32 {
    var pid = pid_t()
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var fileActions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&fileActions)
    posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&fileActions) }
    guard posix_spawn(&pid, path, &fileActions, nil, argv, environ) == 0 else { return -1 }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return status
}

/// A counter shared by a benchmark's iterations.
final class Counter: @unchecked Sendable {
    private var value = 0
    func next() -> Int {
        value += 1
        return value
    }
}
