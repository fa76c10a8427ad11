// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A test-only module for Foundation's NSUserActivity, which Linux's Foundation does not declare.
// The SwiftUI and UIKit declarations (SwiftUI.swift, UIKit.swift) re-export it, as Apple's SwiftUI
// and UIKit re-export Foundation. Only declarations: every body traps, because nothing here runs.

import Foundation

// Foundation's NSUserActivity, from Foundation.framework/Headers/NSUserActivity.h (iOS 26.2; macOS
// 15.5 and iOS 17.4 are byte-identical), as the Clang importer spells it
// (Scenes_Links_Handoff.txt, item 6). No Swift interface declares it and Linux's Foundation has
// none, so this module declares it; an app names it unqualified.
open class NSUserActivity: NSObject {
    public init(activityType: String) { fatalError("declarations only") }
    open var activityType: String { fatalError("declarations only") }
    open var title: String? {
        get { fatalError("declarations only") }
        set { fatalError("declarations only") }
    }
    open var userInfo: [AnyHashable: Any]? {
        get { fatalError("declarations only") }
        set { fatalError("declarations only") }
    }
    open func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) { fatalError("declarations only") }
    open var needsSave: Bool {
        get { fatalError("declarations only") }
        set { fatalError("declarations only") }
    }
    open var webpageURL: URL? {
        get { fatalError("declarations only") }
        set { fatalError("declarations only") }
    }
    open var targetContentIdentifier: String? {
        get { fatalError("declarations only") }
        set { fatalError("declarations only") }
    }
    open var isEligibleForHandoff: Bool {
        get { fatalError("declarations only") }
        set { fatalError("declarations only") }
    }
    open func becomeCurrent() { fatalError("declarations only") }
    open func resignCurrent() { fatalError("declarations only") }
    open func invalidate() { fatalError("declarations only") }
}
