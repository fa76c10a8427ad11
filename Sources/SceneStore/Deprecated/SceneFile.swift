// MARK: - Deprecated: 0.3.0's file of a scene, the engine's since 0.4.0

/// A scene's file as read: where it is, its exact bytes and the document they hold.
@available(*, deprecated, message: "a scene's file is at path(for:); scenes() lists each scene's keys and health")
public struct SceneFile: Sendable, Equatable {
    /// The file's path.
    public var path: String
    /// The file's bytes, exactly as stored.
    public var bytes: [UInt8]
    /// The document the bytes hold.
    public var document: SceneDocument

    /// Creates a file description.
    /// - Parameters:
    ///   - path: The file's path.
    ///   - bytes: Its bytes.
    ///   - document: The document they hold.
    public init(path: String, bytes: [UInt8], document: SceneDocument) {
        self.path = path
        self.bytes = bytes
        self.document = document
    }

    /// The file the engine read.
    package init(_ file: StoredFile) {
        self.init(path: file.path, bytes: file.bytes, document: SceneDocument(file.document))
    }
}
