// Block 3 of navstate 0.2.0's README (commit ff3f8d6), as written.
import Foundation
import SceneNavigation
import SceneStore

struct User: Codable, Hashable, Sendable {
    var name: String
}

var path = MixedPath()
path.append(1)
path.append(true)
print(String(decoding: try JSONEncoder().encode(path), as: UTF8.self))

path.append(User(name: "Blob"))
let stored = try NavigationCoding.encode(path)

var types = NavigationTypeRegistry()
types.register(User.self)
let (restored, report) = try MixedPath.decode(from: stored, types: types)
print("restored \(restored.count) of \(report.restoredCount + report.dropped.count)")

// A version that no longer has User drops that element and says where and why.
let (older, olderReport) = try MixedPath.decode(from: stored, types: NavigationTypeRegistry())
for dropped in olderReport.dropped {
    print("without User: restored \(older.count), dropped position \(dropped.position) (\(dropped.reason.code))")
}
