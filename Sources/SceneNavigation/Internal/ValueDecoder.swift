import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Decodes `Decodable` values from a parsed ``/SceneStore/JSONValue``, as `JSONDecoder` with its default
/// strategies decodes the same text, and, in a restore, salvages what it can:
///
/// - every ``RoutePath`` and ``MixedPath`` is restored element by element under the restore's
///   policy (``restorePath(_:)``), each element decoded strictly;
/// - a member of the state that no longer decodes takes the value of the state to fall back on
///   (the model's initial state) and is reported, so the rest restores;
/// - the app's resolvers apply to every value whose type has one, at every member and element.
///
/// Special cases as `JSONDecoder` makes them: `Data` from base64, `URL` from its string, `Decimal`
/// from a number's text, and a ``/SceneStore/JSONValue`` as itself.
final class ValueDecoder: Decoder {
    /// The value this decoder reads, as it was given: built, or still its checked text.
    let stored: StoredJSON
    /// The value this decoder reads, built (from its text the first time it is asked for: a part
    /// read through containers, or a path read straight from its text, is not built whole unless
    /// a typed migration rule asks for it).
    private(set) lazy var value: JSONValue = stored.built
    /// The restore this decode is part of; nil for a strict decode.
    let session: RestoreSession?
    /// Whether a member that does not decode falls back: on in the state, off inside path
    /// elements (an element is restored whole or dropped whole).
    let salvages: Bool
    private let parent: ValueDecoder?
    private let key: (any CodingKey)?
    /// In a salvaging restore, the members of this decoder's object that a keyed container read, or
    /// all of them once its keys were listed: the others are reported after the value decodes,
    /// since the next write would drop them.
    fileprivate var readMembers: Set<String>?
    fileprivate var readsAllMembers = false
    /// In a salvaging restore, the members of this decoder's object, as its keyed container read them.
    fileprivate var members: StoredJSON.Members?

    /// A decoder of a whole value.
    convenience init(value: JSONValue, session: RestoreSession?, salvages: Bool = true) {
        self.init(stored: .value(value), session: session, salvages: salvages)
    }

    /// A decoder of a whole value, built or still its checked text.
    init(stored: StoredJSON, session: RestoreSession?, salvages: Bool = true) {
        self.stored = stored
        self.session = session
        self.salvages = salvages && session != nil
        parent = nil
        key = nil
    }

