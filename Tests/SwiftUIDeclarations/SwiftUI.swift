// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A test-only module named SwiftUI: the declarations navstate's SwiftUI guide and the
// SceneNavigationUI module use, with the labels, generic constraints, attributes and isolation of
// Apple's iOS 26.2 SDK interfaces (SwiftUI.swiftinterface and SwiftUICore.swiftinterface, arm64e,
// Swift 6.2.3). Each declaration cites the
// interface lines it follows. Only declarations: every body traps, because nothing here ever runs.
// On Linux, `swiftc` builds this module so that the guide's own text and SceneNavigationUI's
// sources type-check as an app's code would against SwiftUI (ReadmeSwiftUITests); on Apple
// platforms the real SwiftUI is used instead.
//
// Not among Apple's interface excerpts this follows: the result builders' members (ViewBuilder,
// SceneBuilder), the view types they build (EmptyView, TupleView, _ConditionalContent) and
// LocalizedStringKey with its interpolations (a string literal given to Text, Button or
// NavigationLink is one), declared here as SwiftUI's documentation gives them; and
// `_StubView`/`_StubScene`, the stand-ins for the opaque types the modifiers return.

import Foundation
import Observation
// Foundation's NSUserActivity, which Linux's Foundation lacks: its own test-only module
// (UserActivityDeclarations.swift), re-exported here and by the UIKit declarations as Apple's
// SwiftUI and UIKit re-export Foundation, so that an app names it unqualified, as on Apple platforms.
@_exported import UserActivityDeclarations

// SwiftUI imports UIKit where UIKit exists (UIHostingController is a UIViewController); here, the
// test-only UIKit declarations (UIKit.swift), when they are built.
#if canImport(UIKit)
    import UIKit
#endif

// MARK: View and its builder

// SwiftUICore lines 13886-13900 (`_makeView` and friends left out: internal to SwiftUI's graph).
@preconcurrency @MainActor public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("declarations only") }
}

@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View {
        fatalError("declarations only")
    }
    public static func buildBlock() -> EmptyView { fatalError("declarations only") }
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View {
        fatalError("declarations only")
    }
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
    where repeat each Content: View { fatalError("declarations only") }
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View {
        fatalError("declarations only")
    }
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<
        TrueContent, FalseContent
    > where TrueContent: View, FalseContent: View { fatalError("declarations only") }
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<
        TrueContent, FalseContent
    > where TrueContent: View, FalseContent: View { fatalError("declarations only") }
}

public struct EmptyView: View {
    public var body: Never { fatalError("declarations only") }
}

public struct TupleView<T>: View {
    public var body: Never { fatalError("declarations only") }
}

public struct _ConditionalContent<TrueContent, FalseContent>: View where TrueContent: View, FalseContent: View {
    public var body: Never { fatalError("declarations only") }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("declarations only") }
}

/// What the modifiers return in place of SwiftUI's opaque types.
public struct _StubView: View {
    @usableFromInline nonisolated init() {}
    public var body: Never { fatalError("declarations only") }
}

// MARK: App, Scene, WindowGroup

// SwiftUI lines 8597-8602.
@preconcurrency @MainActor public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

// SwiftUI lines 8603-8606.
extension App {
    @MainActor @preconcurrency public static func main() { fatalError("declarations only") }
}

// SwiftUI lines 16344-16349 (`_makeScene` left out).
@preconcurrency @MainActor public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

@resultBuilder public struct SceneBuilder {
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: Scene {
        fatalError("declarations only")
    }
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene {
        fatalError("declarations only")
    }
    // iOS 17 and macOS 14: several scenes in one body (SceneBuilder's documentation).
    public static func buildBlock<each Content>(_ content: repeat each Content) -> some Scene
    where repeat each Content: Scene { _StubScene() }
}

/// What a scene's body returns in place of SwiftUI's opaque type.
public struct _StubScene: Scene {
    nonisolated init() {}
    public var body: Never { fatalError("declarations only") }
}

