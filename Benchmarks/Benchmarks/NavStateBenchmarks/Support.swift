import Foundation
import SceneNavigation
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

/// The physical floor of a durable replace: the same steps StateStore takes (temporary file,
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

// MARK: - Mixed paths

/// A struct element of a mixed path.
struct BenchUser: Codable, Hashable, Sendable {
    var id: Int
    var name: String
}

/// An enum element of a mixed path.
enum BenchScreen: Codable, Hashable, Sendable {
    case home
    case detail(id: Int)
    case search(query: String)
}

/// A mixed path of `count` elements cycling through Int, String, a struct and an enum, and the
/// same elements as the backports keep them: type name and value.
func makeMixedPath(_ count: Int) -> (MixedPath, [(String, any Codable & Hashable & Sendable)]) {
    var path = MixedPath()
    var elements: [(String, any Codable & Hashable & Sendable)] = []
    for index in 0..<count {
        switch index % 4 {
        case 0:
            path.append(index)
            elements.append((_typeName(Int.self, qualified: true), index))
        case 1:
            path.append("item \(index)")
            elements.append((_typeName(String.self, qualified: true), "item \(index)"))
        case 2:
            let user = BenchUser(id: index, name: "User \(index)")
            path.append(user)
            elements.append((_typeName(BenchUser.self, qualified: true), user))
        default:
            let screen = index % 8 == 3 ? BenchScreen.detail(id: index) : .search(query: "q\(index)")
            path.append(screen)
            elements.append((_typeName(BenchScreen.self, qualified: true), screen))
        }
    }
    return (path, elements)
}

/// The straightforward encode the backports use: each element with `JSONEncoder` into a string,
/// last-appended first, then the array of strings with `JSONEncoder`.
func backportEncode(_ elements: [(String, any Codable & Hashable & Sendable)]) -> Data {
    let encoder = JSONEncoder()
    var strings: [String] = []
    strings.reserveCapacity(elements.count * 2)
    for (name, value) in elements.reversed() {
        strings.append(name)
        strings.append(String(decoding: try! encoder.encode(value), as: UTF8.self))
    }
    return try! encoder.encode(strings)
}

/// The straightforward decode: the array of strings with `JSONDecoder`, then each element by a
/// switch over the type names the app knows.
func backportDecode(_ data: Data) -> [AnyHashable] {
    let decoder = JSONDecoder()
    let strings = try! decoder.decode([String].self, from: data)
    var values: [AnyHashable] = []
    values.reserveCapacity(strings.count / 2)
    var index = strings.count - 2
    while index >= 0 {
        let json = Data(strings[index + 1].utf8)
        switch strings[index] {
        case "Swift.Int": values.append(try! decoder.decode(Int.self, from: json))
        case "Swift.String": values.append(try! decoder.decode(String.self, from: json))
        case _typeName(BenchUser.self, qualified: true): values.append(try! decoder.decode(BenchUser.self, from: json))
        default: values.append(try! decoder.decode(BenchScreen.self, from: json))
        }
        index -= 2
    }
    return values
}
