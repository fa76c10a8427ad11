import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Replays a folder of saved payloads (files saved by earlier versions of an app) against the
/// app's current model, each in a fresh store as a new process would restore it, and compares what
/// each restore reports with a golden file.
///
/// A payload file is a scene file (`{"format": 1, ..., "values": {...}}`, its value under the key
/// replayed), or the value alone: JSON, or any other bytes as binary data (as `@SceneStorage` keeps
/// `Data`). Its golden file is `<golden folder>/<name>.<suffix>.json`; with the environment variable
/// `NAVSTATE_RECORD_GOLDEN=1`, missing or different golden files are written instead, for review.
///
/// ```swift
/// let outcome = try await PayloadReplay(folder: "Fixtures/payloads").run(
///     model: { SceneNavigationModel(AppState()) }, describe: \.json)
/// #expect(outcome.mismatches.isEmpty, "\(outcome)")
/// ```
public struct PayloadReplay: Sendable {
    /// The folder of payload files.
    public var folder: String
    /// The folder of golden files; the payload folder by default.
    public var goldenFolder: String
    /// The golden file's suffix before `.json`: `report` by default (`main.report.json`).
    public var suffix: String
    /// The key a scene file's value is replayed from, and stored under.
    public var key: String
    /// The restore policy.
    public var policy: RestorePolicy
    /// Whether golden files are written instead of compared. Set from `NAVSTATE_RECORD_GOLDEN=1`.
    public var isRecording: Bool

    /// Creates a replay.
    /// - Parameters:
    ///   - folder: The folder of payload files.
    ///   - goldenFolder: The folder of golden files, or nil for the payload folder.
    ///   - suffix: The golden files' suffix.
    ///   - key: The value's key.
    ///   - policy: The restore policy.
    public init(
        folder: String, goldenFolder: String? = nil, suffix: String = "report", key: String = "navigation",
        policy: RestorePolicy = RestorePolicy()
    ) {
        self.folder = folder
        self.goldenFolder = goldenFolder ?? folder
        self.suffix = suffix
        self.key = key
        self.policy = policy
        isRecording = ProcessInfo.processInfo.environment["NAVSTATE_RECORD_GOLDEN"] == "1"
    }

    /// One payload whose restore differs from its golden file.
    public struct Mismatch: Sendable, Equatable, CustomStringConvertible {
        /// The payload file's path.
        public var payload: String
        /// The golden file's path.
        public var golden: String
        /// The differing lines: `- ` expected, `+ ` found; or that the golden file is missing.
        public var difference: String

        /// The file and the difference, as a test failure shows them.
        public var description: String {
            "\(payload): the restore differs from \(golden):\n\(difference)"
        }
    }

    /// What a replay found.
    public struct Outcome: Sendable, CustomStringConvertible {
        /// The payload files replayed, sorted.
        public var payloads: [String] = []
        /// The payloads whose restore differs from their golden file.
        public var mismatches: [Mismatch] = []
        /// The golden files written (in record mode).
        public var recorded: [String] = []

        /// Every mismatch, or a line saying all matched.
        public var description: String {
            if mismatches.isEmpty {
                return "\(payloads.count) payloads replayed, all as their golden files say"
                    + (recorded.isEmpty ? "" : " (\(recorded.count) golden files recorded)")
            }
            return "\(mismatches.count) of \(payloads.count) payloads differ from their golden files:\n\n"
                + mismatches.map(\.description).joined(separator: "\n\n")
        }
    }

    /// The payload files of the folder, sorted: every `.json` file but the golden files, and every
    /// `.data` file.
    /// - Returns: Their paths.
    /// - Throws: When the folder cannot be read.
    package func files() throws -> [String] {
        let golden = "." + suffix + ".json"
        return try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { ($0.hasSuffix(".json") && !$0.hasSuffix(golden)) || $0.hasSuffix(".data") }
            .sorted()
            .map { folder + "/" + $0 }
    }

