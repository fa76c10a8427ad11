import SceneStore

// MARK: - JSON

extension RestoreReport {
    /// The report as JSON, with recipe names looked up in `dataModel`:
    ///
    /// ```json
    /// {"droppedCategory": null, "selectedCategory": "dessert",
    ///  "path": [{"id": "…", "name": "Apple Pie"}],
    ///  "dropped": [{"id": "…", "position": 1, "reason": "not-in-data-set"}],
    ///  "migrated": [{"from": "…", "to": "…", "name": "Pie Crust", "position": 2}]}
    /// ```
    ///
    /// - Parameter dataModel: Where to find the restored recipes' names.
    /// - Returns: The object.
    public func json(in dataModel: DataModel) -> JSONValue {
        .object([
            "selectedCategory": selectedCategory.map { .string($0.name) } ?? .null,
            "droppedCategory": droppedCategory.map { .number(JSONNumber($0)) } ?? .null,
            "path": .array(
                restoredIDs.map { id in
                    .object([
                        "id": .string(id.description),
                        "name": .string(dataModel.recipe(withID: id)?.name ?? ""),
                    ])
                }),
            "dropped": .array(
                dropped.map { entry in
                    .object([
                        "id": .string(entry.id),
                        "position": .number(JSONNumber(entry.position)),
                        "reason": .string(entry.reason.rawValue),
                    ])
                }),
            "migrated": .array(
                migrated.map { entry in
                    .object([
                        "from": .string(entry.from),
                        "to": .string(entry.to.description),
                        "name": .string(dataModel.recipe(withID: entry.to)?.name ?? ""),
                        "position": .number(JSONNumber(entry.position)),
                    ])
                }),
        ])
    }
}
