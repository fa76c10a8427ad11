import Foundation
import SceneStore
import TestSupport
import Testing

@testable import navstate

/// Finding an app's state where it really is on a Mac, tested on any machine with a fabricated
/// home folder: a sandboxed app's container, and apps on Simulator devices.
@Suite struct AppContainersTests {
    struct DevicePlist: Encodable {
        var udid: String
        var name: String
        var state: Int

        enum CodingKeys: String, CodingKey {
            case udid = "UDID"
            case name
            case state
        }
    }

    struct Metadata: Encodable {
        var identifier: String

        enum CodingKeys: String, CodingKey {
            case identifier = "MCMMetadataIdentifier"
        }
    }

    static let phone = "1F0E1C9A-0000-4000-8000-000000000001"
    static let pad = "1F0E1C9A-0000-4000-8000-000000000002"

    /// A home folder with two containers and two Simulator devices (the phone booted, with Mail and
    /// Safari installed; the pad shut down, with nothing).
    static func home(padState: Int = 1, phoneState: Int = 3) throws -> TemporaryDirectory {
        let home = try TemporaryDirectory()
        let manager = FileManager.default
        for bundle in ["com.example.mail", "com.example.notes"] {
            try manager.createDirectory(
                atPath: home.appending("Library/Containers/\(bundle)/Data/Library/Application Support"),
                withIntermediateDirectories: true)
        }
        let devices = home.appending("Library/Developer/CoreSimulator/Devices")
        for (udid, name, state) in [(phone, "iPhone 16", phoneState), (pad, "iPad Air", padState)] {
            try manager.createDirectory(atPath: devices + "/" + udid, withIntermediateDirectories: true)
            try PropertyListEncoder().encode(DevicePlist(udid: udid, name: name, state: state))
                .write(to: URL(fileURLWithPath: devices + "/\(udid)/device.plist"))
        }
        for (folder, bundle) in [("AAAA", "com.example.mail"), ("BBBB", "com.apple.mobilesafari")] {
            let container = devices + "/\(phone)/data/Containers/Data/Application/\(folder)"
            try manager.createDirectory(
                atPath: container + "/Library/Application Support", withIntermediateDirectories: true)
            try PropertyListEncoder().encode(Metadata(identifier: bundle))
                .write(to: URL(fileURLWithPath: container + "/.com.apple.mobile_container_manager.metadata.plist"))
        }
        return home
    }

    static func resolve(
        _ request: AppContainers.Request, home: TemporaryDirectory,
        convention: StateDirectory.Layout = .appleApplicationSupport
    ) -> Result<String, AppContainers.NotFound> {
        Result { () throws(AppContainers.NotFound) in
            try AppContainers(convention: convention, home: home.path, reader: .system).stateRoot(for: request)
        }
    }

