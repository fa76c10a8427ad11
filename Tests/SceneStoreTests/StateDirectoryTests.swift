import Testing

@testable import SceneStore

@Suite struct StateDirectoryTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var environment: [String: String]
        var expected: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "absolute XDG_STATE_HOME wins",
            environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"], expected: "/x/state"),
        Case(
            name: "trailing slash trimmed", environment: ["XDG_STATE_HOME": "/x/state/", "HOME": "/home/u"],
            expected: "/x/state"),
        Case(
            name: "relative XDG_STATE_HOME ignored",
            environment: ["XDG_STATE_HOME": "state", "HOME": "/home/u"], expected: "/home/u/.local/state"),
        Case(
            name: "empty XDG_STATE_HOME ignored", environment: ["XDG_STATE_HOME": "", "HOME": "/home/u"],
            expected: "/home/u/.local/state"),
        Case(
            name: "unset XDG_STATE_HOME uses HOME", environment: ["HOME": "/home/u"],
            expected: "/home/u/.local/state"),
        Case(
            name: "HOME unset uses the password database", environment: [:],
            expected: "/from/passwd/.local/state"),
        Case(
            name: "relative HOME uses the password database", environment: ["HOME": "home"],
            expected: "/from/passwd/.local/state"),
    ]

    @Test("resolves the state root by the XDG rules", arguments: cases)
    func resolvesTheStateRoot(_ testCase: Case) throws {
        let root = try StateDirectory.root(
            environment: testCase.environment, passwordDatabaseHome: { "/from/passwd" })
        #expect(root == testCase.expected)
    }

    static let appleCases: [Case] = [
        Case(
            name: "Apple: an absolute XDG_STATE_HOME is still honoured",
            environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/Users/u"], expected: "/x/state"),
        Case(
            name: "Apple: the user's Application Support", environment: ["HOME": "/Users/u"],
            expected: "/Users/u/Library/Application Support"),
        Case(
            name: "Apple: a sandboxed app's container",
            environment: ["HOME": "/Users/u/Library/Containers/com.example.app/Data/"],
            expected: "/Users/u/Library/Containers/com.example.app/Data/Library/Application Support"),
        Case(
            name: "Apple: a relative XDG_STATE_HOME is ignored",
            environment: ["XDG_STATE_HOME": "s", "HOME": "/Users/u"],
            expected: "/Users/u/Library/Application Support"),
        Case(
            name: "Apple: HOME unset uses the password database", environment: [:],
            expected: "/from/passwd/Library/Application Support"),
    ]

    @Test("resolves the state root by Apple platforms' convention", arguments: appleCases)
    func resolvesTheAppleStateRoot(_ testCase: Case) throws {
        let root = try StateDirectory.root(
            environment: testCase.environment, layout: .appleApplicationSupport,
            passwordDatabaseHome: { "/from/passwd" })
        #expect(root == testCase.expected)
    }

    struct Placement: Sendable, CustomTestStringConvertible {
        var name: String
        var convention: StateDirectory.Layout
        var location: StateDirectory.Location
        var sandboxed: Bool
        var environment: [String: String]
        var expected: String
        var testDescription: String { name }
    }

    static let placements: [Placement] = [
        Placement(
            name: "XDG cache: XDG_CACHE_HOME", convention: .xdg, location: .cache, sandboxed: false,
            environment: ["XDG_CACHE_HOME": "/x/cache", "XDG_STATE_HOME": "/x/state", "HOME": "/home/u"],
            expected: "/x/cache"),
        Placement(
            name: "XDG cache: ~/.cache", convention: .xdg, location: .cache, sandboxed: false,
            environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"], expected: "/home/u/.cache"),
        Placement(
            name: "Apple cache: Library/Caches, not backed up", convention: .appleApplicationSupport, location: .cache,
            sandboxed: false, environment: ["HOME": "/Users/u"], expected: "/Users/u/Library/Caches"),
        Placement(
            name: "Apple sandboxed: an inherited XDG_STATE_HOME stays outside the container",
            convention: .appleApplicationSupport, location: .persistent, sandboxed: true,
            environment: ["XDG_STATE_HOME": "/Users/u/.local/state", "HOME": "/Users/u/Library/Containers/a/Data"],
            expected: "/Users/u/Library/Containers/a/Data/Library/Application Support"),
        Placement(
            name: "Apple sandboxed cache: the container's Caches", convention: .appleApplicationSupport,
            location: .cache, sandboxed: true,
            environment: ["XDG_CACHE_HOME": "/tmp/c", "HOME": "/Users/u/Library/Containers/a/Data"],
            expected: "/Users/u/Library/Containers/a/Data/Library/Caches"),
        Placement(
            name: "Apple, not sandboxed: a tool's XDG_STATE_HOME is honoured", convention: .appleApplicationSupport,
            location: .persistent, sandboxed: false,
            environment: ["XDG_STATE_HOME": "/tmp/s", "HOME": "/Users/u"], expected: "/tmp/s"),
        Placement(
            name: "XDG sandboxing does not apply on Linux", convention: .xdg, location: .persistent, sandboxed: true,
            environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"], expected: "/x/state"),
    ]

    @Test("the cache is a choice on every platform; a sandboxed app never leaves its container", arguments: placements)
    func placement(_ placement: Placement) throws {
        let root = try StateDirectory.root(
            environment: placement.environment, layout: placement.convention, location: placement.location,
            sandboxed: placement.sandboxed)
        #expect(root == placement.expected)
    }

    @Test(
        "a store opened in the cache lives there; outside macOS no environment variable marks a sandbox",
        .enabled(if: StateDirectory.Layout.current == .xdg, "Linux's conventions: Apple's are the cases above"))
    func cacheStore() throws {
        let store = try StateStore(
            appID: AppID("app"), environment: ["HOME": "/home/u", "XDG_CACHE_HOME": "/c"], location: .cache)
        #expect(store.scenesFolder == "/c/app/scenes")
        #expect(!StateDirectory.isSandboxed(environment: ["APP_SANDBOX_CONTAINER_ID": "a"]))
    }

    @Test("the platform's convention is XDG on Linux, and 0.2.0's resolver by convention takes either")
    @available(*, deprecated, message: "calls 0.2.0's resolveRoot(environment:convention:)")
    func conventionOfThisPlatform() throws {
        #if os(Linux)
            #expect(StateDirectory.Convention.current == .xdg)
        #endif
        let environment = ["HOME": "/home/u"]
        #expect(try StateDirectory.resolveRoot(environment: environment, convention: .xdg) == "/home/u/.local/state")
        #expect(
            try StateDirectory.resolveRoot(environment: environment, convention: .appleApplicationSupport)
                == "/home/u/Library/Application Support")
        #if os(Linux)
            #expect(try StateDirectory.resolveRoot(environment: environment) == "/home/u/.local/state")
        #endif
    }

    @Test("fails clearly when no home can be found")
    func failsWithoutAnyHome() {
        #expect(
            throws: SceneStoreError.noStateDirectory(
                reason:
                    "XDG_STATE_HOME and HOME are unset or not absolute, and the password database has no home folder"
            )
        ) {
            try StateDirectory.root(environment: [:], passwordDatabaseHome: { nil })
        }
    }

    @Test("puts each app in its own folder")
    func appFolderLayout() throws {
        let directory = StateDirectory.scenesFolder(for: try AppID("com.example.cookbook"), root: "/s/")
        #expect(directory == "/s/com.example.cookbook/scenes")
    }

    @Test("the public resolver reads HOME from the passwd database when HOME is unset")
    func publicResolverWithoutHome() throws {
        let root = try StateDirectory.root(environment: [:])
        #expect(root.hasPrefix("/") && root.hasSuffix("/.local/state"))
    }
}
