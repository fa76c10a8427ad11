#if FUZZING
    /// The libFuzzer entry point (built by `Scripts/fuzz.sh` with `-sanitize=fuzzer -DFUZZING`).
    @_cdecl("LLVMFuzzerTestOneInput")
    func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        fuzzOneInput(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }
#else
    import Foundation

    /// Without the fuzzer: replays the files named on the command line, as the tests do. Each
    /// path goes to stderr (unbuffered) before its input is decoded, so after a crash or a hang
    /// the last line names the input that caused it.
    @main
    enum ReplayCorpus {
        static func main() throws {
            for path in CommandLine.arguments.dropFirst() {
                FileHandle.standardError.write(Data("replaying \(path)\n".utf8))
                fuzzOneInput(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            }
            FileHandle.standardError.write(Data("replayed \(CommandLine.arguments.count - 1) inputs\n".utf8))
        }
    }
#endif
