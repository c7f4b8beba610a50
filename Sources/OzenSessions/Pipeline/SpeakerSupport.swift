import Foundation
import OzenEngines
import OzenKit

/// The speaker model and the people she enrolled, as `caption` and `speakers` load them.
public enum SpeakerSupport {
    public static let modelName = "campplus"
    /// pyannote segmentation-3.0: where the voice changes inside a line.
    public static let segmentationName = "segmentation"

    public static func embedder(home: OzenHome) throws -> CAMPlusSpeakerEmbedder {
        try CAMPlusSpeakerEmbedder(model: try InstalledModel.load(modelName, in: home))
    }

    public static func people(home: OzenHome, embedder: CAMPlusSpeakerEmbedder) throws -> KnownPeople {
        try KnownPeople.load(from: KnownPeople.path(in: home), model: embedder.modelName)
    }

    /// Labels for the live pipeline: the model, and the enrolled people made with it.
    public static func lineSpeakers(home: OzenHome, enrolled: Bool = true) throws -> LineSpeakers {
        try lineSpeakers(home: home, engines: try engines(home: home), enrolled: enrolled)
    }

    /// The two speaker models, loaded once; both are safe to share between pipelines
    /// (`ozen serve` gives every stream labels of its own made from one pair).
    public struct Engines: Sendable {
        public let embedder: CAMPlusSpeakerEmbedder
        public let finder: PyannoteVoiceChangeFinder
    }

    public static func engines(home: OzenHome) throws -> Engines {
        let model = try InstalledModel.load(modelName, in: home)
        return Engines(embedder: try CAMPlusSpeakerEmbedder(model: model),
                       finder: try PyannoteVoiceChangeFinder(segmentation: try InstalledModel.load(segmentationName, in: home),
                                                             embedding: model))
    }

    /// Labels of one conversation on already loaded models.
    public static func lineSpeakers(home: OzenHome, engines: Engines, enrolled: Bool = true) throws -> LineSpeakers {
        let embedder = engines.embedder
        var people = enrolled ? try people(home: home, embedder: embedder) : KnownPeople(model: embedder.modelName)
        if people.model != embedder.modelName {
            FileHandle.standardError.write(Data((tr("ozen: האנשים הרשומים נרשמו במודל אחר — רשמו אותם שוב ב־ozen speakers enroll",
                                                    "ozen: the enrolled people were enrolled with another model — enrol them again with ozen speakers enroll") + "\n").utf8))
            people = KnownPeople(model: embedder.modelName)
        }
        return LineSpeakers(embedder: embedder, changeFinder: engines.finder, people: people)
    }
}