    /// One saved payload: the value replayed, and every value the scene file held beside it (such
    /// as the schema version stored as `<key>.schema`), so that a replay restores what a relaunch
    /// restores.
    package struct ReplayedPayload: Sendable, Equatable {
        /// The replayed value's key.
        package var key: String
        /// The scene: the one a scene file names, `main` for a bare value.
        package var scene: String
        /// Every value of the payload's scene, the replayed one among them; empty when the payload
        /// is a scene file that a store cannot read (corrupt, of a newer format).
        package var values: [String: SceneValue]
        /// A scene file's exact bytes, replayed as they are (its save time, its format); nil for a
        /// bare value.
        package var sceneFile: [UInt8]?

        /// The value replayed; nil when the scene file cannot be read.
        package var value: SceneValue? { values[key] }

        /// The schema version stored beside the value; 0 when none is.
        /// - Throws: ``/SceneNavigation/NavigationError/cannotDecode(key:reason:location:)`` when the stored version is not a
        ///   whole number from 0.
        package func schemaVersion() throws(NavigationError) -> Int {
            try NavigationMigrations.storedSchema(forKey: key, in: values)
        }
    }

    /// Replays every payload against a model and compares each outcome with its golden file.
    ///
    /// A scene file is written into a fresh store byte for byte (its save time, its format, the
    /// schema stored beside the value) and a bare value is saved as a scene of its own, then
    /// restored by ``AppSimulator``, exactly as a relaunch restores it: what a relaunch meets (an
    /// age limit, a newer format, a corrupt file), the replay records. The outcome recorded for a payload is `{"report": <describe(report)>,
    /// "intervention": <code or null>, "state": <the model's state as stored after the restore>}`,
    /// or `{"error": <what connecting threw>}`.
    ///
    /// - Parameters:
    ///   - model: Builds the app's model, as a new process would.
    ///   - describe: The restore report as JSON; the report's own ``/SceneNavigation/RestoreReport/json`` by default.
    /// - Returns: What matched and what did not.
    /// - Throws: When the folder, a payload or a golden file cannot be read, or a golden file
    ///   cannot be written.
    @MainActor
    public func run<State: Codable & Equatable>(
        model: @escaping @MainActor () -> SceneNavigationModel<State>,
        describe: @escaping (RestoreReport) -> JSONValue = \.json
    ) async throws -> Outcome {
        try await replay { (payload: ReplayedPayload) in
            let temporary = try TemporaryStore()
            if let bytes = payload.sceneFile {
                try temporary.writeSceneFile(payload.scene, bytes: bytes)
            } else {
                try temporary.saveScene(payload.scene, values: payload.values)
            }
            let app = try AppSimulator(
                temporary, scene: payload.scene, key: key, policy: policy, crashGuard: nil, makeModel: model)
            let launch: AppSimulator<State>.Launch
            do {
                launch = try await app.launch()
            } catch {
                return .object(["error": .string(String(describing: error))])
            }
            let state = try StateCoding.encode(launch.model.state)
            try await app.end(.killed)
            return .object([
                "report": launch.outcome.report.map(describe) ?? .null,
                "intervention": launch.outcome.intervention.map { .string($0.code) } ?? .null,
                "state": state,
            ])
        }
    }

    /// Replays every payload through `restore` and compares what it returns with the golden file.
    /// - Parameter restore: Restores one payload and describes the outcome as JSON.
    /// - Returns: What matched and what did not.
    /// - Throws: When the folder, a payload or a golden file cannot be read, what `restore`
    ///   throws, or when a golden file cannot be written.
    @MainActor
    package func replay(_ restore: (ReplayedPayload) async throws -> JSONValue) async throws -> Outcome {
        var outcome = Outcome()
        for path in try files() {
            outcome.payloads.append(path)
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            var actual = try await restore(try payload(of: bytes, path: path)).serialized(pretty: true)
            actual.append(0x0A)
            let name = String(path.split(separator: "/").last ?? "")
            let golden = goldenFolder + "/" + name.dropLast(5) + "." + suffix + ".json"
            let expected = FileManager.default.contents(atPath: golden).map { Array($0) }
            if expected == actual { continue }
            if isRecording {
                try Data(actual).write(to: URL(fileURLWithPath: golden))
                outcome.recorded.append(golden)
                continue
            }
            let difference =
                expected.map { LineDifference.describe(expected: $0, actual: actual) }
                ?? "the golden file is missing (NAVSTATE_RECORD_GOLDEN=1 writes it); the restore gave:\n"
                + String(decoding: actual, as: UTF8.self)
            outcome.mismatches.append(Mismatch(payload: path, golden: golden, difference: difference))
        }
        return outcome
    }