    @Test("a sandboxed app's container, and the containers there when the bundle has none")
    func container() throws {
        let home = try Self.home()
        #expect(
            try Self.resolve(.container(bundle: "com.example.mail"), home: home).get()
                == home.appending("Library/Containers/com.example.mail/Data/Library/Application Support"))
        #expect(
            Self.resolve(.container(bundle: "com.example.maps"), home: home).failure
                == "no container of 'com.example.maps' in '\(home.path)/Library/Containers'; containers found: com.example.mail, com.example.notes"
        )
    }

    @Test("past ten containers, the closest to the bundle asked for; no home folder is said so")
    func manyContainers() throws {
        let home = try Self.home()
        for index in 0..<12 {
            try FileManager.default.createDirectory(
                atPath: home.appending("Library/Containers/com.apple.tool\(index)/Data"),
                withIntermediateDirectories: true)
        }
        #expect(
            Self.resolve(.container(bundle: "com.example.mial"), home: home).failure
                == "no container of 'com.example.mial' in '\(home.path)/Library/Containers'; 14 containers found; did you mean 'com.example.mail'?"
        )
        #expect(
            Self.resolve(.container(bundle: "org.nothing.like.it"), home: home).failure
                == "no container of 'org.nothing.like.it' in '\(home.path)/Library/Containers'; 14 containers found, none close to 'org.nothing.like.it'"
        )
        let homeless = Result { () throws(AppContainers.NotFound) in
            try AppContainers(convention: .appleApplicationSupport, home: "", reader: .system)
                .stateRoot(for: .container(bundle: "com.example.mail"))
        }
        #expect(homeless.failure == "no home folder (HOME is not an absolute path): give the folder with '--state-dir'")
    }

    @Test("a Simulator app by the booted device, its UDID or its name; what was found when nothing matches")
    func simulator() throws {
        let home = try Self.home()
        let devices = home.appending("Library/Developer/CoreSimulator/Devices")
        let mail = devices + "/\(Self.phone)/data/Containers/Data/Application/AAAA/Library/Application Support"
        for device in ["booted", Self.phone, "iPhone 16"] {
            #expect(try Self.resolve(.simulator(device: device, bundle: "com.example.mail"), home: home).get() == mail)
        }
        #expect(
            Self.resolve(.simulator(device: "booted", bundle: "com.example.maps"), home: home).failure
                == "no app 'com.example.maps' on Simulator device 'iPhone 16' (\(Self.phone)); apps found: com.apple.mobilesafari, com.example.mail"
        )
        #expect(
            Self.resolve(.simulator(device: "iPad Air", bundle: "com.example.mail"), home: home).failure
                == "no app 'com.example.mail' on Simulator device 'iPad Air' (\(Self.pad))")
        #expect(
            Self.resolve(.simulator(device: "iPhone 17", bundle: "com.example.mail"), home: home).failure
                == "no Simulator device 'iPhone 17' in '\(devices)'; devices found: iPad Air, iPhone 16")
    }

    @Test("no device booted, two booted, no Simulator at all, and a system without containers")
    func ambiguousOrMissing() throws {
        let twoBooted = try Self.home(padState: 3)
        #expect(
            Self.resolve(.simulator(device: "booted", bundle: "com.example.mail"), home: twoBooted).failure
                == "2 Simulator devices match 'booted': give one's UDID (iPhone 16: \(Self.phone), iPad Air: \(Self.pad))"
        )
        let noneBooted = try Self.home(phoneState: 1)
        #expect(
            Self.resolve(.simulator(device: "booted", bundle: "com.example.mail"), home: noneBooted).failure
                == "no Simulator device is booted in '\(noneBooted.path)/Library/Developer/CoreSimulator/Devices'; devices found: iPad Air, iPhone 16"
        )
        let empty = try TemporaryDirectory()
        #expect(
            Self.resolve(.simulator(device: "booted", bundle: "com.example.mail"), home: empty).failure
                == "no Simulator devices in '\(empty.path)/Library/Developer/CoreSimulator/Devices': is Xcode's Simulator installed?"
        )
        #expect(
            Self.resolve(.container(bundle: "com.example.mail"), home: try Self.home(), convention: .xdg).failure
                == "app containers and Simulator devices are on macOS: on this system, give the folder with '--state-dir'"
        )
    }

    @Test("without --app, the app is the only one with scenes in the container; none or several are said so")
    func appInContainer() throws {
        let home = try Self.home()
        let root = home.appending("Library/Containers/com.example.mail/Data/Library/Application Support")
        let containers = AppContainers(convention: .appleApplicationSupport, home: home.path, reader: .system)
        #expect(throws: AppContainers.NotFound.self) { try containers.appID(in: root) }
        #expect(
            Result { () throws(AppContainers.NotFound) in try containers.appID(in: root) }.failure
                == "no app's scenes in '\(root)' (no '<app-id>/scenes' folder): has the app saved any yet?")
        try FileManager.default.createDirectory(
            atPath: root + "/com.example.mail/scenes", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/Other", withIntermediateDirectories: true)
        #expect(try containers.appID(in: root) == "com.example.mail")
        try FileManager.default.createDirectory(atPath: root + "/drafts/scenes", withIntermediateDirectories: true)
        #expect(
            Result { () throws(AppContainers.NotFound) in try containers.appID(in: root) }.failure
                == "the scenes of 2 apps in '\(root)': give '--app' with one of com.example.mail, drafts")
    }

    @Test("the tool: only for commands that never write, one place at a time, exit 66 when nothing is there")
    @MainActor func commandLine() async throws {
        let directory = try TemporaryDirectory()
        let save = await navstate(["--container", "com.example.mail", "save", "main", "--clear"], in: directory)
        #expect(save.status == 64)
        #expect(
            save.standardError.hasPrefix(
                "Error: options '--container' and '--simulator' are for inspect, restore, watch: they never write\n"))
        let both = await navstate(["--container", "a", "--state-dir", "x", "inspect"], in: directory)
        #expect(both.standardError.hasPrefix("Error: give one of '--state-dir', '--container' and '--simulator'\n"))
        let noBundle = await navstate(["--simulator", "booted", "inspect"], in: directory)
        #expect(noBundle.standardError.hasPrefix("Error: option '--simulator' needs '--bundle <bundle-id>'\n"))
        #if !canImport(Darwin)
            let linux = await navstate(["--container", "com.example.mail", "inspect"], in: directory)
            #expect(linux.status == 66)
            #expect(
                linux.standardError.hasPrefix(
                    "Error: app containers and Simulator devices are on macOS: on this system, give the folder with '--state-dir'\n"
                ))
        #endif
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}

extension Result {
    /// The error's description, or nil on success.
    fileprivate var failure: String? {
        if case .failure(let error) = self { return "\(error)" }
        return nil
    }
}
