import Foundation
import SceneStore
import Testing

@testable import SceneNavigation

/// What `connect` decides to do with what it read, as a table: every combination of a newer schema,
/// an age limit, the crash-loop guard's count, a deep link and restoring or not.
@Suite struct RestoreDecisionTests {
    typealias Facts = RestoreDecision.Facts
    typealias Plan = RestoreDecision.Plan

    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let old = now.addingTimeInterval(-7 * 3_600)
    static let guardOn = CrashLoopGuard()

    static func facts(
        stored: Bool = true, schema: Int = 0, supported: Int = 0, savedAt: Date = now, maximumAge: Duration? = nil,
        crashGuard: CrashLoopGuard? = guardOn, failures: Int = 0, deepLink: Bool = false, restoring: Bool = true,
        unrestorable: String? = nil
    ) -> Facts {
        var facts = Facts(hasStoredValue: stored)
        facts.storedSchema = schema
        facts.supportedSchema = supported
        facts.savedAt = savedAt
        facts.now = now
        facts.maximumAge = maximumAge
        facts.crashGuard = crashGuard
        facts.failuresBefore = failures
        facts.hasDeepLink = deepLink
        facts.restoring = restoring
        facts.unrestorable = unrestorable
        return facts
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var facts: Facts
        var plan: Plan
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "nothing stored: nothing to do", facts: facts(stored: false), plan: Plan()),
        Row(
            name: "stored, guard on, clean: restore all, guarded",
            facts: facts(), plan: Plan(restore: .everything, beginsGuard: true, keepsWhatIsLeftOut: true)),
        Row(
            name: "stored, no guard: restore all, no marker",
            facts: facts(crashGuard: nil), plan: Plan(restore: .everything, keepsWhatIsLeftOut: true)),
        Row(
            name: "newer schema: nothing, read-only, no marker",
            facts: facts(schema: 2, supported: 1, failures: 3, deepLink: true),
            plan: Plan(intervention: .newerSchema(stored: 2, supported: 1), isReadOnly: true)),
        Row(
            name: "older schema: restored (migrated by the model)",
            facts: facts(schema: 0, supported: 2),
            plan: Plan(restore: .everything, beginsGuard: true, keepsWhatIsLeftOut: true)),
        Row(
            name: "older than the age limit: nothing, kept aside, no marker",
            facts: facts(savedAt: old, maximumAge: .seconds(6 * 3_600), failures: 1),
            plan: Plan(intervention: .expired(savedAt: old, maximumAge: .seconds(6 * 3_600)), keepAside: .expired)),
        Row(
            name: "within the age limit: restored",
            facts: facts(savedAt: old, maximumAge: .seconds(8 * 3_600)),
            plan: Plan(restore: .everything, beginsGuard: true, keepsWhatIsLeftOut: true)),
        Row(
            name: "one restore never became healthy: paths withheld, kept aside once",
            facts: facts(failures: 1),
            plan: Plan(
                restore: .withoutPaths, intervention: .crashLoop(failures: 1, restoredNothing: false),
                keepAside: .crashLoop, beginsGuard: true)),
        Row(
            name:
                "two in a row: nothing restored, no second copy (the restore points at the first one's)",
            facts: facts(failures: 2),
            plan: Plan(intervention: .crashLoop(failures: 2, restoredNothing: true), beginsGuard: true)),
        Row(
            name: "restores nothing after 1: the first failure already restores nothing",
            facts: facts(crashGuard: CrashLoopGuard(restoresNothingAfter: 1), failures: 1),
            plan: Plan(
                intervention: .crashLoop(failures: 1, restoredNothing: true), keepAside: .crashLoop, beginsGuard: true)),
        Row(
            name: "a deep link: the rest restored, the paths withheld and kept before the first write after a change",
            facts: facts(deepLink: true),
            plan: Plan(
                restore: .withoutPaths, intervention: .deepLink, beginsGuard: true, keepsWhatIsLeftOut: true,
                leavesStoredValueUntilChanged: true)),
        Row(
            name: "a deep link after a crash: the crash loop is what is reported",
            facts: facts(failures: 1, deepLink: true),
            plan: Plan(
                restore: .withoutPaths, intervention: .crashLoop(failures: 1, restoredNothing: false),
                keepAside: .crashLoop, beginsGuard: true, leavesStoredValueUntilChanged: true)),
        Row(
            name: "a deep link when nothing is stored: nothing to restore, nothing reported",
            facts: facts(stored: false, deepLink: true), plan: Plan()),
        Row(
            name: "not restoring: what is stored is kept aside if the model cannot read it whole",
            facts: facts(schema: 5, failures: 4, deepLink: true, restoring: false),
            plan: Plan(keepsUnreadableValue: true)),
        Row(
            name: "unrestorable at all (run's second attempt): a fresh start, reported, what is stored kept aside",
            facts: facts(restoring: false, unrestorable: "not an array"),
            plan: Plan(intervention: .unrestorable(reason: "not an array"), keepsUnreadableValue: true)),
    ]

    @Test("each combination of what was read gives its plan", arguments: rows)
    func plan(_ row: Row) {
        #expect(RestoreDecision.plan(row.facts) == row.plan)
    }
}
