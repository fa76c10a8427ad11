import SceneStore
