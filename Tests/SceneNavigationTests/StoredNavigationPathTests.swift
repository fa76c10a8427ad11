import Foundation
import SceneNavigation
import SceneStore
import TestSupport
import Testing

/// Paths in SwiftUI's NavigationPath format, looked at and renamed without the app's types.
@Suite struct StoredNavigationPathTests {
    static func parse(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: Array(text.utf8))
    }

    static func strings(_ strings: String...) -> JSONValue {
        .array(strings.map { .string($0) })
    }

    @Test("SwiftUI's payloads are listed root first with type names and parsed JSON")
    func listsElements() throws {
        let value = try JSONValue(parsing: Fixtures.bytes("navigation-path/escapes-generics.json"))
        let paths = NavigationPathRecord.paths(in: value)
        #expect(paths.count == 1)
        let path = try #require(paths.first)
        #expect(path.location == "")
        #expect(path.elements.map(\.position) == [0, 1, 2])
        #expect(path.elements.map(\.typeName) == ["Foundation.UUID", "Swift.Optional<Swift.Int>", "MyApp.Link"])
        #expect(path.elements[2].json == #"{"url":"https:\/\/example.com\/a\/b","title":"A\/B"}"#)
        #expect(
            try path.elements[2].value.get()
                == .object(["url": .string("https://example.com/a/b"), "title": .string("A/B")]))
        #expect(
            path.json
                == (try Self.parse(
                    #"{"location":"","format":"navigation-path","elements":[{"position":0,"type":"Foundation.UUID","json":"E35A5C9C-F1EA-4B3D-9980-E2240B363AC8"},{"position":1,"type":"Swift.Optional<Swift.Int>","json":7},{"position":2,"type":"MyApp.Link","json":{"title":"A/B","url":"https://example.com/a/b"}}]}"#
                )))
        // SwiftUI's own 37 bytes.
        #expect(NavigationPathRecord.isNavigationPath(try Self.parse(#"["Swift.Bool","true","Swift.Int","1"]"#)))
        // A backport's mangled names: not qualified, but every element's JSON parses.
        #expect(
            NavigationPathRecord.isNavigationPath(
                try JSONValue(parsing: Fixtures.bytes("navigation-path/backport-mangled.json"))))
    }

    @Test("route paths are not taken for NavigationPaths, and each finder finds only its own")
    func recognition() throws {
        for text in [
            #"["home","settings"]"#, "[]", #"["Swift.Int"]"#, #"["Swift.Int",1]"#, #"[{"a":1}]"#, #"{"a":1}"#, "7",
        ] {
            #expect(!NavigationPathRecord.isNavigationPath(try Self.parse(text)), "\(text)")
        }
        // Every type name qualified: recognised even when an element's JSON is broken.
        let broken = try Self.parse(#"["Swift.Int","{","Swift.String","\"ok\""]"#)
        #expect(NavigationPathRecord.isNavigationPath(broken))
        let element = try #require(NavigationPathRecord.paths(in: broken).first?.elements.last)
        #expect(element.typeName == "Swift.Int")
        #expect(throws: JSONParseError.self) { try element.value.get() }
        #expect(
            NavigationPathRecord.paths(in: broken).first?.json.objectValue?["elements"]?.arrayValue?.last
                == .object([
                    "position": .number(JSONNumber(1)), "type": .string("Swift.Int"), "text": .string("{"),
                    "problem": .string("unterminated object at line 1, column 2"),
                ]))
        let state = try Self.parse(
            #"{"tab":2,"path":["Swift.Int","1","MyApp.User","{\"name\":\"Ann\"}"],"recent":["home","settings"]}"#)
        #expect(NavigationPathRecord.paths(in: state).map(\.location) == ["path"])
        #expect(RoutePathRecord.paths(in: state).map(\.location) == ["recent"])
        #expect(RoutePathRecord.paths(in: broken).isEmpty)
    }

    @Test("the strict reader names the first entry that is not a string, or the odd count")
    func strictErrors() throws {
        #expect(throws: NavigationError.notANavigationPath(reason: "entry 1 must be a string, found number")) {
            try NavigationPathRecord(try Self.parse(#"["Swift.Int",1]"#))
        }
        #expect(
            throws: NavigationError.notANavigationPath(
                reason: "the value ('path') has 3 strings; a path has pairs of type name and JSON")
        ) {
            try NavigationPathRecord(Self.strings("Swift.Int", "1", "Swift.Int"), location: "path")
        }
        #expect(
            throws: NavigationError.notANavigationPath(reason: "the value must be an array of strings, found object")
        ) {
            try NavigationPathRecord(try Self.parse(#"{"a":1}"#))
        }
    }

    @Test("a type is renamed where it is a whole name: alone, nested, in generic arguments; never inside another name")
    func renamesWholeNames() throws {
        let value = Self.strings(
            "MyApp.User", "{}", "MyApp.UserList", "[]", "Swift.Optional<MyApp.User>", "null",
            "Swift.Dictionary<Swift.String, MyApp.User>", "{}", "MyApp.User.Detail", "1", "Other.MyApp.User", "2",
            "(MyApp.User, Swift.Int)", "3")
        let (renamed, changes) = try NavigationPathRecord.retagged(value, from: "MyApp.User", to: "Kit.Person")
        #expect(
            renamed
                == Self.strings(
                    "Kit.Person", "{}", "MyApp.UserList", "[]", "Swift.Optional<Kit.Person>", "null",
                    "Swift.Dictionary<Swift.String, Kit.Person>", "{}", "Kit.Person.Detail", "1", "Other.MyApp.User",
                    "2", "(Kit.Person, Swift.Int)", "3"))
        // Positions from the root: the stored array is last-appended first.
        #expect(
            changes == [
                .init(location: "", position: 0, from: "(MyApp.User, Swift.Int)", to: "(Kit.Person, Swift.Int)"),
                .init(location: "", position: 2, from: "MyApp.User.Detail", to: "Kit.Person.Detail"),
                .init(
                    location: "", position: 3, from: "Swift.Dictionary<Swift.String, MyApp.User>",
                    to: "Swift.Dictionary<Swift.String, Kit.Person>"),
                .init(location: "", position: 4, from: "Swift.Optional<MyApp.User>", to: "Swift.Optional<Kit.Person>"),
                .init(location: "", position: 6, from: "MyApp.User", to: "Kit.Person"),
            ])
        // A module name alone renames the module in every name; element JSON never changes.
        let module = try NavigationPathRecord.retagged(
            Self.strings("MyApp.User", #"{"kind":"MyApp.User"}"#, "Swift.Array<MyApp.Item>", "[]"), from: "MyApp",
            to: "MyKit")
        #expect(module.value == Self.strings("MyKit.User", #"{"kind":"MyApp.User"}"#, "Swift.Array<MyKit.Item>", "[]"))
        #expect(module.changes.count == 2)
        // Nothing to rename: the same value, no changes.
        let none = try NavigationPathRecord.retagged(Self.strings("Swift.Int", "1"), from: "MyApp", to: "MyKit")
        #expect(none.value == Self.strings("Swift.Int", "1") && none.changes.isEmpty)
    }

    @Test("inside an app state every member in the format is renamed and the rest is kept")
    func renamesInsideState() throws {
        let state = try Self.parse(
            #"{"tab":2,"path":["MyApp.User","{}"],"other":["MyApp.User","{}","Swift.Int","1"],"recent":["MyApp.User"]}"#
        )
        let (renamed, changes) = try NavigationPathRecord.retagged(state, from: "MyApp", to: "Kit")
        #expect(
            renamed
                == (try Self.parse(
                    #"{"tab":2,"path":["Kit.User","{}"],"other":["Kit.User","{}","Swift.Int","1"],"recent":["MyApp.User"]}"#
                )))
        #expect(changes.map(\.location) == ["other", "path"])
        #expect(changes.map(\.position) == [1, 0])
        #expect(
            throws: NavigationError.notANavigationPath(
                reason: "no member of the object is a path in SwiftUI's NavigationPath format")
        ) {
            try NavigationPathRecord.retagged(try Self.parse(#"{"recent":["home"]}"#), from: "A", to: "B")
        }
    }

    @Test("names that cannot be a type's are refused, naming why")
    func invalidNames() throws {
        let value = Self.strings("Swift.Int", "1")
        let cases: [(String, String)] = [
            ("", "it is empty"),
            ("A<B>", "it has a space or one of < > , ( ) [ ] : ? &"),
            ("My App", "it has a space or one of < > , ( ) [ ] : ? &"),
            ("Evil\u{1b}[2J", "it has a control character"),
            (".User", "a '.' must stand between two names"),
            ("MyApp..User", "a '.' must stand between two names"),
            (String(repeating: "A", count: 1_025), "it is longer than 1024 bytes"),
        ]
        for (name, reason) in cases {
            #expect(throws: NavigationError.invalidTypeName(name, reason: reason)) {
                try NavigationPathRecord.retagged(value, from: name, to: "Kit.User")
            }
            #expect(throws: NavigationError.invalidTypeName(name, reason: reason)) {
                try NavigationPathRecord.retagged(value, from: "MyApp.User", to: name)
            }
        }
    }

    @Test("hostile paths: a 100 KB type name, a 3 MiB element, control characters, 1,000,000 elements")
    func hostile() throws {
        let longName = "MyApp." + String(repeating: "A", count: 100_000)
        let huge = "\"" + String(repeating: "x", count: 3 << 20) + "\""
        let value = Self.strings(longName, "1", "Swift.String", huge, "Evil.\u{1b}[2J", "2")
        let path = try NavigationPathRecord(value)
        #expect(path.elements.map(\.typeName) == ["Evil.\u{1b}[2J", "Swift.String", longName])
        #expect(try path.elements[1].value.get().stringValue?.utf8.count == 3 << 20)
        let (renamed, changes) = try NavigationPathRecord.retagged(value, from: "MyApp", to: "Kit")
        #expect(renamed.arrayValue?.first == .string("Kit." + String(repeating: "A", count: 100_000)))
        #expect(changes.map(\.position) == [2])
        let many = JSONValue.array(
            Array(repeating: [JSONValue.string("Swift.Int"), .string("1")], count: 1_000_000).flatMap { $0 })
        let manyPath = try NavigationPathRecord(many)
        #expect(manyPath.elements.count == 1_000_000 && manyPath.elements.last?.position == 999_999)
    }
}
