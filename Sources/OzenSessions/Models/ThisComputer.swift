import Foundation
import OzenEngines
import OzenIO
import OzenKit

/// What this computer has for models: free space where models are kept, memory, cores.
public enum ThisComputer {
    public static func measure(home: OzenHome) -> ModelFit.Computer {
        ModelFit.Computer(freeDiskBytes: DiskSpace.free(home.modelsPath) ?? 0,
                          memoryBytes: Int64(ProcessInfo.processInfo.physicalMemory),
                          cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The catalogue this `ozen` uses: `OZEN_CATALOGUE` when set (a mirror of the publishers'
    /// files, or a test's server), else the one built in.
    public static func catalogue() throws -> ModelCatalogue {
        if let path = OzenEnvironment.current.cataloguePath {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw UsageError(tr("אי אפשר לקרוא את הקטלוג \(path) (OZEN_CATALOGUE)", "cannot read the catalogue \(path) (OZEN_CATALOGUE)"))
            }
            return try ModelCatalogue(json: data)
        }
        return try ModelCatalogue.bundled()
    }

    public static func fit(_ model: CatalogueModel, in catalogue: ModelCatalogue, computer: ModelFit.Computer, home: OzenHome) -> ModelFit {
        let installed = InstalledModel.installedNames(in: home).contains(model.name)
        let part = ModelStaging(home: home, name: model.name).partPath
        let have = ((try? FileManager.default.attributesOfItem(atPath: part))?[.size] as? NSNumber)?.int64Value ?? 0
        return ModelFit(model, in: catalogue, on: computer, installed: installed, alreadyDownloaded: have)
    }
}