// SwiftUI lines 1924-1979 (the struct; its iOS 18-deprecated initializers left out) and
// 24024-24082 (the escaping-builder initializer an app's `WindowGroup { ... }` calls).
public struct WindowGroup<Content>: Scene where Content: View {
    nonisolated public init(@ViewBuilder makeContent: @escaping () -> Content) { fatalError("declarations only") }
    @MainActor @preconcurrency public var body: some Scene { _StubScene() }
}

// SwiftUI lines 1980-1982.
@available(*, unavailable)
extension WindowGroup: Sendable {}

// SwiftUI lines 15721-15797 (../shared/swiftui-declarations/Scenes_Links_Handoff.txt, item 5): the
// value-presenting initializer an app's `WindowGroup(for: Draft.ID.self) { $id in ... }` calls (iOS 16,
// macOS 13; the `#if compiler(>=5.3) && $NonescapableTypes` guard around it left out), and the
// content it presents.
extension WindowGroup {
    nonisolated public init<D, C>(for type: D.Type, @ViewBuilder content: @escaping (Binding<D?>) -> C)
    where Content == PresentedWindowContent<D, C>, D: Decodable, D: Encodable, D: Hashable, C: View {
        fatalError("declarations only")
    }
}

public struct PresentedWindowContent<Data, Content>: View
where Data: Decodable, Data: Encodable, Data: Hashable, Content: View {
    public typealias Body = Never
    public var body: Never { fatalError("declarations only") }
}

@available(*, unavailable)
extension PresentedWindowContent: Sendable {}

// SwiftUI lines 9788-9794 (Scenes_Links_Handoff.txt, item 1).
extension Scene {
    nonisolated public func handlesExternalEvents(matching conditions: Set<String>) -> some Scene { _StubScene() }
}

// MARK: State, Binding, Bindable, SceneStorage, Environment

// SwiftUICore lines 15929-15954.
@frozen @propertyWrapper public struct State<Value> {
    public init(wrappedValue value: Value) { fatalError("declarations only") }
    public var wrappedValue: Value {
        get { fatalError("declarations only") }
        nonmutating set { fatalError("declarations only") }
    }
    public var projectedValue: Binding<Value> { fatalError("declarations only") }
}

// SwiftUICore lines 15955-15957.
extension State: Sendable where Value: Sendable {}

// SwiftUICore lines 11547-11576.
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    @preconcurrency public init(
        @_inheritActorContext get: @escaping @isolated(any) @Sendable () -> Value,
        @_inheritActorContext set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) { fatalError("declarations only") }
    public static func constant(_ value: Value) -> Binding<Value> { fatalError("declarations only") }
    public var wrappedValue: Value {
        get { fatalError("declarations only") }
        nonmutating set { fatalError("declarations only") }
    }
    public var projectedValue: Binding<Value> { fatalError("declarations only") }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError("declarations only")
    }
}

// SwiftUICore lines 12592-12606.
@dynamicMemberLookup @propertyWrapper public struct Bindable<Value> {
    public var wrappedValue: Value
    public var projectedValue: Bindable<Value> { fatalError("declarations only") }
    @available(*, unavailable, message: "The wrapped value must be an object that conforms to Observable")
    public init(wrappedValue: Value) { fatalError("declarations only") }
}

// SwiftUICore lines 12607-12616.
extension Bindable where Value: AnyObject {
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError("declarations only")
    }
}

// SwiftUICore lines 12621-12630.
extension Bindable where Value: AnyObject, Value: Observation.Observable {
    public init(wrappedValue: Value) { fatalError("declarations only") }
    public init(_ wrappedValue: Value) { fatalError("declarations only") }
}

// SwiftUI lines 7057-7077.
@frozen @propertyWrapper public struct SceneStorage<Value> {
    @usableFromInline internal var _key: String
    public var wrappedValue: Value {
        get { fatalError("declarations only") }
        nonmutating set { fatalError("declarations only") }
    }
    public var projectedValue: Binding<Value> { fatalError("declarations only") }
}

// SwiftUI lines 7078-7080.
extension SceneStorage: @unchecked Sendable where Value: Sendable {}

