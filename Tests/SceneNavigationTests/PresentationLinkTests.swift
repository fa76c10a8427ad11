import Foundation
import SceneNavigation
import SceneStore
import Testing

extension LinkMapping where Route == ModalRoute {
    /// The links of the app whose screens are presented too.
    static let modal = LinkMapping(
        scheme: "mail",
        [
            LinkPattern("inbox", case: "inbox"),
            LinkPattern("message/{id:int}", case: "message"),
            LinkPattern("compose", case: "compose"),
            LinkPattern("pay/{card}", case: "payment"),
        ])
}

/// Links and Handoff carry what is presented over a path, and never what is not saved.
@MainActor
@Suite struct PresentationLinkTests {
    func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    /// Opens a link as the scene would: the change it makes, made.
    func open(_ link: String, with opening: LinkOpening<ModalScreens>, in model: SceneNavigationModel<ModalScreens>)
        throws
    {
        let change = try #require(opening.open(try url(link)), "\(link) makes no change")
        change(model)
    }

    @Test("a link's fragment opens what is presented over its path; a link without one dismisses it")
    func fragmentPresents() throws {
        let model = SceneNavigationModel(ModalScreens())
        let opening = LinkMapping.modal.opening(at: \ModalScreens.path, presenting: \.presented, as: .popover)
        try open("mail://inbox/message/42#compose/message/7", with: opening, in: model)
        #expect(model.state.path.routes == [.inbox, .message(id: 42)])
        #expect(
            model.state.presented == [
                Presentation(.compose, style: .popover), Presentation(.message(id: 7), style: .popover),
            ])
        #expect(model.linkReport == RestoreReport(restoredCount: 4))
        try open("mail://inbox", with: opening, in: model)
        #expect(model.state.path.routes == [.inbox])
        #expect(model.state.presented.isEmpty)
        // A root path with a sheet over it.
        try open("mail://#compose", with: opening, in: model)
        #expect(model.state.path.isEmpty && model.state.presented == [Presentation(.compose, style: .popover)])
        // Without `presenting:`, the fragment is the page's, as before.
        let plain = LinkMapping.modal.opening(at: \ModalScreens.path)
        try open("mail://inbox#compose", with: plain, in: model)
        #expect(
            model.state.path.routes == [.inbox] && model.state.presented == [Presentation(.compose, style: .popover)])
    }

    @Test("a level of the fragment that does not open stops the chain there, reported at '#'")
    func fragmentLevelThatDoesNotOpen() throws {
        let model = SceneNavigationModel(ModalScreens())
        let opening = LinkMapping.modal.opening(at: \ModalScreens.path, presenting: \.presented)
        try open("mail://inbox#trash/compose", with: opening, in: model)
        #expect(model.state.path.routes == [.inbox])
        #expect(model.state.presented.isEmpty)
        #expect(
            model.linkReport?.dropped.map(\.description) == [
                "position 1 of #: it no longer decodes: no route matches 'trash'",
                "position 2 of #: after a dropped element",
            ])
    }

    @Test("a path and its presentations print as one link, up to the first screen not saved, and read back")
    func printsWithPresentations() throws {
        let mapping = LinkMapping<ModalRoute>.modal
        let link = try mapping.link(
            for: [.inbox, .message(id: 42)], presenting: [Presentation(.compose), Presentation(.message(id: 7))])
        #expect(link == "mail://inbox/message/42#compose/message/7")
        #expect(try mapping.link(for: [.inbox], presenting: [Presentation<ModalRoute>]()) == "mail://inbox")
        // Nothing of a sensitive route reaches a link, nor what is pushed or presented over it.
        #expect(
            try mapping.link(
                for: [.inbox, .payment(card: "4242"), .message(id: 1)],
                presenting: [Presentation(.compose), Presentation(.inbox)])
                == "mail://inbox")
        #expect(
            try mapping.link(
                for: [.inbox], presenting: [Presentation(.compose), Presentation(.inbox, unsavedReason: .transient)])
                == "mail://inbox#compose")
        #expect(try mapping.link(for: [ModalRoute.payment(card: "4242")]) == "mail://")
        let model = SceneNavigationModel(ModalScreens())
        try open(link, with: mapping.opening(at: \ModalScreens.path, presenting: \.presented), in: model)
        #expect(model.state.path.routes == [.inbox, .message(id: 42)])
        #expect(model.state.presented.map(\.route) == [.compose, .message(id: 7)])
    }

    @Test("Handoff carries the presentations; over the budget they give way first, then the path")
    func handoffCarriesPresentations() throws {
        var state = ModalScreens(tab: 1, path: [.inbox, .message(id: 42)])
        state.presented.present(.compose)
        state.presented.present(.message(id: 7), as: .popover)
        let handoff = NavigationHandoff<ModalScreens>(
            activityType: "com.example.mail.navigation", path: \.path, presentations: \.presented)
        let whole = try handoff.payload(for: state, schemaVersion: 0)
        #expect(whole.report == RestoreReport())
        let other = SceneNavigationModel(ModalScreens())
        try other.continueHandoff(whole)
        #expect(other.state == state)

        // Room for the state, its path and one level: the top level gives way.
        var cut = state
        cut.presented.removeLast()
        let oneLevel = NavigationHandoff<ModalScreens>(
            activityType: "t", path: \.path, presentations: \.presented,
            budget: try StateCoding.encode(cut).serialized().count)
        let payload = try oneLevel.payload(for: state, schemaVersion: 0)
        #expect(try other.continueHandoff(payload) == RestoreReport(restoredCount: 3))
        #expect(other.state == cut)
        #expect(payload.report.dropped.map(\.description) == ["position 2 of presented: beyond the maximum depth"])
        // Room for one route only: every level, then the path's last route.
        cut.presented.removeAll()
        cut.path.removeLast()
        let oneRoute = NavigationHandoff<ModalScreens>(
            activityType: "t", path: \.path, presentations: \.presented,
            budget: try StateCoding.encode(cut).serialized().count)
        let small = try oneRoute.payload(for: state, schemaVersion: 0)
        #expect(
            small.report.dropped.map(\.description) == [
                "position 2 of path: beyond the maximum depth", "position 1 of presented: beyond the maximum depth",
                "position 2 of presented: beyond the maximum depth",
            ])
        try other.continueHandoff(small)
        #expect(other.state == cut)
    }

    @Test("a path the budget shortens leaves the presentations out, whichever Handoff; never over a cut path")
    func handoffBudgetTakesPresentations() throws {
        var state = ModalScreens(
            path: [.message(id: 1_111_111), .message(id: 2_222_222), .message(id: 3_333_333), .payment(card: "4242")])
        state.presented.present(.compose)
        let pathOnly = NavigationHandoff<ModalScreens>(activityType: "t", path: \.path)
        let whole = try pathOnly.payload(for: state, schemaVersion: 0)
        #expect(
            whole.text
                == #"{"path":[{"message":{"id":1111111}},{"message":{"id":2222222}},{"message":{"id":3333333}}],"presented":[],"tab":0}"#
        )
        let short = NavigationHandoff<ModalScreens>(
            activityType: "t", path: \.path, budget: whole.text.utf8.count - 1)
        let payload = try short.payload(for: state, schemaVersion: 0)
        #expect(
            payload.text == #"{"path":[{"message":{"id":1111111}},{"message":{"id":2222222}}],"presented":[],"tab":0}"#)
        #expect(
            payload.report.dropped.map(\.description) == [
                "position 3 of path: beyond the maximum depth", "position 4 of path: not saved (sensitive)",
                "position 1 of presented: not saved (sensitive)",
            ])
        // Nothing left out for being unsaved: the budget's cut of the path takes the chain all the same.
        state.path.removeLast()
        let budgetOnly = try NavigationHandoff<ModalScreens>(
            activityType: "t", path: \.path, budget: whole.text.utf8.count - 1
        ).payload(for: state, schemaVersion: 0)
        #expect(budgetOnly.text == payload.text)
        #expect(
            budgetOnly.report.dropped.map(\.description) == [
                "position 3 of path: beyond the maximum depth", "position 1 of presented: beyond the maximum depth",
            ])
    }

    @Test("a Handoff payload leaves out what is not saved, and its report says what and why")
    func handoffLeavesOutUnsaved() throws {
        var state = ModalScreens(path: [.inbox, .payment(card: "4242")])
        state.presented.present(.compose)
        let handoff = NavigationHandoff<ModalScreens>(
            activityType: "t", path: \.path, presentations: \.presented)
        let payload = try handoff.payload(for: state, schemaVersion: 0)
        #expect(!payload.text.contains("4242"))
        #expect(
            payload.report.dropped.map(\.description) == [
                "position 2 of path: not saved (sensitive)", "position 1 of presented: not saved (sensitive)",
            ])
        let other = SceneNavigationModel(ModalScreens())
        try other.continueHandoff(payload)
        #expect(other.state == ModalScreens(path: [.inbox]))

        // A level of its own not saved, over a path saved whole.
        state.path = [.inbox]
        state.presented = [Presentation(.inbox), Presentation(.compose, unsavedReason: .transient)]
        let levels = try handoff.payload(for: state, schemaVersion: 0)
        #expect(levels.report.dropped.map(\.description) == ["position 2 of presented: not saved (transient)"])
        try other.continueHandoff(levels)
        #expect(other.state.presented == [Presentation(.inbox)])
    }
}
