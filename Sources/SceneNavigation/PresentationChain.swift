/// What is presented over a scene's navigation, from the bottom: a sheet, and a sheet over it, and
/// so on; each level a ``Presentation`` of a route with its style.
///
/// Keep it in the scene's state beside its paths; it is restored, reported, guarded and left out
/// as a path is:
///
/// - each level is restored on its own, with the model's resolvers, migrations and aliases (an
///   alias applies to the level's route), and one that no longer decodes or resolves is dropped and
///   reported with its position, its stored JSON and the reason; the levels above it, which were
///   presented over it, are dropped as ``RestoreReport/Reason/afterDroppedElement``, whatever the
///   policy, and what it was presented over is kept;
/// - a crash-loop guard and a deep link withhold it with the paths
///   (``RestoreReport/Reason/withheld``): a presentation is never what brings a crash back;
/// - a level that is not saved (``Presentation/unsavedReason``, or a route that says so through
///   ``SelectivelySaved``) is left out with every level above it;
/// - a state saved before the chain was added to it restores with an empty chain, and nothing is
///   reported of it.
///
/// It encodes as a JSON array of its levels, bottom first:
/// `[{"route":"compose","style":"sheet"}]`. SceneNavigationUI's `presentations(_:destination:)`
/// shows a restored chain as SwiftUI presents, one level per update, each once the one beneath
/// has appeared, and takes the user's dismissals into the state.
///
/// ```swift
/// struct MailState: Codable, Equatable {
///     var path: RoutePath<Route> = []
///     var presented = PresentationChain<Route>()
/// }
/// model.state.presented.present(.compose)                       // a sheet
/// model.state.presented.present(.attachments, as: .popover)     // over it
/// ```
public struct PresentationChain<Route: Codable & Hashable>: Hashable {
    /// The levels, from the bottom.
    public var presentations: [Presentation<Route>]

    /// A chain of these levels.
    /// - Parameter presentations: The levels, from the bottom.
    public init(_ presentations: [Presentation<Route>]) {
        self.presentations = presentations
    }

    /// Presents a route over the top level.
    /// - Parameters:
    ///   - route: What is presented.
    ///   - style: How, a sheet by default.
    ///   - unsavedReason: Why it is not saved, or nil to save it as its route says.
    public mutating func present(
        _ route: Route, as style: PresentationStyle = .sheet, unsavedReason: UnsavedReason? = nil
    ) {
        presentations.append(Presentation(route, style: style, unsavedReason: unsavedReason))
    }

    /// Dismisses a level and every level above it, as SwiftUI dismisses a modal and what it
    /// presented. A level past the top dismisses nothing.
    /// - Parameter level: The level, from 0 at the bottom.
    public mutating func dismiss(from level: Int) {
        guard level >= 0, level < presentations.count else { return }
        presentations.removeSubrange(level...)
    }
}

extension PresentationChain: Sendable where Route: Sendable {}

// MARK: - Collection

extension PresentationChain: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    /// An empty chain: nothing presented.
    public init() {
        presentations = []
    }

    /// The position of the bottom level.
    public var startIndex: Int { presentations.startIndex }
    /// The position after the top level.
    public var endIndex: Int { presentations.endIndex }

    /// The level at a position.
    /// - Parameter position: The level, from 0 at the bottom.
    public subscript(position: Int) -> Presentation<Route> {
        get { presentations[position] }
        set { presentations[position] = newValue }
    }

    /// Replaces a range of levels.
    /// - Parameters:
    ///   - subrange: The levels to replace.
    ///   - newElements: The new levels.
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == Presentation<Route> {
        presentations.replaceSubrange(subrange, with: newElements)
    }
}

extension PresentationChain: ExpressibleByArrayLiteral {
    /// A chain of the levels listed, from the bottom.
    /// - Parameter elements: The levels.
    public init(arrayLiteral elements: Presentation<Route>...) {
        self.init(elements)
    }
}

// MARK: - Coding

extension PresentationChain: Codable {
    /// Encodes the levels as a JSON array, bottom first; in a scene's save (and a link, a Handoff
    /// payload), up to the first level that is not saved, and none when a path of the state left
    /// screens out (what was presented over them, or may have been).
    /// - Parameter encoder: The encoder.
    /// - Throws: What encoding a route throws.
    public func encode(to encoder: any Encoder) throws {
        var levels = presentations
        if let encoder = ValueEncoder.saving(encoder) {
            levels.removeSubrange(encoder.recordChainCut(of: presentations)...)
        }
        var container = encoder.singleValueContainer()
        try container.encode(levels)
    }

    /// Decodes the levels: one by one with a report in a restore (``PersistentScene``,
    /// ``SceneNavigationModel``), strictly (as `[Presentation<Route>]`) by any other decoder.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is not an array (or, decoded strictly, when any
    ///   level does not decode).
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? ValueDecoder {
            presentations = try decoder.restoreChain(Route.self)
        } else {
            presentations = try decoder.singleValueContainer().decode([Presentation<Route>].self)
        }
    }
}

extension PresentationChain: EmptyWhenAbsent {
    static var absent: Self { PresentationChain() }
}