    /// A payload file's bytes as a payload: a scene file (a JSON object with a `format` member),
    /// read as a store reads it, or the value itself.
    func payload(of bytes: [UInt8], path: String) throws(NavigationError) -> ReplayedPayload {
        guard let json = try? JSONValue(parsing: bytes) else {
            return ReplayedPayload(key: key, scene: "main", values: [key: .binary(Data(bytes))], sceneFile: nil)
        }
        guard case .object(let members) = json, members["format"] != nil else {
            return ReplayedPayload(key: key, scene: "main", values: [key: .json(json)], sceneFile: nil)
        }
        // Replayed under the scene it names, so that the file is the one a store finds there.
        let scene = members["scene"]?.stringValue.flatMap { try? SceneID($0) } ?? (try? SceneID("main"))
        guard let scene else { throw .noValue(key: key, in: path, keys: []) }
        let values = (try? StoredDocument(decoding: bytes, scene: scene, path: path))?.values
        if let values, values[key] == nil { throw .noValue(key: key, in: path, keys: values.keys.sorted()) }
        return ReplayedPayload(key: key, scene: scene.rawValue, values: values ?? [:], sceneFile: bytes)
    }
}

/// A payload that cannot be replayed.
@available(
    *, deprecated,
    message:
        "PayloadReplay throws NavigationError.noValue(key:in:keys:) for a scene file without the replayed key; SimulatorError is the kit's one error type"
)
public enum ReplayError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A scene file without a value under the replayed key.
    case noValue(file: String, key: String, keys: [String])

    /// The problem in words.
    public var description: String {
        switch self {
        case .noValue(let file, let key, let keys):
            "\(file): the scene file has no '\(key)' value to replay (keys: \(keys.joined(separator: ", ")))"
        }
    }
}

// MARK: - Deprecated in 0.4.0: one way to replay

extension PayloadReplay {
    /// One saved payload: the value replayed, and every value the scene file held beside it (such
    /// as the schema version stored as `<key>.schema`), so that a replay restores what a relaunch
    /// restores.
    @available(*, deprecated, message: "use run(model:describe:), which restores each payload as a relaunch does")
    public struct Payload: Sendable, Equatable {
        /// The replayed value's key.
        public var key: String
        /// The scene: the one a scene file names, `main` for a bare value.
        public var scene: String
        /// Every value of the payload's scene, the replayed one among them; empty when the payload
        /// is a scene file that a store cannot read (corrupt, of a newer format).
        public var values: [String: SceneValue]
        /// A scene file's exact bytes, replayed as they are (its save time, its format); nil for a
        /// bare value.
        public var sceneFile: [UInt8]?

        /// The value replayed; nil when the scene file cannot be read.
        public var value: SceneValue? { values[key] }

        /// The schema version stored beside the value; 0 when none is.
        /// - Throws: ``/SceneNavigation/NavigationError/cannotDecode(key:reason:location:)`` when the stored version is not a
        ///   whole number from 0.
        public func schemaVersion() throws(NavigationError) -> Int {
            try NavigationMigrations.storedSchema(forKey: key, in: values)
        }

        init(_ replayed: ReplayedPayload) {
            key = replayed.key
            scene = replayed.scene
            values = replayed.values
            sceneFile = replayed.sceneFile
        }
    }

    /// The payload files of the folder, sorted: every `.json` file but the golden files, and every
    /// `.data` file.
    /// - Returns: Their paths.
    /// - Throws: When the folder cannot be read.
    @available(*, deprecated, message: "run(model:describe:) replays them; its outcome's payloads lists them")
    public func payloadFiles() throws -> [String] {
        try files()
    }

    /// Replays every payload through `restore` and compares what it returns with the golden file.
    /// - Parameter restore: Restores one payload and describes the outcome as JSON.
    /// - Returns: What matched and what did not.
    /// - Throws: When the folder, a payload or a golden file cannot be read, what `restore`
    ///   throws, or when a golden file cannot be written.
    @available(*, deprecated, message: "use run(model:describe:), which restores each payload as a relaunch does")
    @MainActor
    public func run(_ restore: (Payload) async throws -> JSONValue) async throws -> Outcome {
        try await replay { try await restore(Payload($0)) }
    }
}
