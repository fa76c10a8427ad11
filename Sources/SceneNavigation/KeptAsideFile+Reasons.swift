import SceneStore

// MARK: - The reasons a restore keeps a copy

extension KeptAsideFile.Reason {
    /// `crash-loop`: the crash-loop guard withheld the scene's restore; the copy holds what was
    /// saved before (`navstate recover` brings it back). Copies made before version 0.2 are named
    /// `crashloop` and are found and read all the same.
    public static let crashLoop = Self(
        known: "crash-loop", description: "its restore was withheld after restores that never became healthy")
    /// `expired`: the scene was saved longer ago than the policy's maximum age and was not restored.
    public static let expired = Self(known: "expired", description: "it was saved too long ago to be restored")

    /// `unrestored`: a restore left out what a later version of the app could restore (elements or
    /// members it no longer decodes, types it has not registered), or withheld the paths for a
    /// deep link; the copy holds them before anything is written over them.
    public static let unrestored = Self(
        known: "unrestored", description: "its restore left out what a later version could restore")

    private init(known name: String, description: String) {
        // The names above follow the rules of a reason's name.
        self = Self(name, description: description) ?? .invalid
    }
}
