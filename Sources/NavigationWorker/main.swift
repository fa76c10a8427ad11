// A process that launches like an app: it restores a scene through `SceneConnection` with the
// crash-loop guard (its launch is the process's own, whose end the guard records), prints what it
// restored as one JSON line, and then ends before the restore becomes healthy, in one of the ways
// an app's process ends, or closes the scene normally. For the crash-loop tests; not a product.
//
//   NavigationWorker trap     <state-root> <scene> [options]   restore, print, fatalError (a crash on the restored screen)
//   NavigationWorker kill     <state-root> <scene> [options]   restore, print, kill -9 itself (a watchdog, jetsam, Xcode's Stop)
//   NavigationWorker exit     <state-root> <scene> [options]   restore, print, exit(0) without closing (a Mac app's Quit)
//   NavigationWorker healthy  <state-root> <scene> [options]   restore, print, close (the restore becomes healthy)
//   NavigationWorker overflow <state-root> <scene> [options]   restore, print, recurse without end (a stack overflow)
//   NavigationWorker segv     <state-root> <scene> [options]   restore, print, write to address 0x100 (a bad access)
//   NavigationWorker sheet    <state-root> <scene> [options]   restore, print, present the restored sheets: one whose
//                                                              route is "crash" traps (a crash on a restored sheet);
//                                                              otherwise close
//
// Options:
//   shown                    the restored screen shows (as SceneLife notes it) before the end
//   reporter-before <file>   a crash reporter's handler for SIGSEGV, installed before the restore;
//                            it writes what it got into <file> and then chains as reporters do
//   reporter-after <file>    the same, installed after the restore, and ending the process itself
//   reporter-chaining <file> the same, installed after the restore, and chaining to the handler
//                            it replaced (the guard's)

import Foundation
import SceneNavigation
import SceneStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The app's state: a tab beside a path, and what is presented over it.
struct AppState: Codable, Equatable, Sendable {
    var tab = 0
    var path: RoutePath<String> = []
    var presented = PresentationChain<String>()
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("NavigationWorker: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
let ends = ["trap", "kill", "exit", "healthy", "overflow", "segv", "sheet"]
let usage =
    "usage: NavigationWorker \(ends.joined(separator: "|")) <state-root> <scene> [shown]"
    + " [reporter-before|reporter-after|reporter-chaining <file>]"
guard arguments.count >= 4, ends.contains(arguments[1]) else { fail(usage) }
var options = arguments.dropFirst(4)
let shows = options.first == "shown"
if shows { options = options.dropFirst() }
var reporter: (placement: String, file: String)?
if let placement = options.first {
    guard ["reporter-before", "reporter-after", "reporter-chaining"].contains(placement), options.count == 2 else {
        fail(usage)
    }
    reporter = (placement, options[options.startIndex + 1])
}

/// A crash reporter's signal handler, installed as PLCrashReporter's BSD mode does (`sigaction`,
/// `SA_SIGINFO | SA_ONSTACK`): it writes the signal, `si_code` and `si_addr` it was given into a
/// file (16 bytes: two Int32 and a UInt64, native byte order), then either chains to the handler
/// it replaced (restores it and calls it with the same arguments) or restores the default and
/// returns, so that the fault happens again into the default action.
enum Reporter {
    nonisolated(unsafe) static var descriptor: Int32 = -1
    nonisolated(unsafe) static var chains = true
    nonisolated(unsafe) static var previous = sigaction()

    static func install(writingTo path: String, chaining: Bool) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { fail("cannot open \(path)") }
        chains = chaining
        var action = sigaction()
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        let handler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
            number, info, context in
            var report: (Int32, Int32, UInt64) = (number, info?.pointee.si_code ?? 0, 0)
            if let info { report.2 = UInt64(UInt(bitPattern: Reporter.address(info))) }
            _ = withUnsafeBytes(of: &report) { pwrite(Reporter.descriptor, $0.baseAddress, 16, 0) }
            if Reporter.chains {
                sigaction(number, &Reporter.previous, nil)
                Reporter.callPrevious(number, info, context)
            } else {
                var fallback = sigaction()
                sigaction(number, &fallback, nil)
            }
        }
        #if canImport(Glibc)
            action.__sigaction_handler.sa_sigaction = handler
        #elseif canImport(Musl)
            action.__sa_handler.sa_sigaction = handler
        #elseif canImport(Darwin)
            action.__sigaction_u.__sa_sigaction = handler
        #endif
        sigaction(SIGSEGV, &action, &previous)
    }

