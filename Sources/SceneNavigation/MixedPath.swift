import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A navigation path whose elements are of different types, as SwiftUI's `NavigationPath` holds
/// them, encoded in SwiftUI's own wire format.
///
/// It takes what `NavigationPath` takes and can save: any `Codable & Hashable` value, `Sendable` or
/// not, with conformances isolated to the main actor or not (as an Xcode 26 app target declares its
/// types); a value that is not `Codable` does not compile (SwiftUI's `codable` is silently nil
/// instead). Like `NavigationPath`, a path lives where its values do: encode it, decode it and
/// compare it there (an app's on the main actor).
///
/// It encodes, with any `Encoder`, as SwiftUI's `NavigationPath.CodableRepresentation` does: one flat array of strings, the type
/// name and then the element's own JSON as a string (keys sorted, so the same path is always the
/// same bytes), last-appended element first:
///
/// ```swift
/// var path = MixedPath()
/// path.append(1)
/// path.append(true)
/// let data = try JSONEncoder().encode(path)   // ["Swift.Bool","true","Swift.Int","1"]
/// ```
///
/// Decoding needs the app's ``NavigationTypeRegistry``; a restore (``PersistentScene``, or a
/// model's ``SceneNavigationModel/jsonData``, given `types:`) restores element by element and
/// reports what it dropped (an unregistered type, JSON that no longer
/// decodes). Elements are decoded when restored, not kept as strings.
///
/// Not `Sendable` in truth, as `NavigationPath` is not. Its `Sendable` conformance of 0.2.0 (when
/// only `Sendable` values could be appended) stays, deprecated, so that code written then builds. The
/// compiler warns where a path is handed over as `Sendable` (a generic parameter, a decoder's
/// `userInfo`), not where a `Sendable` type stores one or a task captures one: a path that holds
/// values isolated to the main actor must not be sent away from it.
public struct MixedPath: Hashable {
    /// One element: its value and the type name it is written under.
    public struct Element: Hashable, CustomStringConvertible {
        /// The type name, such as `Swift.Int` or `MyApp.User`.
        public let typeName: String
        /// The value, as it was appended or restored (`element.base as? User`).
        public let base: any Codable & Hashable

        /// Elements are equal when their type names and values are.
        /// - Parameters:
        ///   - lhs: An element.
        ///   - rhs: Another element.
        /// - Returns: Whether they are equal.
        public static func == (lhs: Element, rhs: Element) -> Bool {
            lhs.typeName == rhs.typeName && AnyHashable(lhs.base) == AnyHashable(rhs.base)
        }

        /// Hashes the type name and the value.
        /// - Parameter hasher: The hasher.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(typeName)
            hasher.combine(AnyHashable(base))
        }

        /// The type name and the value: `Swift.Int(1)`.
        public var description: String { "\(typeName)(\(base))" }

        /// The value's own JSON, as SwiftUI writes it with `JSONEncoder` (slashes escaped), but with
        /// sorted keys: on Linux `JSONEncoder`'s key order changes from run to run, and the same
        /// path must always be the same bytes. Readers accept any order.
        func json() throws -> String {
            String(decoding: try Self.encoder.encode(base), as: UTF8.self)
        }

        private static let encoder: JSONEncoder = {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return encoder
        }()
    }

    /// The elements, from the root.
    public private(set) var elements: [Element]

    /// An empty path.
    public init() {
        elements = []
    }

    /// How many elements the path has.
    public var count: Int { elements.count }
    /// Whether the path is empty.
    public var isEmpty: Bool { elements.isEmpty }

    /// Pushes a value, as `NavigationPath.append(_:)` does.
    /// - Parameter value: Any `Codable & Hashable` value; it need not be `Sendable`.
    public mutating func append<Value: Codable & Hashable>(_ value: Value) {
        elements.append(Element(typeName: Self.swiftUIName(of: Value.self), base: value))
    }

    /// Pops values.
    /// - Parameter count: How many to pop, 1 by default.
    public mutating func removeLast(_ count: Int = 1) {
        elements.removeLast(count)
    }

    /// The name SwiftUI writes for a type: `_typeName(T.self, qualified: true)`, with Foundation's
    /// types under their `Foundation.` names on every platform (`FoundationEssentials.UUID` is
    /// `Foundation.UUID` on Apple platforms, where SwiftUI reads it).
    /// - Parameter type: The type.
    /// - Returns: Its name.
    package static func swiftUIName(of type: Any.Type) -> String {
        let name = _typeName(type, qualified: true)
        for foundation in ["UUID", "URL", "Date"] where name == "FoundationEssentials." + foundation {
            return "Foundation." + foundation
        }
        return name
    }
}

// MARK: - Coding

extension MixedPath: Codable {
    /// The key under which a decoder's `userInfo` holds the ``NavigationTypeRegistry`` that
    /// ``init(from:)`` decodes with.
    public static let typesKey = CodingUserInfoKey(rawValue: "SceneNavigation.NavigationTypeRegistry")!

