#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: - Deprecated: 0.3.0's documents and files, the engine's since 0.4.0

/// The contents of one scene's file: its values by key, and when and for which scene it was saved.
@available(*, deprecated, message: "list scenes with scenes(); navstate inspect shows a scene's file")
public struct SceneDocument: Sendable, Equatable {
    /// The scene the document belongs to; always the file's name.
    public var scene: SceneID
    /// When the document was written.
    public var savedAt: Date
    /// The stored values by key.
    public var values: [String: SceneValue]

    /// Creates a document.
    /// - Parameters:
    ///   - scene: The scene.
    ///   - savedAt: When it was saved.
    ///   - values: The values by key.
    public init(scene: SceneID, savedAt: Date, values: [String: SceneValue]) {
        self.scene = scene
        self.savedAt = savedAt
        self.values = values
    }

    /// The document the engine read.
    package init(_ document: StoredDocument) {
        self.init(scene: document.scene, savedAt: document.savedAt, values: document.values)
    }

    /// The engine's document of the same values.
    package var stored: StoredDocument { StoredDocument(scene: scene, savedAt: savedAt, values: values) }

    /// The format this release writes: 1.
    @available(
        *, deprecated,
        message: "SceneStore writes and checks the format itself; a newer one is SceneStoreError.newerFormat"
    )
    public static var currentFormat: Int { StoredDocument.formatVersion }

    /// The document as the bytes of its file: pretty-printed, sorted keys, newline at the end.
    @available(*, deprecated, message: "a scene's connection (PersistentScene) writes its state")
    public func encoded() -> [UInt8] { stored.encodedBytes() }
}
