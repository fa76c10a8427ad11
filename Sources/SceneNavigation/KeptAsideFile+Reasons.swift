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

    /// `replaced`: a value stored on request (`navstate save`) replaced another; the copy holds the file as it was.
    public static let replaced = Self(known: "replaced", description: "its value was replaced on request")

    /// `newer-schema`: a value stored with a newer schema than the one written over it (a newer
    /// version's state, replaced by an older version on request); the copy holds it, for the newer
    /// version to be given back.
    public static let newerSchema = Self(
        known: "newer-schema", description: "its value, of a newer schema, was replaced by an older one's")

    /// This reason with its words, as StateStore or SceneNavigation keeps copies for it: a reason
    /// read back from a kept file's name holds only its name, and `crashloop`, the name of the
    /// crash-loop copies made before 0.2, is ``crashLoop``. A reason neither knows is itself.
    package var recognized: KeptAsideFile.Reason {
        if rawValue == "crashloop" { return .crashLoop }
        let known: [KeptAsideFile.Reason] = [
            .corrupt, .invalid, .crashLoop, .expired, .unrestored, .replaced, .newerSchema,
        ]
        return known.first { $0 == self } ?? self
    }

    private init(known name: String, description: String) {
        // The names above follow the rules of a reason's name.
        self = Self(validating: name, description: description) ?? .invalid
    }
}
