#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `navstate` executable: runs ``CommandLineTool`` on the process's arguments, environment and
/// standard input, prints what it printed, and exits with its status.
@main
struct NavState {
    static func main() async {
        let outcome = await CommandLineTool.run(
            Array(CommandLine.arguments.dropFirst()),
            context: CommandLineTool.Context(
                environment: ProcessInfo.processInfo.environment,
                readStandardInput: { StandardStreams.readInput(limit: Environment.inputLimit) },
                emit: { StandardStreams.write($0, to: 1) }))
        StandardStreams.write(outcome.standardOutput, to: 1)
        StandardStreams.write(outcome.standardError, to: 2)
        StandardStreams.exit(outcome.status)
    }
}
