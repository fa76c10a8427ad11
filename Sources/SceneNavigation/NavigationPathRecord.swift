import SceneStore

/// A path in SwiftUI's `NavigationPath` wire format as it is stored, looked at without the app's
/// types: for tools that show what a scene holds (`navstate inspect`) and repair it after an app
/// renames a type or a module (`navstate retag`).
///
/// The format is a flat array of strings: each element's type name, then the element's own JSON as
/// a string, last-appended element first (see ``MixedPath``). Here the elements are listed root
/// first, each with its type name, its JSON as stored, and that JSON parsed when it parses.
package struct NavigationPathRecord: Sendable, Equatable {
    /// One element as stored.
    package struct Element: Sendable, Equatable {
        /// Its position from the root, from 0.
        package var position: Int
        /// The type name it is stored under, such as `Swift.Int` or `MyApp.User`.
        package var typeName: String
        /// The element's JSON, as stored.
        package var json: String
        /// That JSON parsed, or why it does not parse.
        package var value: Result<JSONValue, JSONParseError>
    }

    /// One type name changed by ``retagged(_:from:to:)``.
    package struct TypeNameChange: Sendable, Equatable {
        /// Where the path is in the stored value: empty for the value itself, else its member.
        package var location: String
        /// The element's position from the root, from 0.
        package var position: Int
        /// The name before.
        package var from: String
        /// The name after.
        package var to: String

        /// Creates a change.
        /// - Parameters:
        ///   - location: Where the path is.
        ///   - position: The element's position from the root.
        ///   - from: The name before.
        ///   - to: The name after.
        package init(location: String, position: Int, from: String, to: String) {
            self.location = location
            self.position = position
            self.from = from
            self.to = to
        }
    }

    /// Where the path is in the stored value: empty when the value is the path itself, else the
    /// member that holds it (`path`).
    package var location: String
    /// The elements, from the root.
    package var elements: [Element]

    /// A path of the elements given.
    /// - Parameters:
    ///   - location: Where it is in the stored value.
    ///   - elements: Its elements.
    package init(location: String, elements: [Element]) {
        self.location = location
        self.elements = elements
    }

    /// Reads a value as a path in SwiftUI's format, strictly.
    /// - Parameters:
    ///   - value: The stored value.
    ///   - location: Where the value is, for the description.
    /// - Throws: ``NavigationError/notANavigationPath(reason:)`` naming the first entry that is not
    ///   a string, or an odd number of entries.
    package init(_ value: JSONValue, location: String = "") throws(NavigationError) {
        let strings = try Self.strings(of: value, location: location)
        self.location = location
        let count = strings.count / 2
        elements = (0..<count).map { position in
            let pair = (count - 1 - position) * 2
            let json = strings[pair + 1]
            let parsed: Result<JSONValue, JSONParseError>
            do throws(JSONParseError) {
                parsed = .success(try JSONValue(parsing: Array(json.utf8), maximumDepth: 512))
            } catch {
                parsed = .failure(error)
            }
            return Element(position: position, typeName: strings[pair], json: json, value: parsed)
        }
    }

    /// The paths in SwiftUI's format in a stored value: the value itself, or each member of an
    /// object (sorted by name) that is one.
    ///
    /// An array is taken for such a path when it is a non-empty array of strings of even length
    /// in which every type name is module-qualified (has a `.` inside it) or every element's JSON
    /// parses. A route path of strings (`["home","settings"]`) is not one; a route path of strings
    /// that happen to read as such pairs cannot be told apart.
    /// - Parameter value: The stored value.
    /// - Returns: The paths; empty when the value holds none.
    package static func paths(in value: JSONValue) -> [NavigationPathRecord] {
        switch value {
        case .array:
            return recognize(value, location: "").map { [$0] } ?? []
        case .object(let members):
            return members.keys.sorted().compactMap { name in members[name].flatMap { recognize($0, location: name) } }
        default:
            return []
        }
    }

    /// What a restore of a stored value would drop from its paths in SwiftUI's format, judged
    /// without the app's types: each element whose JSON does not parse (`undecodable`), and, given
    /// the type names the app registers, each element of another type (`unknown-type`). For a
    /// tool that checks another app's scenes (`navstate inspect --types`).
    /// - Parameters:
    ///   - value: The stored value.
    ///   - knownTypes: The type names the app's registry knows, or nil to judge none by its type.
    /// - Returns: The report: the elements that would be restored counted, the others dropped.
    package static func dryRunReport(of value: JSONValue, knownTypes: Set<String>? = nil) -> RestoreReport {
        var report = RestoreReport()
        for path in paths(in: value) {
            for element in path.elements {
                let reason: RestoreReport.Reason?
                switch element.value {
                case .failure(let error): reason = .undecodable("its JSON does not parse: \(error)")
                case .success:
                    reason =
                        knownTypes.map { $0.contains(element.typeName) } == false
                        ? .unknownType(element.typeName) : nil
                }
                guard let reason else {
                    report.restoredCount += 1
                    continue
                }
                report.dropped.append(
                    .init(
                        location: path.location, position: element.position,
                        json: .array([.string(element.typeName), .string(element.json)]), reason: reason))
            }
        }
        return report
    }

    /// Whether a value reads as a path in SwiftUI's format (see ``paths(in:)``).
    /// - Parameter value: A stored value.
    /// - Returns: Whether it does.
    package static func isNavigationPath(_ value: JSONValue) -> Bool {
        guard let array = value.arrayValue, !array.isEmpty, array.count % 2 == 0 else { return false }
        var names: [String] = []
        var texts: [String] = []
        for (index, entry) in array.enumerated() {
            guard let string = entry.stringValue else { return false }
            if index % 2 == 0 { names.append(string) } else { texts.append(string) }
        }
        // Qualified names decide without parsing any element's JSON.
        if names.allSatisfy(isQualified) { return true }
        return texts.allSatisfy { (try? JSONValue(parsing: Array($0.utf8), maximumDepth: 512)) != nil }
    }

    private static func recognize(_ value: JSONValue, location: String) -> NavigationPathRecord? {
        guard isNavigationPath(value) else { return nil }
        return try? NavigationPathRecord(value, location: location)
    }

    /// Whether a name has a `.` with a character on each side: `Swift.Int`, `MyApp.User`.
    private static func isQualified(_ name: String) -> Bool {
        guard let dot = name.utf8.firstIndex(of: UInt8(ascii: ".")) else { return false }
        return dot != name.utf8.startIndex && name.utf8.index(after: dot) != name.utf8.endIndex
    }

    private static func strings(of value: JSONValue, location: String) throws(NavigationError) -> [String] {
        let place = location.isEmpty ? "" : " ('\(location)')"
        guard let array = value.arrayValue else {
            throw .notANavigationPath(
                reason: "the value\(place) must be an array of strings, found \(value.kindDescription)")
        }
        var strings: [String] = []
        strings.reserveCapacity(array.count)
        for (index, entry) in array.enumerated() {
            guard let string = entry.stringValue else {
                throw .notANavigationPath(
                    reason: "entry \(index)\(place) must be a string, found \(entry.kindDescription)")
            }
            strings.append(string)
        }
        guard strings.count % 2 == 0 else {
            throw .notANavigationPath(
                reason: "the value\(place) has \(strings.count) strings; a path has pairs of type name and JSON")
        }
        return strings
    }

    /// The path as JSON: `{"location": "path", "format": "navigation-path", "elements":
    /// [{"position": 0, "type": "Swift.Int", "json": 1}]}`; an element whose JSON does not parse
    /// has its text under `"text"` and the parse error under `"problem"` instead of `"json"`.
    package var json: JSONValue {
        .object([
            "location": .string(location),
            "format": .string("navigation-path"),
            "elements": .array(
                elements.map { element in
                    var members: [String: JSONValue] = [
                        "position": .number(JSONNumber(element.position)), "type": .string(element.typeName),
                    ]
                    switch element.value {
                    case .success(let value): members["json"] = value
                    case .failure(let error):
                        members["text"] = .string(element.json)
                        members["problem"] = .string(error.description)
                    }
                    return .object(members)
                }),
        ])
    }
}

