import SceneStore

extension KeptAsideFile.Reason {
    /// `replaced`: `navstate save` replaced another app's value on request; the copy holds the file
    /// as it was (the CLI cannot judge whether the app could read the old value).
    static let replaced = Self("replaced", description: "its value was replaced by 'navstate save'") ?? .invalid
}
