// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A test-only module named UIKit: the declarations SceneNavigationUI's iOS branch
// (Sources/SceneNavigationUI/Internal/Platform.swift) and the UIKit scene delegate article use,
// from iOS 26.2's Objective-C headers and UIKit.apinotes as the Clang importer spells them
// (../shared/swiftui-declarations/UIKit_Scenes.txt; each declaration cites its item and header).
// Only declarations: every body traps, because nothing here ever runs. ReadmeSwiftUITests builds
// it with swiftc, so that those branches and examples type-check on Linux as they would on iOS.
//
// What Swift cannot say here as the importer does: Objective-C `@optional` protocol requirements
// (no Objective-C runtime on Linux) are requirements with default implementations, so a delegate
// implements the ones it needs; `NS_UNAVAILABLE` initializers are `unavailable`. Not among the
// excerpts: UIViewController, declared bare, because UIHostingController's declaration names it
// as its superclass.

import Foundation
@_exported import UserActivityDeclarations

// UIResponder.h lines 81-82 (`NS_SWIFT_UI_ACTOR @interface UIResponder : NSObject`) and 210-214
// (the ActivityContinuation category's `userActivity`). UIKit_Scenes.txt, item 2.
@MainActor open class UIResponder: NSObject {
    open var userActivity: NSUserActivity? {
        get { fatalError("declarations only") }
        set { fatalError("declarations only") }
    }
}

// Not among the excerpts: UIHostingController's superclass (SwiftUI.swiftinterface line 21999).
@MainActor open class UIViewController: UIResponder {}

// UISceneSession.h lines 18-37 (UIKit_Scenes.txt, item 1): `persistentIdentifier` and
// `stateRestorationActivity`; the scene, role, configuration and userInfo left out.
@MainActor open class UISceneSession: NSObject {
    @available(*, unavailable) public override init() { fatalError("declarations only") }
    open var persistentIdentifier: String { fatalError("declarations only") }
    open var stateRestorationActivity: NSUserActivity? {
        get { fatalError("declarations only") }
        set { fatalError("declarations only") }
    }
}

// UIScene.h lines 19-29 (UIKit_Scenes.txt, item 2): `@interface UIScene : UIResponder`, `session`.
@MainActor open class UIScene: UIResponder {
    @available(*, unavailable) public override init() { fatalError("declarations only") }
    open var session: UISceneSession { fatalError("declarations only") }
}

// UISceneOptions.h lines 14-69 and UIKit.apinotes lines 979-984 (UIKit_Scenes.txt, item 4):
// `UISceneConnectionOptions` as `UIScene.ConnectionOptions`, its `URLContexts` as `urlContexts`
// and `userActivities` (sourceApplication, handoffUserActivityType and the rest left out).
extension UIScene {
    @MainActor open class ConnectionOptions: NSObject {
        @available(*, unavailable) public override init() { fatalError("declarations only") }
        open var urlContexts: Set<UIOpenURLContext> { fatalError("declarations only") }
        open var userActivities: Set<NSUserActivity> { fatalError("declarations only") }
    }
}

// UIOpenURLContext.h lines 13-26 (UIKit_Scenes.txt, item 4): `URL` as `url` (the options left out).
@MainActor open class UIOpenURLContext: NSObject {
    @available(*, unavailable) public override init() { fatalError("declarations only") }
    open var url: URL { fatalError("declarations only") }
}

// UIScene.h lines 61-103 (UIKit_Scenes.txt, item 2): the UISceneDelegate protocol, `<NSObject>`,
// every method `@optional` (here: a default implementation each); the state restoration and
// the other user-activity callbacks left out.
@MainActor public protocol UISceneDelegate: NSObjectProtocol {
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func sceneDidDisconnect(_ scene: UIScene)
    func sceneDidBecomeActive(_ scene: UIScene)
    func sceneWillResignActive(_ scene: UIScene)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
    // swift-format-ignore: AlwaysUseLowerCamelCase
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
}

extension UISceneDelegate {
    public func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
    public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
}

// UIApplication.h line 68 (UIKit_Scenes.txt, item 5): `typedef NSUInteger UIBackgroundTaskIdentifier
// NS_TYPED_ENUM`, imported as a struct over Int, and line 69, the constant `UIBackgroundTaskInvalid`
// as `invalid` (an imported constant is a get-only property).
public struct UIBackgroundTaskIdentifier: Hashable, Equatable, RawRepresentable {
    public init(rawValue: Int) { fatalError("declarations only") }
    public var rawValue: Int { fatalError("declarations only") }
    public static var invalid: UIBackgroundTaskIdentifier { fatalError("declarations only") }
}

// UIApplication.h lines 84-89 and 139-143 (UIKit_Scenes.txt, item 5): `@interface UIApplication :
// UIResponder`, `sharedApplication` as `shared` (NS_EXTENSION_UNAVAILABLE_IOS), and the
// background task's begin and end, NS_SWIFT_NONISOLATED, the expiration handler a nullable
// NS_SWIFT_UI_ACTOR block.
@MainActor open class UIApplication: UIResponder {
    @available(*, unavailable) public override init() { fatalError("declarations only") }
    @available(iOSApplicationExtension, unavailable)
    open class var shared: UIApplication { fatalError("declarations only") }
    nonisolated open func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)?
    ) -> UIBackgroundTaskIdentifier { fatalError("declarations only") }
    nonisolated open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
        fatalError("declarations only")
    }
}