// MARK: - Renaming types

extension NavigationPathRecord {
    /// Renames a type in the paths of a stored value, after an app renamed the type or moved it to
    /// another module.
    ///
    /// `from` is replaced wherever it is a whole name in a type name: `MyApp.User` matches
    /// `MyApp.User`, `MyApp.User.Detail` and `Swift.Optional<MyApp.User>`, never `MyApp.UserList`
    /// or `Other.MyApp.User`; a module name alone (`MyApp`) renames the module in every name.
    /// Element JSON is never changed.
    ///
    /// - Parameters:
    ///   - value: The stored value: a path in SwiftUI's format, or an object whose members include
    ///     such paths (see ``paths(in:)``).
    ///   - from: The name to replace.
    ///   - to: The name it becomes.
    /// - Returns: The value with the names changed, and each change, path by path, root first.
    /// - Throws: ``NavigationError/invalidTypeName(_:reason:)`` for a name that cannot be a type's;
    ///   ``NavigationError/notANavigationPath(reason:)`` when an array value is not in the format
    ///   or an object has no member that is.
    package static func retagged(
        _ value: JSONValue, from: String, to: String
    ) throws(NavigationError) -> (value: JSONValue, changes: [TypeNameChange]) {
        try validate(typeName: from)
        try validate(typeName: to)
        switch value {
        case .object(var members):
            let paths = Self.paths(in: value)
            guard !paths.isEmpty else {
                throw .notANavigationPath(
                    reason: "no member of the object is a path in SwiftUI's NavigationPath format")
            }
            var changes: [TypeNameChange] = []
            for path in paths {
                guard let member = members[path.location] else { continue }
                let (renamed, memberChanges) = try retagPath(member, location: path.location, from: from, to: to)
                members[path.location] = renamed
                changes += memberChanges
            }
            return (.object(members), changes)
        default:
            return try retagPath(value, location: "", from: from, to: to)
        }
    }

