import Foundation
import Testing

/// `ozen text` as a family uses it: lines on stdin, what the text stage found on stdout.
@Suite struct TextCommandTests {
    static func run(_ arguments: [String], input: String) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = OzenProcess.binary
        process.arguments = ["text"] + arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self))
    }

    @Test func jsonHasTextEventsThenAlerts() throws {
        let input = "ולרותי יש תור לרופאה ביום שלישי בשבע וחצי, הטלפון 052-1234567\nהטלפון שלי\n"
        let result = try Self.run(["--alert", "רותי", "--alert=רופא", "--alert", "לי", "--json"], input: input)
        #expect(result.status == 0)
        let events = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(events.map { $0["type"] as? String } == ["text", "alert", "alert", "text"])
        #expect(events[0]["direction"] as? String == "rtl")
        let kinds = (events[0]["numbers"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
        #expect(kinds == ["time", "phone"])
        #expect(events[1]["word"] as? String == "רותי")
        #expect(events[1]["start"] as? Int == 0 && events[1]["end"] as? Int == 6)
        #expect(events[2]["said"] as? String == "לרופאה")
        #expect((events[3]["highlights"] as? [Any])?.isEmpty == true)
    }

    @Test func unknownLanguageIsAUsageError() throws {
        #expect(try Self.run(["--language", "fr"], input: "").status == 64)
        #expect(try Self.run(["--alert"], input: "").status == 64)
    }
}