    private init(stored: StoredJSON, parent: ValueDecoder, key: any CodingKey, session: RestoreSession?, salvages: Bool)
    {
        self.stored = stored
        self.parent = parent
        self.key = key
        self.session = session
        self.salvages = salvages
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var node: ValueDecoder? = self
        while let current = node, let key = current.key {
            path.append(key)
            node = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] {
        guard let session else { return [:] }
        return [MixedPath.typesKey: session.types, RouteResolvers.decoderKey: session.resolvers]
    }

    /// A decoder of a part of this value.
    func child(_ value: JSONValue, key: any CodingKey, salvages: Bool? = nil) -> ValueDecoder {
        child(.value(value), key: key, salvages: salvages)
    }

    /// A decoder of a part of this value, built or still its checked text.
    func child(_ stored: StoredJSON, key: any CodingKey, salvages: Bool? = nil) -> ValueDecoder {
        ValueDecoder(stored: stored, parent: self, key: key, session: session, salvages: salvages ?? self.salvages)
    }

    /// A decoder of the fallback's value at a part: with the restore's resolvers and types, but
    /// reporting into nothing and salvaging nothing.
    func fallbackChild(_ value: JSONValue, key: any CodingKey) -> ValueDecoder {
        ValueDecoder(stored: .value(value), parent: self, key: key, session: session?.fallbackSession, salvages: false)
    }

    // MARK: - Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let members = stored.members else { throw mismatch(expected: [String: Any].self) }
        if salvages && readMembers == nil {
            readMembers = []
            self.members = members
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, members: members))
    }

    /// A member a keyed container read.
    fileprivate func noteRead(_ name: String) {
        readMembers?.insert(name)
    }

    /// In a salvaging restore, reports the members of the object just decoded as `type` that it
    /// did not read: the type no longer has them, and the next write drops them. Once per object.
    private func reportUnreadMembers(of type: Any.Type) {
        guard let read = readMembers, let session, let members else { return }
        readMembers = nil
        guard !readsAllMembers else { return }
        for name in members.names({ $0 }).sorted() where !read.contains(name) {
            session.recordUnreadMember(
                at: codingPath + [NameKey(name)], stored: members[name]?.built ?? .null, typeName: "\(type)")
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = stored.elements else { throw mismatch(expected: [Any].self) }
        return UnkeyedContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(decoder: self)
    }

    // MARK: - Values

    var isNull: Bool { stored.isNull }

    func bool() throws -> Bool {
        guard case .bool(let result) = value else { throw mismatch(expected: Bool.self) }
        return result
    }

    func string() throws -> String {
        guard case .string(let result) = value else { throw mismatch(expected: String.self) }
        return result
    }

    func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        guard case .number(let number) = value else { throw mismatch(expected: type) }
        if let exact = Integer(number.literal) { return exact }
        // As JSONDecoder: 1.0 and 1e2 are integers too.
        if let double = Double(number.literal), double.isFinite, let exact = Integer(exactly: double) { return exact }
        throw DecodingError.dataCorrupted(
            .init(codingPath: codingPath, debugDescription: "Number \(number) does not fit in \(type)."))
    }

    func floatingPoint<Float: BinaryFloatingPoint & LosslessStringConvertible>(_ type: Float.Type) throws -> Float {
        guard case .number(let number) = value else { throw mismatch(expected: type) }
        guard let result = Float(number.literal), result.isFinite else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "Number \(number) does not fit in \(type)."))
        }
        return result
    }

    /// A value of any type: in a restore, its stored JSON made current by the renames and steps
    /// of its type first (noted, so the part that holds it is reported as migrated); then the
    /// special types as `JSONDecoder` reads them, any other through its own `init(from:)`; then
    /// through the app's resolver of its type.
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        if let session, session.migrations.hasTypedRules,
            let current = try session.migrations.current(value, as: type, storedVersion: session.storedVersion)
        {
            session.substitutions += 1
            let replaced = replacing(with: current)
            let decoded = try replaced.decodeNamingCase(type)
            replaced.reportUnreadMembers(of: type)
            return try resolving(decoded)
        }
        let decoded = try decodeNamingCase(type)
        reportUnreadMembers(of: type)
        return try resolving(decoded)
    }

    /// This decoder with another value in the same place.
    private func replacing(with value: JSONValue) -> ValueDecoder {
        guard let parent, let key else {
            return ValueDecoder(stored: .value(value), session: session, salvages: salvages)
        }
        return ValueDecoder(stored: .value(value), parent: parent, key: key, session: session, salvages: salvages)
    }

    /// The value decoded; when it is an enum stored as a case it no longer has, the error names
    /// the case, as a raw-value enum's is named (Swift's synthesized decoding says only "Invalid
    /// number of keys found", or "Cannot initialize ... from invalid String value ...").
    private func decodeNamingCase<Value: Decodable>(_ type: Value.Type) throws -> Value {
        do {
            return try decodeUnresolved(type)
        } catch DecodingError.typeMismatch(_, let context)
            where context.codingPath.count == codingPath.count
            && context.debugDescription == "Invalid number of keys found, expected one."
            && value.objectValue?.count == 1
        {
            let name = value.objectValue?.keys.first ?? ""
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\(Value.self) has no case '\(name)'"))
        } catch DecodingError.dataCorrupted(let context)
            where context.codingPath.count == codingPath.count
            && context.debugDescription.hasPrefix("Cannot initialize \(Value.self) from invalid ")
        {
            // A raw-value enum (`String`, `Int`) says "Cannot initialize Screen from invalid String
            // value flavorManagement": the same words as for any other enum's case that is gone.
            let raw: String
            switch value {
            case .string(let text): raw = text
            case .number(let number): raw = number.literal
            default: raw = value.description
            }
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\(Value.self) has no case '\(raw)'"))
        }
    }

    private func decodeUnresolved<Value: Decodable>(_ type: Value.Type) throws -> Value {
        if type == JSONValue.self, let result = value as? Value { return result }
        if type == Data.self {
            guard let data = Data(base64Encoded: try string()), let result = data as? Value else {
                throw corrupted("Encountered Data is not valid Base64.")
            }
            return result
        }
        if type == URL.self {
            guard let url = URL(string: try string()), let result = url as? Value else {
                throw corrupted("Invalid URL string.")
            }
            return result
        }
        if type == Decimal.self {
            guard case .number(let number) = value else { throw mismatch(expected: type) }
            guard let decimal = Decimal(string: number.literal), let result = decimal as? Value else {
                throw corrupted("Number \(number) is not a Decimal.")
            }
            return result
        }
        return try Value(from: self)
    }

    /// The value through the app's resolver of its type, when there is one. A value the resolver
    /// replaces by a different one is noted, so the part that holds it is reported as migrated.
    func resolving<Value>(_ decoded: Value) throws -> Value {
        guard let session, session.resolvers.hasResolvers, let resolve = session.resolvers.resolver(for: Value.self)
        else { return decoded }
        guard let resolved = resolve(decoded) else { throw UnresolvedValue(typeName: "\(Value.self)") }
        if let before = decoded as? AnyHashable, let after = resolved as? AnyHashable, before != after {
            session.substitutions += 1
        }
        return resolved
    }

    // MARK: - Paths

    /// Restores the array this decoder reads as a path, element by element: each element looked up
    /// in the migrations' aliases, decoded strictly (and resolved), the policy applied; what was
    /// dropped reported with its position and stored JSON, and what was migrated (an alias, a value
    /// a resolver or lookup replaced) with what it became. Without a restore, the array is decoded
    /// as strictly as `[Route]`.
    func restorePath<Route: Codable & Hashable>(_ type: Route.Type) throws -> [Route] {
        guard let session else { return try [Route](from: self) }
        let depth = codingPath.count
        let unread = depth == 0 ? session.unread : [:]
        // A path still as its text has its identifiers read straight from the bytes when they can
        // be, and no element built unless it is reported.
        var readsFast = session.policy.restoresPaths
        if case .text(let span) = stored, readsFast {
            switch IdentifiedPath.restored(ofText: span, as: Route.self, in: session) {
            case .restored(let found)?:
                // An element's text is found again only for an element reported.
                var spans: [JSONSpan]?
                func element(_ position: Int) -> JSONValue {
                    if spans == nil { spans = span.elements() }
                    return spans?[position].value ?? .null
                }
                return restorePath(found, count: found.count, element: element, unread: unread, in: session)
            case .encodesOtherwise?: readsFast = false
            case nil: break
            }
        }
        guard case .array(let elements) = value else { throw mismatch(expected: [Any].self) }
        // Identified routes are restored the fast way when they can be (never for a policy that
        // withholds paths: nothing is decoded then).
        let found = readsFast ? IdentifiedPath.restored(of: elements, as: Route.self, in: session) : nil
        return restorePath(found, count: elements.count, element: { elements[$0] }, unread: unread, in: session)
    }

    /// Restores the path of `count` elements that `element` gives, what the fast way restored of it
    /// given.
    private func restorePath<Route: Codable & Hashable>(
        _ found: IdentifiedPath.Restored<Route>?, count: Int, element: (Int) -> JSONValue,
        unread: [Int: RestoreReport.Reason], in session: RestoreSession
    ) -> [Route] {
        let depth = codingPath.count
        var fast: [PathRestorer.ElementOutcome<Route>?]?
        switch found {
        case .whole(let routes)? where unread.isEmpty && PathRestorer.keepsAll(routes.count, policy: session.policy):
            // Every element restored, and the policy keeps them all.
            session.recordPath(
                PathRestorer.Outcome(routes: routes), at: codingPath, stored: element,
                became: { (try? ValueEncoder.encode($0)) ?? .null })
            return routes
        case .whole(let routes)?: fast = routes.map { .restored($0) }
        case .outcomes(let outcomes)?: fast = outcomes
        case nil: fast = nil
        }
        if fast != nil {
            for (position, reason) in unread { fast?[position] = .dropped(reason) }
        }
        let hasAliases = !session.migrations.aliasTable.isEmpty
        let outcome = PathRestorer.restore(count: count, policy: session.policy, known: fast) {
            (position) -> PathRestorer.ElementOutcome<Route> in
            if let reason = unread[position] { return .dropped(reason) }
            var stored = element(position)
            var aliased = false
            if hasAliases, let target = session.migrations.aliasTarget(of: stored) {
                stored = target
                aliased = true
            }
            return restoreElement(stored, at: position, as: Route.self, aliased: aliased, in: session, depth: depth)
        }
        session.recordPath(
            outcome, at: codingPath, stored: element, became: { (try? ValueEncoder.encode($0)) ?? .null })
        return outcome.routes
    }

    /// One element of a path or a chain (`stored`, at `position` of the array this decoder reads),
    /// decoded strictly as `type` (its route resolved): restored, migrated (`aliased`, or a value a
    /// resolver or lookup replaced), or dropped with why, what it noted rolled back.
    func restoreElement<Element: Decodable>(
        _ stored: JSONValue, at position: Int, as type: Element.Type, aliased: Bool, in session: RestoreSession,
        depth: Int
    ) -> PathRestorer.ElementOutcome<Element> {
        let mark = session.mark
        do {
            let element = try child(stored, key: IndexKey(position), salvages: false).decode(type)
            let substituted = session.substitutions != mark.substitutions
            session.substitutions = mark.substitutions
            return aliased || substituted ? .migrated(element) : .restored(element)
        } catch {
            session.rollBack(to: mark)
            return .dropped(RestoreSession.reason(for: error, below: depth + 1))
        }
    }

    // MARK: - Errors

    func mismatch(expected type: Any.Type) -> DecodingError {
        if isNull {
            return .valueNotFound(
                type,
                .init(
                    codingPath: codingPath,
                    debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(
            type,
            .init(
                codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(kindWords) instead."))
    }

    private func corrupted(_ description: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: description))
    }

    private var kindWords: String {
        let kind: JSONSpan.Kind
        switch stored {
        case .text(let span): kind = span.kind
        case .value(let value): kind = value.kind
        }
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "a dictionary"
        }
    }
}

/// An array index as a coding key: `[3]` in locations.
struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// A member's name as a coding key, for locations in reports.
private struct NameKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) {}
    init?(intValue: Int) { nil }
}

