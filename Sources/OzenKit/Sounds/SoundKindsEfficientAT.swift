extension SoundKind {
    /// The sounds Ozen listens for with EfficientAT (2 s windows at 32 kHz): `yamnet`'s kinds
    /// and classes with numbers chosen by `ozen sounds eval --tune --tagger efficientat --feed
    /// 32000 --minutes 60 --against-talk` (`SoundThresholdSearch`; each comment is what the
    /// tune half gave). Doorbell, phone, shouting, kettle and water are judged against talk: each
    /// class's score over the most the tune half's hour of talk gave it (`againstTalk`), so a
    /// class that talk never stirs counts at a low score without the one that talk does (a
    /// phone's "Telephone") setting the bar for all. The doorbell's numbers come from the real
    /// door chimes setup now installs (the desktop chimes that stood in for them are not heard
    /// as doorbells); the phone's are stricter than before because lower ones called those
    /// chimes phones. Of the alarms the game's fire bell and a voice assistant's alarm clock
    /// (neon-skill-alerts', in the tune half) are heard as ones; the alarm's numbers come from them.
    /// A steady tone (`StableTone`) lets the siren, the doorbell, a cat and a car horn be told
    /// in one window: the search chose a tone score for those four and none for the others.
    public static let efficientAT = retuned(yamnet, [
        "alarm": (threshold: 0.25, windowsToAgree: 2, of: 3, sureScore: nil),  // 27 of 90 (8 within 1 s), delay 1.44 s, wrong 3
        "siren": (threshold: 0.1, windowsToAgree: 2, of: 3, sureScore: 0.6),  // 31 of 54 (2 within 1 s), delay 1.44 s, wrong 4
        "explosion": (threshold: 0.9, windowsToAgree: 2, of: 3, sureScore: nil),  // 0 of 0 (0 within 1 s), delay –, wrong 0
        "doorbell": (threshold: 64, windowsToAgree: 2, of: 3, sureScore: 96),  // 17 of 72 (8 within 1 s), delay 1.44 s, wrong 0
        "knock": (threshold: 0.04, windowsToAgree: 2, of: 3, sureScore: 0.2),  // 8 of 36 (1 within 1 s), delay 2.64 s, wrong 0
        "phone": (threshold: 8, windowsToAgree: 2, of: 3, sureScore: 32),  // 26 of 90 (8 within 1 s), delay 2.40 s, wrong 0
        "baby": (threshold: 0.25, windowsToAgree: 2, of: 3, sureScore: nil),  // 0 of 0 (0 within 1 s), delay –, wrong 0
        "glass": (threshold: 0.02, windowsToAgree: 2, of: 3, sureScore: 0.03),  // 16 of 36 (12 within 1 s), delay 0.96 s, wrong 0
        "scream": (threshold: 3, windowsToAgree: 2, of: 3, sureScore: 8),  // 20 of 90 (18 within 1 s), delay 0.96 s, wrong 2
        "dog": (threshold: 0.2, windowsToAgree: 2, of: 3, sureScore: nil),  // 22 of 72 (4 within 1 s), delay 1.92 s, wrong 0
        "cat": (threshold: 0.5, windowsToAgree: 2, of: 3, sureScore: 0.8),  // 43 of 54 (17 within 1 s), delay 1.44 s, wrong 5
        "kettle": (threshold: 3, windowsToAgree: 2, of: 3, sureScore: 6),  // 8 of 18 (5 within 1 s), delay 0.96 s, wrong 0
        "water": (threshold: 2, windowsToAgree: 2, of: 3, sureScore: 6),  // 34 of 36 (28 within 1 s), delay 0.96 s, wrong 0
        "appliance": (threshold: 0.35, windowsToAgree: 2, of: 3, sureScore: nil),  // 0 of 18 (0 within 1 s), delay –, wrong 0
        "car-horn": (threshold: 0.05, windowsToAgree: 2, of: 3, sureScore: 0.07),  // 11 of 54 (6 within 1 s), delay 0.96 s, wrong 1
    ], againstTalk: [
        // The most each of the kind's classes (in `yamnet`'s order) scored in the tune half's talk.
        "doorbell": [0.0021, 0.0087],
        "phone": [0.0983, 0.0164, 0.0168],
        "scream": [0.0065, 0.0125, 0.0357, 0.0020],
        "kettle": [0.0440, 0.0027, 0.0214, 0.0127],
        "water": [0.0070, 0.0065, 0.0073, 0.0239, 0.0204, 0.0127, 0.0105],
    ], tone: [
        // One window at this score while a steady tone lasts (`StableTone`), in the units above.
        "siren": 0.2, "doorbell": 48, "cat": 0.5, "car-horn": 0.03,
    ])

    /// The sounds Ozen listens for with both taggers together (each class scoring the higher of
    /// the two), chosen by `ozen sounds eval --tune --tagger both --feed 32000 --minutes 30`.
    public static let bothTaggers = retuned(yamnet, [
        "alarm": (threshold: 0.9, windowsToAgree: 2, of: 3, sureScore: nil),  // 0/54 found, delay –, wrong 0
        "siren": (threshold: 0.6, windowsToAgree: 1, of: 1, sureScore: nil),  // 22/54 found, delay 1.44 s, wrong 0
        "explosion": (threshold: 0.9, windowsToAgree: 2, of: 3, sureScore: nil),  // 0/0 found, delay –, wrong 0
        "doorbell": (threshold: 0.9, windowsToAgree: 2, of: 3, sureScore: nil),  // 0/36 found, delay –, wrong 0
        "knock": (threshold: 0.04, windowsToAgree: 2, of: 3, sureScore: nil),  // 3/18 found, delay 3.84 s, wrong 0
        "phone": (threshold: 0.16, windowsToAgree: 2, of: 3, sureScore: 0.7),  // 40/90 found, delay 1.92 s, wrong 1
        "baby": (threshold: 0.25, windowsToAgree: 2, of: 3, sureScore: nil),  // 0/0 found, delay –, wrong 0
        "glass": (threshold: 0.01, windowsToAgree: 2, of: 3, sureScore: nil),  // 15/36 found, delay 0.96 s, wrong 0
        "scream": (threshold: 0.03, windowsToAgree: 2, of: 3, sureScore: 0.13),  // 16/54 found, delay 0.96 s, wrong 2
        "dog": (threshold: 0.3, windowsToAgree: 2, of: 3, sureScore: 0.7),  // 23/54 found, delay 1.92 s, wrong 1
        "cat": (threshold: 0.5, windowsToAgree: 2, of: 3, sureScore: nil),  // 17/18 found, delay 1.44 s, wrong 2
        "kettle": (threshold: 0.3, windowsToAgree: 1, of: 1, sureScore: nil),  // 2/18 found, delay 1.20 s, wrong 0
        "water": (threshold: 0.01, windowsToAgree: 2, of: 3, sureScore: 0.7),  // 36/36 found, delay 0.96 s, wrong 0
        "appliance": (threshold: 0.35, windowsToAgree: 2, of: 3, sureScore: nil),  // 0/18 found, delay –, wrong 0
        "car-horn": (threshold: 0.07, windowsToAgree: 2, of: 3, sureScore: 0.6),  // 7/54 found, delay 1.92 s, wrong 0
    ])

    /// `kinds` with the numbers given for each name (a kind not named keeps its own), those in
    /// `againstTalk` judged against what talk gave each of their classes, those in `tone` raised
    /// at that score in one window while a steady tone lasts.
    static func retuned(_ kinds: [SoundKind], _ numbers: [String: (threshold: Float, windowsToAgree: Int, of: Int, sureScore: Float?)],
                        againstTalk: [String: [Float]] = [:], tone: [String: Float] = [:]) -> [SoundKind] {
        kinds.map { kind in
            guard let n = numbers[kind.name] else { return kind }
            return kind.with(threshold: n.threshold, windowsToAgree: n.windowsToAgree, of: n.of, sureScore: n.sureScore,
                             talkLevels: againstTalk[kind.name], toneScore: tone[kind.name])
        }
    }
}
