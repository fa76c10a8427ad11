import RecipeData
import SceneNavigation
import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `navstate watch`: prints each change of a scene, or of every scene of the app, as it lands, with
/// what a restore would drop now. Never writes; runs until Ctrl-C (or `--count` changes).
///
/// It waits on the kernel's notifications for the scenes folder (no polling), then reads the
/// files again and prints those whose bytes changed: a save (which replaces the file by a rename),
/// a removal, a file created again, a corrupt file (shown, not fatal), a folder that appears.
struct WatchCommand: Subcommand {
    static let scene = SharedDeclarations.scene(
        "The scene to watch; without it, every scene of the app.", required: false)
    static let count = OptionDeclaration(
        .init(
            name: "--count", valueName: "n",
            help: "Stop after n changes (the state shown at the start is not one); without it, run until Ctrl-C.")
    ) { text in
        guard let count = Int(text), count > 0, text.allSatisfy(\.isNumber) else {
            throw CommandError.usage(
                "'\(TerminalText.escaped(text))' is not a count for '--count' (a whole number above 0)")
        }
        return count
    }

    static let spec = CommandSpec(
        name: "watch",
        overview:
            "Print each change of a scene (or of every scene) as it is saved, and what a restore would drop. Changes nothing.",
        arguments: [scene.spec],
        options: [SharedDeclarations.key.spec, count.spec, SharedDeclarations.json.spec],
        examples: ["navstate watch", "navstate watch main --json", "navstate watch main --count 1"])

    let scene: SceneID?
    let key: String
    let json: Bool
    let count: Int?

    init(_ line: ParsedCommandLine) throws {
        scene = try line.argument(Self.scene)
        key = try line.value(SharedDeclarations.key) ?? CommandLineTool.navigationKey
        json = line.has(SharedDeclarations.json)
        count = try line.value(Self.count)
    }

    /// What a scene's file held when last looked at.
    enum Fingerprint: Equatable {
        case missing
        case file(size: Int, hash: Int)
        case unreadable(String)
    }

    func run(_ tool: inout CommandLineTool, _ environment: Environment) async throws {
        if tool.context.emit != nil { InterruptHandling.exitCleanlyOnInterrupt() }
        var seen: [SceneID: Fingerprint] = [:]
        var changes = 0
        var first = true
        while true {
            // Armed before looking, so a save between the look and the wait still wakes it.
            let watcher: FolderWatcher
            do {
                watcher = try FolderWatcher(environment.store.scenesFolder)
            } catch {
                throw CommandError.cannotWatch(error)
            }
            changes += try await look(&tool, environment, seen: &seen, initial: first)
            first = false
            if let count, changes >= count { return }
            if tool.context.emit != nil { InterruptHandling.allowOnThisThread() }
            do {
                try watcher.wait()
            } catch {
                throw CommandError.cannotWatch(error)
            }
        }
    }

    /// Reads the scenes again and prints those that changed.
    /// - Returns: How many changes were printed (none for the first look, which shows the start).
    private func look(
        _ tool: inout CommandLineTool, _ environment: Environment, seen: inout [SceneID: Fingerprint], initial: Bool
    ) async throws -> Int {
        let store = environment.store
        var scenes: [SceneID]
        if let scene {
            scenes = [scene]
        } else {
            // Every scene file there now, and those seen before (to see them go).
            let listed = (try? store.scenes().map(\.scene)) ?? []
            scenes = Array(Set(listed).union(seen.keys)).sorted { $0.rawValue < $1.rawValue }
        }
        var printed = 0
        for scene in scenes {
            let file: StoredFile?
            let fingerprint: Fingerprint
            var problem: String?
            do {
                let read = try store.sceneFile(of: scene)
                file = read
                var hasher = Hasher()
                read.bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
                fingerprint = .file(size: read.bytes.count, hash: hasher.finalize())
            } catch .sceneNotFound {
                file = nil
                fingerprint = .missing
            } catch {
                file = nil
                problem = error.description
                fingerprint = .unreadable(error.description)
            }
            let before = seen[scene]
            seen[scene] = fingerprint == .missing && self.scene == nil ? nil : fingerprint
            guard before != fingerprint else { continue }
            // A scene that is not there at the start is only mentioned when it is the one asked for.
            if before == nil && fingerprint == .missing && self.scene == nil { continue }
            let event: WatchEvent
            switch fingerprint {
            case .missing: event = initial ? .notSaved : .removed
            case .unreadable: event = .unreadable
            case .file: event = .saved
            }
            describe(&tool, scene: scene, event: event, file: file, problem: problem, environment)
            if !initial { printed += 1 }
        }
        return printed
    }