// SwiftUI lines 7081-7093 (the `Date` initializer, iOS 18 and later, left out).
extension SceneStorage {
    public init(wrappedValue: Value, _ key: String) where Value == Bool { fatalError("declarations only") }
    public init(wrappedValue: Value, _ key: String) where Value == Int { fatalError("declarations only") }
    public init(wrappedValue: Value, _ key: String) where Value == Double { fatalError("declarations only") }
    public init(wrappedValue: Value, _ key: String) where Value == String { fatalError("declarations only") }
    public init(wrappedValue: Value, _ key: String) where Value == URL { fatalError("declarations only") }
    public init(wrappedValue: Value, _ key: String) where Value == Data { fatalError("declarations only") }
    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == Int {
        fatalError("declarations only")
    }
    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == String {
        fatalError("declarations only")
    }
}

// SwiftUI lines 7094-7118.
extension SceneStorage where Value: ExpressibleByNilLiteral {
    public init(_ key: String) where Value == Bool? { fatalError("declarations only") }
    public init(_ key: String) where Value == Int? { fatalError("declarations only") }
    public init(_ key: String) where Value == Double? { fatalError("declarations only") }
    public init(_ key: String) where Value == String? { fatalError("declarations only") }
    public init(_ key: String) where Value == URL? { fatalError("declarations only") }
    public init(_ key: String) where Value == Data? { fatalError("declarations only") }
}

// SwiftUICore lines 11455-11510.
@frozen @propertyWrapper public struct Environment<Value> {
    @inlinable public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { fatalError("declarations only") }
    @inlinable public var wrappedValue: Value { fatalError("declarations only") }
}

// SwiftUICore lines 11511-11513.
extension Environment: Sendable where Value: Sendable {}

// SwiftUICore lines 11852-11866 (the subscript by key left out).
public struct EnvironmentValues: CustomStringConvertible {
    public init() { fatalError("declarations only") }
    public var description: String { fatalError("declarations only") }
}

// SwiftUI lines 5573-5584, 5585-5587, 26445-26446.
public enum ScenePhase: Comparable {
    case background
    case inactive
    case active
    public static func < (a: ScenePhase, b: ScenePhase) -> Bool { fatalError("declarations only") }
}

extension ScenePhase: Sendable {}
extension ScenePhase: Hashable {}

// SwiftUI lines 5588-5594.
extension EnvironmentValues {
    public var scenePhase: ScenePhase {
        get { fatalError("declarations only") }
        set { fatalError("declarations only") }
    }
}

// MARK: Navigation

// SwiftUI lines 15016-15026.
@MainActor @preconcurrency public struct NavigationStack<Data, Root>: View where Root: View {
    @MainActor @preconcurrency public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {
        fatalError("declarations only")
    }
    @MainActor @preconcurrency public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root)
    where Data == NavigationPath { fatalError("declarations only") }
    @MainActor @preconcurrency public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where
        Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
        Data.Element: Hashable
    { fatalError("declarations only") }
    @MainActor @preconcurrency public var body: some View { _StubView() }
}

// SwiftUI lines 15027-15029.
@available(*, unavailable)
extension NavigationStack: Sendable {}

// SwiftUI lines 6019-6043.
public struct NavigationPath {
    public var count: Int { fatalError("declarations only") }
    public var isEmpty: Bool { fatalError("declarations only") }
    public var codable: NavigationPath.CodableRepresentation? { fatalError("declarations only") }
    public init() { fatalError("declarations only") }
    public init<S>(_ elements: S) where S: Sequence, S.Element: Hashable { fatalError("declarations only") }
    public init<S>(_ elements: S) where S: Sequence, S.Element: Decodable, S.Element: Encodable, S.Element: Hashable {
        fatalError("declarations only")
    }
    public init(_ codable: NavigationPath.CodableRepresentation) { fatalError("declarations only") }
    public mutating func append<V>(_ value: V) where V: Hashable { fatalError("declarations only") }
    public mutating func append<V>(_ value: V) where V: Decodable, V: Encodable, V: Hashable {
        fatalError("declarations only")
    }
    public mutating func removeLast(_ k: Int = 1) { fatalError("declarations only") }
    public struct CodableRepresentation: Codable {
        public init(from decoder: any Decoder) throws { fatalError("declarations only") }
        public func encode(to encoder: any Encoder) throws { fatalError("declarations only") }
    }
}

