import SceneStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Encodes `Encodable` values straight into a ``/SceneStore/JSONValue``: the value that `JSONEncoder`, with
/// its default strategies, writes and a parser reads back, without the text in between.
///
/// Special cases as `JSONEncoder` makes them: `Data` as a base64 string, `URL` as its absolute
/// string, `Decimal` as a number, `Float` and `Double` by their shortest text (a non-finite one
/// throws), and a ``/SceneStore/JSONValue`` as itself; and a `UUID` as the upper-case text its
/// own encoding writes, made from its bytes rather than through `uuidString`.
final class ValueEncoder: Encoder {
    /// The path of the container this encoder's value is in, and the value's own key: the coding
    /// path is only put together when something asks for it (an error, a type that reads it), so
    /// that encoding an element costs no array.
    private let parentPath: [any CodingKey]
    private let key: (any CodingKey)?
    /// What the whole encoding left out, shared by every encoder of one value.
    fileprivate let record: EncodingRecord
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    fileprivate var slot: Slot = .empty
    /// Whether ``IdentifiedRoute``'s own `encode(to:)` wrote this encoder's value (it says so).
    private var wroteAsIdentifiedRoute = false

    fileprivate init(parentPath: [any CodingKey], key: (any CodingKey)?, record: EncodingRecord) {
        self.parentPath = parentPath
        self.key = key
        self.record = record
    }

    /// The encoder of a save that `encoder` is, or writes through (what `superEncoder` hands
    /// out): nil for any other encoder, which writes everything.
    static func saving(_ encoder: any Encoder) -> ValueEncoder? {
        if let encoder = encoder as? ValueEncoder { return encoder }
        return (encoder as? ReferencingEncoder)?.inner
    }

    /// Records that the path this encoder writes leaves out its screens from `position` on
    /// (`count` of them), for `reason`: what a save writes beside the value. The value's chains
    /// of presentations are then left out whole (``chainCut``).
    func recordPathCut(at position: Int, count: Int, reason: UnsavedReason) {
        record.cuts.append(
            UnsavedCut(
                location: RestoreSession.location(of: codingPath), position: position, count: count, reason: reason))
        record.pathCut = record.pathCut == .sensitive ? .sensitive : reason
    }

    /// Where the chain of `levels` this encoder writes is cut, recorded, and how many of its
    /// levels are saved: none when a path of the value left screens out (what was presented
    /// over them, or may have been), else up to its first level that is not saved.
    func recordChainCut<Route>(of levels: [Presentation<Route>]) -> Int {
        guard !levels.isEmpty else { return 0 }
        record.holdsChain = true
        if record.dropsChains { return 0 }
        let own = UnsavedCut.first(in: levels)
        let kept = record.chainsCut == nil ? own?.position ?? levels.count : 0
        let location = RestoreSession.location(of: codingPath)
        if let reason = record.chainsCut, kept < (own?.position ?? levels.count) {
            let count = (own?.position ?? levels.count) - kept
            record.cuts.append(UnsavedCut(location: location, position: kept, count: count, reason: reason))
        }
        if let own {
            record.cuts.append(
                UnsavedCut(
                    location: location, position: own.position, count: levels.count - own.position, reason: own.reason))
        }
        return kept
    }

    /// Stores a value already made JSON, as a single value container would.
    func store(_ json: JSONValue) {
        slot = .value(json)
    }

    /// Stores a value that writes itself, as JSON or straight as text: a path of identifiers.
    func store(_ written: WrittenValue) {
        slot = .written(written)
    }

    var codingPath: [any CodingKey] {
        guard let key else { return parentPath }
        return parentPath + [key]
    }

    /// Notes that ``IdentifiedRoute``'s own `encode(to:)` writes this encoder's value: as the
    /// route's identifier, whatever the route.
    func noteIdentifiedRouteEncoding() {
        wroteAsIdentifiedRoute = true
    }

    /// The JSON value of a route, and whether ``IdentifiedRoute``'s own `encode(to:)` wrote it
    /// (rather than the route type's own).
    static func encode<Route: IdentifiedRoute>(route: Route) throws -> (json: JSONValue, byDefault: Bool) {
        let encoder = ValueEncoder(parentPath: [], key: nil, record: EncodingRecord())
        try route.encode(to: encoder)
        return (encoder.slot.json, encoder.wroteAsIdentifiedRoute)
    }

