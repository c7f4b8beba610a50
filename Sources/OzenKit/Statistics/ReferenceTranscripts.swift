import Foundation

/// What was really said in a recording, for word error rates: a `FILE.txt` beside it, a
/// pocketsphinx-style transcription file in its folder (the LibriVox and cards clips), or
/// Kennedy's sentence for `jfk.wav`.
public enum ReferenceTranscripts {
    /// What President Kennedy says in whisper.cpp's `jfk.wav`.
    public static let jfk = "And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country."

    public static func find(for path: String) throws -> String? {
        let base = (path as NSString).deletingPathExtension
        if let text = try? String(contentsOfFile: base + ".txt", encoding: .utf8) { return text }
        let folder = (path as NSString).deletingLastPathComponent, name = (base as NSString).lastPathComponent
        if name == "jfk" { return jfk }
        let directory = folder.isEmpty ? "." : folder
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for file in files where file == "transcription" || file.hasSuffix(".transcription") {
            if let clip = try transcriptionFile(directory + "/" + file).first(where: { $0.name == name }) { return clip.text }
        }
        return nil
    }

    /// `<s> words </s> (name)` lines.
    public static func transcriptionFile(_ path: String) throws -> [(name: String, text: String)] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard let open = line.lastIndex(of: "("), let close = line.lastIndex(of: ")") else { return nil }
            let words = line[..<open].replacingOccurrences(of: "<s>", with: "").replacingOccurrences(of: "</s>", with: "")
            return (String(line[line.index(after: open)..<close]), words.trimmingCharacters(in: .whitespaces))
        }
    }
}
