import Foundation
@testable import OzenKit
import OzenTestSupport
import Testing

/// Real recordings cut into the frames the live pipeline feeds the cutter: 512 samples at 16 kHz,
/// the energy being the frame's mean square (as `LiveCaptioner.feed` computes it).
///
/// The voice decision stands in for Silero (which lives in OzenEngines): a frame is voice when its
/// RMS is above -35 dBFS. On these recordings that separates speech from the room: JFK's pauses sit
/// at -37…-43 dBFS and his words at -8…-30; the LibriVox reader's silences at -42…-56 and her words
/// at -13…-30.
private struct SpeechFrames {
    static let length = 512
    static let voiceLevelDBFS: Float = -35
    /// Mean square at -35 dBFS RMS.
    static let voiceEnergy: Float = pow(10, voiceLevelDBFS / 10)

    var samples: [Float]
    var energies: [Float]
    var isVoice: [Bool]

    init(_ samples: [Float]) {
        let count = samples.count / Self.length
        self.samples = Array(samples.prefix(count * Self.length))
        energies = (0..<count).map { i in
            samples[i * Self.length..<(i + 1) * Self.length].reduce(Float(0)) { $0 + $1 * $1 } / Float(Self.length)
        }
        isVoice = energies.map { $0 > Self.voiceEnergy }
    }

    init(path: String) throws {
        self.init(try WAVDecoder().read(path: path).atSpeechRate().samples)
    }

    var count: Int { energies.count }
    func start(_ frame: Int) -> Int { frame * Self.length }

    /// Only the frames with voice, joined: a stretch of real speech with no pause in it.
    func voicedOnly() -> SpeechFrames {
        var kept = [Float]()
        for i in 0..<count where isVoice[i] { kept += samples[start(i)..<start(i) + Self.length] }
        return SpeechFrames(kept)
    }

    func frames(_ range: Range<Int>) -> SpeechFrames {
        SpeechFrames(Array(samples[start(range.lowerBound)..<start(range.upperBound)]))
    }

    static func + (a: SpeechFrames, b: SpeechFrames) -> SpeechFrames {
        SpeechFrames(samples: a.samples + b.samples, energies: a.energies + b.energies, isVoice: a.isVoice + b.isVoice)
    }

    private init(samples: [Float], energies: [Float], isVoice: [Bool]) {
        self.samples = samples
        self.energies = energies
        self.isVoice = isVoice
    }

    /// Voice only from frame `first` on (where loud enough): Silero hearing a soft onset late.
    func heard(from first: Int) -> SpeechFrames {
        SpeechFrames(samples: samples, energies: energies, isVoice: isVoice.indices.map { $0 >= first && isVoice[$0] })
    }

    /// Every frame marked as voice, whatever its level.
    func allVoiced() -> SpeechFrames {
        SpeechFrames(samples: samples, energies: energies, isVoice: isVoice.map { _ in true })
    }
}

/// Feeds every frame and records each event with the index of the frame that produced it.
private func feed(_ frames: SpeechFrames, to cutter: inout UtteranceCutter,
                  from first: Int = 0) -> [(frame: Int, event: UtteranceCutter.Event)] {
    var events = [(frame: Int, event: UtteranceCutter.Event)]()
    for i in 0..<frames.count {
        for e in cutter.frame(start: frames.start(first + i), length: SpeechFrames.length,
                              isVoice: frames.isVoice[i], energy: frames.energies[i]) {
            events.append((first + i, e))
        }
    }
    return events
}

@Suite struct UtteranceCutterTests {
    let settings = UtteranceCutter.Settings.default
    let rate = 16_000.0
    var pauseSamples: Int { Int(settings.pauseToClose * rate) }
    var leadInSamples: Int { Int(settings.leadIn * rate) }
    var tailSamples: Int { Int(settings.tail * rate) }
    var maximumSamples: Int { Int(settings.maximumLength * rate) }

    fileprivate let jfk: SpeechFrames

