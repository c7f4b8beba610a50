import Foundation
import OzenEngines
import OzenKit
import OzenTestSupport
import Testing

/// `ozen serve --unload-after`: the model frees itself after a quiet spell and the next decode
/// loads it again, with the same words as before.
@Suite struct IdleUnloadingTests {
    @Test func theModelIsFreedWhenIdleAndLoadedAgainForTheNextWords() throws {
        let recognizer = try IdleUnloadingRecognizer(model: try InstalledModel.load("base", in: Fixtures.home),
                                                     settings: .default, idleSeconds: 0.2)
        defer { recognizer.stop() }
        let audio = try WAVDecoder().read(path: Fixtures.jfk.path).atSpeechRate().samples
        let options = DecodingOptions(language: .english, beamSize: 1, allowsFallback: false)
        let before = try recognizer.transcribe(audio, options: options).text
        #expect(before.contains("ask not what your country can do for you"), "\(before)")
        // Bounded: the watcher looks every 0.05 s; a minute is far beyond any busy machine.
        for _ in 0..<1200 where recognizer.isLoaded { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!recognizer.isLoaded && recognizer.unloads >= 1)
        let after = try recognizer.transcribe(audio, options: options).text
        #expect(after == before)
        #expect(recognizer.loads >= 2)
    }
}
