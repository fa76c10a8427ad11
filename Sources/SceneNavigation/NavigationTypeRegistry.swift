#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The types a ``MixedPath`` can decode, by the names SwiftUI's `NavigationPath` writes.
///
/// SwiftUI names each element's type as `_typeName(T.self, qualified: true)` (`Swift.Int`,
/// `MyApp.User`) and finds the type again by that name at run time. On Linux a type cannot be
/// found by its name, so the app registers the types its paths hold, each under its qualified name
/// and any aliases it was once saved under (a renamed type, a moved module). The standard types
/// are known without registering: the integer and floating-point types, `Bool`, `String`, and
/// `UUID`, `URL` and `Date` under both `Foundation.` and `FoundationEssentials.` names.
///
/// A type need not be `Sendable`, and its conformances may be isolated to the main actor (as an
/// Xcode 26 app target declares them): register it, and restore the paths that hold it, where its
/// values live. The registry's `Sendable` conformance of 0.2.0 (when only `Sendable` types could be
/// registered) stays, deprecated; the compiler warns where a registry is handed over as `Sendable`
/// (a decoder's `userInfo`), not where a `Sendable` type stores one or a task captures one, so a
/// registry of types isolated to the main actor must not be sent away from it.
///
/// ```swift
/// var registry = NavigationTypeRegistry()
/// registry.register(User.self, aliases: ["OldApp.User"])
/// ```
public struct NavigationTypeRegistry {
    /// Decodes one element into a value of a registered type, through the restore's decoder (so the
    /// app's resolvers apply to it). It uses the type's conformances, which may be isolated to the
    /// main actor: a registry is used where the app's values live, like a `MixedPath`.
    typealias Decoder = (ValueDecoder) throws -> any Codable & Hashable

    /// For each name a type may be stored under: the name it is written under now, and its decoder.
    private var entries: [String: (name: String, decode: Decoder)] = [:]

    /// A registry that knows the standard types.
    public init() {
        self = Self.standard
    }

    /// Built once: every restore starts from it. Never changed after it is built, and its decoders
    /// decode only the standard library's and Foundation's `Sendable` types, so it may be read from
    /// any thread (when the deprecated `Sendable` conformance goes, this becomes
    /// `nonisolated(unsafe)` for that reason).
    private static let standard: NavigationTypeRegistry = {
        var registry = NavigationTypeRegistry(empty: ())
        registry.registerStandardTypes()
        return registry
    }()

    private init(empty: Void) {}

    /// Registers a type under its qualified name and any aliases.
    /// - Parameters:
    ///   - type: The type.
    ///   - aliases: Other names it was saved under, such as an earlier name or module.
    public mutating func register<Value: Codable & Hashable>(_ type: Value.Type, aliases: [String] = []) {
        register(type, as: MixedPath.swiftUIName(of: type), aliases: aliases)
    }

    /// Registers a type under a given name, which is also the name it is written under.
    mutating func register<Value: Codable & Hashable>(
        _ type: Value.Type, as name: String, aliases: [String] = []
    ) {
        let decode: Decoder = { decoder in try decoder.decode(Value.self) }
        for alias in [name] + aliases { entries[alias] = (name, decode) }
    }

    /// The registered type a stored name stands for: the name to write it under, and its decoder.
    func entry(for storedName: String) -> (name: String, decode: Decoder)? {
        entries[storedName]
    }

    /// Whether a name is registered (as a name or an alias).
    /// - Parameter name: A type name as stored.
    /// - Returns: Whether elements of that name can be decoded.
    @available(*, deprecated, message: "a restore reports an element whose type is not registered as unknown-type")
    public func knows(_ name: String) -> Bool { isRegistered(name) }

    /// Whether a name is registered (as a name or an alias).
    package func isRegistered(_ name: String) -> Bool { entries[name] != nil }

    private mutating func registerStandardTypes() {
        register(Int.self)
        register(Int8.self)
        register(Int16.self)
        register(Int32.self)
        register(Int64.self)
        register(UInt.self)
        register(UInt8.self)
        register(UInt16.self)
        register(UInt32.self)
        register(UInt64.self)
        register(Double.self)
        register(Float.self)
        register(Bool.self)
        register(String.self)
        // Written under Foundation's names, as SwiftUI on Apple platforms writes and reads them.
        register(UUID.self, as: "Foundation.UUID", aliases: ["FoundationEssentials.UUID"])
        register(URL.self, as: "Foundation.URL", aliases: ["FoundationEssentials.URL"])
        register(Date.self, as: "Foundation.Date", aliases: ["FoundationEssentials.Date"])
    }
}

// MARK: - Deprecated

// A registry was `Sendable` in 0.2.0, when it could register only `Sendable` types. Its decoders
// now use the conformances of any `Codable & Hashable` type, which may be isolated to the main
// actor. Unchecked, and not proven: sound for registries of `Sendable` types whose conformances are
// not isolated (all that 0.2.0's code can register), not for the rest, which is why it is deprecated
// and documented on the type; it goes in a later minor release.
@available(
    *, deprecated,
    message: "a NavigationTypeRegistry decodes types that need not be Sendable; use it where the app's values live"
)
extension NavigationTypeRegistry: @unchecked Sendable {}
