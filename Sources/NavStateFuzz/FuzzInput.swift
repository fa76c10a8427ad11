import RecipeData
import SceneStore

/// Runs one input through every decode-and-validate path: the JSON parser, scene documents,
/// navigation JSON, recipe data files and UUID text. Errors are expected; a crash, a hang or a
/// broken invariant (checked here and stopped with `fatalError`, which is what a fuzzer looks for)
/// is a bug.
package func fuzzOneInput(_ bytes: [UInt8]) {
    if let value = try? JSONValue(parsing: bytes) {
        // The writer's output must parse back to the same value, compact and pretty.
        for pretty in [false, true] {
            guard let again = try? JSONValue(parsing: value.serialized(pretty: pretty)), again == value else {
                fatalError("JSON round trip changed the value")
            }
        }
    }
    if let scene = try? SceneID("main"),
        let document = try? SceneDocument(decoding: bytes, expectedScene: scene, maximumDepth: 256)
    {
        guard let again = try? SceneDocument(decoding: document.encoded(), expectedScene: scene, maximumDepth: 256),
            again.values == document.values
        else {
            fatalError("scene document round trip changed the values")
        }
    }
    if let payload = try? NavigationPayload(data: bytes) {
        let (state, path, report) = DataModel.cookbook.restore(payload)
        guard path.count == report.restoredIDs.count,
            report.restoredIDs.count + report.dropped.count == payload.recipePathIDs.count
        else {
            fatalError("restore report does not account for every ID")
        }
        // What a restore produces encodes to navigation JSON that decodes to the same state.
        guard let decoded = try? NavigationPayload(data: state.encoded()),
            decoded.recipePathIDs == state.recipePathIDs.map(\.description)
        else {
            fatalError("restored state does not round-trip")
        }
    }
    _ = try? DataModel(jsonData: bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    if let id = Recipe.ID(text), Recipe.ID(id.description) != id {
        fatalError("UUID text round trip changed the ID")
    }
}
