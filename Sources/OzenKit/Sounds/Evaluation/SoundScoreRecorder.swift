import Foundation

/// Runs the classifier over a trial's audio exactly as a live `SoundWatch` does, and keeps
/// every window's scores for the classes the kinds listen to: what `ozen sounds eval` replays
/// the policy over. Any `SoundClassifier` can be measured this way.
public struct SoundScoreRecorder {
    public let classifier: any SoundClassifier
    /// The listened classes, in `RecordedSoundTrial.Window.scores` order.
    public let classNames: [String]
    private let indices: [Int]
    public private(set) var windows = 0
    /// Seconds the watch took over all trials (classifier, front end and policy).
    public private(set) var classifySeconds = 0.0

    /// Seconds from one window to the next.
    public let hopSeconds: Double

    public init(classifier: any SoundClassifier, hopSeconds: Double = SoundWatch.standardHopSeconds) {
        self.classifier = classifier
        self.hopSeconds = hopSeconds
        var seen = Set<String>()
        let names = SoundKind.all.flatMap(\.classes).filter { seen.insert($0).inserted }
        let index = Dictionary(classifier.classNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        classNames = names.filter { index[$0] != nil }
        indices = classNames.map { index[$0]! }
    }

    public var millisecondsPerWindow: Double { windows == 0 ? 0 : classifySeconds * 1000 / Double(windows) }

    /// Runs a fresh watch over `samples`, `rate` samples a second (resampled to the
    /// classifier's rate inside the watch when they differ).
    public mutating func record(_ samples: [Float], rate: Int = MonoAudio.speechRate, name: String, recording: String? = nil,
                                expected: String?, levelDB: Double?, soundStart: Double, soundEnd: Double) throws -> RecordedSoundTrial {
        let watch = SoundWatch(classifier: classifier, inputRate: rate, hopSeconds: hopSeconds)
        var kept: [RecordedSoundTrial.Window] = []
        let indices = self.indices
        watch.onScores = { scores, end, tone, rhythm in
            kept.append(.init(end: end, scores: indices.map { scores[$0] }, tone: tone, rhythm: rhythm))
        }
        let started = DispatchTime.now().uptimeNanoseconds
        var trial = SoundTrial(expected: expected, soundStart: soundStart, soundEnd: soundEnd)
        try trial.run(watch, over: samples)
        classifySeconds += Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        windows += watch.windowsHeard
        return RecordedSoundTrial(name: name, recording: recording, expected: expected, levelDB: levelDB, soundStart: soundStart, soundEnd: soundEnd,
                                  windowSeconds: classifier.windowSeconds, windows: kept, hopSeconds: hopSeconds)
    }
}
