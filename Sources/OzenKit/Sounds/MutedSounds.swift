import Foundation

/// The sounds she asked not to be told about (a dog that barks all day, a cuckoo clock), kept in
/// `$OZEN_HOME/muted-sounds.txt`, one kind a line, edited with `ozen sounds mute|unmute` and
/// added to for one run with `--mute-sound KIND`. Dangers can be muted too — she decides —
/// but `ozen sounds mute` says so when she does.
public struct MutedSounds: Sendable, Equatable {
    public private(set) var kinds: Set<String>

    public init(_ kinds: Set<String> = []) { self.kinds = kinds }

    public static func path(in home: OzenHome) -> String { home.path + "/muted-sounds.txt" }

    /// Reads the list; a missing file mutes nothing. Lines starting with `#` are comments;
    /// a name that is no kind (a typo, a kind from a later version) is kept but mutes nothing.
    public static func load(from path: String) throws -> MutedSounds {
        guard FileManager.default.fileExists(atPath: path) else { return MutedSounds() }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let names = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        return MutedSounds(Set(names))
    }

    /// Writes the list atomically, sorted.
    public func save(to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        let lines = kinds.sorted()
        try (lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @discardableResult
    public mutating func mute(_ kind: String) -> Bool { kinds.insert(kind.lowercased()).inserted }

    @discardableResult
    public mutating func unmute(_ kind: String) -> Bool { kinds.remove(kind.lowercased()) != nil }
}
