import Foundation

/// Whether a catalogue model can run on this computer: room on the disk, memory, and whether
/// the CPU can keep up with live captions. A model that does not fit can be listed but not
/// installed, and is never recommended over one that fits.
public struct ModelFit: Sendable, Equatable {
    /// What this computer has, as the caller measured it.
    public struct Computer: Sendable, Equatable {
        public var freeDiskBytes: Int64
        public var memoryBytes: Int64
        public var cores: Int
        public init(freeDiskBytes: Int64, memoryBytes: Int64, cores: Int) {
            self.freeDiskBytes = freeDiskBytes; self.memoryBytes = memoryBytes; self.cores = cores
        }
    }

    public enum Speed: String, Sendable, Equatable {
        /// Live captions use under three quarters of the CPU.
        case live
        /// Live captions would take most of the CPU; they may fall behind.
        case strained
        /// Slower than speech here: files and dictation only.
        case slow
    }

    public var fitsDisk: Bool
    public var fitsMemory: Bool
    public var speed: Speed
    /// How many times the speed of speech this computer would decode it (under 1: slower).
    public var timesRealTime: Double
    public var installed: Bool

    public var fits: Bool { fitsDisk && fitsMemory }

    /// Free space an install needs beyond the file: 5 % of it, at least 64 MB, so that the
    /// history and settings can still be written once the model is in.
    public static func headroom(forFileOf size: Int) -> Int64 { max(64_000_000, Int64(size) / 20) }

    /// Memory a model may take: at most 80 % of this computer's, the rest for the system,
    /// the speaker and sound models and the browser showing the captions.
    public static let memoryShare = 0.8

    public init(_ model: CatalogueModel, in catalogue: ModelCatalogue, on computer: Computer, installed: Bool, alreadyDownloaded: Int64 = 0) {
        self.installed = installed
        fitsDisk = installed || Int64(model.size) - alreadyDownloaded + Self.headroom(forFileOf: model.size) <= computer.freeDiskBytes
        fitsMemory = Double(model.memoryMB) * 1_000_000 <= Double(computer.memoryBytes) * Self.memoryShare
        let cpu = catalogue.estimatedCPUSecondsPerAudioMinute(model)
        let available = 60.0 * Double(max(computer.cores, 1))
        timesRealTime = available / cpu
        speed = cpu <= 0.75 * available ? .live : cpu <= available ? .strained : .slow
    }

    /// The model to use for `language` here. For live captions (`live`) only models this CPU
    /// keeps up with count; for files and dictation any that fits. The catalogue's own
    /// recommendation first, else the largest fitting model trained for that language, else
    /// the largest fitting multilingual one (the embedded one among equals), else the embedded one.
    public static func recommendation(for language: String, live: Bool, in catalogue: ModelCatalogue,
                                      fit: (CatalogueModel) -> ModelFit) -> CatalogueModel? {
        let usable = catalogue.models.filter { let f = fit($0); return f.fits && (!live || f.speed != .slow) }
        if let chosen = usable.first(where: { $0.isRecommended(for: language) }) { return chosen }
        func largest(_ models: [CatalogueModel]) -> CatalogueModel? {
            models.max { ($0.parametersMillions, $0.isEmbedded ? 1 : 0) < ($1.parametersMillions, $1.isEmbedded ? 1 : 0) }
        }
        return largest(usable.filter { $0.languages == [language] })
            ?? largest(usable.filter { $0.languages == ["multilingual"] })
            ?? catalogue.models.first { $0.isEmbedded }
    }
}
