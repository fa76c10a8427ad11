// Starts, loads Foundation (as navstate does) and exits: the floor of a Swift program using Foundation.
import Foundation

_ = ProcessInfo.processInfo.environment.count
