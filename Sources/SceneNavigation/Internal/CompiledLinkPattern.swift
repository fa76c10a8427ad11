import SceneStore

extension LinkPattern {
    /// A pattern, read: what reads a route's element from a link's segments and query, and prints
    /// it back.
    struct Compiled: Sendable, Hashable {
        /// A parameter's type, as a link writes it.
        enum Kind: String, Sendable, Hashable, CaseIterable {
            case string, int, double, bool, uuid
        }

        /// A parameter: its name, the member path it fills, its type.
        struct Parameter: Sendable, Hashable {
            let name: String
            let path: [String]
            let kind: Kind
        }

        enum Segment: Sendable, Hashable {
            case literal(String)
            case parameter(Parameter)
        }

        /// Why an element does not fit a pattern.
        struct Misfit: Error {
            let reason: String
            /// The query parameter that did not fit, when one did not.
            var parameter: String?
            init(_ reason: String, parameter: String? = nil) {
                self.reason = reason
                self.parameter = parameter
            }
        }

        /// What a pattern made of the segments at a position.
        enum Match {
            /// Its literals are not there.
            case none
            /// The element, read: its JSON, and how many segments it took.
            case element(JSONValue, length: Int)
            /// Its literals are there, but a parameter is missing or not its type: why, and how
            /// many segments the element takes.
            case badParameter(String, length: Int)
        }

        let text: String
        let segments: [Segment]
        let query: [Parameter]
        /// The case, for a case's pattern.
        let caseName: String?
        /// The parameter that is the route, for a value's pattern.
        let value: Parameter?
        /// Whether every parameter is a member of the case itself (none reaches into a nested value).
        let isFlat: Bool

        // MARK: - Reading a pattern

        /// Reads a pattern of a case, of a value (`valueParameter`), or of a structure's members
        /// (neither).
        static func read(_ text: String, caseName: String?, valueParameter: String?) -> Result<
            Compiled, NavigationError
        > {
            Result { () throws(NavigationError) in
                try Compiled(text, caseName: caseName, valueParameter: valueParameter)
            }
        }

        private init(_ text: String, caseName: String?, valueParameter: String?) throws(NavigationError) {
            func invalid(_ reason: String) -> NavigationError {
                NavigationError.link(
                    code: "invalid-pattern", message: "the link pattern '\(LinkText.excerpt(text))' \(reason)")
            }
            self.text = text
            self.caseName = caseName
            let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let path = parts[0]
            guard !path.isEmpty else { throw invalid("has no segment") }
            var names: Set<String> = []
            func parameter(_ part: Substring) throws(NavigationError) -> Parameter {
                guard part.count > 2, part.first == "{", part.last == "}" else {
                    throw invalid("has '\(part)', which is neither a literal nor a {parameter}")
                }
                let inner = part.dropFirst().dropLast()
                let pieces = inner.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(pieces[0])
                let path = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                guard
                    path.allSatisfy({ piece in
                        guard let first = piece.first, first == "_" || first.isLetter else { return false }
                        return piece.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                    })
                else {
                    throw invalid(
                        "has the parameter name '\(name)' (letters, digits and _, not first a digit, dots between)")
                }
                guard names.insert(name).inserted else { throw invalid("names the parameter '\(name)' twice") }
                var kind = Kind.string
                if pieces.count == 2 {
                    guard let named = Kind(rawValue: String(pieces[1])) else {
                        throw invalid(
                            "gives '\(name)' the type '\(pieces[1])' (expected \(Kind.allCases.map(\.rawValue).joined(separator: ", ")))"
                        )
                    }
                    kind = named
                }
                return Parameter(name: name, path: path, kind: kind)
            }
            var segments: [Segment] = []
            for part in path.split(separator: "/", omittingEmptySubsequences: false) {
                if part.first == "{" {
                    segments.append(.parameter(try parameter(part)))
                } else {
                    guard !part.isEmpty, part.utf8.allSatisfy(LinkText.isUnreserved) else {
                        throw invalid("has the segment '\(part)' (a literal is letters, digits, -, ., _ and ~)")
                    }
                    segments.append(.literal(String(part)))
                }
            }
            var query: [Parameter] = []
            if parts.count == 2 {
                for part in parts[1].split(separator: "&", omittingEmptySubsequences: false) {
                    query.append(try parameter(part))
                }
            }
            self.segments = segments
            self.query = query
            isFlat = (segments.compactMap(\.parameter) + query).allSatisfy { $0.path.count == 1 }
            if let valueParameter {
                guard query.isEmpty, segments.contains(where: { $0.parameter?.name == valueParameter }),
                    names.count == 1
                else {
                    throw invalid("is a value's pattern: its one parameter, in a segment, is '\(valueParameter)'")
                }
                value = segments.lazy.compactMap(\.parameter).first
            } else {
                value = nil
                if let caseName, caseName.isEmpty { throw invalid("names no case") }
            }
        }

