/// The store's name until 0.4.0: the module and its main type shared one name, so that
/// `SceneStore.SceneStore.Configuration` was needed where both were seen.
@available(*, deprecated, renamed: "StateStore")
public typealias SceneStore = StateStore
