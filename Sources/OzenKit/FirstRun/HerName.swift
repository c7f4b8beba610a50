import Foundation

/// Her own name, asked on the first run: the first alert word of every conversation (so she
/// sees when someone calls her) and the first entry of the names list (so Whisper spells it).
/// Kept in `$OZEN_HOME/name.txt`.
public enum HerName {
    public static func path(in home: OzenHome) -> String { home.path + "/name.txt" }

    public static func load(in home: OzenHome) -> String? {
        guard let text = try? String(contentsOfFile: path(in: home), encoding: .utf8) else { return nil }
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : name
    }

    /// Saves the name and puts it at the top of the names list (moved there if it was lower).
    public static func save(_ name: String, in home: OzenHome) throws {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return }
        try FileManager.default.createDirectory(atPath: home.path, withIntermediateDirectories: true)
        try Data((trimmed + "\n").utf8).write(to: URL(fileURLWithPath: path(in: home)), options: .atomic)
        var list = try WordsList.load(from: WordsList.path(in: home))
        list.putFirst(trimmed)
        try list.save(to: WordsList.path(in: home))
    }

    /// The alert words of a conversation: her name first, then the ones asked for (`--alert`).
    public static func alertWords(_ asked: [String], in home: OzenHome) -> [String] {
        guard let name = load(in: home) else { return asked }
        return [name] + asked.filter { $0.compare(name, options: [.caseInsensitive, .diacriticInsensitive]) != .orderedSame }
    }
}