// MARK: - Keyed

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ValueDecoder
    let members: StoredJSON.Members

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] {
        decoder.readsAllMembers = true
        return members.names { Key(stringValue: $0) }
    }

    func contains(_ key: Key) -> Bool {
        decoder.noteRead(key.stringValue)
        return members.contains(key.stringValue)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.noteRead(key.stringValue)
        guard let member = members[key.stringValue] else { throw notFound(key) }
        return member.isNull
    }

    private func notFound(_ key: Key) -> DecodingError {
        .keyNotFound(
            key, .init(codingPath: codingPath, debugDescription: "No value associated with key '\(key.stringValue)'."))
    }

    /// A required member; in a restore, one that does not decode (or is missing) falls back.
    private func member<Value>(_ key: Key, _ unbox: (ValueDecoder) throws -> Value) throws -> Value {
        decoder.noteRead(key.stringValue)
        let stored = members[key.stringValue]
        let mark = decoder.session?.mark
        do {
            guard let stored else {
                // A part added to the state since it was saved (a chain of presentations) held
                // nothing then: empty, and nothing lost to report.
                if decoder.session != nil, let empty = Value.self as? any EmptyWhenAbsent.Type,
                    let absent = empty.absent as? Value
                {
                    return absent
                }
                throw notFound(key)
            }
            let value = try unbox(decoder.child(stored, key: key))
            noteMigration(of: key, stored: stored, value: value, since: mark)
            return value
        } catch {
            guard decoder.salvages, let session = decoder.session, let mark else { throw error }
            session.rollBack(to: mark)
            let path = codingPath + [key]
            guard let fallback = session.fallbackValue(at: path),
                let value = try? unbox(decoder.fallbackChild(fallback, key: key))
            else { throw error }
            session.recordMember(at: path, stored: stored?.built, error: error)
            return value
        }
    }

    /// An optional member: nil when absent or null; in a restore, one that does not decode falls
    /// back (to nil when the fallback has none).
    private func memberIfPresent<Value>(_ key: Key, _ unbox: (ValueDecoder) throws -> Value) throws -> Value? {
        decoder.noteRead(key.stringValue)
        guard let stored = members[key.stringValue], !stored.isNull else { return nil }
        let mark = decoder.session?.mark
        do {
            let value = try unbox(decoder.child(stored, key: key))
            noteMigration(of: key, stored: stored, value: value, since: mark)
            return value
        } catch {
            guard decoder.salvages, let session = decoder.session, let mark else { throw error }
            session.rollBack(to: mark)
            let path = codingPath + [key]
            var value: Value?
            if let fallback = session.fallbackValue(at: path), fallback != .null {
                value = try? unbox(decoder.fallbackChild(fallback, key: key))
            }
            session.recordMember(at: path, stored: stored.built, error: error)
            return value
        }
    }

    /// A member a resolver or lookup replaced, and that no path inside it has reported already,
    /// is reported as migrated.
    private func noteMigration<Value>(
        of key: Key, stored: StoredJSON, value: Value, since mark: RestoreSession.Mark?
    ) {
        guard let session = decoder.session, let mark, session.substitutions != mark.substitutions else { return }
        session.substitutions = mark.substitutions
        let became = (value as? any Encodable).flatMap { try? ValueEncoder.encode($0) } ?? .null
        session.recordMember(at: codingPath + [key], migratedFrom: stored.built, to: became)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key) { try $0.resolving($0.bool()) } }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try member(key) { try $0.resolving($0.string()) }
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try member(key) { try $0.resolving($0.floatingPoint(type)) }
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try member(key) { try $0.resolving($0.floatingPoint(type)) }
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try member(key) { try $0.resolving($0.integer(type)) }
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try member(key) { try $0.resolving($0.integer(type)) }
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try member(key) { try $0.resolving($0.integer(type)) }
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try member(key) { try $0.resolving($0.integer(type)) }
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try member(key) { try $0.resolving($0.integer(type)) }
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try member(key) { try $0.resolving($0.integer(type)) }
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try member(key) { try $0.resolving($0.integer(type)) }
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try member(key) { try $0.resolving($0.integer(type)) }
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try member(key) { try $0.resolving($0.integer(type)) }
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try member(key) { try $0.resolving($0.integer(type)) }
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try member(key) { try $0.decode(type) } }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try memberIfPresent(key) { try $0.resolving($0.bool()) }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try memberIfPresent(key) { try $0.resolving($0.string()) }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try memberIfPresent(key) { try $0.resolving($0.floatingPoint(type)) }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try memberIfPresent(key) { try $0.resolving($0.floatingPoint(type)) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try memberIfPresent(key) { try $0.resolving($0.integer(type)) }
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try memberIfPresent(key) { try $0.resolving($0.integer(type)) }
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try memberIfPresent(key) { try $0.resolving($0.integer(type)) }
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try memberIfPresent(key) { try $0.resolving($0.integer(type)) }
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try memberIfPresent(key) { try $0.resolving($0.integer(type)) }
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try memberIfPresent(key) { try $0.resolving($0.integer(type)) }
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try memberIfPresent(key) { try $0.resolving($0.integer(type)) }
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try memberIfPresent(key) { try $0.resolving($0.integer(type)) }
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try memberIfPresent(key) { try $0.resolving($0.integer(type)) }
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try memberIfPresent(key) { try $0.resolving($0.integer(type)) }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try memberIfPresent(key) { try $0.decode(type) }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        decoder.noteRead(key.stringValue)
        guard let member = members[key.stringValue] else { throw notFound(key) }
        return try decoder.child(member, key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        decoder.noteRead(key.stringValue)
        guard let member = members[key.stringValue] else { throw notFound(key) }
        return try decoder.child(member, key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder.noteRead("super")
        return decoder.child(members["super"] ?? .value(.null), key: SuperKey())
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.noteRead(key.stringValue)
        return decoder.child(members[key.stringValue] ?? .value(.null), key: key)
    }
}

// MARK: - Unkeyed

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: ValueDecoder
    let elements: StoredJSON.Elements
    private(set) var currentIndex = 0

    init(decoder: ValueDecoder, elements: StoredJSON.Elements) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element, decoded by `unbox`; the index moves on only when it decoded.
    private mutating func next<Value>(_ type: Any.Type, _ unbox: (ValueDecoder) throws -> Value) throws -> Value {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "Unkeyed container is at end.")
            )
        }
        // An element of an array falls back (or not) with its array: the fallback's element at the
        // same index may be another one.
        let value = try unbox(decoder.child(elements[currentIndex], key: IndexKey(currentIndex), salvages: false))
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any?.self,
                .init(
                    codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "Unkeyed container is at end.")
            )
        }
        guard elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.resolving($0.bool()) } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $0.resolving($0.string()) } }
    mutating func decode(_ type: Double.Type) throws -> Double {
        try next(type) { try $0.resolving($0.floatingPoint(type)) }
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        try next(type) { try $0.resolving($0.floatingPoint(type)) }
    }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.resolving($0.integer(type)) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $0.resolving($0.integer(type)) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try $0.resolving($0.integer(type)) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try $0.resolving($0.integer(type)) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $0.resolving($0.integer(type)) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $0.resolving($0.integer(type)) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try $0.resolving($0.integer(type)) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        try next(type) { try $0.resolving($0.integer(type)) }
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        try next(type) { try $0.resolving($0.integer(type)) }
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        try next(type) { try $0.resolving($0.integer(type)) }
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        try next(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([Any].self) { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { $0 }
    }
}

// MARK: - Single value

private struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: ValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    // A type's own `init(from:)` reads its value here: the resolver of the type being decoded
    // applies once, where it is decoded, so these primitives do not resolve.
    func decodeNil() -> Bool { decoder.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool() }
    func decode(_ type: String.Type) throws -> String { try decoder.string() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.floatingPoint(type) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.floatingPoint(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }
}