    init() throws {
        jfk = try SpeechFrames(path: Fixtures.jfk.path)
    }

    @Test func theVoiceDecisionSeparatesJFKsWordsFromHisPauses() {
        // The stand-in for Silero must find his phrases: "And so my fellow Americans," / "ask not" /
        // "what your country can do for you," / "ask what you can do for your country."
        #expect(jfk.count == 343)
        #expect(!jfk.isVoice[0..<10].contains(true))
        #expect(!jfk.isVoice[67..<102].contains(true))
        #expect(!jfk.isVoice[135..<169].contains(true))
        #expect(!jfk.isVoice[237..<256].contains(true))
        #expect(jfk.isVoice[10..<67].filter { $0 }.count > 45)
        #expect(jfk.isVoice.last == true)
    }

    @Test func jfkOpensAndClosesAtHisPauses() {
        var cutter = UtteranceCutter()
        let events = feed(jfk, to: &cutter)
        let finished = cutter.finish(at: jfk.samples.count)

        // Replays the voice decisions to check each event against what came before it.
        var lastVoiceEnd: Int?
        var firstVoice: Int?
        var open = false
        var closed = [UtteranceCutter.Utterance]()
        var next = 0
        for i in 0..<jfk.count {
            let frameEnd = jfk.start(i + 1)
            let here = events[next...].prefix { $0.frame == i }.map(\.event)
            next += here.count
            if jfk.isVoice[i] {
                if !open {
                    #expect(here == [.opened(start: max(0, jfk.start(i) - leadInSamples))], "frame \(i)")
                    open = true
                    firstVoice = jfk.start(i)
                } else {
                    #expect(here.isEmpty, "frame \(i)")
                }
                lastVoiceEnd = frameEnd
                continue
            }
            guard open, let voiceEnd = lastVoiceEnd, let voiceStart = firstVoice else {
                #expect(here.isEmpty, "frame \(i)")
                continue
            }
            let silence = frameEnd - voiceEnd
            if silence < pauseSamples {
                #expect(here.isEmpty, "frame \(i): only \(silence) samples of pause")
                continue
            }
            // The first frame that completes a pause of pauseToClose closes the utterance.
            #expect(frameEnd - SpeechFrames.length - voiceEnd < pauseSamples)
            guard here.count == 1, case .closed(let u) = here[0] else {
                Issue.record("frame \(i): expected a close after \(silence) samples of pause, got \(here)")
                continue
            }
            #expect(u.endedBy == .pause)
            #expect(u.voiceStart == voiceStart)
            #expect(u.start == max(0, voiceStart - leadInSamples), "lead-in kept before the first voiced frame")
            #expect(u.voiceStart - u.start == min(voiceStart, leadInSamples))
            #expect(u.voiceEnd == voiceEnd)
            #expect(u.end == voiceEnd + tailSamples, "tail kept after the last voiced frame")
            closed.append(u)
            open = false
        }
        #expect(next == events.count)

        // Three pauses close three utterances; the last phrase runs to the end of the recording.
        #expect(closed.map { $0.voiceStart / SpeechFrames.length } == [10, 102, 169])
        #expect(closed.map { $0.voiceEnd / SpeechFrames.length } == [67, 135, 237])
        #expect(open)
        guard finished.count == 1, case .closed(let last) = finished[0] else {
            Issue.record("finish should close the open phrase, got \(finished)")
            return
        }
        #expect(last.endedBy == .endOfAudio)
        #expect(last.voiceStart == jfk.start(256))
        #expect(last.start == jfk.start(256) - leadInSamples)
        #expect(last.end == jfk.samples.count)
        #expect(!cutter.isOpen)

        // Inside every utterance no pause reaches pauseToClose.
        for u in closed + [last] {
            var run = 0, longest = 0
            for f in u.voiceStart / SpeechFrames.length..<u.voiceEnd / SpeechFrames.length {
                run = jfk.isVoice[f] ? 0 : run + 1
                longest = max(longest, run)
            }
            #expect(longest * SpeechFrames.length < pauseSamples)
            #expect(Double(u.voiceEnd - u.voiceStart) >= settings.minimumVoice * rate)
        }
    }

