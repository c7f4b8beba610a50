import Foundation
import OzenEngines
import OzenIO
import OzenKit
import Synchronization

/// Type to speak from the display: the sentence is said in the voice of its language on this
/// computer's speaker, one sentence at a time. While it plays, `isSpeaking` is true and the
/// microphone's audio is dropped, so the captions do not caption the computer's own voice;
/// they carry on by themselves when it is done.
final class SpeakingAloud: Sendable {
    private let speech: SpeechOut
    private let home: OzenHome
    private let speaking = Mutex(false)

    /// Called with true when the computer starts speaking and false when it stops.
    private let whileSpeaking: @Sendable (Bool) -> Void

    init(home: OzenHome, whileSpeaking: @escaping @Sendable (Bool) -> Void = { _ in }) {
        self.home = home
        self.whileSpeaking = whileSpeaking
        speech = SpeechOut(home: home)
    }

    var isSpeaking: Bool { speaking.withLock { $0 } }

    /// Says `sentence`; returns what went wrong, or nil. The sentence is kept as the last one
    /// said (as `ozen say` keeps it) before anything can fail, so it is never lost.
    func say(_ sentence: String) -> String? {
        try? LastSaid.keep(sentence, in: home)
        do {
            let player = try VoicePlayer()
            let audio = try speech.speak(text: sentence)
            speaking.withLock { $0 = true }
            whileSpeaking(true)
            defer {
                whileSpeaking(false)
                speaking.withLock { $0 = false }
            }
            try player.play(audio)
            return nil
        } catch {
            return String(describing: error)
        }
    }
}
