#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The contents of one scene's file: its values by key, and when and for which scene it was saved.
///
/// On disk it is pretty-printed JSON with sorted keys, so the same state is always the same bytes:
///
/// ```json
/// {
///   "format": 1,
///   "savedAt": "2026-11-21T21:04:07.123Z",
///   "scene": "main",
///   "values": {
///     "navigation": {
///       "json": {
///         "recipePathIds": ["E9D5E6E6-4F0A-4A38-9C55-0C8AC3B0A001"],
///         "selectedCategory": 0
///       }
///     }
///   }
/// }
/// ```
package struct StoredDocument: Sendable, Equatable {
    /// The format this version of StateStore writes and the newest it reads.
    package static let formatVersion = 1

    /// The scene the document belongs to; always the file's name.
    package var scene: SceneID
    /// When the document was written.
    package var savedAt: Date
    /// The stored values by key, as they were given or read: a JSON value read from a file is kept
    /// as its checked text, and built only when it is asked for.
    private var stored: [String: StoredValue]

    /// A value as the document holds it.
    private enum StoredValue: Sendable {
        /// A value given, or read as binary data.
        case value(SceneValue)
        /// A JSON value read from a file, checked, still as its text.
        case text(JSONSpan)

        var built: SceneValue {
            switch self {
            case .value(let value): value
            case .text(let span): .json(span.value)
            }
        }
    }

    /// Creates a document.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - savedAt: When it was saved.
    ///   - values: The values by key.
    package init(scene: SceneID, savedAt: Date, values: [String: SceneValue]) {
        self.scene = scene
        self.savedAt = savedAt
        self.stored = values.mapValues(StoredValue.value)
    }

    private init(scene: SceneID, savedAt: Date, stored: [String: StoredValue]) {
        self.scene = scene
        self.savedAt = savedAt
        self.stored = stored
    }

    /// The stored values by key, each built (a value read from a file is built at every call: ask
    /// for one with ``value(forKey:)``).
    package var values: [String: SceneValue] {
        get { stored.mapValues(\.built) }
        set { stored = newValue.mapValues(StoredValue.value) }
    }

    /// The keys of the stored values, in no order.
    package var keys: [String] { Array(stored.keys) }

    /// Whether a value is stored under `key`.
    /// - Parameter key: The key.
    /// - Returns: Whether there is one.
    package func hasValue(forKey key: String) -> Bool {
        stored[key] != nil
    }

    /// The value stored under `key`, built; nil when there is none.
    /// - Parameter key: The key.
    /// - Returns: The value, or nil.
    package func value(forKey key: String) -> SceneValue? {
        stored[key]?.built
    }

    /// The JSON value stored under `key` as the text it was read as, checked but not built; nil
    /// when there is none, or when it was not read from a file as JSON.
    /// - Parameter key: The key.
    /// - Returns: The checked text, or nil.
    package func text(forKey key: String) -> JSONSpan? {
        guard case .text(let span)? = stored[key] else { return nil }
        return span
    }

    /// Whether two documents hold the same scene, time and values.
    package static func == (lhs: StoredDocument, rhs: StoredDocument) -> Bool {
        lhs.scene == rhs.scene && lhs.savedAt == rhs.savedAt && lhs.values == rhs.values
    }
}

// MARK: - Timestamps

extension StoredDocument {
    /// A time as scene documents write it: UTC with milliseconds, `2026-11-21T21:04:07.123Z`
    /// (rounded down to the millisecond). Hand-written rather than a format style, so it is the
    /// same on every platform and cheap on the write path.
    /// - Parameter date: The time.
    /// - Returns: Its text.
    package static func timestamp(_ date: Date) -> String { Timestamp.format(date) }

    /// Reads a time written as ``timestamp(_:)`` writes it (the milliseconds may be left out).
    /// - Parameter text: Such as `2026-11-21T21:04:07.123Z`.
    /// - Returns: The time, or nil when the text is not such a time.
    package static func date(fromTimestamp text: String) -> Date? { Timestamp.parse(text) }
}

// MARK: - Coding

extension StoredDocument {
    /// The document as the bytes of its file: pretty-printed, sorted keys, newline at the end.
    package func encodedBytes() -> [UInt8] {
        var entries: [String: Entry] = [:]
        for (key, value) in values { entries[key] = Entry(key: key, value: value) }
        return encoded(entries: entries)
    }

    /// The document's bytes as a store with these limits writes them: refused when a read with the
    /// same limits would refuse them, so that what is written can always be read back.
    /// - Parameters:
    ///   - configuration: The limits: ``StateStore/Configuration/maximumFileSize`` and
    ///     ``StateStore/Configuration/maximumDepth``.
    ///   - path: The file the bytes are for, named in errors.
    /// - Returns: The bytes of ``encoded()``.
    /// - Throws: ``SceneStoreError/documentTooDeep(path:depth:limit:)`` when a value nests so deeply
    ///   that the file would pass the depth limit; ``SceneStoreError/documentTooLarge(path:size:limit:)``
    ///   when the file would pass the size limit.
    package func encoded(within configuration: StateStore.Configuration, path: String) throws(SceneStoreError)
        -> [UInt8]
    {
        try encoded(within: configuration, path: path, reusing: [:]).bytes
    }