    /// One change: a line of text, or one JSON object on one line.
    private func describe(
        _ tool: inout CommandLineTool, scene: SceneID, event: WatchEvent, file: StoredFile?, problem: String?,
        _ environment: Environment
    ) {
        let time = StoredDocument.timestamp(tool.context.now())
        var members: [String: JSONValue] = [
            "time": .string(time), "scene": .string(scene.rawValue), "key": .string(key),
            "event": .string(event.rawValue),
        ]
        var words: String
        switch event {
        case .notSaved: words = "not saved"
        case .removed: words = "removed"
        case .unreadable: words = "unreadable: \(problem ?? "")"
        case .saved, .noValue, .invalid: words = ""
        }
        if let problem { members["problem"] = .string(problem) }
        if let file {
            members["savedAt"] = .string(StoredDocument.timestamp(file.document.savedAt))
            if let value = file.document.value(forKey: key) {
                let (text, details) = summary(of: value, in: file.document, now: tool.context.now(), environment)
                words = text
                members.merge(details) { $1 }
            } else {
                words = "no value under '\(TerminalText.escaped(key))'"
                members["event"] = .string(WatchEvent.noValue.rawValue)
            }
        }
        if json {
            tool.emit(String(decoding: JSONValue.object(members).serialized(), as: UTF8.self))
        } else {
            tool.emit("\(time)  \(scene)  \(TerminalText.escaped(key))  \(TerminalText.escaped(words))")
        }
    }

    /// The value in a few words and as JSON: the cookbook's category, path and drops against the
    /// current data, as `restore` would make them (its schema and migrations included); another
    /// app's paths element by element, and its NavigationPath elements that a restore could not read.
    private func summary(
        of value: SceneValue, in document: StoredDocument, now: Date, _ environment: Environment
    ) -> (String, [String: JSONValue]) {
        if environment.isCookbook && !CommandLineTool.holdsNavigationPath(value) {
            let model = NavigationModel(dataModel: environment.data)
            let outcome: RestoreOutcome
            do {
                outcome = try model.restore(from: document, key: key, now: now)
            } catch {
                let reason: String
                if case .cannotDecode(_, let why, _) = error { reason = why } else { reason = error.description }
                return (
                    "not navigation data: \(reason)",
                    ["problem": .string(reason), "event": .string(WatchEvent.invalid.rawValue)]
                )
            }
            if case .newerSchema(let stored, let supported)? = outcome.intervention {
                let reason =
                    "saved with schema \(stored), newer than this version's \(supported): a restore takes nothing"
                return (reason, ["problem": .string(reason), "event": .string(WatchEvent.invalid.rawValue)])
            }
            let report = outcome.report ?? RestoreReport()
            let drops = CookbookDrops(report)
            var text =
                "category \(model.selectedCategory?.name ?? "(none)"), path "
                + (model.path.isEmpty ? "(empty)" : model.path.map(\.name).joined(separator: " > "))
            if let category = drops.category { text += "; a restore would drop the category \(category.json)" }
            if !drops.recipes.isEmpty {
                text +=
                    "; a restore would drop \(drops.recipes.count): "
                    + drops.recipes.prefix(3).map {
                        "position \(($0.position ?? 0) + 1), \(CookbookDrops.id(of: $0)): \(CookbookDrops.words(for: $0))"
                    }.joined(separator: "; ")
            }
            return (text, CommandLineTool.restoreJSON(report, state: model.state, in: environment.data))
        }
        let json = CommandLineTool.shownJSON(value, key: key)
        let paths = StoredPaths(json)
        guard !paths.isEmpty else { return (json.description, ["value": json]) }
        var parts: [String] = []
        var unreadable = 0
        for path in paths.routes {
            let elements = path.elements.map(\.description).joined(separator: " > ")
            parts.append(
                "path \(path.location.isEmpty ? "" : path.location + " ")\(elements.isEmpty ? "(empty)" : elements)")
        }
        for path in paths.navigation {
            let elements = path.elements.map { element -> String in
                if case .failure = element.value { unreadable += 1 }
                return element.typeName
            }
            parts.append(
                "NavigationPath \(path.location.isEmpty ? "" : path.location + " ")"
                    + (elements.isEmpty ? "(empty)" : elements.joined(separator: " > ")))
        }
        var text = parts.joined(separator: "; ")
        if unreadable > 0 { text += "; a restore would drop \(unreadable): elements whose JSON is invalid" }
        return (text, ["paths": paths.json, "drops": .number(JSONNumber(unreadable))])
    }
}

/// What `navstate watch` saw happen to a scene: the `event` of each JSON line.
enum WatchEvent: String {
    /// The scene is not saved, at the start.
    case notSaved = "not-saved"
    /// The scene's file was written.
    case saved
    /// The scene's file went.
    case removed
    /// The scene's file cannot be read.
    case unreadable
    /// The file holds no value under the key.
    case noValue = "no-value"
    /// The value is not navigation data, or of a newer schema.
    case invalid
}