    /// Encodes the path in SwiftUI's wire format: type name, then the element's JSON as a string,
    /// last-appended element first.
    /// - Parameter encoder: The encoder.
    /// - Throws: What encoding an element throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in elements.reversed() {
            try container.encode(element.typeName)
            try container.encode(try element.json())
        }
    }

    /// Decodes a path in SwiftUI's wire format: element by element with a report in a restore
    /// (``PersistentScene``, ``SceneNavigationModel``), strictly
    /// with the registry in the decoder's `userInfo` under ``typesKey`` otherwise.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is not a flat array of strings of even length, when
    ///   no registry is given, or, decoded strictly, when an element's type is unknown or its JSON
    ///   does not decode.
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? ValueDecoder, let session = decoder.session {
            elements = try Self.restore(from: decoder, session: session)
            return
        }
        guard let types = decoder.userInfo[Self.typesKey] as? NavigationTypeRegistry else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "decoding a MixedPath needs a NavigationTypeRegistry in userInfo"))
        }
        let strings = try Self.pairs(in: decoder)
        let count = strings.count / 2
        elements = try (0..<count).map { position in
            let pair = (count - 1 - position) * 2
            let outcome = Self.element(named: strings[pair], json: strings[pair + 1], types: types) {
                ValueDecoder(value: $0, session: nil)
            }
            switch outcome {
            case .restored(let element), .migrated(let element): return element
            case .dropped(let reason):
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: reason.description))
            }
        }
    }

    /// The stored strings: type names and element JSON, last-appended element first.
    private static func pairs(in decoder: any Decoder) throws -> [String] {
        var container = try decoder.unkeyedContainer()
        var strings: [String] = []
        if let count = container.count { strings.reserveCapacity(count) }
        while !container.isAtEnd { strings.append(try container.decode(String.self)) }
        guard strings.count % 2 == 0 else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "a navigation path has pairs of type name and JSON, found \(strings.count) strings"))
        }
        return strings
    }

    /// Restores the path element by element: positions from the root, each dropped element
    /// reported with its stored pair, and each migrated one (a registry alias that renamed its
    /// type, an alias of its JSON, a value a resolver or lookup replaced) with the pair it became.
    private static func restore(from decoder: ValueDecoder, session: RestoreSession) throws -> [Element] {
        let strings = try pairs(in: decoder)
        let count = strings.count / 2
        let outcome = PathRestorer.restore(count: count, policy: session.policy) {
            (position) -> PathRestorer.ElementOutcome<Element> in
            let pair = (count - 1 - position) * 2
            let mark = session.mark
            let result = Self.element(
                named: strings[pair], json: strings[pair + 1], types: session.types, aliases: session.migrations
            ) { decoder.child($0, key: IndexKey(position), salvages: false) }
            switch result {
            case .dropped:
                session.rollBack(to: mark)
                return result
            case .restored(let element), .migrated(let element):
                let substituted = session.substitutions != mark.substitutions
                session.substitutions = mark.substitutions
                if case .restored = result, !substituted { return result }
                return .migrated(element)
            }
        }
        session.recordPath(
            outcome, at: decoder.codingPath,
            stored: { position in
                let pair = (count - 1 - position) * 2
                return .array([.string(strings[pair]), .string(strings[pair + 1])])
            },
            became: { element in .array([.string(element.typeName), .string((try? element.json()) ?? "")]) })
        return outcome.routes
    }

    /// Decodes one element by its stored type name, through the decoder `decoding` makes for its
    /// parsed JSON (which gives it its place and, in a restore, the app's resolvers). An element
    /// whose type name is a registry alias, or whose JSON is an alias of the migrations, is migrated.
    static func element(
        named name: String, json: String, types: NavigationTypeRegistry, aliases: NavigationMigrations? = nil,
        decoding: (JSONValue) -> ValueDecoder
    ) -> PathRestorer.ElementOutcome<Element> {
        guard let entry = types.entry(for: name) else { return .dropped(.unknownType(name)) }
        var value: JSONValue
        do {
            value = try JSONValue(parsing: Array(json.utf8), maximumDepth: 512)
        } catch {
            return .dropped(.undecodable("its JSON does not parse: \(error)"))
        }
        var aliased = false
        if let target = aliases?.aliasTarget(of: value) {
            value = target
            aliased = true
        }
        let decoder = decoding(value)
        do {
            let element = Element(typeName: entry.name, base: try entry.decode(decoder))
            return entry.name == name && !aliased ? .restored(element) : .migrated(element)
        } catch {
            return .dropped(RestoreSession.reason(for: error, below: decoder.codingPath.count))
        }
    }

    /// Restores a path from a value that encodes itself in SwiftUI's wire format, such as SwiftUI's
    /// `NavigationPath.CodableRepresentation`, element by element: the value is encoded, then
    /// restored as a scene restores a stored one.
    ///
    /// - Parameters:
    ///   - representation: The value.
    ///   - types: The app's types.
    ///   - policy: What to do after a dropped element, the maximum depth, duplicates.
    /// - Returns: The path and the report.
    /// - Throws: ``NavigationError/cannotEncode(reason:)`` when the value cannot be encoded;
    ///   ``NavigationError/cannotDecode(key:reason:location:)`` when it is not SwiftUI's format.
    package static func restored<Representation: Encodable>(
        encoding representation: Representation, types: NavigationTypeRegistry, policy: RestorePolicy = RestorePolicy()
    ) throws(NavigationError) -> (path: MixedPath, report: RestoreReport) {
        try restored(from: try StateCoding.encode(representation), types: types, policy: policy)
    }

    /// The path as a value that decodes SwiftUI's wire format, such as SwiftUI's
    /// `NavigationPath.CodableRepresentation`: the path's JSON, decoded by `JSONDecoder`.
    /// - Parameter type: The value's type.
    /// - Returns: The value.
    /// - Throws: What the type's decoder throws (SwiftUI's throws when a type name names no type of
    ///   the app); ``NavigationError/cannotEncode(reason:)`` when an element cannot be encoded.
    package func representation<Representation: Decodable>(decodedAs type: Representation.Type) throws -> Representation
    {
        let bytes = try StateCoding.encode(self).serialized()
        return try JSONDecoder().decode(type, from: Data(bytes))
    }

    /// Restores a path stored in SwiftUI's wire format, element by element: each dropped element's
    /// `json` is its stored pair, and its position counts from the root.
    package static func restored(
        from value: JSONValue, types: NavigationTypeRegistry, policy: RestorePolicy = RestorePolicy()
    ) throws(NavigationError) -> (path: MixedPath, report: RestoreReport) {
        let (path, report) = try StateCoding.decode(MixedPath.self, from: value, policy: policy, types: types)
        return (path, report)
    }
}

