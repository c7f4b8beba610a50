import Foundation

/// The sounds she has taught, kept in `$OZEN_HOME/taught-sounds.json` (`ozen sounds teach`,
/// `taught`, `forget`).
public struct TaughtSounds: Codable, Sendable, Equatable {
    public var sounds: [TaughtSound]

    public init(sounds: [TaughtSound] = []) { self.sounds = sounds }

    public static func path(in home: OzenHome) -> String { home.path + "/taught-sounds.json" }

    /// None taught yet when the file is not there; a file that is not ours is an error that
    /// says what to do, and the file is left as it is.
    public static func load(from path: String) throws(TaughtSoundsError) -> TaughtSounds {
        guard let data = FileManager.default.contents(atPath: path) else { return TaughtSounds() }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(TaughtSounds.self, from: data)
        } catch {
            throw .unreadable(path: path)
        }
    }

    public func save(to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The one called `name`, whatever its case and the spaces around it.
    public func index(of name: String) -> Int? {
        let wanted = Self.key(name)
        return sounds.firstIndex { Self.key($0.name) == wanted }
    }

    static func key(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).lowercased()
    }
}

public enum TaughtSoundsError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String)
    /// A recording to teach from holds too little sound to be found again.
    case tooLittleSound(recording: String, landmarks: Int)

    public var description: String {
        switch self {
        case .unreadable(let path):
            return tr("\(path) אינו רשימת צלילים שלימדו: העבירו אותו הצידה ולמדו את הצלילים שוב",
                      "\(path) is not a list of taught sounds: move it aside and teach the sounds again")
        case .tooLittleSound(let recording, let landmarks):
            return tr("\(recording): יש בה מעט מדי כדי למצוא אותה שוב (\(landmarks) סימנים) — הקליטו את הצליל עצמו, קרוב, בלי דיבור, ותנו לו להישמע כמה פעמים",
                      "\(recording): too little in it to be found again (\(landmarks) landmarks) — record the sound itself, close, with nobody talking, and let it play a few times")
        }
    }
}
