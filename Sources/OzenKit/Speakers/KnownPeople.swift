import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The people she has taught Ozen to recognise by name: each with the prints of the
/// recordings she gave, kept separately (several short recordings made in different places
/// match better than one long one). Kept in `$OZEN_HOME/people.json`, readable by her alone:
/// a voice print is as personal as a photograph.
public struct KnownPeople: Sendable, Equatable, Codable {
    public struct Recording: Sendable, Equatable, Codable {
        /// The file the print was made from, as she named it.
        public var source: String
        public var seconds: Double
        public var print: VoicePrint
        public init(source: String, seconds: Double, print: VoicePrint) {
            self.source = source
            self.seconds = seconds
            self.print = print
        }
    }

    public struct Person: Sendable, Equatable, Codable {
        public var name: String
        public var recordings: [Recording]
    }

    /// The model the prints were made with; prints of another model cannot be compared.
    public var model: String
    public private(set) var people: [Person] = []

    public init(model: String) { self.model = model }

    public static func path(in home: OzenHome) -> String { home.path + "/people.json" }

    /// Reads the list; a missing file is nobody enrolled yet.
    public static func load(from path: String, model: String) throws -> KnownPeople {
        guard FileManager.default.fileExists(atPath: path) else { return KnownPeople(model: model) }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            return try JSONDecoder().decode(KnownPeople.self, from: data)
        } catch {
            throw KnownPeopleError.unreadable(path: path)
        }
    }

    /// Writes atomically with rights for her alone (0600).
    public func save(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(self)
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = path + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw KnownPeopleError.notWritable(path: path)
        }
        // rename(2) replaces the old list in one step: a crash leaves the old list or the new one.
        guard Glibc.rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw KnownPeopleError.notWritable(path: path)
        }
    }

    public func person(named name: String) -> Person? {
        people.first { Self.same($0.name, name) }
    }

    /// Adds recordings to a person, enrolling them if new.
    public mutating func enroll(_ name: String, _ recordings: [Recording]) {
        let name = name.trimmingCharacters(in: .whitespaces)
        if let i = people.firstIndex(where: { Self.same($0.name, name) }) {
            people[i].recordings += recordings
        } else {
            people.append(Person(name: name, recordings: recordings))
        }
    }

    @discardableResult
    public mutating func rename(_ old: String, to new: String) throws -> Bool {
        let new = new.trimmingCharacters(in: .whitespaces)
        guard let i = people.firstIndex(where: { Self.same($0.name, old) }) else { return false }
        if let j = people.firstIndex(where: { Self.same($0.name, new) }), j != i {
            throw KnownPeopleError.nameTaken(new)
        }
        people[i].name = new
        return true
    }

    @discardableResult
    public mutating func remove(_ name: String) -> Bool {
        let before = people.count
        people.removeAll { Self.same($0.name, name) }
        return people.count < before
    }

    /// The tracker's view: each name with its prints.
    public var voices: [(name: String, prints: [VoicePrint])] {
        people.map { ($0.name, $0.recordings.map(\.print)) }
    }

    static func same(_ a: String, _ b: String) -> Bool {
        a.trimmingCharacters(in: .whitespaces).lowercased() == b.trimmingCharacters(in: .whitespaces).lowercased()
    }
}

public enum KnownPeopleError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String)
    case notWritable(path: String)
    case nameTaken(String)

    public var description: String {
        switch self {
        case .unreadable(let path):
            return tr("רשימת האנשים \(path) פגומה — מחקו אותה ורשמו אותם שוב ב־ozen speakers enroll",
                      "the people list \(path) is damaged — delete it and enrol them again with ozen speakers enroll")
        case .notWritable(let path):
            return tr("אי אפשר לכתוב את רשימת האנשים \(path) — בדקו שיש מקום בדיסק ושהתיקייה ניתנת לכתיבה",
                      "cannot write the people list \(path) — check the disk has space and the folder is writable")
        case .nameTaken(let name):
            return tr("כבר יש מישהו בשם \(name)", "someone is already called \(name)")
        }
    }
}
