// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A test-only module named AppIntents: what navstate's SwiftUI glue and guide use of App Intents,
// with the labels, constraints and isolation of iOS 26.2's interfaces
// (../shared/swiftui-declarations/Scene_Extras.txt, items 1 and 2). Only declarations: every body
// traps. `onAppIntentExecution` is declared in Apple's cross-import overlay `_AppIntents_SwiftUI`,
// which a file that imports both SwiftUI and AppIntents sees; here, in this module, which imports
// the test-only SwiftUI.

import Foundation
import SwiftUI

/// Foundation's `LocalizedStringResource`, which Linux's Foundation lacks: what an intent's title
/// is, made from a string literal.
public struct LocalizedStringResource: ExpressibleByStringLiteral, Sendable {
    public init(stringLiteral value: String) { fatalError("declarations only") }
}

/// What an intent's `perform()` returns.
public protocol IntentResult {}

// AppIntents lines 707-729, reduced to what has no default: its title, its `perform()` and `init()`.
public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult
    static var title: LocalizedStringResource { get }
    func perform() async throws -> Self.PerformResult
    init()
}

// AppIntents lines 9219-9234.
@available(iOS 26.0, tvOS 26.0, visionOS 26.0, macCatalyst 26.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
public protocol TargetContentProvidingIntent: AppIntent {
    var contentIdentifier: String { get }
}

@available(iOS 26.0, tvOS 26.0, visionOS 26.0, macCatalyst 26.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
extension TargetContentProvidingIntent {
    public var contentIdentifier: String { fatalError("declarations only") }
    public func perform() async throws -> some IntentResult { _StubResult() }
}

/// What `perform()` returns in place of the opaque type.
public struct _StubResult: IntentResult {}

// _AppIntents_SwiftUI lines 146-152.
@available(iOS 26.0, tvOS 26.0, visionOS 26.0, macCatalyst 26.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
extension View {
    nonisolated public func onAppIntentExecution<I>(
        _ intent: I.Type = I.self, perform action: @escaping @MainActor (I) -> Void
    ) -> some View where I: TargetContentProvidingIntent { _IntentStubView() }
}

/// What `onAppIntentExecution` returns in place of SwiftUI's opaque type.
public struct _IntentStubView: View {
    nonisolated init() {}
    public var body: Never { fatalError("declarations only") }
}