    /// The JSON value of `value`: what is saved of it (screens not saved left out).
    static func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
        try savedSlot(of: value).slot.json
    }

    /// The JSON value of `value`, and where it left out screens that are not saved, and why.
    /// - Parameters:
    ///   - value: The value.
    ///   - droppingChains: Whether every chain of presentations is left out, and not recorded: a
    ///     Handoff's state whose path its budget shortened (it reports what it left out itself).
    static func encodeRecording<Value: Encodable>(
        _ value: Value, droppingChains: Bool = false
    ) throws -> (json: JSONValue, cuts: [UnsavedCut]) {
        let (slot, cuts) = try savedSlot(of: value, droppingChains: droppingChains)
        return (slot.json, cuts)
    }

    /// The text of `value` as a scene file holds it, written straight into one buffer: no
    /// ``/SceneStore/JSONValue`` tree in between for what writes itself (a path of identifiers),
    /// and no string per identifier. The same text as `JSONText(encode(value))`; with it, where it
    /// left out screens that are not saved, and why.
    static func encodeText<Value: Encodable>(_ value: Value) throws -> (text: JSONText, cuts: [UnsavedCut]) {
        let (slot, cuts) = try savedSlot(of: value)
        return (JSONText.writing { slot.write(into: &$0) }, cuts)
    }

    /// What is saved of a whole value, and its cuts: when a path left screens out and the value
    /// holds presentations, encoded again with every chain left out (the strongest reason of the
    /// paths' cuts), wherever the chains are in the value, before or after the paths.
    private static func savedSlot<Value: Encodable>(
        of value: Value, droppingChains: Bool = false
    ) throws -> (slot: Slot, cuts: [UnsavedCut]) {
        let record = EncodingRecord()
        record.dropsChains = droppingChains
        let slot = try topLevelSlot(of: value, record: record)
        guard !droppingChains, let reason = record.pathCut, record.holdsChain else { return (slot, record.cuts) }
        let again = EncodingRecord()
        again.chainsCut = reason
        return (try topLevelSlot(of: value, record: again), again.cuts)
    }

    /// What a whole value encodes to.
    private static func topLevelSlot<Value: Encodable>(of value: Value, record: EncodingRecord) throws -> Slot {
        if let special = try specialValue(value, at: []) { return .value(special) }
        let encoder = ValueEncoder(parentPath: [], key: nil, record: record)
        try value.encode(to: encoder)
        // As JSONEncoder: a nested value that writes nothing is `{}`, a whole one is an error.
        if case .empty = encoder.slot {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
        }
        return encoder.slot
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer<Key>(object: objectBox(), codingPath: codingPath, record: record))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(array: arrayBox(), codingPath: codingPath, record: record)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }

    /// The object this encoder writes into, made on first use (several keyed containers share it).
    private func objectBox() -> ObjectBox {
        if case .object(let box) = slot { return box }
        let box = ObjectBox()
        slot = .object(box)
        return box
    }

    private func arrayBox() -> ArrayBox {
        if case .array(let box) = slot { return box }
        let box = ArrayBox()
        slot = .array(box)
        return box
    }

    /// Encodes a nested value under a key of a container: a special type directly, anything else
    /// through its own `encode(to:)`.
    fileprivate static func slot<Value: Encodable>(
        for value: Value, in parentPath: [any CodingKey], key: any CodingKey, record: EncodingRecord
    ) throws -> Slot {
        if let special = try specialValue(value, at: parentPath + [key]) { return .value(special) }
        let encoder = ValueEncoder(parentPath: parentPath, key: key, record: record)
        try value.encode(to: encoder)
        return encoder.slot
    }

    /// The types `JSONEncoder` writes in its own way.
    fileprivate static func specialValue<Value: Encodable>(
        _ value: Value, at codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> JSONValue? {
        // Compared by type first: a dynamic cast per value would cost more than encoding most values.
        let type = Value.self
        guard
            type == JSONValue.self || type == UUID.self || type == Data.self || type == URL.self
                || type == Decimal.self || type == Double.self || type == Float.self
        else { return nil }
        switch value {
        case let json as JSONValue: return json
        // The text its own encoding writes (`uuidString`), written from its bytes.
        case let uuid as UUID: return .string(UUIDText.string(of: uuid))
        case let data as Data: return .string(data.base64EncodedString())
        case let url as URL: return .string(url.absoluteString)
        case let decimal as Decimal:
            guard let number = JSONNumber(literal: decimal.description) else {
                throw EncodingError.invalidValue(
                    value, .init(codingPath: codingPath(), debugDescription: "Unable to encode \(decimal) in JSON."))
            }
            return .number(number)
        case let double as Double: return try number(double, at: codingPath())
        case let float as Float: return try number(float, at: codingPath())
        default: return nil
        }
    }

    fileprivate static func number(
        _ value: Double, at codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> JSONValue {
        guard let number = JSONNumber(value) else {
            throw EncodingError.invalidValue(
                value,
                .init(codingPath: codingPath(), debugDescription: "Unable to encode Double.\(value) directly in JSON."))
        }
        return .number(number)
    }

    fileprivate static func number(
        _ value: Float, at codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                .init(codingPath: codingPath(), debugDescription: "Unable to encode Float.\(value) directly in JSON."))
        }
        // Float's own shortest text, as JSONEncoder writes it (0.1, not 0.10000000149011612).
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(JSONNumber(literal: text) ?? JSONNumber(0))
    }
}

