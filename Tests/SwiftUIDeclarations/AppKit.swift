// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A test-only module named AppKit: the declarations SceneNavigationUI's macOS branch
// (Sources/SceneNavigationUI/Internal/Platform.swift) uses, from macOS 15.5's Objective-C headers
// and AppKit.apinotes as the Clang importer spells them (../shared/swiftui-declarations/
// AppKit_Termination.txt). Only declarations: every body traps, because nothing here ever runs.
// ReadmeSwiftUITests builds it with swiftc, so that the branch type-checks on Linux.

import Foundation

// NSResponder.h lines 20-21 (AppKit_Termination.txt, item 2): `NS_SWIFT_UI_ACTOR @interface
// NSResponder : NSObject`.
@MainActor open class NSResponder: NSObject {}

// NSApplication.h (AppKit_Termination.txt, item 2): `@interface NSApplication : NSResponder`, its
// members left out.
@MainActor open class NSApplication: NSResponder {}

// NSApplication.h line 642 and AppKit.apinotes lines 7950, 8821-8822 (AppKit_Termination.txt,
// item 1): `APPKIT_EXTERN NSNotificationName NSApplicationWillTerminateNotification;` as
// `NSApplication.willTerminateNotification` (NSNotificationName is NSNotification.Name; an imported
// constant is a get-only property).
extension NSApplication {
    public static var willTerminateNotification: NSNotification.Name { fatalError("declarations only") }
}
