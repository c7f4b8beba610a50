import Foundation

/// The Whisper models Ozen knows how to install, read from `whisper-models.json` (a data file
/// beside this source, bundled with OzenKit): the publishers' files, sizes, sha256 and figures.
public struct ModelCatalogue: Codable, Sendable, Equatable {
    /// The one measured speed that the others are estimated from.
    public struct SpeedBasis: Codable, Sendable, Equatable {
        public var model: String
        public var cpuSecondsPerAudioMinute: Double
        public var cores: Int
        public var command: String
        public var note: String

        enum CodingKeys: String, CodingKey {
            case model, cores, command, note
            case cpuSecondsPerAudioMinute = "cpu_seconds_per_audio_minute"
        }
    }

    public var about: String
    public var speedBasis: SpeedBasis
    public var models: [CatalogueModel]

    enum CodingKeys: String, CodingKey { case about, speedBasis = "speed_basis", models }

    public struct Unreadable: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public init(json: Data) throws(Unreadable) {
        do { self = try JSONDecoder().decode(ModelCatalogue.self, from: json) } catch {
            throw Unreadable(description: tr("קטלוג המודלים פגום: \(error)", "the model catalogue is damaged: \(error)"))
        }
    }

    /// The catalogue that ships with this build.
    public static func bundled() throws(Unreadable) -> ModelCatalogue {
        guard let url = Bundle.module.url(forResource: "whisper-models", withExtension: "json"),
              let data = try? Data(contentsOf: url) else {
            throw Unreadable(description: tr("קטלוג המודלים חסר בהתקנה הזו — בנו את ozen מחדש", "the model catalogue is missing from this build — rebuild ozen"))
        }
        return try ModelCatalogue(json: data)
    }

    public func model(named name: String) -> CatalogueModel? { models.first { $0.name == name } }

    /// CPU seconds one audio minute of live captions would take with `model`, scaled from the
    /// measured model by parameter count (the encoder's work grows with it; an estimate).
    public func estimatedCPUSecondsPerAudioMinute(_ model: CatalogueModel) -> Double {
        guard let measured = self.model(named: speedBasis.model) else { return .infinity }
        return speedBasis.cpuSecondsPerAudioMinute * Double(model.parametersMillions) / Double(measured.parametersMillions)
    }
}