// MARK: - Storage

/// A value that writes itself both ways: as a JSON value, and straight as text.
struct WrittenValue {
    /// The value as JSON.
    var json: () -> JSONValue
    /// Writes the value's text.
    var write: (inout JSONTextWriter) -> Void
}

/// What an encoder wrote: nothing yet, a value, or an object or array still being filled.
private enum Slot {
    case empty
    case value(JSONValue)
    case written(WrittenValue)
    case object(ObjectBox)
    case array(ArrayBox)

    var json: JSONValue {
        switch self {
        case .empty: .object([:])
        case .value(let value): value
        case .written(let written): written.json()
        case .object(let box): .object(box.members.mapValues(\.json))
        case .array(let box): .array(box.elements.map(\.json))
        }
    }

    /// Writes the text of what `json` is, without making it.
    func write(into writer: inout JSONTextWriter) {
        switch self {
        case .empty: writer.value(.object([:]))
        case .value(let value): writer.value(value)
        case .written(let written): written.write(&writer)
        case .object(let box):
            writer.object(keys: Array(box.members.keys)) { writer, key in
                box.members[key, default: .empty].write(into: &writer)
            }
        case .array(let box):
            writer.array(count: box.elements.count) { writer, index in box.elements[index].write(into: &writer) }
        }
    }
}

private final class ObjectBox {
    var members: [String: Slot] = [:]
}

private final class ArrayBox {
    var elements: [Slot] = []
}

/// What one encoding left out (screens not saved), shared by its encoders: one value is encoded
/// on one thread.
final class EncodingRecord {
    var cuts: [UnsavedCut] = []
    /// The strongest reason a path of the value left screens out (sensitive over transient).
    var pathCut: UnsavedReason?
    /// Whether the value holds a chain with levels.
    var holdsChain = false
    /// Set for an encoding that leaves every chain out, for this reason.
    var chainsCut: UnsavedReason?
    /// Set for an encoding that leaves every chain out without recording it.
    var dropsChains = false
}

private struct EncodingSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) {}
    init?(intValue: Int) { nil }
}

/// An encoder whose result goes into a slot of an object or array once it is done: what
/// `superEncoder` hands out.
private final class ReferencingEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    fileprivate let inner: ValueEncoder
    private let store: (Slot) -> Void

    init(parentPath: [any CodingKey], key: any CodingKey, record: EncodingRecord, store: @escaping (Slot) -> Void) {
        codingPath = parentPath + [key]
        self.store = store
        inner = ValueEncoder(parentPath: parentPath, key: key, record: record)
    }

    deinit { store(inner.slot) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        inner.container(keyedBy: type)
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
    func singleValueContainer() -> any SingleValueEncodingContainer { inner.singleValueContainer() }
}

