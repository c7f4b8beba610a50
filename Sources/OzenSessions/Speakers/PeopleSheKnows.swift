import Foundation
import OzenEngines
import OzenKit
import OzenStore

/// `ozen speakers enroll NAME FILE...|list|rename OLD NEW|remove NAME`: the people she knows by
/// voice, kept in `$OZEN_HOME` (`KnownPeople`), each enrolment recording with its own print.
/// The command prints what these return.
public struct PeopleSheKnows {
    /// One enrolled person as the list shows them.
    public struct Person: Sendable, Equatable {
        public var name: String
        public var recordings: Int
        /// Seconds of voiced speech in all their recordings.
        public var seconds: Double
    }

    /// Speech (s) an enrolment recording must hold: prints of under two seconds wander.
    public static let minimumSpeech = 2.0

    private let home: OzenHome
    private let embedder: CAMPlusSpeakerEmbedder
    private var people: KnownPeople

    /// The people enrolled in `home`, with the speaker model loaded to enrol more.
    public init(home: OzenHome) throws {
        self.home = home
        embedder = try SpeakerSupport.embedder(home: home)
        people = try SpeakerSupport.people(home: home, embedder: embedder)
    }

    public var everyone: [Person] {
        people.people.map { Person(name: $0.name, recordings: $0.recordings.count, seconds: $0.recordings.reduce(0) { $0 + $1.seconds }) }
    }

    /// Enrols `name` from recordings of them talking (added to theirs when already enrolled);
    /// how many recordings they now have.
    public mutating func enroll(_ name: String, from paths: [String]) throws -> Int {
        guard !paths.isEmpty else {
            throw UsageError(tr("ל־enroll צריך שם והקלטה אחת לפחות: ozen speakers enroll רות רות.wav",
                                "enroll needs a name and at least one recording: ozen speakers enroll Ruth ruth.wav"))
        }
        let name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, SpeakerName.number(of: name) == nil else {
            throw UsageError(tr("שם לא מתאים '\(name)' — השתמשו בשם של האדם", "'\(name)' cannot be a name — use the person's name"))
        }
        let recordings = try paths.map { try enrolment(path: $0) }
        people.enroll(name, recordings)
        try people.save(to: KnownPeople.path(in: home))
        return people.person(named: name)?.recordings.count ?? recordings.count
    }

    /// Renames `old` (as enrolled, any case) to `new`, in the saved conversations too; the name
    /// as it was enrolled, the new one, and how many saved lines changed.
    public mutating func rename(_ old: String, to new: String) throws -> (old: String, new: String, lines: Int) {
        guard let enrolled = people.person(named: old)?.name, try people.rename(enrolled, to: new) else { throw NotEnrolled(name: old) }
        try people.save(to: KnownPeople.path(in: home))
        let new = new.trimmingCharacters(in: .whitespaces)
        return (enrolled, new, try HistoryStore(home: home).renameSpeaker(enrolled, to: new))
    }

    /// Forgets `name`'s voice; saved lines keep the name.
    public mutating func remove(_ name: String) throws {
        guard people.remove(name) else { throw NotEnrolled(name: name) }
        try people.save(to: KnownPeople.path(in: home))
    }

    /// One recording's print, from its voiced part only.
    private func enrolment(path: String) throws -> KnownPeople.Recording {
        let audio = try WAVDecoder().read(path: path).atSpeechRate()
        let vad = try SileroFrameClassifier(model: try InstalledModel.load("silero-vad", in: home))
        let speech = VoicedSpeech.extract(audio.samples, classifier: vad)
        let seconds = Double(speech.count) / Double(MonoAudio.speechRate)
        guard seconds >= Self.minimumSpeech, let print = try embedder.voicePrint(of: speech[...]) else {
            throw TooLittleSpeech(path: path, seconds: seconds)
        }
        return KnownPeople.Recording(source: (path as NSString).lastPathComponent, seconds: seconds, print: print)
    }
}

/// Nobody by that name is enrolled.
public struct NotEnrolled: Error, CustomStringConvertible {
    public var name: String
    public var description: String {
        tr("אין אף אחד רשום בשם \(name) — ozen speakers list מראה מי רשום", "nobody called \(name) is enrolled — ozen speakers list shows who is")
    }
}

/// An enrolment recording with too little voiced speech to print.
public struct TooLittleSpeech: Error, CustomStringConvertible {
    public var path: String
    public var seconds: Double
    public var description: String {
        String(format: tr("ב־%@ יש רק %.1f שניות דיבור — הקליטו לפחות 2 שניות של האדם מדבר",
                          "%@ holds only %.1f s of speech — record at least 2 s of the person talking"), path, seconds)
    }
}
