import Foundation

/// Finds the sounds she taught in what the microphone hears: each landmark heard
/// (`SoundLandmarks`) that one of a taught recording's landmarks shares votes for the time at
/// which that recording would have begun; when `votesNeeded` votes agree on one beginning
/// (within a frame), the sound is playing, and its alert goes out with her name for it.
///
/// Talk shares a landmark with a doorbell now and then, but never many at one beginning: the
/// votes of a chance match scatter. `standardVotes` was chosen by `ozen sounds eval --taught`
/// on the tune half (47 real recordings, each taught from itself, laid into its six speech
/// recordings, and an hour of its talk): 20 was the fewest that raised no sound of another
/// kind and none in talk, and 25 is one step up for margin. On the report half (45 other real
/// recordings, six other speakers, an hour of other talk), fed at 16 kHz: found 255 of 270
/// times at 0 dB, 245 at −10 dB, 220 at −20 dB, 0.32 s after the sound began (median at 0 dB;
/// 0.48 s at −10 dB), nothing of another kind in 870 trials, nothing in the hour of talk.
/// At 20 votes the report half raised 8 wrong alerts and 4 in talk.
public struct TaughtSoundMatcher: Sendable {
    /// Votes at one beginning that make a sound found (`ozen sounds eval --taught`).
    public static let standardVotes = 25
    /// Seconds after a sound's alert in which it is not raised again: a ring is one alert.
    public static let quietAfter = 10.0

    public let sounds: [TaughtSound]
    public let votesNeeded: Int
    private var landmarks: SoundLandmarks
    /// Every print of every sound, by landmark hash: which prints hold that hash, at which frames.
    private let table: [UInt32: [Entry]]
    /// Which sound each print (and table) belongs to, and how many frames it lasts.
    private let owners: [Int]
    private let lengths: [Int32]
    /// Landmarks in each print: a score is the share of them heard at one beginning.
    private let sizes: [Int]
    /// Votes per print: beginning (frame of the stream) → votes and the first frame that voted.
    private var votes: [[Int32: Vote]]
    private var lastAlert: [Double]
    /// Seconds into the stream where the first sample heard was.
    private var origin: Double?
    private var sincePruned = 0

    struct Entry: Sendable {
        var print: Int32
        var frame: Int32
    }

    struct Vote: Sendable {
        var count: Int
        var first: Int32
        var last: Int32
    }

    /// Listens for `sounds` in audio at `rate`.
    public init(sounds: [TaughtSound], rate: Int, votesNeeded: Int = standardVotes) {
        self.sounds = sounds
        self.votesNeeded = votesNeeded
        landmarks = SoundLandmarks(rate: rate)
        var table: [UInt32: [Entry]] = [:], owners: [Int] = [], lengths: [Int32] = [], sizes: [Int] = []
        for (index, sound) in sounds.enumerated() {
            for print in sound.prints {
                for (hash, frame) in zip(print.hashes, print.frames) {
                    table[hash, default: []].append(Entry(print: Int32(owners.count), frame: frame))
                }
                owners.append(index)
                lengths.append(Int32((print.seconds / SoundLandmarks.frameSeconds).rounded(.up)))
                sizes.append(print.hashes.count)
            }
        }
        self.table = table
        self.owners = owners
        self.lengths = lengths
        self.sizes = sizes
        votes = Array(repeating: [:], count: owners.count)
        lastAlert = Array(repeating: -.infinity, count: sounds.count)
    }

    /// Hears the next samples, which begin `start` seconds into the stream; the alerts of taught
    /// sounds found in them.
    public mutating func push(_ samples: [Float], start: Double) -> [SoundAlertEvent] {
        if origin == nil { origin = start }
        return match(landmarks.push(samples))
    }

    /// The alerts raised by these landmarks (in the order they were heard).
    public mutating func match(_ heard: [SoundLandmark]) -> [SoundAlertEvent] {
        var alerts: [SoundAlertEvent] = []
        for landmark in heard {
            if let entries = table[landmark.hash] {
                for entry in entries {
                    let print = Int(entry.print)
                    let beginning = landmark.frame - entry.frame
                    var vote = votes[print][beginning] ?? Vote(count: 0, first: landmark.frame, last: landmark.frame)
                    vote.count += 1
                    vote.first = min(vote.first, landmark.frame)
                    vote.last = max(vote.last, landmark.frame)
                    votes[print][beginning] = vote
                    let near = vote.count + (votes[print][beginning - 1]?.count ?? 0) + (votes[print][beginning + 1]?.count ?? 0)
                    if near >= votesNeeded, let alert = raise(print: print, vote: vote, landmark: landmark, votes: near) {
                        alerts.append(alert)
                    }
                }
            }
            sincePruned += 1
            if sincePruned >= 256 { prune(before: landmark.frame) }
        }
        return alerts
    }

    /// Seconds into the stream at which `landmark` was sure: its second peak's frame heard and
    /// the frames after it that make a peak a peak.
    public func sureAt(_ landmark: SoundLandmark) -> Double {
        let apart = Int32(landmark.hash & 0x3F)
        let frames = landmark.frame + apart + Int32(SoundLandmarks.peakFrames + 4)
        return (origin ?? 0) + Double(frames) * SoundLandmarks.frameSeconds
    }

    private mutating func raise(print: Int, vote: Vote, landmark: SoundLandmark, votes count: Int) -> SoundAlertEvent? {
        let owner = owners[print]
        let now = sureAt(landmark)
        guard now - lastAlert[owner] >= Self.quietAfter else { return nil }
        lastAlert[owner] = now
        let sound = sounds[owner]
        let total = max(1, sizes[print])
        return SoundAlertEvent(at: now, kind: TaughtSound.eventKind, className: sound.name,
                               score: min(1, Double(count) / Double(total)), priority: sound.group.priority,
                               start: (origin ?? 0) + Double(vote.first) * SoundLandmarks.frameSeconds, end: now)
    }

    /// Forgets votes for beginnings whose recording would be over by now (with 2 s to spare).
    private mutating func prune(before frame: Int32) {
        sincePruned = 0
        for print in votes.indices {
            let oldest = frame - lengths[print] - 125
            votes[print] = votes[print].filter { $0.value.last >= oldest }
        }
    }
}
