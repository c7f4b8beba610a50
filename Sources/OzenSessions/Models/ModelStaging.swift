import OzenKit

/// Where a model is downloaded and checked before it is put in place: `models/.downloads/NAME/`,
/// which `InstalledModel` never looks at, so a partial file is never loaded.
public struct ModelStaging {
    public let home: OzenHome
    public let name: String

    public init(home: OzenHome, name: String) {
        self.home = home
        self.name = name
    }

    public var folder: String { home.modelsPath + "/.downloads/" + name }
    public var partPath: String { folder + "/model.bin.part" }
    public var filePath: String { folder + "/model.bin" }
    public var target: String { home.modelsPath + "/" + name }
}
