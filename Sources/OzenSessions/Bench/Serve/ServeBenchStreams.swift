import Foundation
import OzenIO
import OzenKit

extension ServeBench {
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
