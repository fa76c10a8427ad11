import SceneNavigation
import SceneNavigationTesting
import SceneStore
import Testing

@testable import SceneNavigationUI

/// The rules `PersistentNavigation` follows for its appearances and the links its scene opens
/// (`SceneConnection` needs no SwiftUI: these run on every platform).
@MainActor
@Suite struct SceneConnectionTests {
    typealias Connection = SceneConnection<RoutePath<String>>

    /// A link that appends `route` to the path.
    static func link(_ route: String) -> Connection.Link {
        { model in model.state.append(route) }
    }

    /// A real connection of a fresh model to a temporary store.
    static func persistence() async throws -> (ScenePersistence<RoutePath<String>>, TemporaryStore) {
        let temporary = try TemporaryStore()
        let persistence = try await ScenePersistence.connect(
            SceneNavigationModel(RoutePath<String>()), to: temporary.store, scene: SceneID("main"))
        return (persistence, temporary)
    }

    @Test("links opened before the first restore become its deep link, in order; later appearances do not restore")
    func deepLinkBeforeTheFirstRestore() async throws {
        let connection = Connection()
        #expect(connection.open(Self.link("a")) == nil)
        #expect(connection.open(Self.link("b")) == nil)
        let first = connection.begin()
        #expect(first.restoring)
        let model = SceneNavigationModel(RoutePath<String>())
        let deepLink = try #require(first.deepLink)
        deepLink(model)
        #expect(model.state == ["a", "b"])
        let (persistence, temporary) = try await Self.persistence()
        #expect(connection.connected(persistence, attempt: first).isEmpty)
        #expect(connection.persistence === persistence)
        // Connected: a link applies at once.
        #expect(connection.open(Self.link("c")) != nil)
        #expect(connection.ended(first, deepLinkApplied: true).isEmpty)
        #expect(connection.persistence == nil)
        // Shown again: no restore, no deep link.
        let second = connection.begin()
        #expect(!second.restoring && second.deepLink == nil)
        try await persistence.close()
        _ = temporary
    }

    @Test("a link opened while the connection is made waits for it, and is applied when it is made")
    func linkDuringTheRestore() async throws {
        let connection = Connection()
        let attempt = connection.begin()
        #expect(attempt.deepLink == nil)
        #expect(connection.open(Self.link("a")) == nil)
        let (persistence, temporary) = try await Self.persistence()
        let model = SceneNavigationModel(RoutePath<String>())
        for link in connection.connected(persistence, attempt: attempt) { link(model) }
        #expect(model.state == ["a"])
        try await persistence.close()
        _ = temporary
    }

    @Test(
        "when the connection fails, the deep link not applied and the waiting links are applied then, and later ones at once"
    )
    func linksSurviveAFailure() {
        let connection = Connection()
        #expect(connection.open(Self.link("deep")) == nil)
        let attempt = connection.begin()
        #expect(connection.open(Self.link("during")) == nil)
        let model = SceneNavigationModel(RoutePath<String>())
        for link in connection.ended(attempt, deepLinkApplied: false) { link(model) }
        #expect(model.state == ["deep", "during"])
        let later = connection.open(Self.link("later"))
        #expect(later != nil)
        // And the next appearance does not restore over what the user did meanwhile.
        #expect(!connection.begin().restoring)
    }

    @Test("an older appearance that ends after a newer one connected leaves the newer connection alone")
    func olderTaskEndingLate() async throws {
        let connection = Connection()
        let old = connection.begin()
        let (oldPersistence, oldStore) = try await Self.persistence()
        _ = connection.connected(oldPersistence, attempt: old)
        let new = connection.begin()
        let (newPersistence, newStore) = try await Self.persistence()
        _ = connection.connected(newPersistence, attempt: new)
        #expect(connection.ended(old, deepLinkApplied: true).isEmpty)
        #expect(connection.persistence === newPersistence)
        // A connection made by the older one after the newer began is not kept either.
        let late = connection.begin()
        #expect(connection.connected(oldPersistence, attempt: new).isEmpty)
        #expect(connection.persistence === newPersistence)
        _ = late
        try await oldPersistence.close()
        try await newPersistence.close()
        _ = (oldStore, newStore)
    }
}
