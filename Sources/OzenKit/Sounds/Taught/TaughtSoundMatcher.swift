import Foundation

/// Finds the sounds she taught in what the microphone hears: each landmark heard
/// (`SoundLandmarks`) that one of a taught recording's landmarks shares votes for the time at
/// which that recording would have begun; when `votesNeeded` votes agree on one beginning
/// (within a frame), the sound is playing, and its alert goes out with her name for it.
///
/// Talk shares a landmark with a doorbell now and then, but never many at one beginning: the
/// votes of a chance match scatter. Music is harder: it holds steady tones of its own, and a
/// long print meets them more often than a short one (`VoteRule`). The standard rule (15 % of
/// a print's landmarks, 15 to 60 votes) was chosen by `ozen sounds eval --taught` on the tune
/// half (47 real recordings, each taught from itself, laid into its six speech recordings; an
/// hour of its talk; half an hour of its game music, alone and under talk): of the rules that
/// raised nothing of another kind, nothing in talk and nothing in music, with the next looser
/// rule quiet too, the one that found the most. A fixed count needed 50 votes to keep that
/// music quiet (25 raised 19 alerts in it). On the report half (45 other real recordings, six
/// other speakers, an hour of other talk, other music), fed at 16 kHz, each sound laid in at a
/// different eighth of a 16 ms hop, prints taught at four phases (`TaughtSound.Print.Phase`):
/// found 253 of 270 times at 0 dB and 237 at −10 dB, 0.55 s after the sound began (median at
/// 0 dB; 0.72 s at −10 dB), nothing of another kind in 600 trials, nothing in the hour of talk
/// or the half hour of music; at one phase 232 and 217, onset 0.74 s (2026-12-07). The same
/// rule was chosen on the tune half either way.
public struct TaughtSoundMatcher: Sendable {
    /// How many votes at one beginning make a print found: a share of its landmarks, within
    /// bounds. A long print (a baby crying for seven seconds, thousands of landmarks) meets
    /// music's steady tones by chance far more often than a short chime does, so it needs more.
    public struct VoteRule: Sendable, Hashable, CustomStringConvertible {
        public var share: Double
        public var fewest: Int
        public var most: Int

        public init(share: Double, fewest: Int, most: Int) {
            self.share = share
            self.fewest = fewest
            self.most = most
        }

        /// The same number of votes for every print.
        public static func fixed(_ votes: Int) -> VoteRule { VoteRule(share: 0, fewest: votes, most: votes) }

        public func needed(landmarks: Int) -> Int { min(most, max(fewest, Int((share * Double(landmarks)).rounded(.up)))) }

        public var description: String {
            share == 0 ? "\(fewest)" : String(format: "%.0f %% of its landmarks, %d to %d", share * 100, fewest, most)
        }

        /// Chosen by `ozen sounds eval --taught` (see `TaughtSoundMatcher`).
        public static let standard = VoteRule(share: 0.15, fewest: 15, most: 60)
    }

    /// The fewest votes any print needs: a print with fewer than twice this many landmarks
    /// cannot be taught.
    public static var fewestVotes: Int { VoteRule.standard.fewest }
    /// Seconds after a sound's alert in which it is not raised again: a ring is one alert.
    public static let quietAfter = 10.0

    public let sounds: [TaughtSound]
    public let rule: VoteRule
    private var landmarks: SoundLandmarks
    /// Every print of every sound, by landmark hash: which prints hold that hash, at which frames.
    private let table: [UInt32: [Entry]]
    /// Which sound each print (and table) belongs to, and how many frames it lasts.
    private let owners: [Int]
    private let lengths: [Int32]
    /// Landmarks in each print: a score is the share of them heard at one beginning.
    private let sizes: [Int]
    /// Votes each print needs (`VoteRule`).
    private let needed: [Int]
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
    public init(sounds: [TaughtSound], rate: Int, rule: VoteRule = .standard) {
        self.sounds = sounds
        self.rule = rule
        landmarks = SoundLandmarks(rate: rate)
        var table: [UInt32: [Entry]] = [:], owners: [Int] = [], lengths: [Int32] = [], sizes: [Int] = []
        for (index, sound) in sounds.enumerated() {
            // Each phase of a print votes on its own, as if it were another recording.
            for print in sound.prints {
                for phase in print.everyPhase {
                    for landmark in phase {
                        table[landmark.hash, default: []].append(Entry(print: Int32(owners.count), frame: landmark.frame))
                    }
                    owners.append(index)
                    lengths.append(Int32((print.seconds / SoundLandmarks.frameSeconds).rounded(.up)))
                    sizes.append(phase.count)
                }
            }
        }
        self.table = table
        self.owners = owners
        self.lengths = lengths
        self.sizes = sizes
        needed = sizes.map { rule.needed(landmarks: $0) }
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
                    if near >= needed[print], let alert = raise(print: print, vote: vote, landmark: landmark, votes: near) {
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