// MARK: - Deprecated in 0.4.0: a path's restore and type names apart from a scene

extension MixedPath {
    /// Restores a path stored in SwiftUI's wire format, element by element.
    /// - Parameters:
    ///   - value: The stored value: a flat array of strings.
    ///   - types: The app's types.
    ///   - policy: What to do after a dropped element, the maximum depth, duplicates.
    /// - Returns: The path and the report.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)`` when the value is not a flat array
    ///   of strings of even length.
    @available(
        *, deprecated,
        message: "restore through a scene's connection (PersistentScene) or a model's jsonData, with types: registered"
    )
    public static func decode(
        from value: JSONValue, types: NavigationTypeRegistry, policy: RestorePolicy = RestorePolicy()
    ) throws(NavigationError) -> (path: MixedPath, report: RestoreReport) {
        try restored(from: value, types: types, policy: policy)
    }

    /// The name SwiftUI writes for a type.
    /// - Parameter type: The type.
    /// - Returns: Its name.
    @available(
        *, deprecated, message: "read an element's typeName; NavigationTypeRegistry.register(_:aliases:) names the type"
    )
    public static func typeName(of type: Any.Type) -> String {
        swiftUIName(of: type)
    }
}

// MARK: - Deprecated

extension MixedPath.Element {
    /// The value, typed as `Sendable` as in 0.2.0, when only `Sendable` values could be appended.
    /// An element now holds what `NavigationPath` holds, `Sendable` or not: use ``base``. A value
    /// whose conformances are isolated to an actor (an Xcode 26 app's types) comes back as itself
    /// on that actor, and as its type name (a `String`) off it, where its conformances may not be
    /// used.
    @available(*, deprecated, renamed: "base", message: "an element's value need not be Sendable: use base")
    public var value: any Codable & Hashable & Sendable {
        Self.cast(base, to: (any Codable & Hashable & Sendable).self) ?? typeName
    }

    /// A cast the runtime checks where it runs: a conformance isolated to an actor passes on that
    /// actor and fails off it. (Written with `Sendable` in its target type, the same cast would be
    /// refused for isolated conformances everywhere, and as a forced cast, trap.)
    private static func cast<Target>(_ value: Any, to type: Target.Type) -> Target? {
        value as? Target
    }
}

// A path was `Sendable` in 0.2.0, when it could hold only `Sendable` values. It now holds what
// `NavigationPath` (which is not `Sendable`) holds. Unchecked, and not proven: sound for a path of
// `Sendable` values with conformances that are not isolated (all that 0.2.0's code can append), not
// for the rest, which is why it is deprecated and documented on the type; it goes in a later minor
// release.
@available(
    *, deprecated,
    message: "a MixedPath holds values that need not be Sendable, as NavigationPath does; send its encoded form instead"
)
extension MixedPath: @unchecked Sendable {}

@available(
    *, deprecated,
    message: "a MixedPath holds values that need not be Sendable, as NavigationPath does; send its encoded form instead"
)
extension MixedPath.Element: @unchecked Sendable {}
