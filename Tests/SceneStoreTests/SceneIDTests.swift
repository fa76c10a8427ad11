import SceneNavigationTesting
import Testing

@testable import SceneStore

@Suite struct SceneIDTests {
    @Test(
        "accepts ordinary identifiers",
        arguments: ["main", "Main-Window_2", "0", String(repeating: "a", count: 64)])
    func acceptsValidIdentifiers(_ text: String) throws {
        #expect(try SceneID(text).rawValue == text)
    }

    static let hostile: [(String, String)] = [
        ("", "it is empty"),
        ("..", "it contains '.'"),
        ("../etc/passwd", "it contains '.'"),
        ("a/b", "it contains '/'"),
        ("/abs", "it contains '/'"),
        (".hidden", "it contains '.'"),
        ("a\u{0}b", "it contains a NUL character"),
        ("tab\there", "it contains a control character"),
        ("new\nline", "it contains a control character"),
        (String(repeating: "a", count: 65), "it is longer than 64 characters"),
        ("\u{430}pple", "it contains a non-ASCII character"),  // Cyrillic а
        ("a\u{FF0F}b", "it contains a non-ASCII character"),  // fullwidth solidus
        ("caf\u{E9}", "it contains a non-ASCII character"),
        ("cafe\u{301}", "it contains a non-ASCII character"),
        ("-leading", "it must start with a letter or a digit"),
        ("_leading", "it must start with a letter or a digit"),
        ("with space", "it contains ' '"),
        ("main.json", "it contains '.'"),
        ("a\\b", "it contains '\\'"),
    ]

    @Test("rejects hostile identifiers with the rule they break", arguments: hostile)
    func rejectsHostileIdentifiers(_ text: String, _ reason: String) {
        #expect(throws: SceneStoreError.invalidSceneID(text, reason: reason)) { try SceneID(text) }
    }

    @Test("error text escapes control characters")
    func errorTextIsPrintable() {
        let error = SceneStoreError.invalidSceneID("a\u{1B}[2Jb", reason: "it contains a control character")
        #expect(error.description == "invalid scene ID 'a\\u{1b}[2Jb': it contains a control character")
    }

    @Test("app IDs allow reverse-DNS names but not '..' or a leading dot")
    func appIdentifiers() throws {
        #expect(try AppID("com.example.cookbook").rawValue == "com.example.cookbook")
        #expect(throws: SceneStoreError.invalidAppID("a..b", reason: "it contains '..'")) {
            try AppID("a..b")
        }
        #expect(
            throws: SceneStoreError.invalidAppID(".app", reason: "it must start with a letter or a digit")
        ) {
            try AppID(".app")
        }
        #expect(throws: SceneStoreError.invalidAppID("a/b", reason: "it contains '/'")) { try AppID("a/b") }
    }

    @Test("no hostile identifier creates anything outside the app folder")
    func nothingEscapesTheAppFolder() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        for (text, _) in Self.hostile {
            #expect(throws: SceneStoreError.self) { try store.put(1, forKey: "k", in: try SceneID(text)) }
        }
        #expect(temporary.files() == [])
    }
}
