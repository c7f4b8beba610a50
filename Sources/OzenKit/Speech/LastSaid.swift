import Foundation

/// The last sentence she had Ozen say, so she can say it again or keep it as a phrase.
///
/// Kept in `$OZEN_HOME/last-said.txt` (0600) before the voice is even made: when there is no
/// speaker, or the voice fails, the sentence she typed is not lost.
public enum LastSaid {
    public static func path(in home: OzenHome) -> String { home.path + "/last-said.txt" }

    public static func keep(_ sentence: String, in home: OzenHome) throws(SpeechStoreError) {
        let sentence = sentence.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !sentence.isEmpty else { throw .emptySentence }
        try PrivateFile.write(Data((sentence + "\n").utf8), to: path(in: home))
    }

    /// The last sentence said; nil when nothing has been said yet.
    public static func load(in home: OzenHome) -> String? {
        guard let text = try? String(contentsOfFile: path(in: home), encoding: .utf8) else { return nil }
        let sentence = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return sentence.isEmpty ? nil : sentence
    }
}
