import Foundation
import OzenIO
import OzenKit
import OzenSessions

/// `ozen bench serve FILE... [--language L]`: how soon a phone's final lines arrive from
/// `ozen serve`. A client streams each recording at the speed it was spoken (100 ms PCM16
/// frames) to a server this command starts on 127.0.0.1, and times each final against the
/// end of its speech (`end_s` − 0.3 s). The baseline, in the same command, is the same
/// pipeline run in this process on the same audio at the same pace: the ratio is what the
/// network, the protocol and the server's threads add. With `--clients N`, `--minutes M` or
/// `--idle K` it measures the server under load instead (`ServeLoadBench`).
enum ServeBenchCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--language", "--model", "--clients", "--minutes", "--idle", "--seed"],
                                      flags: ["--no-speakers", "--table"])
        guard !args.positional.isEmpty || args.flag("--table") else {
            throw UsageError(tr("ל־bench serve צריך לפחות הקלטה אחת", "bench serve needs at least one recording"))
        }
        let language = try args.spokenLanguage()
        let languageCode = language.rawValue
        var recordings = try args.positional.map { try WAVDecoder().read(path: $0).atSpeechRate().samples }
        // --table: the five-person table of `bench accuracy --table` (77 s, 13 turns, real voices).
        if args.flag("--table") { recordings.append(try AccuracyBench.table(folder: try FixturesFolder.checked(nil), seed: 7).samples) }
        let modelName = args.value("--model") ?? "base"

        let server = try BenchServer(language: languageCode, model: modelName, speakers: !args.flag("--no-speakers"))
        defer { server.stop() }
        if args.value("--clients") != nil || args.value("--idle") != nil || args.value("--minutes") != nil {
            func number(_ name: String, _ fallback: Double, _ range: ClosedRange<Double>) throws -> Double {
                guard let text = args.value(name) else { return fallback }
                guard let value = Double(text), range.contains(value) else {
                    throw UsageError(tr("\(name) צריך מספר בין \(range.lowerBound) ל־\(range.upperBound), קיבל '\(text)'",
                                        "\(name) needs a number from \(range.lowerBound) to \(range.upperBound), got '\(text)'"))
                }
                return value
            }
            let options = ServeLoadBench.Options(clients: Int(try number("--clients", 4, 1...32)),
                                                 minutes: try args.value("--minutes").map { _ in try number("--minutes", 1, 0.1...120) },
                                                 idle: Int(try number("--idle", 0, 0...2000)),
                                                 seed: UInt64(try number("--seed", 7, 0...1e9)), language: languageCode)
            return try ServeLoadBench.run(options, recordings: recordings, server: server)
        }
        var served: [Double] = []
        for samples in recordings { served += try streamToServer(samples, port: server.port, language: languageCode) }

        let engines = try CaptionEngines(home: OzenHome.fromEnvironment(), modelName: modelName, speakersOn: true, keywords: [])
        var local: [Double] = []
        for samples in recordings { local += try streamInProcess(samples, engines: engines, language: language) }

        func show(_ name: String, _ values: [Double]) {
            let median = Percentile.median(values).map { String(format: "%.2f s", $0) } ?? "—"
            let p90 = Percentile.of(values, 90).map { String(format: "%.2f s", $0) } ?? "—"
            print("\(name): \(values.count) finals, settle median \(median), p90 \(p90)")
        }
        print("final lines after the speech ended, recordings streamed at real time:")
        show("  ozen serve (protocol v1 over WebSocket)", served)
        show("  baseline: the same pipeline in this process", local)
        if let s = Percentile.median(served), let l = Percentile.median(local), l > 0 {
            print(String(format: "  ratio of medians (server / in process): %.2f", s / l))
        }
    }

    /// Seconds from each utterance's end of speech to its final's arrival at the client.
    static func streamToServer(_ samples: [Float], port: Int, language: String) throws -> [Double] {
        let client = try WebSocketClient.connect(host: "127.0.0.1", port: port)
        defer { client.close() }
        try client.send(text: #"{"type":"hello","version":1,"language":"\#(language)","purpose":"captions"}"#)
        guard client.receive(timeout: 60)?.text?.contains("\"ready\"") == true else { throw BenchServerError.notReady("no ready") }
        let frames = PCMFrames(samples)
        let start = Date()
        let sender = Thread {
            for (i, frame) in frames.frames.enumerated() {
                let due = start.addingTimeInterval(Double(i + 1) * PCMFrames.seconds)
                if due.timeIntervalSinceNow > 0 { Thread.sleep(until: due) }
                try? client.send(binary: frame)
            }
            try? client.send(text: #"{"type":"end"}"#)
        }
        sender.start()
        var settle: [Double] = []
        while let frame = client.receive(timeout: Double(samples.count) / 16_000 + 120) {
            if case .close = frame { break }
            guard let text = frame.text,
                  let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
                  object["type"] as? String == "text", object["final"] as? Bool == true,
                  (object["text"] as? String)?.isEmpty == false,
                  let end = (object["end_s"] as? NSNumber)?.doubleValue else { continue }
            settle.append(Date().timeIntervalSince(start) - (end - 0.3))
        }
        return settle
    }

    /// The baseline: the pipeline in this process, fed at the same pace from another thread.
    static func streamInProcess(_ samples: [Float], engines: CaptionEngines, language: SpokenLanguage) throws -> [Double] {
        let stream = try engines.schedule.join(always: true)
        defer { engines.schedule.leave(stream) }
        let captioner = try engines.captioner(language: language, stream: stream)
        let inbox = LiveAudioInbox()
        let frames = PCMFrames(samples)
        let start = Date()
        let feeder = Thread {
            var stream = PCM16Stream()
            for (i, frame) in frames.frames.enumerated() {
                let due = start.addingTimeInterval(Double(i + 1) * PCMFrames.seconds)
                if due.timeIntervalSinceNow > 0 { Thread.sleep(until: due) }
                inbox.push(stream.samples(from: frame))
            }
            inbox.close()
        }
        feeder.start()
        var settle: [Double] = []
        try LiveStream.run(inbox, through: captioner) { event in
            if case .line(let line, _) = event, !line.text.isEmpty { settle.append(Date().timeIntervalSince(start) - line.end) }
        }
        return settle
    }
}

/// A recording as a phone sends it: 100 ms frames of PCM16 little-endian, 16 kHz mono.
struct PCMFrames {
    static let seconds = 0.1
    let frames: [[UInt8]]

    init(_ samples: [Float]) { frames = PCM16Frames.frames(samples, seconds: Self.seconds) }
}

/// `ozen serve` started by the bench on a port of its own, without saving anything. What it
/// writes to stderr once it is listening is read as it comes (an unread pipe would stop its
/// threads at the first 64 KiB) and its end kept, to be shown if it does not stop cleanly.
final class BenchServer: @unchecked Sendable {
    let process = Process()
    private(set) var port = 0
    private let lock = NSLock()
    private var lastWords = ""
    private let drained = DispatchSemaphore(value: 0)

    init(language: String, model: String, speakers: Bool = true) throws {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["serve", "--port", "0", "--no-save", "--language", language, "--model", model]
            + (speakers ? [] : ["--no-speakers"])
        var environment = ProcessInfo.processInfo.environment
        environment[Knob.web.name] = DisplayPage.folder()
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var said = ""
        let deadline = Date(timeIntervalSinceNow: 120)
        while Date() < deadline, process.isRunning {
            let data = errors.fileHandleForReading.availableData
            if data.isEmpty { break }
            said += String(decoding: data, as: UTF8.self)
            if let range = said.range(of: #"http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression),
               let found = Int(said[range].dropFirst("http://127.0.0.1:".count).dropLast()) {
                port = found
                let reader = errors.fileHandleForReading
                Thread.detachNewThread { [self] in
                    while case let data = reader.availableData, !data.isEmpty {
                        lock.lock()
                        lastWords = String((lastWords + String(decoding: data, as: UTF8.self)).suffix(2000))
                        lock.unlock()
                    }
                    drained.signal()
                }
                return
            }
        }
        stop()
        throw BenchServerError.notReady(said)
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// Stops the server as `stop` does and says how it ended: asked to stop (SIGTERM), `ozen
    /// serve` waits for its pipelines and exits with status 0; anything else is a fault of the
    /// server that the figures above do not show, so its last words come with it.
    func stopAndSayHow() -> String {
        stop()
        _ = drained.wait(timeout: .now() + 5)
        lock.lock()
        let words = lastWords.trimmingCharacters(in: .whitespacesAndNewlines)
        lock.unlock()
        if process.terminationReason == .exit && process.terminationStatus == 0 { return "stopped cleanly (exit 0)" }
        let how = process.terminationReason == .uncaughtSignal ? "killed by signal \(process.terminationStatus)"
                                                                : "exit \(process.terminationStatus)"
        return "did NOT stop cleanly (\(how)); its last words: \(words.suffix(600))"
    }
}

enum BenchServerError: Error, CustomStringConvertible {
    case notReady(String)
    var description: String {
        switch self {
        case .notReady(let said): return "ozen serve did not start for the bench; it said: \(said)"
        }
    }
}
