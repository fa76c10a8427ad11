import Foundation
import SceneStore
import TestSupport
import Testing

@testable import navstate

/// `navstate link` and `navstate open`: a scene's path as a link, and what a link would open, for
/// the cookbook and, with a mapping file, for another app.
@MainActor
@Suite struct LinkCommandTests {
    static let applePie = "E35A5C9C-F1EA-4B3D-9980-E2240B363AC8"
    static let baklava = "B95B2D99-F45D-4B74-9EC4-526914FFC414"

    @Test("link prints a cookbook scene's path as a link, and open tells what it opens")
    func cookbook() async throws {
        let directory = try TemporaryDirectory()
        let saved = await navstate(["save", "main", "--recipe", "Apple Pie", "--recipe", "Baklava"], in: directory)
        #expect(saved.status == 0)
        let link = await navstate(["link", "main"], in: directory)
        #expect(link.status == 0)
        #expect(link.standardOutput == "cookbook://recipe/\(Self.applePie)/recipe/\(Self.baklava)\n")
        #expect(link.standardError == "")

        let opened = await navstate(
            ["open", "cookbook://recipe/\(Self.applePie)/recipe/\(Self.baklava)"], in: directory)
        #expect(opened.status == 0)
        #expect(
            opened.standardOutput == """
                link:     cookbook://recipe/\(Self.applePie)/recipe/\(Self.baklava)
                path:
                  1. Apple Pie
                  2. Baklava

                """)
        let json = await navstate(["open", "cookbook://", "--json"], in: directory)
        #expect(
            json.standardOutput
                == "{\n  \"link\": \"cookbook://\",\n  \"path\": [],\n  \"report\": {\n    \"dropped\": [],\n    \"migrated\": [],\n    \"restored\": 0\n  }\n}\n"
        )
    }

    @Test("open reports each element that would not open, with its text and why, and applies the policy")
    func unopened() async throws {
        let directory = try TemporaryDirectory()
        let link =
            "cookbook://recipe/\(Self.applePie)/recipe/00000000-0000-0000-0000-000000000000/recipe/zz/cake/recipe/\(Self.baklava)"
        let opened = await navstate(["open", link], in: directory)
        #expect(opened.status == 0)
        #expect(opened.standardOutput.hasSuffix("path:\n  1. Apple Pie\n  2. Baklava\n"))
        #expect(
            opened.standardError == """
                warning: not opened: position 2 of the link, '00000000-0000-0000-0000-000000000000': not in the recipe data
                warning: not opened: position 3 of the link, 'recipe/zz': 'id' is not a UUID: 'zz' (recipe/{id:uuid})
                warning: not opened: position 4 of the link, 'cake': no route matches 'cake'

                """)
        let truncated = await navstate(["open", link, "--policy", "truncate", "--json"], in: directory)
        let object = try JSONValue(parsing: Array(truncated.standardOutput.utf8)).objectValue ?? [:]
        #expect(object["path"]?.arrayValue?.count == 1)
        let reasons = object["report"]?.objectValue?["dropped"]?.arrayValue?.compactMap { $0.objectValue?["reason"] }
        #expect(
            reasons == [
                .string("unresolved"), .string("after-dropped-element"), .string("after-dropped-element"),
                .string("after-dropped-element"),
            ])
    }

    @Test("a link of another scheme, or one that is no link, is a data error naming what was wrong")
    func refused() async throws {
        let directory = try TemporaryDirectory()
        let other = await navstate(["open", "https://example.com/recipe/1"], in: directory)
        #expect(other.status == 65)
        #expect(
            other.standardError == """
                Error: the link's scheme is 'https', not 'cookbook'
                Usage: navstate open <link> [--policy <skip|truncate>] [--mapping <links.json>] [--json]
                See 'navstate open --help'.

                """)
        let spaced = await navstate(["open", "cookbook://recipe/a b"], in: directory)
        #expect(spaced.status == 65)
        #expect(spaced.standardError.hasPrefix("Error: the link has a space at byte 19\n"))
        let control = await navstate(["open", "cookbook://recipe/\u{1B}[31m"], in: directory)
        #expect(control.status == 65)
        #expect(control.standardError.hasPrefix("Error: the link has a control character (U+001B) at byte 18\n"))
        let missing = await navstate(["link", "nowhere"], in: directory)
        #expect(missing.status == 66)
    }

    /// The mail app's link mapping, as a file.
    static let mailMapping = #"""
        {"scheme": "mail", "patterns": [
            {"pattern": "inbox", "case": "inbox"},
            {"pattern": "message/{id:int}", "case": "message"},
            {"pattern": "account", "case": "account"}
        ]}
        """#

    @Test("another app's scene prints as a link and its links open, with its mapping file")
    func otherApp() async throws {
        let directory = try TemporaryDirectory()
        try Data(Self.mailMapping.utf8).write(to: URL(fileURLWithPath: directory.appending("mail-links.json")))
        let state = #"{"mail":[{"inbox":{}},{"message":{"id":42}}],"settings":[{"account":{}}],"tab":0}"#
        let saved = await navstate(
            ["--app", "com.example.mail", "save", "main", "--input", "-"], in: directory, input: state)
        #expect(saved.status == 0, "\(saved.standardError)")
        let app = ["--app", "com.example.mail"]
        let link = await navstate(
            app + ["link", "main", "--mapping", "mail-links.json", "--path", "mail"], in: directory)
        #expect(link.status == 0, "\(link.standardError)")
        #expect(link.standardOutput == "mail://inbox/message/42\n")
        let settings = await navstate(
            app + ["link", "main", "--mapping", "mail-links.json", "--path", "settings", "--json"], in: directory)
        #expect(
            settings.standardOutput
                == "{\n  \"key\": \"navigation\",\n  \"link\": \"mail://account\",\n  \"location\": \"settings\",\n  \"scene\": \"main\"\n}\n"
        )
        let ambiguous = await navstate(app + ["link", "main", "--mapping", "mail-links.json"], in: directory)
        #expect(ambiguous.status == 65)
        #expect(
            ambiguous.standardError.hasPrefix(
                "Error: value 'navigation' of scene 'main' holds several paths (mail, settings): name one with '--path'\n"
            ))
        // A route the mapping has no pattern for.
        try Data(#"{"scheme": "mail", "patterns": [{"pattern": "inbox", "case": "inbox"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: directory.appending("inbox-only.json")))
        let unprintable = await navstate(
            app + ["link", "main", "--mapping", "inbox-only.json", "--path", "mail"], in: directory)
        #expect(unprintable.status == 65)
        #expect(
            unprintable.standardError.hasPrefix(
                #"Error: position 2 of the path, {"message":{"id":42}}, has no place in a link: no pattern is for it"#
                    + "\n"))
        let noMapping = await navstate(app + ["link", "main"], in: directory)
        #expect(noMapping.status == 64)
        #expect(
            noMapping.standardError.hasPrefix(
                "Error: another app's links need its mapping: '--mapping <links.json>' (see 'navstate open --help')\n"))

        let opened = await navstate(
            ["open", "mail://inbox/message/x/account", "--mapping", "mail-links.json"], in: directory)
        #expect(opened.status == 0)
        #expect(
            opened.standardOutput == """
                link:     mail://inbox/message/x/account
                path:
                  1. {"inbox":{}}
                  2. {"account":{}}

                """)
        #expect(
            opened.standardError
                == "warning: not opened: position 2 of the link, 'message/x': 'id' is not an int: 'x' (message/{id:int})\n"
        )
        let tracked = await navstate(
            ["open", "mail://inbox?utm_source=web", "--mapping", "mail-links.json"], in: directory)
        #expect(tracked.status == 0)
        #expect(
            tracked.standardError
                == "warning: not opened: query item 'utm_source=web': the route at position 1 (inbox) takes no 'utm_source'\n"
        )
    }

    @Test("a mapping file that is not a mapping is a data error naming the file and what is wrong")
    func badMapping() async throws {
        let directory = try TemporaryDirectory()
        let cases: [(String, String)] = [
            ("{", "not a link mapping: The given data was not valid JSON."),
            (#"{"patterns": []}"#, "not a link mapping: missing 'scheme'"),
            (
                #"{"scheme": "mail", "patterns": [{"pattern": "m/{id:long}", "case": "m"}]}"#,
                "not a link mapping: patterns[0]: the link pattern 'm/{id:long}' gives 'id' the type 'long' (expected string, int, double, bool, uuid)"
            ),
        ]
        for (contents, reason) in cases {
            try Data(contents.utf8).write(to: URL(fileURLWithPath: directory.appending("links.json")))
            let opened = await navstate(["open", "mail://inbox", "--mapping", "links.json"], in: directory)
            #expect(opened.status == 65)
            #expect(opened.standardError.hasPrefix("Error: '<tmp>/links.json': \(reason)\n"), "\(opened.standardError)")
        }
        let missing = await navstate(["open", "mail://inbox", "--mapping", "nowhere.json"], in: directory)
        #expect(missing.status == 66)
        let noMapping = await navstate(["--app", "com.example.mail", "open", "mail://inbox"], in: directory)
        #expect(noMapping.status == 64)
        #expect(
            noMapping.standardError.hasPrefix("Error: another app's links need its mapping: '--mapping <links.json>'\n")
        )
    }
}
