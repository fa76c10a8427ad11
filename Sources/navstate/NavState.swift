import Foundation

/// The `navstate` executable: runs ``CommandLineTool`` on the process's arguments, environment and
/// standard input, prints what it printed, and exits with its status.
@main
struct NavState {
    static func main() async {
        let outcome = await CommandLineTool.run(
            Array(CommandLine.arguments.dropFirst()),
            context: CommandLineTool.Context(
                environment: ProcessInfo.processInfo.environment,
                readStandardInput: { Array(FileHandle.standardInput.readDataToEndOfFile()) }))
        FileHandle.standardOutput.write(Data(outcome.standardOutput.utf8))
        FileHandle.standardError.write(Data(outcome.standardError.utf8))
        exit(outcome.status)
    }
}