        // MARK: - Reading an element

        /// What the pattern makes of the segments from `start` on.
        func match(_ parts: [LinkText.Part], from start: Int) -> Match {
            // Most patterns start with a literal: no parameter is read for a pattern that is not there.
            if case .literal(let literal) = segments[0], start >= parts.count || parts[start].decoded != literal {
                return .none
            }
            var payload: [String: JSONValue] = [:]
            var single: JSONValue?
            var problem: String?
            var literals = 0
            for (offset, segment) in segments.enumerated() {
                let index = start + offset
                let part = index < parts.count ? parts[index] : nil
                switch segment {
                case .literal(let literal):
                    guard let part, part.decoded == literal else { return .none }
                    literals += 1
                case .parameter(let parameter):
                    guard problem == nil else { continue }
                    guard let part else {
                        problem = "'\(parameter.name)' is missing"
                        continue
                    }
                    switch Self.parse(part, as: parameter) {
                    case .success(let parsed):
                        if value != nil {
                            single = parsed
                        } else {
                            Self.set(parsed, at: parameter.path[...], in: &payload)
                        }
                    case .failure(let misfit): problem = misfit.reason
                    }
                }
            }
            let length = min(segments.count, parts.count - start)
            if let problem {
                // A pattern that starts with a parameter matches anything; it reports only once its
                // literal is there.
                guard literals > 0, case .literal = segments[0] else { return .none }
                return .badParameter("\(problem) (\(text))", length: length)
            }
            let element: JSONValue =
                if value != nil {
                    single ?? .null
                } else if let caseName {
                    .object([caseName: .object(payload)])
                } else {
                    .object(payload)
                }
            return .element(element, length: segments.count)
        }

        /// Adds the query items addressed to the element to its JSON; nil and why when one is not
        /// its type.
        func addingQuery(_ items: [String: LinkText.Part], to element: JSONValue) -> Result<JSONValue, Misfit> {
            guard !query.isEmpty, case .object(var members) = element else { return .success(element) }
            // A case's members are inside it; a structure's are the element's own.
            var payload = members
            if let caseName {
                guard case .object(let inside)? = members[caseName] else { return .success(element) }
                payload = inside
            }
            for parameter in query {
                guard let part = items[parameter.name] else { continue }
                switch Self.parse(part, as: parameter) {
                case .success(let value): Self.set(value, at: parameter.path[...], in: &payload)
                case .failure(let misfit):
                    return .failure(Misfit("\(misfit.reason) (\(text))", parameter: parameter.name))
                }
            }
            guard let caseName else { return .success(.object(payload)) }
            members[caseName] = .object(payload)
            return .success(.object(members))
        }

        private static func set(_ value: JSONValue, at path: ArraySlice<String>, in members: inout [String: JSONValue])
        {
            guard let first = path.first else { return }
            if path.count == 1 {
                members[first] = value
                return
            }
            var nested = members[first]?.objectValue ?? [:]
            set(value, at: path.dropFirst(), in: &nested)
            members[first] = .object(nested)
        }

        /// A parameter's text as its JSON; why not when it is not its type.
        private static func parse(_ part: LinkText.Part, as parameter: Parameter) -> Result<JSONValue, Misfit> {
            guard let text = part.decoded else {
                return .failure(
                    Misfit("'\(parameter.name)' has invalid percent-encoding: '\(LinkText.excerpt(part.raw))'"))
            }
            if let control = LinkText.controlCharacter(in: text) {
                return .failure(
                    Misfit("'\(parameter.name)' holds a control character (\(LinkText.codePoint(control)))"))
            }
            let value: JSONValue?
            switch parameter.kind {
            case .string: value = .string(text)
            case .int:
                value = Int(text).flatMap { _ in JSONNumber(literal: text) }.map(JSONValue.number)
            case .double:
                value = JSONNumber(literal: text).map(JSONValue.number)
            case .bool:
                value = text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
            case .uuid:
                value = LinkText.isUUID(text) ? .string(text) : nil
            }
            guard let value else {
                return .failure(
                    Misfit("'\(parameter.name)' is not \(parameter.kind.words): '\(LinkText.excerpt(text))'"))
            }
            return .success(value)
        }

        // MARK: - Printing an element

