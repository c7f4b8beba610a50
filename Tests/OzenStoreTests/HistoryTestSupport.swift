import Foundation
import OzenKit
import OzenStore

/// A fresh folder for one test's history, removed when the test's `defer` calls `remove`.
struct TemporaryHistory {
    let folder: String
    var path: String { folder + "/history.sqlite" }

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-store-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func open() throws -> HistoryStore { try HistoryStore(path: path) }
    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

/// A locked caption line, 3 s apart by id.
func captionLine(_ id: Int, _ text: String, speaker: String? = "Speaker 1", uncertain: Bool = false, language: String = "he") -> CaptionLine {
    CaptionLine(id: id, text: text, start: Double(id - 1) * 3, end: Double(id - 1) * 3 + 2.5, final: true,
                speaker: speaker, confidence: uncertain ? 0.3 : 0.9, uncertain: uncertain, language: language)
}
