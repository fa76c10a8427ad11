import Foundation
import TestSupport
import Testing

@testable import navstate

/// The command-line tool's documentation (`Sources/navstate/navstate.docc`) and the tool cannot
/// drift: each page shows, under `## Usage`, the help the tool prints for its subcommand, byte for
/// byte, and every subcommand has its page.
@Suite struct DocumentationTests {
    static let catalog = "../Sources/navstate/navstate.docc/"

    /// The text block under a page's `## Usage` heading.
    static func usage(of page: String) throws -> String {
        let lines = try Fixtures.text(catalog + page).components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex(of: "## Usage"), "\(page) has no Usage section")
        let start = try #require(lines[heading...].firstIndex(of: "```text"), "\(page) has no text block under Usage")
        let end = try #require(lines[(start + 1)...].firstIndex(of: "```"), "\(page)'s text block is not closed")
        return lines[(start + 1)..<end].joined(separator: "\n") + "\n"
    }

    /// The subcommands that `navstate --help` lists, but `help` itself.
    static let subcommands = [
        "save", "restore", "inspect", "retag", "recover", "remove", "prune", "recipes", "watch", "link", "open",
    ]

    @Test("each subcommand's page shows the tool's own help for it", arguments: subcommands)
    @MainActor func pageShowsHelp(_ subcommand: String) async throws {
        let directory = try TemporaryDirectory()
        let help = await navstate(["help", subcommand], in: directory)
        #expect(help.status == 0)
        #expect(try Self.usage(of: subcommand + ".md") == help.standardOutput)
    }

    @Test("the tool's page shows its help, and every subcommand it lists has a page")
    @MainActor func rootPageShowsHelp() async throws {
        let directory = try TemporaryDirectory()
        let help = await navstate(["--help"], in: directory)
        #expect(try Self.usage(of: "navstate.md") == help.standardOutput)
        let listed = help.standardOutput.components(separatedBy: "SUBCOMMANDS:\n")[1]
            .components(separatedBy: "\n\n")[0].split(separator: "\n")
            .map { String($0.split(separator: " ")[0]) }
        #expect(listed == Self.subcommands + ["help"])
        let root = try Fixtures.text(Self.catalog + "navstate.md")
        for subcommand in Self.subcommands {
            #expect(root.contains("- <doc:\(subcommand)>"), "\(subcommand) is not in the tool's topics")
        }
    }
}
