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
        try ReferenceTranscripts.transcriptionFile(path("librivox/transcription")).map {
            Clip(path: path("librivox/\($0.name).wav"), transcript: $0.text)
        }
    }

    public static let jfk = Clip(path: path("jfk/jfk.wav"), transcript: ReferenceTranscripts.jfk)

    public static var home: OzenHome { OzenHome.fromEnvironment() }

    /// A fresh Ozen home in the temporary folder with the installed models linked in, whose
    /// first-run question (her name) was turned down, so the page opens on the captions;
    /// `unanswered` leaves it asked. No test writes to the person's own history this way.
    public static func testHome(unanswered: Bool = false) -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-test-home-\(UUID())")
        try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        if !unanswered { try? Data("declined\n".utf8).write(to: home.appendingPathComponent("first-run.txt")) }
        try? FileManager.default.createSymbolicLink(atPath: home.appendingPathComponent("models").path,
                                                    withDestinationPath: Fixtures.home.modelsPath)
        return home
    }
}
