import Foundation
import OzenKit

/// The real recordings the tests use, fetched by scripts/setup.sh into Tests/Fixtures/downloaded
/// (sources and licences: Tests/Fixtures/README.md), and the models setup installed.
public enum Fixtures {
    public static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let folder = repository.appendingPathComponent("Tests/Fixtures/downloaded")

    public static func path(_ relative: String) -> String { folder.appendingPathComponent(relative).path }

    /// A LibriVox clip (one reader, Jane Austen) with its reference transcript.
    public struct Clip: Sendable {
        public var path: String
        public var transcript: String
    }

    /// The five LibriVox clips from Debian's pocketsphinx-testdata, 24.7 s in all.
    public static func librivox() throws -> [Clip] {
        let text = try String(contentsOfFile: path("librivox/transcription"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard let open = line.lastIndex(of: "("), let close = line.lastIndex(of: ")") else { return nil }
            let id = line[line.index(after: open)..<close]
            let words = line[..<open].replacingOccurrences(of: "<s>", with: "").replacingOccurrences(of: "</s>", with: "")
            return Clip(path: path("librivox/\(id).wav"), transcript: words.trimmingCharacters(in: .whitespaces))
        }
    }

    public static let jfk = Clip(path: path("jfk/jfk.wav"),
                                 transcript: "And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.")

    public static var home: OzenHome { OzenHome.fromEnvironment() }
}