    /// One value as it is written inside the document's `values`: its key, its wrapper and the
    /// value, serialized at the value's place in the file; kept to write the next document of the
    /// scene without serializing again the values that did not change.
    struct Entry: Sendable {
        /// The value it was serialized from; nil when it was written as text (``JSONText``), whose
        /// value is never made.
        var value: SceneValue?
        /// `"<key>": {` ... `}`, indented as in the file.
        var bytes: [UInt8]
        /// How deeply the file nests at the value's deepest point.
        var depth: Int

        /// The entry of a JSON value written as text: the same bytes as the entry of the value.
        init(key: String, text: JSONText) {
            value = nil
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.bytes.count + key.utf8.count + 32)
            JSONValue.writeString(key, into: &bytes)
            bytes.append(contentsOf: ": {\n      \"json\": ".utf8)
            bytes.append(contentsOf: text.bytes)
            bytes.append(contentsOf: "\n    }".utf8)
            self.bytes = bytes
            depth = 3 + text.depth
        }

        init(key: String, value: SceneValue) {
            self.value = value
            var bytes: [UInt8] = []
            JSONValue.writeString(key, into: &bytes)
            bytes.append(contentsOf: ": {".utf8)
            // The value's entry is the third level of the document (the document, `values`, the
            // entry); the value itself is indented as the fourth.
            var deepest = 0
            switch value {
            case .json(let json):
                bytes.append(contentsOf: "\n      \"json\": ".utf8)
                json.write(into: &bytes, pretty: true, indent: 3, deepest: &deepest)
            case .binary(let data):
                bytes.append(contentsOf: "\n      \"binary\": ".utf8)
                JSONValue.writeString(data.base64EncodedString(), into: &bytes)
            }
            bytes.append(contentsOf: "\n    }".utf8)
            self.bytes = bytes
            depth = 3 + deepest
        }
    }

    /// The document's bytes, each value's entry taken from `reusable` when it holds the same value,
    /// refused as ``encoded(within:path:)`` refuses them.
    /// - Returns: The bytes and the entries they were made of.
    func encoded(
        within configuration: StateStore.Configuration, path: String, reusing reusable: [String: Entry]
    ) throws(SceneStoreError) -> (bytes: [UInt8], entries: [String: Entry]) {
        var entries: [String: Entry] = [:]
        let values = values
        entries.reserveCapacity(values.count)
        for (key, value) in values {
            if let entry = reusable[key], entry.value == value {
                entries[key] = entry
                continue
            }
            // The file holds each value three levels down (the document, `values`, the value's entry):
            // a value too deep is refused before it is serialized, by a bounded walk.
            if case .json(let json) = value, json.nestingDepth(exceeding: configuration.maximumDepth - 3) {
                throw .documentTooDeep(path: path, depth: 3 + json.nestingDepth, limit: configuration.maximumDepth)
            }
            let entry = Entry(key: key, value: value)
            if entry.depth > configuration.maximumDepth {
                throw .documentTooDeep(path: path, depth: entry.depth, limit: configuration.maximumDepth)
            }
            entries[key] = entry
        }
        let bytes = encoded(entries: entries)
        guard bytes.count <= configuration.maximumFileSize else {
            throw .documentTooLarge(path: path, size: bytes.count, limit: configuration.maximumFileSize)
        }
        return (bytes, entries)
    }

    /// The file's bytes around the entries: `format`, `savedAt`, `scene` and `values`, in the
    /// order of their sorted keys, each on its own line.
    func encoded(entries: [String: Entry]) -> [UInt8] {
        let pieces = encodedPieces(entries: entries)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
        for piece in pieces { bytes.append(contentsOf: piece) }
        return bytes
    }

    /// The file's bytes as pieces, in order: the entries' own bytes, uncopied, between the
    /// document's: what a gathered write writes.
    func encodedPieces(entries: [String: Entry]) -> [[UInt8]] {
        var head: [UInt8] = []
        head.reserveCapacity(160 + scene.rawValue.utf8.count)
        head.append(contentsOf: "{\n  \"format\": \(StoredDocument.formatVersion),\n  \"savedAt\": ".utf8)
        JSONValue.writeString(Self.timestamp(savedAt), into: &head)
        head.append(contentsOf: ",\n  \"scene\": ".utf8)
        JSONValue.writeString(scene.rawValue, into: &head)
        head.append(contentsOf: ",\n  \"values\": ".utf8)
        guard !entries.isEmpty else {
            head.append(contentsOf: "{}\n}\n".utf8)
            return [head]
        }
        head.append(contentsOf: "{\n    ".utf8)
        var pieces = [head]
        let keys = entries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for (index, key) in keys.enumerated() {
            if index > 0 { pieces.append(Array(",\n    ".utf8)) }
            pieces.append(entries[key]!.bytes)
        }
        pieces.append(Array("\n  }\n}\n".utf8))
        return pieces
    }

    /// Decodes a scene file's bytes, checking every part of the document as every read does.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - scene: The scene the file's name says it holds; the document must say the same.
    ///   - path: The file's path, named in errors.
    ///   - maximumDepth: How deeply the JSON may nest, 256 by default.
    /// - Throws: ``SceneStoreError/corrupt(path:reason:)`` saying what is wrong (with the line and
    ///   column), ``SceneStoreError/newerFormat(path:format:supported:)``, or
    ///   ``SceneStoreError/caseConflict(path:scene:found:)`` when the document names a scene whose ID
    ///   differs from `scene` only in case (a store confirms the two names are one file first).
    package init(
        decoding bytes: [UInt8], scene: SceneID, path: String, maximumDepth: Int = 256
    ) throws(SceneStoreError) {
        do throws(DecodingProblem) {
            try self.init(decoding: bytes, expectedScene: scene, maximumDepth: maximumDepth)
        } catch {
            switch error {
            case .corrupt(let reason): throw .corrupt(path: path, reason: reason)
            case .newerFormat(let format):
                throw .newerFormat(path: path, format: format, supported: StoredDocument.formatVersion)
            case .caseConflict(let found): throw .caseConflict(path: path, scene: scene, found: found)
            }
        }
    }

    /// Why a file's bytes are not acceptable as a scene document.
    private enum DecodingProblem: Error, Equatable {
        case corrupt(String)
        case newerFormat(Int)
        /// The file holds a scene whose ID differs from the one asked for only in letter case.
        case caseConflict(String)
    }

    private init(decoding bytes: [UInt8], expectedScene: SceneID, maximumDepth: Int) throws(DecodingProblem) {
        // Checked whole, then only the document's own members built: each value stays its text.
        let root: JSONSpan
        do {
            root = try JSONSpan(checking: bytes, maximumDepth: maximumDepth)
        } catch {
            throw .corrupt(error.description)
        }
        guard let members = root.members() else {
            throw .corrupt("expected an object at the top level, found \(root.kindDescription)")
        }
        // The format is checked first: a newer writer may have changed everything else.
        // Where a member of the wrong shape starts, as the parser says where the text is broken.
        func at(_ path: JSONValue.PathComponent...) -> String {
            JSONValue.position(of: path, in: bytes).map { " at \($0)" } ?? ""
        }
        guard let formatValue = members["format"]?.value else { throw .corrupt("missing member 'format'" + at()) }
        guard case .number(let formatNumber) = formatValue, let format = formatNumber.intValue else {
            throw .corrupt(
                "member 'format' must be an integer, found \(formatValue.kindDescription)" + at(.key("format")))
        }
        if format > StoredDocument.formatVersion { throw .newerFormat(format) }
        guard format >= 1 else {
            throw .corrupt("member 'format' must be at least 1, found \(format)" + at(.key("format")))
        }
        for key in members.keys where !["format", "savedAt", "scene", "values"].contains(key) {
            throw .corrupt("unknown member '\(SceneStoreError.printable(key))'" + at(.key(key)))
        }
        guard case .string(let sceneText)? = members["scene"]?.value else {
            throw .corrupt("member 'scene' must be a string" + (members["scene"] == nil ? at() : at(.key("scene"))))
        }
        // On a file system that ignores case (APFS and HFS+ by default), `Main.json` is `main.json`:
        // the file is another scene's, not a broken one.
        if sceneText != expectedScene.rawValue, sceneText.lowercased() == expectedScene.rawValue.lowercased() {
            throw .caseConflict(sceneText)
        }
        guard sceneText == expectedScene.rawValue else {
            throw .corrupt(
                "member 'scene' is '\(SceneStoreError.printable(sceneText))' but the file is for '\(expectedScene)'"
                    + at(.key("scene")))
        }
        guard case .string(let savedText)? = members["savedAt"]?.value,
            let savedAt = Self.date(fromTimestamp: savedText)
        else {
            throw .corrupt(
                "member 'savedAt' must be a UTC timestamp such as 2026-01-31T12:00:00.000Z"
                    + (members["savedAt"] == nil ? at() : at(.key("savedAt"))))
        }
        guard let entries = members["values"]?.members() else {
            throw .corrupt("member 'values' must be an object" + (members["values"] == nil ? at() : at(.key("values"))))
        }
        var values: [String: StoredValue] = [:]
        for (key, entry) in entries {
            let name = SceneStoreError.printable(key)
            let place = at(.key("values"), .key(key))
            guard let parts = entry.members(), parts.count == 1 else {
                throw .corrupt("value '\(name)' must be an object with exactly one member, 'json' or 'binary'" + place)
            }
            if let json = parts["json"] {
                values[key] = .text(json)
            } else if case .string(let base64)? = parts["binary"]?.value {
                guard let data = Data(base64Encoded: base64) else {
                    throw .corrupt("value '\(name)' has invalid base64 in 'binary'" + place)
                }
                values[key] = .value(.binary(data))
            } else {
                throw .corrupt("value '\(name)' must hold 'json' or a base64 string in 'binary'" + place)
            }
        }
        self.init(scene: expectedScene, savedAt: savedAt, stored: values)
    }
}
