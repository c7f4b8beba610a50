import Foundation
import OzenKit
import Synchronization

/// What `ozen serve` says on stderr about one home-protocol connection: a line when its hello
/// is taken (its purpose and the app's `client`, and for a stream the final beam it gets), and
/// a summary when it is over: minutes of audio received, lines and partials sent, the median
/// final-pass time. Never the token, never a word of what was said or reported.
///
/// The connection is over when both its socket has closed and its pipeline (if any) has
/// ended, in whichever order they come; then the summary is written, once.
final class ConnectionLog: Sendable {
    /// What is counted while the connection lasts.
    private struct Counts {
        var number = 0
        var purpose: HomeHello.Purpose?
        var samples = 0
        var lines = 0
        var partials = 0
        var finalPasses: [Double] = []
        /// The socket, and a pipeline while one runs.
        var open = 1
    }

    private let counts = Mutex(Counts())
    private let address: String
    private let write: @Sendable (String) -> Void

    /// The connection's number in `HomeConnections`, given once it has one.
    var id: Int {
        get { counts.withLock { $0.number } }
        set { counts.withLock { $0.number = newValue } }
    }

    init(address: String, write: @escaping @Sendable (String) -> Void = ConnectionLog.standardError) {
        self.address = address
        self.write = write
    }

    static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data(("ozen: " + line + "\n").utf8))
    }

    /// A good hello: its purpose and client; `streams` when a pipeline will run (then its beam).
    func greeted(_ hello: HomeHello, streams: Bool) {
        counts.withLock {
            $0.purpose = hello.purpose
            if streams { $0.open += 1 }
        }
        var line = "connection \(id) from \(address): \(hello.purpose.rawValue), client " + (hello.client.map { "\"\($0)\"" } ?? "not given")
        if streams {
            line += hello.beam.map { ", final beam \($0)" } ?? ", the server's own final beam"
            if let note = hello.beamNote { line += " (\(note))" }
        }
        write(line)
    }

    /// A note about this connection (a report saved, a report refused).
    func note(_ text: String) { write("connection \(id): " + text) }

    func heard(samples count: Int) { counts.withLock { $0.samples += count } }

    func sent(final: Bool) { counts.withLock { if final { $0.lines += 1 } else { $0.partials += 1 } } }

    func finalPasses(_ seconds: [Double]) { counts.withLock { $0.finalPasses += seconds } }

    /// The socket closed, or the pipeline ended; the last of them writes the summary.
    func ended() {
        let summary: String? = counts.withLock {
            $0.open -= 1
            return $0.open == 0 && $0.purpose != nil ? Self.summaryLine($0) : nil
        }
        if let summary { write(summary) }
    }

    private static func summaryLine(_ c: Counts) -> String {
        let minutes = Double(c.samples) / Double(MonoAudio.speechRate) / 60
        let median = Self.median(c.finalPasses).map { String(format: "%.2f s", $0) } ?? "none"
        return String(format: "connection \(c.number) ended (\(c.purpose?.rawValue ?? "")): %.2f min of audio, ", minutes)
            + "\(c.lines) lines and \(c.partials) partials sent, \(c.finalPasses.count) final passes, median final pass \(median)"
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
