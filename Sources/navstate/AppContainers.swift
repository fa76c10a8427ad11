import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Finds the state root of an app where it really keeps it on a developer's Mac: in a sandboxed
/// app's container, or in an app's data container on an iOS Simulator device.
///
/// - `--container <bundle-id>`: `~/Library/Containers/<bundle-id>/Data/Library/Application Support`
///   (a sandboxed macOS app's Application Support, where StateStore keeps its scenes there).
/// - `--simulator <device|booted> --bundle <bundle-id>`: the device is a folder of
///   `~/Library/Developer/CoreSimulator/Devices` named by its UDID, or the device whose
///   `device.plist` has that `name`, or, for `booted`, the one whose `state` is 3 (booted); the app
///   is the folder of `data/Containers/Data/Application` whose
///   `.com.apple.mobile_container_manager.metadata.plist` names the bundle
///   (`MCMMetadataIdentifier`); its state root is that folder's `Library/Application Support`.
///   This is where `xcrun simctl get_app_container <device> <bundle-id> data` points, found without
///   Xcode's tools.
///
/// A function of the platform, the home folder and what a folder reader finds, so every case is
/// tested on any machine with a fabricated folder tree.
struct AppContainers {
    /// Reads folders and files: the real file system, or a test's.
    struct Reader: Sendable {
        /// The names in a folder, or nil when it is not a readable folder.
        var list: @Sendable (String) -> [String]?
        /// A small file's bytes, or nil.
        var read: @Sendable (String) -> [UInt8]?
    }

    /// What is asked for.
    enum Request: Equatable {
        case container(bundle: String)
        case simulator(device: String, bundle: String)
    }

    /// Why nothing was found, said so that the developer knows what to type instead.
    struct NotFound: Error, CustomStringConvertible {
        var description: String
    }

    let convention: StateDirectory.Layout
    let home: String
    let reader: Reader

    /// The state root the request points at.
    func stateRoot(for request: Request) throws(NotFound) -> String {
        guard convention == .appleApplicationSupport else {
            throw NotFound(
                description:
                    "app containers and Simulator devices are on macOS: on this system, give the folder with '--state-dir'"
            )
        }
        guard home.hasPrefix("/") else {
            throw NotFound(
                description: "no home folder (HOME is not an absolute path): give the folder with '--state-dir'")
        }
        switch request {
        case .container(let bundle): return try containerRoot(bundle: bundle)
        case .simulator(let device, let bundle): return try simulatorRoot(device: device, bundle: bundle)
        }
    }

    /// The app whose scenes a state root holds, when `--app` is not given: the only folder there
    /// with a `scenes` folder in it.
    func appID(in root: String) throws(NotFound) -> String {
        let apps = StateDirectory.appIDs(in: root, list: reader.list).map(\.rawValue)
        guard apps.count == 1 else {
            throw NotFound(
                description: apps.isEmpty
                    ? "no app's scenes in '\(root)' (no '<app-id>/scenes' folder): has the app saved any yet?"
                    : "the scenes of \(apps.count) apps in '\(root)': give '--app' with one of \(apps.joined(separator: ", "))"
            )
        }
        return apps[0]
    }

    private func containerRoot(bundle: String) throws(NotFound) -> String {
        let containers = home + "/Library/Containers"
        let root = containers + "/" + bundle + "/Data/Library/Application Support"
        if reader.list(root) != nil { return root }
        let found = (reader.list(containers) ?? []).filter { reader.list(containers + "/" + $0 + "/Data") != nil }
        throw NotFound(
            description:
                "no container of '\(bundle)' in '\(containers)'"
                + Self.alternatives(found, near: bundle, kind: "containers"))
    }

    private func simulatorRoot(device: String, bundle: String) throws(NotFound) -> String {
        let devices = home + "/Library/Developer/CoreSimulator/Devices"
        guard let names = reader.list(devices) else {
            throw NotFound(description: "no Simulator devices in '\(devices)': is Xcode's Simulator installed?")
        }
        let all = names.sorted().compactMap { name in
            reader.read(devices + "/" + name + "/device.plist").flatMap { try? Self.decodeDevice($0, folder: name) }
        }
        let matches: [Device]
        if device == "booted" {
            matches = all.filter { $0.state == 3 }
            guard !matches.isEmpty else {
                throw NotFound(
                    description: "no Simulator device is booted in '\(devices)'"
                        + Self.alternatives(all.map(\.name), near: device, kind: "devices"))
            }
        } else {
            matches = all.filter { $0.folder == device || $0.udid == device || $0.name == device }
            guard !matches.isEmpty else {
                throw NotFound(
                    description: "no Simulator device '\(device)' in '\(devices)'"
                        + Self.alternatives(all.map(\.name), near: device, kind: "devices"))
            }
        }
        guard matches.count == 1 else {
            throw NotFound(
                description:
                    "\(matches.count) Simulator devices match '\(device)': give one's UDID ("
                    + matches.map { "\($0.name): \($0.udid)" }.joined(separator: ", ") + ")")
        }
        let applications = devices + "/" + matches[0].folder + "/data/Containers/Data/Application"
        var bundles: [String] = []
        for folder in (reader.list(applications) ?? []).sorted() {
            let container = applications + "/" + folder
            guard let bytes = reader.read(container + "/.com.apple.mobile_container_manager.metadata.plist"),
                let metadata = try? PropertyListDecoder().decode(ContainerMetadata.self, from: Data(bytes))
            else { continue }
            if metadata.identifier == bundle { return container + "/Library/Application Support" }
            bundles.append(metadata.identifier)
        }
        throw NotFound(
            description: "no app '\(bundle)' on Simulator device '\(matches[0].name)' (\(matches[0].udid))"
                + Self.alternatives(bundles, near: bundle, kind: "apps"))
    }

    /// A Simulator device as its `device.plist` describes it.
    struct Device: Decodable {
        var folder = ""
        var udid: String
        var name: String
        var state: Int

        enum CodingKeys: String, CodingKey {
            case udid = "UDID"
            case name, state
        }
    }

    static func decodeDevice(_ bytes: [UInt8], folder: String) throws -> Device {
        var device = try PropertyListDecoder().decode(Device.self, from: Data(bytes))
        device.folder = folder
        return device
    }

    /// What a data container's metadata says: the bundle it belongs to.
    private struct ContainerMetadata: Decodable {
        var identifier: String

        enum CodingKeys: String, CodingKey {
            case identifier = "MCMMetadataIdentifier"
        }
    }

    /// `; apps found: a, b` (up to 10 names, sorted); past 10, how many and the closest to what was
    /// asked for (`; 214 containers found; did you mean 'com.example.mail'?`); or nothing.
    private static func alternatives(_ names: [String], near: String, kind: String) -> String {
        guard !names.isEmpty else { return "" }
        let sorted = names.sorted()
        guard sorted.count > 10 else { return "; \(kind) found: " + sorted.joined(separator: ", ") }
        let closest = Suggestions.didYouMean(near, among: sorted)
        return "; \(sorted.count) \(kind) found" + (closest.isEmpty ? ", none close to '\(near)'" : closest)
    }
}

extension AppContainers.Reader {
    /// The real file system.
    static let system = AppContainers.Reader(
        list: { path in try? FileManager.default.contentsOfDirectory(atPath: path) },
        read: { path in
            (try? InputFile.read(atPath: path, limit: 1 << 20))
        })
}