    @Test func finishWithNothingOpenDoesNothing() {
        var cutter = UtteranceCutter()
        _ = feed(jfk.frames(0..<90), to: &cutter)
        #expect(!cutter.isOpen)
        #expect(cutter.finish(at: jfk.start(90)).isEmpty)
    }

    @Test func finishClosesTheOpenUtteranceAtTheEndOfAudio() {
        // "And so my fellow Amer…": the recording stops mid-phrase.
        var cutter = UtteranceCutter()
        _ = feed(jfk.frames(0..<50), to: &cutter)
        #expect(cutter.isOpen)
        #expect(cutter.hasEnoughVoice)
        let end = jfk.start(50)
        #expect(cutter.finish(at: end) == [.closed(.init(start: jfk.start(10) - leadInSamples, end: end,
                                                         voiceStart: jfk.start(10), voiceEnd: end,
                                                         endedBy: .endOfAudio))])
        #expect(!cutter.isOpen)
        #expect(cutter.openUtteranceStart == nil)
    }

    @Test func aShortBurstIsDiscardedNotClosed() {
        // Five frames (160 ms) of his loudest syllable alone in the room noise of his first pause.
        let room = jfk.frames(70..<100)
        let burst = jfk.frames(22..<27)
        #expect(!burst.isVoice.contains(false) && !room.isVoice.contains(true))
        #expect(Double(burst.count * SpeechFrames.length) < settings.minimumVoice * rate)

        var cutter = UtteranceCutter()
        let events = feed(room + burst + room, to: &cutter).map(\.event)
        let burstStart = room.count * SpeechFrames.length
        let burstEnd = burstStart + burst.count * SpeechFrames.length
        #expect(events == [.opened(start: burstStart - leadInSamples),
                           .discarded(start: burstStart - leadInSamples, end: burstEnd + tailSamples)])
        #expect(!cutter.isOpen)
        #expect(cutter.finish(at: (room.count * 2 + burst.count) * SpeechFrames.length).isEmpty)
    }

    @Test func aShortBurstAtTheEndOfAudioIsDiscarded() {
        let room = jfk.frames(70..<100)
        let burst = jfk.frames(22..<27)
        var cutter = UtteranceCutter()
        _ = feed(room + burst, to: &cutter)
        #expect(!cutter.hasEnoughVoice)
        let end = (room.count + burst.count) * SpeechFrames.length
        #expect(cutter.finish(at: end) == [.discarded(start: room.count * SpeechFrames.length - leadInSamples, end: end)])
    }

    @Test func aBurstOfMinimumVoiceCounts() {
        // Eight frames (256 ms) is more than minimumVoice: a word, not a click.
        let room = jfk.frames(70..<100)
        let word = jfk.frames(21..<29)
        #expect(!word.isVoice.contains(false))
        var cutter = UtteranceCutter()
        let events = feed(room + word + room, to: &cutter).map(\.event)
        #expect(events.count == 2)
        guard events.count == 2, case .closed(let u) = events[1] else {
            Issue.record("expected a closed utterance, got \(events)")
            return
        }
        #expect(u.voiceStart == room.count * SpeechFrames.length)
        #expect(u.voiceEnd == (room.count + word.count) * SpeechFrames.length)
        #expect(u.endedBy == .pause)
    }

    /// Feeds one stretch longer than maximumLength and checks the forced cut.
    private func checkForcedCut(_ speech: SpeechFrames) {
        #expect(speech.samples.count > maximumSamples + 4 * 16_000)
        #expect(speech.samples.count < 2 * maximumSamples - 4 * 16_000)
        var cutter = UtteranceCutter()
        let events = feed(speech, to: &cutter)
        #expect(events.first.map { $0.event } == .opened(start: 0))
        let cuts = events.enumerated().filter {
            if case .closed = $0.element.event { return true } else { return false }
        }
        guard cuts.count == 1, case .closed(let u) = cuts[0].element.event else {
            Issue.record("expected one forced cut, got \(events.map(\.event))")
            return
        }
        let frame = cuts[0].element.frame
        let frameEnd = speech.start(frame + 1)
        #expect(u.endedBy == .length)
        #expect(u.start == 0)
        // The cut comes on the first frame that reaches maximumLength, and never beyond it.
        #expect(frameEnd >= maximumSamples && frameEnd - SpeechFrames.length < maximumSamples)
        #expect(u.end - u.start <= maximumSamples)
        // ...exactly at the middle of the quietest frame among those in the last quietSearch seconds.
        let searchFrom = frameEnd - Int(settings.quietSearch * rate)
        let window = (0...frame).filter { speech.start($0) + SpeechFrames.length > searchFrom }
        let quietest = window.min { speech.energies[$0] < speech.energies[$1] }!
        let cut = speech.start(quietest) + SpeechFrames.length / 2
        #expect(u.end == cut)
        #expect(window.map { speech.energies[$0] }.allSatisfy { $0 >= speech.energies[quietest] })
        #expect(cut > frameEnd - Int(settings.quietSearch * rate) - SpeechFrames.length)
        // The next utterance opens at the cut, on the same frame.
        let index = cuts[0].offset
        #expect(events.count == index + 2)
        #expect(events.last?.event == .opened(start: cut))
        #expect(events.last?.frame == frame)
        #expect(cutter.openUtteranceStart == cut)

        // The rest is under maximumLength: the end of audio closes it.
        let rest = cutter.finish(at: speech.samples.count)
        let lastVoice = speech.isVoice.lastIndex(of: true)!
        // Its voice starts at the first voiced frame after the cut.
        let firstVoice = speech.isVoice.indices.first { speech.start($0) >= cut && speech.isVoice[$0] }!
        #expect(rest == [.closed(.init(start: cut, end: min(speech.samples.count, speech.start(lastVoice + 1) + tailSamples),
                                       voiceStart: speech.start(firstVoice), voiceEnd: speech.start(lastVoice + 1),
                                       endedBy: .endOfAudio))])
    }

    @Test func aLongStretchOfSpeechIsCutAtItsQuietestPoint() throws {
        // The five LibriVox clips and JFK with their silences removed, twice over the clips: 36 s
        // of speech with no pause a listener would hear.
        let clips = try Fixtures.librivox().map { try SpeechFrames(path: $0.path).voicedOnly() }
        let speech = clips.reduce(jfk.voicedOnly(), +) + clips[0] + clips[1]
        #expect(!speech.isVoice.contains(false))
        checkForcedCut(speech)
    }

    @Test func aLongRecordingMarkedAllVoiceIsCutInItsQuietestPause() throws {
        // The clips as recorded, with every frame taken as voice: the cut falls in a real pause.
        let clips = try Fixtures.librivox().map { try SpeechFrames(path: $0.path) }
        let speech = (clips.reduce(jfk, +)).allVoiced()
        checkForcedCut(speech)
    }

    @Test func reopenMovesTheOpenStartBack() {
        var cutter = UtteranceCutter()
        _ = feed(jfk.frames(0..<260), to: &cutter)
        let opened = jfk.start(256) - leadInSamples
        #expect(cutter.openUtteranceStart == opened)
        #expect(!cutter.hasEnoughVoice)

        // Later than the open start: nothing moves.
        cutter.reopen(from: opened + 1_000)
        #expect(cutter.openUtteranceStart == opened)

        // Back to the words of the phrase before ("what your country can do for you,").
        let back = jfk.start(200)
        cutter.reopen(from: back)
        #expect(cutter.openUtteranceStart == back)
        #expect(cutter.hasEnoughVoice, "the audio reopened counts as voice")

        var events = [UtteranceCutter.Event]()
        for i in 260..<jfk.count {
            events += cutter.frame(start: jfk.start(i), length: SpeechFrames.length,
                                   isVoice: jfk.isVoice[i], energy: jfk.energies[i])
        }
        #expect(events.isEmpty)
        let finished = cutter.finish(at: jfk.samples.count)
        guard finished.count == 1, case .closed(let u) = finished[0] else {
            Issue.record("expected the reopened utterance to close, got \(finished)")
            return
        }
        #expect(u.start == back)
        #expect(u.voiceStart == back)
        #expect(u.endedBy == .endOfAudio)
    }

    @Test func reopenWithNothingOpenDoesNothing() {
        var cutter = UtteranceCutter()
        _ = feed(jfk.frames(0..<100), to: &cutter)
        #expect(!cutter.isOpen)
        cutter.reopen(from: 0)
        #expect(!cutter.isOpen)
        #expect(cutter.openUtteranceStart == nil)
    }

    @Test func aSoftFirstWordThatSileroHearsLateIsKept() throws {
        // The pyannote call from 21.0 to 23.0 s after a second of a table's digital silence:
        // Sheila's soft "Well," (21.80–22.35 s, -31…-34 dBFS) and then "there isn't" (-24…-29).
        // Silero heard her from the second word on (the table, seed 2): voice from 22.43 s.
        let call = try WAVDecoder().read(path: Fixtures.path("pyannote/sample.wav")).atSpeechRate().samples
        let frames = SpeechFrames([Float](repeating: 0, count: 16_000) + call[21 * 16_000..<23 * 16_000])
            .heard(from: (16_000 + 22_880) / SpeechFrames.length)
        let well = 16_000 + 12_800
        func firstUtterance(_ settings: UtteranceCutter.Settings) -> UtteranceCutter.Utterance? {
            var cutter = UtteranceCutter(settings: settings)
            let events = feed(frames, to: &cutter).map(\.event) + cutter.finish(at: frames.samples.count)
            return events.compactMap { if case .closed(let u) = $0 { u } else { nil } }.first
        }
        let u = try #require(firstUtterance(settings))
        // The voice begins with "Well," (within two frames), and the utterance a lead-in before it.
        #expect(abs(u.voiceStart - well) <= 2 * SpeechFrames.length, "\(u)")
        #expect(u.start == u.voiceStart - leadInSamples)
        // Without the earlier onset, the lead-in alone reaches back only to the middle of "Well,".
        var lateOnly = settings
        lateOnly.earlierOnset = 0
        let late = try #require(firstUtterance(lateOnly))
        #expect(late.start > well + 4_000)
    }

    @Test func silenceAfterAForcedCutIsNotSpeech() throws {
        // Speech that stops 0.45 s before maximumLength, then the quiet of a LibriVox pause: the
        // forced cut falls in that quiet, and what follows the cut holds no voice at all.
        let clips = try Fixtures.librivox().map { try SpeechFrames(path: $0.path) }
        var speech = clips.map { $0.voicedOnly() }.reduce(jfk.voicedOnly(), +)
        speech = speech + clips[0].voicedOnly()
        let voicedFrames = (maximumSamples - 7_168) / SpeechFrames.length   // 861 frames, 27.55 s
        let quiet = clips[2].frames(0..<8) + jfk.frames(70..<100)
        #expect(!quiet.isVoice.contains(true))
        let input = speech.frames(0..<voicedFrames) + quiet

        var cutter = UtteranceCutter()
        let events = feed(input, to: &cutter).map(\.event)
        var closedUtterances = [UtteranceCutter.Utterance]()
        for e in events { if case .closed(let u) = e { closedUtterances.append(u) } }
        #expect(closedUtterances.first?.endedBy == .length)
        // Whatever comes after the cut is silence: it must not come out as an utterance to decode.
        for u in closedUtterances.dropFirst() {
            #expect(u.voiceEnd > u.voiceStart, "closed utterance without voice: \(u)")
        }
        #expect(closedUtterances.count == 1, "\(events)")
    }
}
