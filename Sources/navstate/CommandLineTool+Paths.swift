import SceneNavigation
import SceneStore

// MARK: - Paths of any app, shown element by element

/// The paths in a stored value: route paths (arrays of routes' JSON) and paths in SwiftUI's
/// `NavigationPath` format, by location.
struct StoredPaths {
    var routes: [RoutePathRecord]
    var navigation: [NavigationPathRecord]
    /// The screens the save left out (``SelectivelySaved``), as the next restore reports them.
    var unsaved: [RestoreReport.DroppedElement]

    init(_ value: JSONValue, unsaved: [RestoreReport.DroppedElement] = []) {
        routes = RoutePathRecord.paths(in: value)
        navigation = NavigationPathRecord.paths(in: value)
        self.unsaved = unsaved
    }

    /// The screens not saved as JSON: the restore report's entries.
    var unsavedJSON: JSONValue {
        RestoreReport(dropped: unsaved).json.objectValue?["dropped"] ?? .array([])
    }

    var isEmpty: Bool { routes.isEmpty && navigation.isEmpty }

    /// Both kinds, sorted by location; each says its `format`.
    var json: JSONValue {
        let all = routes.map { ($0.location, $0.json) } + navigation.map { ($0.location, $0.json) }
        return .array(all.sorted { $0.0 < $1.0 }.map(\.1))
    }
}

extension CommandLineTool {
    /// The longest type name printed whole; longer ones are cut, with their length.
    static let typeNameShown = 200

    /// A stored value's JSON to show (`StateCoding.json(of:key:)`), or, for binary data that
    /// is not JSON, why, as a string.
    static func shownJSON(_ value: SceneValue, key: String) -> JSONValue {
        do throws(NavigationError) {
            return try StateCoding.json(of: value, key: key)
        } catch .cannotDecode(_, let reason, _) {
            return .string("<\(reason)>")
        } catch {
            return .string("<\(error)>")
        }
    }

    /// Whether a stored value is a path in SwiftUI's NavigationPath format.
    static func holdsNavigationPath(_ value: SceneValue?) -> Bool {
        switch value {
        case .json(let json)?: NavigationPathRecord.isNavigationPath(json)
        case .binary(let data)?: (try? JSONValue(parsing: data)).map(NavigationPathRecord.isNavigationPath) ?? false
        case nil: false
        }
    }

    /// Lists paths element by element, positions from 1: a route path's elements as compact JSON,
    /// a NavigationPath's elements root first with their type names and pretty JSON.
    mutating func printPaths(_ paths: StoredPaths, of value: JSONValue) {
        var locations = Set(paths.routes.map(\.location))
        locations.formUnion(paths.navigation.map(\.location))
        // Every member that neither is nor holds a path is shown too, as compact JSON: the rest of
        // the state.
        if case .object(let members) = value {
            let holders = Set(locations.map { String($0.prefix { $0 != "." && $0 != "[" }) })
            for name in members.keys.sorted() where !holders.contains(name) {
                let text = String(decoding: members[name]!.serialized(), as: UTF8.self)
                print("\(TerminalText.escaped(name)): \(TerminalText.escaped(text))")
            }
        } else if paths.isEmpty {
            print("value:    \(TerminalText.escaped(String(decoding: value.serialized(), as: UTF8.self)))")
        }
        if paths.isEmpty {
            print("no route path: the value is \(value.kindDescription)")
            return
        }
        for location in locations.sorted() {
            if let path = paths.routes.first(where: { $0.location == location }) { printRoutePath(path) }
            if let path = paths.navigation.first(where: { $0.location == location }) { printNavigationPath(path) }
        }
        for screen in paths.unsaved { print(TerminalText.escaped(screen.description)) }
    }

    private mutating func printRoutePath(_ path: RoutePathRecord) {
        let name = path.location.isEmpty ? "path" : TerminalText.escaped(path.location)
        if path.isPresentationChain {
            // What is presented over the paths, from the bottom: each level's style and route.
            print("\(name) (\(path.elements.count) presented, from the bottom):")
            for (index, element) in path.elements.enumerated() {
                guard let (style, route) = RoutePathRecord.presentation(element) else { continue }
                let text = TerminalText.escaped(String(decoding: route.serialized(), as: UTF8.self))
                print("  \(index + 1). \(style.rawValue) \(text)")
            }
            return
        }
        print("\(name) (\(path.elements.count) element\(path.elements.count == 1 ? "" : "s")):")
        for (index, element) in path.elements.enumerated() {
            print("  \(index + 1). \(TerminalText.escaped(String(decoding: element.serialized(), as: UTF8.self)))")
        }
    }

    private mutating func printNavigationPath(_ path: NavigationPathRecord) {
        let name = path.location.isEmpty ? "path" : TerminalText.escaped(path.location)
        let count = path.elements.count
        print("\(name) (\(count) element\(count == 1 ? "" : "s"), SwiftUI NavigationPath format, root first):")
        for element in path.elements {
            print("  \(element.position + 1). \(Self.shownTypeName(element.typeName))")
            let indent = "     "
            switch element.value {
            case .success(let json):
                let text = String(decoding: json.serialized(pretty: true), as: UTF8.self)
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    print(indent + TerminalText.escaped(String(line)))
                }
            case .failure(let error):
                print(indent + "its JSON does not parse: \(error)")
                print(indent + TerminalText.escaped(element.json))
            }
        }
    }

    /// A type name made safe to print, cut after ``typeNameShown`` characters.
    static func shownTypeName(_ name: String) -> String {
        guard name.count > typeNameShown else { return TerminalText.escaped(name) }
        return TerminalText.escaped(String(name.prefix(typeNameShown)))
            + "... (\(grouped(name.utf8.count)) bytes in all)"
    }
}
