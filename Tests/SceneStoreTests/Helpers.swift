import Foundation
import TestSupport

@testable import SceneStore

typealias TemporaryDirectoryForTests = TemporaryDirectory

extension TemporaryDirectory {
    /// Every path below the folder, sorted, relative to it.
    func listing() throws -> [String] {
        (FileManager.default.subpaths(atPath: path) ?? []).sorted()
    }

    /// A store below this folder, with a fixed clock.
    func store(
        app: String = "app", now: Date = Date(timeIntervalSince1970: 1_800_000_000),
        maximumFileSize: Int = 4 << 20
    ) throws -> SceneStore {
        SceneStore(
            appID: try AppID(app), stateRoot: appending("state"),
            configuration: SceneStore.Configuration(maximumFileSize: maximumFileSize, now: { now }))
    }
}

func fileBytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

func writeFile(_ path: String, _ text: String) throws {
    try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}
