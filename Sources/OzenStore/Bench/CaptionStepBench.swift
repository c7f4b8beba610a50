import Foundation
import OzenKit

/// "Saving never blocks the caption path" (the issue), measured: the caption path's step for
/// a locked line — build the event, write it out as `ozen caption --json` does, hand it to
/// the recorder — timed with saving and without, while the recorder's writer commits the
/// lines to the year-sized database on its own thread. Only the caller's time is timed; the
/// writer's work shows in it only as much as it takes the machine from the caller.
///
/// A step comes every millisecond, faster than the writer commits a line, so the writer is
/// always mid-commit or mid-merge while the saving steps run. Blocks of 100 steps alternate
/// saving and not (the writer drained before each block without), so a busy moment of the
/// machine falls on both sides alike.
public struct CaptionStepBench {
    /// The figures, in milliseconds.
    public struct Figures: Sendable {
        public var savingP50: Double
        public var savingP99: Double
        public var aloneP50: Double
        public var aloneP99: Double
    }

    let path: String
    var steps = 2_000
    var intervalNanoseconds: UInt64 = 1_000_000

    func run() throws -> Figures {
        guard let sink = FileHandle(forWritingAtPath: "/dev/null") else {
            throw HistoryStorageError(kind: .cannotOpen, detail: "no /dev/null", path: "/dev/null")
        }
        var random = SplitMix(seed: 13)
        let recorder = ConversationRecorder(path: path)
        defer { recorder.close() }
        // The writer opens the database at its first line: done before timing starts.
        recorder.record(.line(BenchText.line(id: 1, hebrew: true, random: &random), at: 0))
        recorder.flush(timeout: 60)
        var saving: [Double] = [], alone: [Double] = []
        var next = DispatchTime.now().uptimeNanoseconds
        for block in 0..<max(2, steps / 100) {
            let save = block % 2 == 1
            if !save {
                recorder.flush(timeout: 60)
                Thread.sleep(forTimeInterval: 0.05)  // its idle upkeep done too
                next = DispatchTime.now().uptimeNanoseconds
            }
            for step in 0..<100 {
                let id = 2 + block * 100 + step
                let now = DispatchTime.now().uptimeNanoseconds
                if next > now { usleep(UInt32((next - now) / 1_000)) }
                next += intervalNanoseconds
                let took = try HistoryBench.time {
                    let event = CaptionEvent.line(BenchText.line(id: id, hebrew: true, random: &random), at: Double(id))
                    sink.write(Data((event.json.serialized() + "\n").utf8))
                    if save { recorder.record(event) }
                }
                if save { saving.append(took) } else { alone.append(took) }
            }
        }
        return Figures(savingP50: HistoryBench.percentile(saving, 50), savingP99: HistoryBench.percentile(saving, 99),
                       aloneP50: HistoryBench.percentile(alone, 50), aloneP99: HistoryBench.percentile(alone, 99))
    }
}
