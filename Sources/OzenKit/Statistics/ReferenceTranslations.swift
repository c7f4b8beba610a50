import Foundation

/// A recording's sentences with their reference English: the `conversation.tsv` setup writes
/// beside each interpreter recording (start, end, prompt name, source text, English).
public struct ReferenceTranslations: Sendable {
    public struct Sentence: Sendable, Equatable {
        public var start: Double
        public var end: Double
        public var name: String
        public var source: String
        public var english: String
        /// Words of the source sentence; three or fewer is a short sentence that gets context.
        public var words: Int { source.split(whereSeparator: { $0 == " " }).count }
    }

    public var sentences: [Sentence]

    public struct Unreadable: Error, CustomStringConvertible {
        public var path: String
        public var line: Int
        public var description: String {
            tr("קובץ התרגומים \(path) פגום בשורה \(line)", "the reference translations \(path) are malformed at line \(line)")
        }
    }

    /// The table beside `recording` (same folder, `conversation.tsv`).
    public static func beside(_ recording: String) throws -> ReferenceTranslations {
        let folder = (recording as NSString).deletingLastPathComponent
        return try read(path: (folder.isEmpty ? "." : folder) + "/conversation.tsv")
    }

    public static func read(path: String) throws -> ReferenceTranslations {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var sentences: [Sentence] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() where index > 0 {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 5, let start = Double(fields[0]), let end = Double(fields[1]) else {
                throw Unreadable(path: path, line: index + 1)
            }
            sentences.append(Sentence(start: start, end: end, name: fields[2], source: fields[3], english: fields[4]))
        }
        return ReferenceTranslations(sentences: sentences)
    }
}