        /// The element's segments and query items; nil when the element is not this pattern's case;
        /// why when it is but does not fit.
        func print(_ element: JSONValue) -> Result<(segments: [String], query: [(String, String)]), Misfit>? {
            var payload: [String: JSONValue]
            if let value {
                guard let text = Self.text(of: element, as: value) else { return nil }
                guard !text.isEmpty else {
                    return .failure(Misfit("it is empty, which a path segment cannot hold (\(self.text))"))
                }
                return .success((segments.map { $0.literalText ?? text }, []))
            }
            guard case .object(let members) = element else { return nil }
            let held: [String: JSONValue]
            if let caseName {
                guard members.count == 1, case .object(let inside)? = members[caseName] else { return nil }
                held = inside
            } else {
                held = members
            }
            payload = held
            // A flat pattern reads its members in place; a nested one takes them out of a copy.
            var consumed = 0
            func member(_ parameter: Parameter) -> JSONValue? {
                guard isFlat else { return Self.take(parameter.path[...], from: &payload) }
                let found = held[parameter.name]
                if found != nil { consumed += 1 }
                return found
            }
            var printed: [String] = []
            printed.reserveCapacity(segments.count)
            for segment in segments {
                switch segment {
                case .literal(let literal): printed.append(literal)
                case .parameter(let parameter):
                    guard let member = member(parameter), member != .null else {
                        return .failure(Misfit("its member '\(parameter.name)' is missing (\(text))"))
                    }
                    guard let text = Self.text(of: member, as: parameter) else {
                        return .failure(Misfit(Self.misfit(member, parameter, pattern: text)))
                    }
                    guard !text.isEmpty else {
                        return .failure(
                            Misfit(
                                "its member '\(parameter.name)' is empty, which a path segment cannot hold (\(self.text))"
                            ))
                    }
                    printed.append(text)
                }
            }
            var items: [(String, String)] = []
            for parameter in query {
                guard let member = member(parameter), member != .null else { continue }
                guard let text = Self.text(of: member, as: parameter) else {
                    return .failure(Misfit(Self.misfit(member, parameter, pattern: text)))
                }
                items.append((parameter.name, text))
            }
            if isFlat {
                if consumed < held.count {
                    let names = Set((segments.compactMap(\.parameter) + query).map(\.name))
                    payload = held.filter { !names.contains($0.key) }
                } else {
                    payload = [:]
                }
            }
            if let extra = payload.keys.sorted().first {
                return .failure(Misfit("its member '\(extra)' has no place in the pattern (\(text))"))
            }
            return .success((printed, items))
        }

        private static func misfit(_ member: JSONValue, _ parameter: Parameter, pattern: String) -> String {
            if case .string(let text) = member, let control = LinkText.controlCharacter(in: text) {
                return
                    "its member '\(parameter.name)' holds a control character (\(LinkText.codePoint(control))), which a link cannot carry (\(pattern))"
            }
            let json = String(decoding: member.serialized(), as: UTF8.self)
            return
                "its member '\(parameter.name)' is not \(parameter.kind.words): \(LinkText.excerpt(json)) (\(pattern))"
        }

        /// Removes the value at a member path, and the objects the removal leaves empty.
        private static func take(_ path: ArraySlice<String>, from members: inout [String: JSONValue]) -> JSONValue? {
            guard let first = path.first, let member = members[first] else { return nil }
            if path.count == 1 {
                members[first] = nil
                return member
            }
            guard case .object(var nested) = member else { return nil }
            let value = take(path.dropFirst(), from: &nested)
            members[first] = nested.isEmpty ? nil : .object(nested)
            return value
        }

        /// A parameter's JSON as its text in a link; nil when it is not the parameter's type or a
        /// link cannot carry it.
        private static func text(of value: JSONValue, as parameter: Parameter) -> String? {
            switch (parameter.kind, value) {
            case (.string, .string(let text)):
                return LinkText.controlCharacter(in: text) == nil ? text : nil
            case (.int, .number(let number)):
                return number.intValue.map(String.init)
            case (.double, .number(let number)):
                return number.literal
            case (.bool, .bool(let flag)):
                return flag ? "true" : "false"
            case (.uuid, .string(let text)):
                return LinkText.isUUID(text) ? text : nil
            default:
                return nil
            }
        }
    }
}

extension LinkPattern.Compiled.Kind {
    /// The type in words: `an int`, `a UUID`.
    var words: String {
        switch self {
        case .string: "a string"
        case .int: "an int"
        case .double: "a number"
        case .bool: "true or false"
        case .uuid: "a UUID"
        }
    }
}

extension LinkPattern.Compiled.Segment {
    var parameter: LinkPattern.Compiled.Parameter? {
        if case .parameter(let parameter) = self { return parameter }
        return nil
    }

    var literalText: String? {
        if case .literal(let literal) = self { return literal }
        return nil
    }
}
