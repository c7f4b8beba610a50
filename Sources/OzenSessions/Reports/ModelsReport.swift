import Foundation
import OzenKit

/// The model catalogue as JSON objects, with this computer's marks (installed, in use, fits,
/// speed here) and the Hebrew recommendations: `ozen models available --json`, and
/// `/api/models` for the page's model manager.
public enum ModelsReport {
    /// The catalogue as JSON, with this computer's marks: `--json`, and `/api/models` for the page.
    public static func make(home: OzenHome) throws -> [String: Any] {
        let catalogue = try ThisComputer.catalogue()
        let computer = ThisComputer.measure(home: home)
        let fits = Dictionary(uniqueKeysWithValues: catalogue.models.map { ($0.name, ThisComputer.fit($0, in: catalogue, computer: computer, home: home)) })
        let fit = { (m: CatalogueModel) in fits[m.name]! }
        return make(catalogue: catalogue, computer: computer, chosen: ChosenModel.name(in: home), fit: fit,
                    hebrewLive: ModelFit.recommendation(for: "he", live: true, in: catalogue, fit: fit),
                    hebrewBest: ModelFit.recommendation(for: "he", live: false, in: catalogue, fit: fit))
    }

    /// The same from a catalogue already read and this computer already measured.
    public static func make(catalogue: ModelCatalogue, computer: ModelFit.Computer, chosen: String, fit: (CatalogueModel) -> ModelFit,
                            hebrewLive: CatalogueModel?, hebrewBest: CatalogueModel?) -> [String: Any] {
        var rows: [[String: Any]] = []
        for m in catalogue.models {
            let f = fit(m)
            var row: [String: Any] = ["name": m.name, "title": m.title, "size": m.size, "memory_mb": m.memoryMB, "licence": m.licence,
                                      "url": m.url, "languages": m.languages, "installed": f.installed, "in_use": m.name == chosen,
                                      "fits_disk": f.fitsDisk, "fits_memory": f.fitsMemory, "speed": f.speed.rawValue,
                                      "times_real_time": (f.timesRealTime * 100).rounded() / 100,
                                      "recommended_for": m.recommendedFor ?? []]
            if let sha = m.sha256 { row["sha256"] = sha }
            if let h = m.hebrew { row["hebrew"] = h.map { ["set": $0.set, "wer": $0.wer, "source": $0.source] } }
            if let s = m.swedish { row["swedish"] = s.map { ["set": $0.set, "wer": $0.wer, "source": $0.source] } }
            if let of = m.figuresOf { row["figures_of"] = of }
            rows.append(row)
        }
        let object: [String: Any] = ["models": rows, "recommended_hebrew_live": hebrewLive?.name ?? NSNull(),
                                     "recommended_hebrew": hebrewBest?.name ?? NSNull(),
                                     "free_disk_bytes": computer.freeDiskBytes, "memory_bytes": computer.memoryBytes, "cores": computer.cores]
        return object
    }
}
