import Foundation

/// The Whisper model captions, dictation and the home server use when no `--model` is given:
/// `model.txt` in Ozen's home, written by `ozen models use NAME`; the embedded base otherwise.
public enum ChosenModel {
    public static let embedded = "base"

    public static func path(in home: OzenHome) -> String { home.path + "/model.txt" }

    public static func name(in home: OzenHome) -> String {
        guard let text = try? String(contentsOfFile: path(in: home), encoding: .utf8) else { return embedded }
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? embedded : name
    }

    public static func choose(_ name: String, in home: OzenHome) throws {
        try FileManager.default.createDirectory(atPath: home.path, withIntermediateDirectories: true)
        if name == embedded { try? FileManager.default.removeItem(atPath: path(in: home)); return }
        try Data((name + "\n").utf8).write(to: URL(fileURLWithPath: path(in: home)), options: .atomic)
    }
}
