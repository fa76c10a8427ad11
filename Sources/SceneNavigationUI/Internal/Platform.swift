#if canImport(SwiftUI)
    import Foundation
    import SceneNavigation
    #if canImport(UIKit) && !os(watchOS)
        import UIKit
    #endif
    #if canImport(AppKit) && !targetEnvironment(macCatalyst)
        import AppKit
    #endif

    /// SceneNavigationUI's few calls into UIKit and AppKit: a save in the background under iOS's
    /// background-task assertion, and a Mac app's Quit observed once per process. Each UIKit and
    /// AppKit line names the declaration it follows (`../shared/swiftui-declarations/UIKit_Scenes.txt`,
    /// `AppKit_Termination.txt`); on Linux, ReadmeSwiftUITests type-checks both branches against
    /// the test-only modules `Tests/SwiftUIDeclarations/UIKit.swift` and `AppKit.swift`.
    @MainActor
    enum Platform {
        /// Takes a scene's phase. Entering the background, the save runs under a background-task
        /// assertion on iOS (an app keeps running after `.background` only under one, and a file
        /// lock held when it is suspended gets it killed, `0xdead10cc`): the assertion ends once
        /// the work started so far has finished (`settle()`), or when the time is up, after the
        /// connection is told to stop (``/SceneNavigation/SceneLife/Event/backgroundTimeExpired``).
        /// - Parameters:
        ///   - phase: The scene's phase.
        ///   - scene: The scene's persistence.
        static func handle<Value>(_ phase: SceneLife.Phase, in scene: PersistentScene<Value>) {
            #if canImport(UIKit) && !os(watchOS)
                guard phase == .background else { return scene.handle(.phase(phase)) }
                let assertion = BackgroundAssertion()
                // UIApplication.h: `@property(class, nonatomic, readonly) UIApplication *sharedApplication`
                // and `- (UIBackgroundTaskIdentifier)beginBackgroundTaskWithName:(nullable NSString *)taskName
                // expirationHandler:(void(^ __nullable NS_SWIFT_UI_ACTOR)(void))handler NS_SWIFT_NONISOLATED;`
                assertion.identifier = UIApplication.shared.beginBackgroundTask(withName: "navstate.save") {
                    // Called on the main actor shortly before the time is up, and the assertion
                    // must end before it returns, or the app is killed: the connection stops at
                    // once (nothing more is written, the write in flight waited for, for at most a
                    // second, so that the file's lock is let go and the app is not suspended
                    // holding it, `0xdead10cc`), then the assertion ends.
                    scene.handle(.backgroundTimeExpired)
                    assertion.end()
                }
                scene.handle(.phase(phase))
                Task {
                    await scene.settle()
                    assertion.end()
                }
            #else
                scene.handle(.phase(phase))
            #endif
        }

        #if canImport(UIKit) && !os(watchOS)
            /// One background-task assertion, ended once.
            @MainActor final class BackgroundAssertion {
                // UIApplication.h: `UIKIT_EXTERN const UIBackgroundTaskIdentifier UIBackgroundTaskInvalid`,
                // imported as `UIBackgroundTaskIdentifier.invalid` (a `NS_TYPED_ENUM` of NSUInteger).
                var identifier = UIBackgroundTaskIdentifier.invalid

                /// Ends the assertion, if it is not already ended (or was never given).
                func end() {
                    // UIApplication.h: `UIBackgroundTaskInvalid`, as above.
                    guard identifier != .invalid else { return }
                    // UIApplication.h: `- (void)endBackgroundTask:(UIBackgroundTaskIdentifier)identifier NS_SWIFT_NONISOLATED;`
                    UIApplication.shared.endBackgroundTask(identifier)
                    // UIApplication.h: `UIBackgroundTaskInvalid`, as above.
                    identifier = .invalid
                }
            }
        #endif

        /// Whether the app's termination is observed already.
        private static var observesTermination = false

        /// Makes every connection's last change durable when a Mac app quits, without delegate code
        /// in the app: `SceneConnections.terminating()` at `NSApplication.willTerminateNotification`,
        /// which AppKit posts on the main thread when the user quits. Installed once per process; a
        /// call after the first does nothing. Elsewhere, nothing to observe: iOS ends a backgrounded
        /// app without running code, which the save in the background is for.
        static func observeTermination() {
            guard !observesTermination else { return }
            observesTermination = true
            #if canImport(AppKit) && !targetEnvironment(macCatalyst)
                _ = NotificationCenter.default.addObserver(
                    // NSApplication.h: `APPKIT_EXTERN NSNotificationName NSApplicationWillTerminateNotification;`,
                    // AppKit.apinotes: `SwiftName: NSApplication.willTerminateNotification`.
                    forName: NSApplication.willTerminateNotification, object: nil, queue: .main
                ) { _ in
                    MainActor.assumeIsolated {
                        for error in SceneConnections.terminating() {
                            FileHandle.standardError.write(Data("navstate: not saved at Quit: \(error)\n".utf8))
                        }
                    }
                }
            #endif
        }
    }
#endif