// SwiftUI lines 6044-6049.
@available(*, unavailable)
extension NavigationPath: Sendable {}
@available(*, unavailable)
extension NavigationPath.CodableRepresentation: Sendable {}

// SwiftUI lines 6050-6057.
extension NavigationPath: Equatable {
    public static func == (lhs: NavigationPath, rhs: NavigationPath) -> Bool { fatalError("declarations only") }
}

extension NavigationPath.CodableRepresentation: Equatable {
    public static func == (lhs: NavigationPath.CodableRepresentation, rhs: NavigationPath.CodableRepresentation)
        -> Bool
    { fatalError("declarations only") }
}

// SwiftUI lines 1544-1550.
extension View {
    nonisolated public func navigationDestination<D, C>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View where D: Hashable, C: View { _StubView() }
}

// SwiftUI lines 11361-11371 (the struct) and 11372-11374.
public struct NavigationLink<Label, Destination>: View where Label: View, Destination: View {
    @MainActor @preconcurrency public var body: some View { _StubView() }
}

@available(*, unavailable)
extension NavigationLink: Sendable {}

// SwiftUI lines 10632-10666 (the `value:` initializers).
extension NavigationLink where Destination == Never {
    nonisolated public init<P>(value: P?, @ViewBuilder label: () -> Label) where P: Hashable {
        fatalError("declarations only")
    }
    nonisolated public init<P>(_ titleKey: LocalizedStringKey, value: P?) where Label == Text, P: Hashable {
        fatalError("declarations only")
    }
    nonisolated public init<P>(_ titleKey: LocalizedStringKey, value: P?)
    where Label == Text, P: Decodable, P: Encodable, P: Hashable { fatalError("declarations only") }
    @_disfavoredOverload nonisolated public init<S, P>(_ title: S, value: P?)
    where Label == Text, S: StringProtocol, P: Hashable { fatalError("declarations only") }
    nonisolated public init<P>(value: P?, @ViewBuilder label: () -> Label)
    where P: Decodable, P: Encodable, P: Hashable { fatalError("declarations only") }
    @_disfavoredOverload nonisolated public init<S, P>(_ title: S, value: P?)
    where Label == Text, S: StringProtocol, P: Decodable, P: Encodable, P: Hashable {
        fatalError("declarations only")
    }
}

// MARK: Views

// SwiftUI lines 6538-6559 and 6722-6779 (`init(content:)` without selection).
@MainActor @preconcurrency public struct List<SelectionValue, Content>: View
where SelectionValue: Hashable, Content: View {
    @MainActor @preconcurrency public var body: some View { _StubView() }
}

extension List where SelectionValue == Never {
    @MainActor @preconcurrency public init(@ViewBuilder content: () -> Content) { fatalError("declarations only") }
}

// SwiftUI lines 6538-6559 (../shared/swiftui-declarations/List.txt, iOS 26.2): the single selection.
extension List {
    @MainActor @preconcurrency public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
        fatalError("declarations only")
    }
}

/// A type-erased view, as SwiftUI's documentation declares it (not among the interface excerpts).
@frozen public struct AnyView: View {
    public init<V>(_ view: V) where V: View { fatalError("declarations only") }
    public var body: Never { fatalError("declarations only") }
}

// MARK: Modals (../shared/swiftui-declarations/Modals.txt)

// SwiftUI lines 7500-7510 (item 1): the `item:` form.
extension View {
    nonisolated public func sheet<Item, Content>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View where Item: Identifiable, Content: View { _StubView() }
}

// Item 2: `fullScreenCover(item:onDismiss:content:)`, unavailable on macOS.
@available(macOS, unavailable)
extension View {
    nonisolated public func fullScreenCover<Item, Content>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View where Item: Identifiable, Content: View { _StubView() }
}

// SwiftUI lines 12242-12249 (item 3); `Anchor<CGRect>.Source` and `UnitPoint` reduced to what
// `.rect(.bounds)` needs.
public enum PopoverAttachmentAnchor {
    case rect(_AnchorSource)
}