    static func address(_ info: UnsafeMutablePointer<siginfo_t>) -> UnsafeMutableRawPointer? {
        #if canImport(Glibc)
            info.pointee._sifields._sigfault.si_addr
        #elseif canImport(Musl)
            info.pointee.__si_fields.__sigfault.si_addr
        #elseif canImport(Darwin)
            info.pointee.si_addr
        #endif
    }

    /// Calls the handler it replaced as the system would: `sa_sigaction` with the same arguments
    /// when it asked for them (`SA_SIGINFO`), else `sa_handler` (none for SIG_DFL and SIG_IGN).
    static func callPrevious(
        _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
    ) {
        guard previous.sa_flags & SA_SIGINFO != 0 else {
            #if canImport(Glibc)
                let handler = previous.__sigaction_handler.sa_handler
            #elseif canImport(Musl)
                let handler = previous.__sa_handler.sa_handler
            #elseif canImport(Darwin)
                let handler = previous.__sigaction_u.__sa_handler
            #endif
            if unsafeBitCast(handler, to: Int.self) > 1 { handler?(number) }
            return
        }
        #if canImport(Glibc)
            previous.__sigaction_handler.sa_sigaction?(number, info, context)
        #elseif canImport(Musl)
            previous.__sa_handler.sa_sigaction?(number, info, context)
        #elseif canImport(Darwin)
            previous.__sigaction_u.__sa_sigaction?(number, info, context)
        #endif
    }
}

/// Recurses until the stack is gone; each frame keeps a buffer, so no call is a tail call.
func recurse(_ depth: Int) -> Int {
    var frame = (depth, depth, depth, depth, depth, depth, depth, depth)
    return withUnsafeMutableBytes(of: &frame) { $0.count } + recurse(depth + 1)
}

/// Writes to an address no process maps (below Linux's mmap_min_addr and Darwin's page zero).
func writeToBadAddress() {
    let address = UnsafeMutablePointer<Int>(bitPattern: 0x100)
    address?.pointee = 1
}

@MainActor
func launch() async {
    do {
        let store = StateStore(appID: try AppID("worker"), stateRoot: arguments[2])
        let scene = try SceneID(arguments[3])
        let model = SceneNavigationModel(AppState())
        if let reporter, reporter.placement == "reporter-before" {
            Reporter.install(writingTo: reporter.file, chaining: true)
        }
        let persistence = try await SceneConnection.connect(
            model, to: store, scene: scene, guard: CrashLoopGuard(healthyAfter: nil))
        var line: [String: JSONValue] = [
            "tab": .number(JSONNumber(model.state.tab)),
            "path": .array(model.state.path.map { .string($0) }),
            "presented": .array(model.state.presented.map { .string($0.route) }),
            "intervention": .null, "failures": .number(JSONNumber(0)), "restoredNothing": .bool(false),
            "dropped": .array((persistence.report?.dropped ?? []).map { .string($0.reason.code) }),
            "keptAside": persistence.keptAsidePath.map { .string(String($0.split(separator: "/").last ?? "")) }
                ?? .null,
        ]
        if let intervention = persistence.intervention {
            line["intervention"] = .string(intervention.code)
            if case .crashLoop(let failures, let nothing) = intervention {
                line["failures"] = .number(JSONNumber(failures))
                line["restoredNothing"] = .bool(nothing)
            }
        }
        // Written unbuffered: the process is killed right after.
        FileHandle.standardOutput.write(Data(JSONValue.object(line).serialized() + [0x0A]))
        if let reporter, reporter.placement != "reporter-before" {
            Reporter.install(writingTo: reporter.file, chaining: reporter.placement == "reporter-chaining")
        }
        if shows { persistence.restoredScreenShown() }
        switch arguments[1] {
        case "trap": fatalError("the restored screen crashes")
        case "overflow": print(recurse(0))
        case "segv": writeToBadAddress()
        case "kill": kill(getpid(), SIGKILL)
        case "exit": exit(0)
        case "sheet":
            for level in model.state.presented where level.route == "crash" {
                fatalError("the restored sheet crashes")
            }
        default: break
        }
        try await persistence.close()
    } catch {
        fail("\(error)")
    }
}

await launch()
