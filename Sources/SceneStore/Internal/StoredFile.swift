/// A scene's file as read: where it is, its exact bytes and the document they hold.
package struct StoredFile: Sendable, Equatable {
    /// The file's path.
    package var path: String
    /// The file's bytes, exactly as stored.
    package var bytes: [UInt8]
    /// The document the bytes hold.
    package var document: StoredDocument

    /// Creates a file description.
    /// - Parameters:
    ///   - path: The file's path.
    ///   - bytes: Its bytes.
    ///   - document: The document they hold.
    package init(path: String, bytes: [UInt8], document: StoredDocument) {
        self.path = path
        self.bytes = bytes
        self.document = document
    }
}