@available(*, unavailable)
extension PopoverAttachmentAnchor: Sendable {}

/// `Anchor<CGRect>.Source`, reduced to its `bounds`.
public struct _AnchorSource {
    public static var bounds: _AnchorSource { fatalError("declarations only") }
}

/// SwiftUICore's `Edge`.
@frozen public enum Edge: Int8, Sendable {
    case top, leading, bottom, trailing
}

// Item 3: `popover(item:attachmentAnchor:arrowEdge:content:)`, unavailable on tvOS and watchOS.
@available(tvOS, unavailable)
@available(watchOS, unavailable)
extension View {
    @_alwaysEmitIntoClient nonisolated public func popover<Item, Content>(
        item: Binding<Item?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds), arrowEdge: Edge? = nil,
        @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View where Item: Identifiable, Content: View { _StubView() }
}

// Item 4: `inspector(isPresented:content:)` (iOS 17, macOS 14), unavailable on tvOS, watchOS and visionOS.
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
extension View {
    nonisolated public func inspector<V>(isPresented: Binding<Bool>, @ViewBuilder content: () -> V) -> some View
    where V: View { _StubView() }
}

// SwiftUI lines 1496-1508 and 26379-26380 (item 7).
@preconcurrency @MainActor public struct DismissAction {
    @MainActor @preconcurrency public func callAsFunction() { fatalError("declarations only") }
}

extension DismissAction: Sendable {}

extension EnvironmentValues {
    public var dismiss: DismissAction { fatalError("declarations only") }
    public var isPresented: Bool { fatalError("declarations only") }
}

// MARK: Containers (../shared/swiftui-declarations/Containers.txt)

// SwiftUI lines 2509-2528 (item 1): the iOS 18 form with a `TabContentBuilder`.
public struct TabView<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {
    public init<C>(selection: Binding<SelectionValue>, @TabContentBuilder<SelectionValue> content: () -> C)
    where Content == TabContentBuilder<SelectionValue>.Content<C>, C: TabContent { fatalError("declarations only") }
    @MainActor @preconcurrency public var body: some View { _StubView() }
}

@available(*, unavailable)
extension TabView: Sendable {}

// SwiftUI lines 10182-10189 (item 2a), the `_IdentifiedView` machinery left out.
@preconcurrency @MainActor public protocol TabContent<TabValue> {
    associatedtype TabValue: Hashable where Self.TabValue == Self.Body.TabValue
    associatedtype Body: TabContent
    @TabContentBuilder<Self.TabValue> @MainActor @preconcurrency var body: Self.Body { get }
}

// Item 2a: the builder's one-, two- and three-content blocks; what they return stands in for
// SwiftUI's `_TupleTabContent`.
@resultBuilder public struct TabContentBuilder<TabValue> where TabValue: Hashable {
    public struct Content<C>: View where C: TabContent {
        @MainActor @preconcurrency public var body: some View { _StubView() }
    }
    public static func buildExpression(_ content: some TabContent<TabValue>) -> some TabContent<TabValue> {
        _StubTabContent<TabValue>()
    }
    public static func buildBlock(_ content: some TabContent<TabValue>) -> some TabContent<TabValue> {
        _StubTabContent<TabValue>()
    }
    public static func buildBlock<C0, C1>(_ c0: C0, _ c1: C1) -> some TabContent<TabValue>
    where TabValue == C0.TabValue, C0: TabContent, C1: TabContent, C0.TabValue == C1.TabValue {
        _StubTabContent<TabValue>()
    }
    public static func buildBlock<C0, C1, C2>(_ c0: C0, _ c1: C1, _ c2: C2) -> some TabContent<TabValue>
    where
        TabValue == C0.TabValue, C0: TabContent, C1: TabContent, C2: TabContent, C0.TabValue == C1.TabValue,
        C1.TabValue == C2.TabValue
    { _StubTabContent<TabValue>() }
}

/// What the tab builder returns in place of SwiftUI's opaque types.
public struct _StubTabContent<TabValue: Hashable>: TabContent {
    nonisolated init() {}
    // `return`: the protocol's builder is not applied to a body that returns.
    @MainActor @preconcurrency public var body: _StubTabContent<TabValue> { return self }
}