    private static func retagPath(
        _ value: JSONValue, location: String, from: String, to: String
    ) throws(NavigationError) -> (value: JSONValue, changes: [TypeNameChange]) {
        var strings = try Self.strings(of: value, location: location)
        let count = strings.count / 2
        var changes: [TypeNameChange] = []
        for position in 0..<count {
            let pair = (count - 1 - position) * 2
            let name = strings[pair]
            let renamed = rename(in: name, from: from, to: to)
            guard renamed != name else { continue }
            strings[pair] = renamed
            changes.append(TypeNameChange(location: location, position: position, from: name, to: renamed))
        }
        return (.array(strings.map { .string($0) }), changes)
    }

    /// The characters that end a name inside a type name: generic arguments, tuples, optionals.
    private static let delimiters = Set("<>,()[]:?& ".utf8)

    /// Replaces every whole-name occurrence of `from` in a type name.
    static func rename(in name: String, from: String, to: String) -> String {
        let text = Array(name.utf8)
        let pattern = Array(from.utf8)
        guard text.count >= pattern.count else { return name }
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var index = 0
        var changed = false
        while index < text.count {
            let startsName = index == 0 || delimiters.contains(text[index - 1])
            if startsName, index + pattern.count <= text.count,
                text[index..<index + pattern.count].elementsEqual(pattern)
            {
                let end = index + pattern.count
                if end == text.count || delimiters.contains(text[end]) || text[end] == UInt8(ascii: ".") {
                    result += to.utf8
                    index = end
                    changed = true
                    continue
                }
            }
            result.append(text[index])
            index += 1
        }
        return changed ? String(decoding: result, as: UTF8.self) : name
    }

    /// A name given to rename: a dotted name without spaces, control characters or the characters
    /// of generic and tuple types.
    private static func validate(typeName name: String) throws(NavigationError) {
        let reason: String?
        if name.isEmpty {
            reason = "it is empty"
        } else if name.utf8.count > 1_024 {
            reason = "it is longer than 1024 bytes"
        } else if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            reason = "it has a control character"
        } else if name.utf8.contains(where: delimiters.contains) {
            reason = "it has a space or one of < > , ( ) [ ] : ? &"
        } else if name.hasPrefix(".") || name.hasSuffix(".") || name.contains("..") {
            reason = "a '.' must stand between two names"
        } else {
            reason = nil
        }
        if let reason { throw .invalidTypeName(name, reason: reason) }
    }
}
