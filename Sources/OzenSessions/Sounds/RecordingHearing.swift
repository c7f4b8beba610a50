import Foundation
import OzenKit

/// `ozen sounds hear`: a recording heard by a `SoundWatch` as a live stream would be, in the
/// 100 ms pieces a stream arrives in, its alerts raised as they come.
public enum RecordingHearing {
    /// Hears the WAV file at `path` through `watch`. A recording at 32 kHz or more is heard as a
    /// microphone's stream is: its own 32 kHz copy beside the 16 kHz audio. With `scoreLine`,
    /// every window also gives one JSON line: its end, the longest steady tone heard since the
    /// window before, and the listened-for classes scoring 0.005 or more (the lowest thresholds
    /// are 0.01).
    public static func hear(_ path: String, with watch: SoundWatch, scoreLine: ((String) -> Void)? = nil,
                            emit: (CaptionEvent) -> Void) throws {
        let original = try WAVDecoder().read(path: path)
        let audio = original.atSpeechRate()
        let wide = original.sampleRate >= LiveAudioInbox.wideRate
            ? Resampler(from: original.sampleRate, to: LiveAudioInbox.wideRate).resample(original.samples) : []
        if let scoreLine {
            let names = watch.classifier.classNames
            let listened = Set(SoundKind.all.flatMap(\.classes))
            watch.onScores = { scores, end, tone, rhythm in
                let heard = scores.indices.filter { listened.contains(names[$0]) && scores[$0] >= 0.005 }
                    .sorted { scores[$0] > scores[$1] }
                scoreLine(JSONValue.object([("end", .number(end, decimals: 2)), ("tone_ms", .number(tone, decimals: 0)),
                                            ("rhythm", rhythm.map { .string($0.rawValue) } ?? .null),
                                            ("scores", .object(heard.map { (names[$0], .number(Double(scores[$0]), decimals: 3)) }))])
                    .serialized())
            }
        }
        try watch.hearStream(audio.samples, wide: wide, emit: emit)
    }
}