// SwiftUI lines 14353-14460 (item 2): the `systemImage:` initializers of a tab with a value.
public struct Tab<Value, Content, Label> {}

@available(*, unavailable)
extension Tab: Sendable {}

extension Tab: TabContent where Value: Hashable, Content: View, Label: View {
    public typealias TabValue = Value
    @_disfavoredOverload nonisolated public init<S>(
        _ title: S, systemImage: String, value: Value, @ViewBuilder content: () -> Content
    ) where Label == DefaultTabLabel, S: StringProtocol { fatalError("declarations only") }
    nonisolated public init(
        _ titleKey: LocalizedStringKey, systemImage: String, value: Value, @ViewBuilder content: () -> Content
    ) where Label == DefaultTabLabel { fatalError("declarations only") }
    @MainActor @preconcurrency public var body: Tab<Value, Content, Label> { return self }
}

// SwiftUI lines 16165-16175 (item 2a).
public struct DefaultTabLabel: View {
    @MainActor @preconcurrency public var body: some View { _StubView() }
}

// SwiftUI lines 21132-21146 (item 4): the two-column initializer with column visibility.
public struct NavigationSplitView<Sidebar, Content, Detail>: View where Sidebar: View, Content: View, Detail: View {
    public init(
        columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
        @ViewBuilder detail: () -> Detail
    ) where Content == EmptyView { fatalError("declarations only") }
    @MainActor @preconcurrency public var body: some View { _StubView() }
}

@available(*, unavailable)
extension NavigationSplitView: Sendable {}

// SwiftUI lines 21154-21171 (item 5).
public struct NavigationSplitViewVisibility: Equatable, Codable, Sendable {
    public static var detailOnly: NavigationSplitViewVisibility { fatalError("declarations only") }
    public static var doubleColumn: NavigationSplitViewVisibility { fatalError("declarations only") }
    public static var all: NavigationSplitViewVisibility { fatalError("declarations only") }
    public static var automatic: NavigationSplitViewVisibility { fatalError("declarations only") }
    public static func == (lhs: NavigationSplitViewVisibility, rhs: NavigationSplitViewVisibility) -> Bool {
        fatalError("declarations only")
    }
    public func encode(to encoder: any Encoder) throws { fatalError("declarations only") }
    public init(from decoder: any Decoder) throws { fatalError("declarations only") }
}

// SwiftUICore lines 18478-18515, 4982-4991 and 5796-5810.
@frozen public struct Text: Equatable, Sendable {
    @inlinable public init(verbatim content: String) { fatalError("declarations only") }
    @_semantics("swiftui.init_with_localization") public init(
        _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil
    ) { fatalError("declarations only") }
    @_disfavoredOverload public init<S>(_ content: S) where S: StringProtocol { fatalError("declarations only") }
    public static func == (lhs: Text, rhs: Text) -> Bool { fatalError("declarations only") }
}

extension Text: View {
    public typealias Body = Never
    public var body: Never { fatalError("declarations only") }
}

// SwiftUI lines 22943-22951 and 22955-22963.
public struct Button<Label>: View where Label: View {
    @preconcurrency public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        fatalError("declarations only")
    }
    @MainActor @preconcurrency public var body: some View { _StubView() }
}

extension Button where Label == Text {
    @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
        fatalError("declarations only")
    }
    @preconcurrency @_disfavoredOverload nonisolated public init<S>(
        _ title: S, action: @escaping @MainActor () -> Void
    ) where S: StringProtocol { fatalError("declarations only") }
}