// MARK: - Containers

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: ObjectBox
    let codingPath: [any CodingKey]
    let record: EncodingRecord

    mutating func encodeNil(forKey key: Key) throws { object.members[key.stringValue] = .value(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        object.members[key.stringValue] = .value(.bool(value))
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        object.members[key.stringValue] = .value(.string(value))
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        object.members[key.stringValue] = .value(try ValueEncoder.number(value, at: codingPath + [key]))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        object.members[key.stringValue] = .value(try ValueEncoder.number(value, at: codingPath + [key]))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        object.members[key.stringValue] = .value(.number(JSONNumber(value)))
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.members[key.stringValue] = try ValueEncoder.slot(for: value, in: codingPath, key: key, record: record)
    }

    private func put<I: FixedWidthInteger>(_ value: I, _ key: Key) {
        object.members[key.stringValue] = .value(.number(JSONNumber(literal: String(value)) ?? JSONNumber(0)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let box = ObjectBox()
        object.members[key.stringValue] = .object(box)
        return KeyedEncodingContainer(
            KeyedContainer<NestedKey>(object: box, codingPath: codingPath + [key], record: record))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let box = ArrayBox()
        object.members[key.stringValue] = .array(box)
        return UnkeyedContainer(array: box, codingPath: codingPath + [key], record: record)
    }

    mutating func superEncoder() -> any Encoder {
        let object = object
        return ReferencingEncoder(parentPath: codingPath, key: EncodingSuperKey(), record: record) {
            object.members["super"] = $0
        }
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let object = object
        let name = key.stringValue
        return ReferencingEncoder(parentPath: codingPath, key: key, record: record) { object.members[name] = $0 }
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let array: ArrayBox
    let codingPath: [any CodingKey]
    let record: EncodingRecord
    var count: Int { array.elements.count }

    private var nextPath: [any CodingKey] { codingPath + [IndexKey(array.elements.count)] }

    mutating func encodeNil() throws { array.elements.append(.value(.null)) }
    mutating func encode(_ value: Bool) throws { array.elements.append(.value(.bool(value))) }
    mutating func encode(_ value: String) throws { array.elements.append(.value(.string(value))) }
    mutating func encode(_ value: Double) throws {
        array.elements.append(.value(try ValueEncoder.number(value, at: nextPath)))
    }
    mutating func encode(_ value: Float) throws {
        array.elements.append(.value(try ValueEncoder.number(value, at: nextPath)))
    }
    mutating func encode(_ value: Int) throws { array.elements.append(.value(.number(JSONNumber(value)))) }
    mutating func encode(_ value: Int8) throws { put(value) }
    mutating func encode(_ value: Int16) throws { put(value) }
    mutating func encode(_ value: Int32) throws { put(value) }
    mutating func encode(_ value: Int64) throws { put(value) }
    mutating func encode(_ value: UInt) throws { put(value) }
    mutating func encode(_ value: UInt8) throws { put(value) }
    mutating func encode(_ value: UInt16) throws { put(value) }
    mutating func encode(_ value: UInt32) throws { put(value) }
    mutating func encode(_ value: UInt64) throws { put(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.elements.append(
            try ValueEncoder.slot(for: value, in: codingPath, key: IndexKey(array.elements.count), record: record))
    }

    private func put<I: FixedWidthInteger>(_ value: I) {
        array.elements.append(.value(.number(JSONNumber(literal: String(value)) ?? JSONNumber(0))))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let path = nextPath
        let box = ObjectBox()
        array.elements.append(.object(box))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: box, codingPath: path, record: record))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let box = ArrayBox()
        array.elements.append(.array(box))
        return UnkeyedContainer(array: box, codingPath: path, record: record)
    }

    mutating func superEncoder() -> any Encoder {
        let array = array
        let index = array.elements.count
        array.elements.append(.empty)
        return ReferencingEncoder(parentPath: codingPath, key: IndexKey(index), record: record) {
            array.elements[index] = $0
        }
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func encodeNil() throws { encoder.slot = .value(.null) }
    func encode(_ value: Bool) throws { encoder.slot = .value(.bool(value)) }
    func encode(_ value: String) throws { encoder.slot = .value(.string(value)) }
    func encode(_ value: Double) throws { encoder.slot = .value(try ValueEncoder.number(value, at: codingPath)) }
    func encode(_ value: Float) throws { encoder.slot = .value(try ValueEncoder.number(value, at: codingPath)) }
    func encode(_ value: Int) throws { encoder.slot = .value(.number(JSONNumber(value))) }
    func encode(_ value: Int8) throws { put(value) }
    func encode(_ value: Int16) throws { put(value) }
    func encode(_ value: Int32) throws { put(value) }
    func encode(_ value: Int64) throws { put(value) }
    func encode(_ value: UInt) throws { put(value) }
    func encode(_ value: UInt8) throws { put(value) }
    func encode(_ value: UInt16) throws { put(value) }
    func encode(_ value: UInt32) throws { put(value) }
    func encode(_ value: UInt64) throws { put(value) }

    /// A value inside a single value goes into the same encoder, as `JSONEncoder` does: no
    /// encoder of its own to make.
    func encode<T: Encodable>(_ value: T) throws {
        if let special = try ValueEncoder.specialValue(value, at: codingPath) {
            encoder.slot = .value(special)
        } else {
            try value.encode(to: encoder)
        }
    }

    private func put<I: FixedWidthInteger>(_ value: I) {
        encoder.slot = .value(.number(JSONNumber(literal: String(value)) ?? JSONNumber(0)))
    }
}
