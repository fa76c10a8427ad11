import Foundation
import SceneNavigation
import Testing

/// Which external events a scene takes: its own links and its Handoff activity, not every event of
/// the app (SwiftUI compares a condition by containment, case aside: see `ExternalEvents`).
@MainActor
@Suite struct ExternalEventsTests {
    @Test(
        "a mapping's conditions are its links' scheme and host, lowercased",
        arguments: [
            ("mail", nil, "mail://"),
            ("Mail", nil, "mail://"),
            ("https", "Mail.Example.com", "https://mail.example.com"),
            ("x-mail", "inbox", "x-mail://inbox"),
        ] as [(String, String?, String)])
    func linkConditions(scheme: String, host: String?, condition: String) {
        #expect(ExternalEvents.conditions(linkScheme: scheme, host: host) == [condition])
    }

    @Test("a scene's conditions are its links' and its Handoff activity's; a scene that takes neither has none")
    func sceneConditions() {
        let type = "com.example.mail.navigation"
        #expect(ExternalEvents.conditions(links: ["mail://"], handoff: type) == ["mail://", type])
        #expect(ExternalEvents.conditions(links: ["mail://"], handoff: nil) == ["mail://"])
        #expect(ExternalEvents.conditions(links: nil, handoff: type) == [type])
        #expect(ExternalEvents.conditions(links: ["*"], handoff: type) == ["*", type])
        #expect(ExternalEvents.conditions(links: nil, handoff: nil) == [])
        #expect(ExternalEvents.targetContentIdentifier(activityType: type) == type)
    }

    @Test(
        "opening(at:) prefers the mapping's links only: each link it prints contains a condition, another scheme's none"
    )
    func openingConditions() throws {
        let opening = LinkMapping.mail.opening(at: \MailState.mail)
        #expect(opening.conditions == ["mail://"])
        let web = LinkMapping<MailRoute>(scheme: "https", host: "mail.example.com", LinkMapping.mail.patterns)
        let hosted = web.opening(at: \MailState.mail)
        #expect(hosted.conditions == ["https://mail.example.com"])
        // What SwiftUI does with them: a URL is the scene's when it contains a condition, case aside.
        func taken(_ url: String, by conditions: Set<String>) -> Bool {
            conditions.contains { url.lowercased().contains($0.lowercased()) }
        }
        let printed = try LinkMapping.mail.link(for: [.inbox, .message(id: 42)])
        #expect(taken(printed, by: opening.conditions))
        #expect(taken("MAIL://inbox", by: opening.conditions))
        #expect(!taken("compose://draft/1", by: opening.conditions))
        #expect(!taken("https://example.com/inbox", by: hosted.conditions))
        #expect(taken(try web.link(for: [.inbox]), by: hosted.conditions))
    }
}