/// A key into the app's strings: what a string literal given to a view becomes. Its
/// interpolations take strings, numbers (`_FormatSpecifiable`), texts and Foundation's reference
/// types, not any value: `Text("\(error)")` falls back on the `StringProtocol` initializer.
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
    public init(_ value: String) { fatalError("declarations only") }
    public init(stringLiteral value: String) { fatalError("declarations only") }
    public init(stringInterpolation: LocalizedStringKey.StringInterpolation) { fatalError("declarations only") }

    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) { fatalError("declarations only") }
        public mutating func appendLiteral(_ literal: String) { fatalError("declarations only") }
        public mutating func appendInterpolation(_ string: String) { fatalError("declarations only") }
        public mutating func appendInterpolation<Subject>(_ subject: Subject, formatter: Formatter? = nil)
        where Subject: ReferenceConvertible { fatalError("declarations only") }
        public mutating func appendInterpolation<T>(_ value: T) where T: _FormatSpecifiable {
            fatalError("declarations only")
        }
        public mutating func appendInterpolation<T>(_ value: T, specifier: String) where T: _FormatSpecifiable {
            fatalError("declarations only")
        }
        public mutating func appendInterpolation(_ text: Text) { fatalError("declarations only") }
    }
}

/// The types a localized interpolation formats with a specifier.
public protocol _FormatSpecifiable: Equatable {}
extension Int: _FormatSpecifiable {}
extension Int8: _FormatSpecifiable {}
extension Int16: _FormatSpecifiable {}
extension Int32: _FormatSpecifiable {}
extension Int64: _FormatSpecifiable {}
extension UInt: _FormatSpecifiable {}
extension UInt8: _FormatSpecifiable {}
extension UInt16: _FormatSpecifiable {}
extension UInt32: _FormatSpecifiable {}
extension UInt64: _FormatSpecifiable {}
extension Float: _FormatSpecifiable {}
extension Double: _FormatSpecifiable {}

// MARK: Modifiers

// SwiftUI lines 5162-5184 (the iOS 26.4 `executorPreference:` form left out).
extension View {
    @inlinable @_disfavoredOverload nonisolated public func task(
        priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View { _StubView() }

    @inlinable @_disfavoredOverload nonisolated public func task<T>(
        id value: T, priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View where T: Equatable { _StubView() }
}

// SwiftUICore lines 13831-13841.
extension View {
    nonisolated public func onChange<V>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View where V: Equatable { _StubView() }
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
        -> some View where V: Equatable
    { _StubView() }
}

// SwiftUI lines 2630-2642 (../shared/swiftui-declarations/Scenes_Links_Handoff.txt, item 2; the
// `element:` form left out).
extension View {
    nonisolated public func userActivity(
        _ activityType: String, isActive: Bool = true, _ update: @escaping (NSUserActivity) -> Void
    ) -> some View { _StubView() }
    nonisolated public func onContinueUserActivity(
        _ activityType: String, perform action: @escaping (NSUserActivity) -> Void
    ) -> some View { _StubView() }
    nonisolated public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { _StubView() }
}

// SwiftUI lines 2643-2649 (../shared/swiftui-declarations/Scenes_Links_Handoff.txt, item 1).
extension View {
    nonisolated public func handlesExternalEvents(preferring: Set<String>, allowing: Set<String>) -> some View {
        _StubView()
    }
}

// SwiftUICore, the extension at characters 558525-559377 (after `_AppearanceActionModifier`).
extension View {
    @inlinable nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { _StubView() }
    @inlinable nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { _StubView() }
}

// SwiftUICore, characters 573155-576000: `Alignment` and its `center`.
@frozen public struct Alignment: Equatable {
    public static let center: Alignment = { fatalError("declarations only") }()
}

// SwiftUICore lines 336-353.
@frozen public struct ZStack<Content>: View where Content: View {
    @inlinable public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        fatalError("declarations only")
    }
    public var body: Never { fatalError("declarations only") }
}

@available(*, unavailable)
extension ZStack: Sendable {}

#if canImport(UIKit)
    // SwiftUI lines 21999-22108, members 22012-22018 and 22029-22032 (../shared/swiftui-declarations/
    // UIKit_Scenes.txt, item 6; `init?(coder:...)` left out): SwiftUI hosted by a UIKit scene.
    @MainActor @preconcurrency open class UIHostingController<Content>: UIViewController where Content: View {
        @MainActor @preconcurrency public init(rootView: Content) { fatalError("declarations only") }
        @MainActor @preconcurrency public var rootView: Content {
            get { fatalError("declarations only") }
            set { fatalError("declarations only") }
        }
    }
#endif
