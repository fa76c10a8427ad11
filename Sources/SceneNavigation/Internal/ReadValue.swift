import SceneStore

/// A scene's value as its file was read: restored (and restored again, for a link) from its
/// checked text, with nothing built but what the restore decodes; built whole only where a copy
/// of it is kept aside.
struct ReadValue: Sendable {
    /// The document read.
    private let document: StoredDocument
    /// The value's key.
    let key: String

    /// The value under `key` in `document`; nil when it holds none.
    init?(_ key: String, in document: StoredDocument) {
        guard document.hasValue(forKey: key) else { return nil }
        self.document = document
        self.key = key
    }

    /// The value, built.
    var value: SceneValue {
        guard let value = document.value(forKey: key) else { preconditionFailure("a read value is in its document") }
        return value
    }

    /// The value as a restore decodes it: still its checked text when it was read as JSON.
    /// - Throws: ``NavigationError/cannotDecode(key:reason:location:)`` for binary data that is not JSON.
    func stored() throws(NavigationError) -> StoredJSON {
        if let span = document.text(forKey: key) { return .text(span) }
        return try StateCoding.stored(of: value, key: key)
    }
}
