import Foundation
import OzenIO
import OzenKit

/// `ozen bench serve FILE... [--language L]`: how soon a phone's final lines arrive from
/// `ozen serve`. A client streams each recording at the speed it was spoken (100 ms PCM16
/// frames) to a server this bench starts on 127.0.0.1, and times each final against the
/// end of its speech (`end_s` − 0.3 s). The baseline, in the same command, is the same
/// pipeline run in this process on the same audio at the same pace: the ratio is what the
/// network, the protocol and the server's threads add. With `--clients N`, `--minutes M` or
/// `--idle K` it measures the server under load instead (`ServeLoadBench`).
public struct ServeBench {
    public let settings: ServeBenchSettings
    public let recordings: [[Float]]
    public let server: BenchServer

    /// Reads the recordings and starts the server; `stop` stops it.
    public init(_ settings: ServeBenchSettings) throws {
        self.settings = settings
        var recordings = try settings.recordings.map { try WAVDecoder().read(path: $0).atSpeechRate().samples }
        // --table: the five-person table of `bench accuracy --table` (77 s, 13 turns, real voices).
        if settings.table { recordings.append(try AccuracyBench.table(folder: try FixturesFolder.checked(nil), seed: 7).samples) }
        self.recordings = recordings
        server = try BenchServer(language: settings.language.rawValue, model: settings.model, speakers: settings.speakers)
    }

    public func stop() { server.stop() }

    /// The server under load (`ServeLoadBench`), each printed line handed to `write`.
    public func runLoad(_ options: ServeLoadBench.Options, write: (String) -> Void) throws {
        try ServeLoadBench.run(options, recordings: recordings, server: server, write: write)
    }

    /// One client, recording after recording, beside the same pipeline in this process; each
    /// printed line handed to `write`.
    public func run(write: (String) -> Void) throws {
        let languageCode = settings.language.rawValue
        var served: [Double] = []
        for samples in recordings { served += try Self.streamToServer(samples, port: server.port, language: languageCode) }

        let engines = try CaptionEngines(home: OzenHome.fromEnvironment(), modelName: settings.model, speakersOn: true, keywords: [])
        var local: [Double] = []
        for samples in recordings { local += try Self.streamInProcess(samples, engines: engines, language: settings.language) }

        func show(_ name: String, _ values: [Double]) {
            let median = Percentile.median(values).map { String(format: "%.2f s", $0) } ?? "—"
            let p90 = Percentile.of(values, 90).map { String(format: "%.2f s", $0) } ?? "—"
            write("\(name): \(values.count) finals, settle median \(median), p90 \(p90)")
        }
        write("final lines after the speech ended, recordings streamed at real time:")
        show("  ozen serve (protocol v1 over WebSocket)", served)
        show("  baseline: the same pipeline in this process", local)
        if let s = Percentile.median(served), let l = Percentile.median(local), l > 0 {
            write(String(format: "  ratio of medians (server / in process): %.2f", s / l))
        }
    }
}
