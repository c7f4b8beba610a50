import Foundation
import OzenKit

/// What `ozen serve` says on stderr about one home-protocol connection: a line when its hello
/// is taken (its purpose and the app's `client`, and for a stream the final beam it gets), and
/// a summary when it is over: minutes of audio received, lines and partials sent, the median
/// final-pass time. Never the token, never a word of what was said or reported.
///
/// The connection is over when both its socket has closed and its pipeline (if any) has
/// ended, in whichever order they come; then the summary is written, once.
final class ConnectionLog: @unchecked Sendable {
    private let lock = NSLock()
    private let address: String
    /// The connection's number in `HomeConnections`, given once it has one.
    var id: Int {
        get { lock.lock(); defer { lock.unlock() }; return number }
        set { lock.lock(); number = newValue; lock.unlock() }
    }
    private var number = 0
    private var purpose: HomeHello.Purpose?
    private var samples = 0
    private var lines = 0
    private var partials = 0
    private var finalPasses: [Double] = []
    /// The socket, and a pipeline while one runs.
    private var open = 1
    private let write: @Sendable (String) -> Void

    init(address: String, write: @escaping @Sendable (String) -> Void = ConnectionLog.standardError) {
        self.address = address
        self.write = write
    }

    static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data(("ozen: " + line + "\n").utf8))
    }

    /// A good hello: its purpose and client; `streams` when a pipeline will run (then its beam).
    func greeted(_ hello: HomeHello, streams: Bool) {
        lock.lock()
        purpose = hello.purpose
        if streams { open += 1 }
        lock.unlock()
        var line = "connection \(id) from \(address): \(hello.purpose.rawValue), client " + (hello.client.map { "\"\($0)\"" } ?? "not given")
        if streams {
            line += hello.beam.map { ", final beam \($0)" } ?? ", the server's own final beam"
            if let note = hello.beamNote { line += " (\(note))" }
        }
        write(line)
    }

    /// A note about this connection (a report saved, a report refused).
    func note(_ text: String) { write("connection \(id): " + text) }

    func heard(samples count: Int) {
        lock.lock()
        samples += count
        lock.unlock()
    }

    func sent(final: Bool) {
        lock.lock()
        if final { lines += 1 } else { partials += 1 }
        lock.unlock()
    }

    func finalPasses(_ seconds: [Double]) {
        lock.lock()
        finalPasses += seconds
        lock.unlock()
    }

    /// The socket closed, or the pipeline ended; the last of them writes the summary.
    func ended() {
        lock.lock()
        open -= 1
        let done = open == 0 && purpose != nil
        let summary = done ? summaryLine() : nil
        lock.unlock()
        if let summary { write(summary) }
    }

    private func summaryLine() -> String {
        let minutes = Double(samples) / Double(MonoAudio.speechRate) / 60
        let median = Self.median(finalPasses).map { String(format: "%.2f s", $0) } ?? "none"
        return String(format: "connection \(number) ended (\(purpose?.rawValue ?? "")): %.2f min of audio, ", minutes)
            + "\(lines) lines and \(partials) partials sent, \(finalPasses.count) final passes, median final pass \(median)"
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
