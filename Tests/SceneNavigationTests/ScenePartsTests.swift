import Foundation
import SceneNavigation
import SceneStore
import Testing

/// The parts of a scene's navigation beside its paths: the selected tab, the split view's columns
/// and the sidebar's selection, restored and reported like every other part.
@Suite struct ScenePartsTests {
    enum Tab: String, Codable, Hashable {
        case mail, settings
    }

    struct Mailbox: Codable, Hashable {
        var name: String
    }

    struct LibraryState: Codable, Equatable {
        var tab = Tab.mail
        var columns = ColumnVisibility.automatic
        var mailbox: Mailbox?
        var pinned = Mailbox(name: "Inbox")
        var mail: RoutePath<Int> = []
        var settings: RoutePath<Int> = []
    }

    func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    @Test("the columns are stored as their names, and each of SwiftUI's four values has one")
    func columnNames() throws {
        #expect(ColumnVisibility.allCases.map(\.rawValue) == ["automatic", "all", "doubleColumn", "detailOnly"])
        let state = LibraryState(tab: .settings, columns: .doubleColumn, mailbox: Mailbox(name: "Archive"))
        #expect(
            String(decoding: try StateCoding.encode(state).serialized(), as: UTF8.self)
                == #"{"columns":"doubleColumn","mail":[],"mailbox":{"name":"Archive"},"pinned":{"name":"Inbox"},"settings":[],"tab":"settings"}"#
        )
    }

    @Test(
        "a tab, columns or a selection a later version no longer has: reported, the initial one shown, the rest restored"
    )
    func partsThatNoLongerDecode() throws {
        let stored = try json(
            #"{"tab":"search","columns":"sideBySide","mailbox":{"title":"Archive"},"pinned":{"name":"Inbox"},"mail":[1,2],"settings":[3]}"#
        )
        let (state, report) = try StateCoding.decode(LibraryState.self, from: stored, initial: LibraryState())
        #expect(state == LibraryState(mail: [1, 2], settings: [3]))
        #expect(
            report.dropped.map(\.description) == [
                "member tab: it no longer decodes: Tab has no case 'search'",
                "member columns: it no longer decodes: ColumnVisibility has no case 'sideBySide'",
                "member mailbox: it no longer decodes: No value associated with key 'name'.",
            ])
        #expect(report.restoredCount == 3)
    }

    @Test("a sidebar selection the app no longer has is dropped as unresolved and the initial one shown")
    func selectionThatNoLongerResolves() throws {
        let stored = try json(
            #"{"tab":"settings","columns":"detailOnly","mailbox":{"name":"Archive"},"pinned":{"name":"Archive"},"mail":[],"settings":[]}"#
        )
        let resolvers = RouteResolvers().adding(Mailbox.self) { $0.name == "Archive" ? nil : $0 }
        let (state, report) = try StateCoding.decode(
            LibraryState.self, from: stored, resolvers: resolvers, initial: LibraryState())
        #expect(state == LibraryState(tab: .settings, columns: .detailOnly))
        #expect(report.dropped.map(\.place) == ["mailbox", "pinned"])
        #expect(report.dropped.allSatisfy { $0.reason == .unresolved })
    }
}
