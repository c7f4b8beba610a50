/// A conversation put together from real recordings of different people, for measuring how
/// well speakers are told apart when the truth is known: turns in a shuffled order (fixed
/// seed, so every run builds the same table) with short pauses between them.
public struct SimulatedTable: Sendable {
    /// One person speaking without a break.
    public struct Turn: Sendable {
        public var speaker: String
        public var samples: [Float]
        public init(speaker: String, samples: [Float]) {
            self.speaker = speaker
            self.samples = samples
        }
        public var seconds: Double { Double(samples.count) / Double(MonoAudio.speechRate) }

        /// The turn cut into pieces of at most `longest` seconds, each cut at the quietest
        /// 100 ms of the middle half of what is left, so no word is cut in two where a pause exists.
        public func pieces(longest: Double) -> [Turn] {
            let rate = MonoAudio.speechRate, limit = Int(longest * Double(rate)), window = rate / 10
            var rest = samples[...]
            var out: [Turn] = []
            while rest.count > limit {
                let lower = rest.startIndex + rest.count / 4, upper = min(rest.startIndex + rest.count * 3 / 4, rest.startIndex + limit) - window
                var cut = lower, quietest = Float.infinity
                for start in stride(from: lower, through: max(lower, upper), by: window / 2) {
                    let energy = rest[start..<start + window].reduce(0) { $0 + $1 * $1 }
                    if energy < quietest { quietest = energy; cut = start + window / 2 }
                }
                out.append(Turn(speaker: speaker, samples: Array(rest[..<cut])))
                rest = rest[cut...]
            }
            out.append(Turn(speaker: speaker, samples: Array(rest)))
            return out
        }
    }

    /// One person's turns from their recordings (16 kHz): every piece of 2–10 s, cut as
    /// `Turn.pieces` cuts, from at most `seconds` of their speech in all.
    public static func turns(of speaker: String, recordings: [[Float]], upTo seconds: Double) -> [Turn] {
        var left = seconds
        var turns: [Turn] = []
        for samples in recordings where left >= 2 {
            let kept = Array(samples.prefix(Int(left * Double(MonoAudio.speechRate))))
            turns += Turn(speaker: speaker, samples: kept).pieces(longest: 10).filter { $0.seconds >= 2 }
            left -= Double(kept.count) / Double(MonoAudio.speechRate)
        }
        return turns
    }

    public var audio: [Float] = []
    /// Who spoke when, in seconds from the start.
    public var truth: [SpeechTurn] = []
    /// For each entry of `truth`, the index of its turn in the turns the table was made from.
    public var turnOrder: [Int] = []

    /// Shuffles `turns` with `seed` so that, where it can, no one speaks twice in a row, and
    /// joins them with pauses drawn from `pauses` (seconds) of near-silence.
    public init(turns: [Turn], seed: UInt64, pauses: ClosedRange<Double> = 0.7...1.2) {
        var random = SplitMix(seed: seed)
        var left = Array(turns.enumerated())
        var order: [Turn] = []
        while !left.isEmpty {
            let others = left.indices.filter { left[$0].element.speaker != order.last?.speaker }
            let pool = others.isEmpty ? Array(left.indices) : others
            let (index, turn) = left.remove(at: pool[Int(random.next() % UInt64(pool.count))])
            order.append(turn)
            turnOrder.append(index)
        }
        let rate = Double(MonoAudio.speechRate)
        for (i, turn) in order.enumerated() {
            if i > 0 {
                let pause = pauses.lowerBound + (pauses.upperBound - pauses.lowerBound) * random.unit()
                // Room noise 60 dB down rather than digital zeros, as a real table would have.
                audio += (0..<Int(pause * rate)).map { _ in Float(random.unit() - 0.5) * 0.002 }
            }
            let start = Double(audio.count) / rate
            audio += turn.samples
            truth.append(SpeechTurn(speaker: turn.speaker, start: start, end: Double(audio.count) / rate))
        }
    }
}
