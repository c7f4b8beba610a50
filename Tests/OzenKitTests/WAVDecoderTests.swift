import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// Decoding real speech in every layout recorders produce, and refusing what is not audio.
@Suite struct WAVDecoderTests {
    let jfk: MonoAudio

    init() throws {
        jfk = try WAVDecoder().read(path: Fixtures.jfk.path)
    }

    @Test func readsTheRealRecording() {
        #expect(jfk.sampleRate == 16_000)
        #expect(abs(jfk.duration - 11.0) < 0.1)
        #expect(jfk.samples.contains { abs($0) > 0.1 })
    }

    @Test(arguments: [
        (WAVEncoder.SampleFormat.pcm16, false, Float(1.0 / 32768)),
        (.pcm24, false, Float(1.0 / 32768)),
        (.float32, false, Float(1.0 / 32768)),
        (.pcm24, true, Float(1.0 / 32768)),
        (.float32, true, Float(1.0 / 32768)),
    ])
    func decodesEveryEncodingOfTheSameSpeech(format: WAVEncoder.SampleFormat, extensible: Bool, tolerance: Float) throws {
        let data = WAVEncoder(format: format, extensible: extensible).encode(jfk.samples)
        let decoded = try WAVDecoder().decode(data, path: "x.wav")
        #expect(decoded.samples.count == jfk.samples.count)
        let worst = zip(decoded.samples, jfk.samples).map { abs($0 - $1) }.max() ?? 1
        #expect(worst <= tolerance)
    }

    @Test func mixesChannelsDown() throws {
        // Left: the speech, right: the speech at half level; the mix is 3/4 of it.
        let stereo = jfk.samples.flatMap { [$0, $0 / 2] }
        let decoded = try WAVDecoder().decode(WAVEncoder(format: .float32, channels: 2).encode(stereo), path: "s.wav")
        #expect(decoded.samples.count == jfk.samples.count)
        let worst = zip(decoded.samples, jfk.samples).map { abs($0 - $1 * 0.75) }.max() ?? 1
        #expect(worst < 1e-6)
    }

    @Test func readsWhatATruncatedDataChunkHolds() throws {
        var data = WAVEncoder().encode(jfk.samples)
        data.removeLast(1001)  // half a frame too: only whole frames are kept
        let decoded = try WAVDecoder().decode(data, path: "cut.wav")
        #expect(decoded.samples.count == jfk.samples.count - 501)
    }

    @Test func refusesTextPretendingToBeAudio() {
        #expect(throws: AudioFileError.notWAV(path: "a.wav")) {
            try WAVDecoder().decode(Data("hello, this is not audio at all".utf8), path: "a.wav")
        }
    }

    @Test func refusesATruncatedHeader() {
        let header = WAVEncoder().encode(jfk.samples).prefix(30)
        #expect(throws: AudioFileError.truncatedHeader(path: "h.wav")) {
            try WAVDecoder().decode(Data(header), path: "h.wav")
        }
    }

    @Test func refusesARecordingWithNoSamples() {
        #expect(throws: AudioFileError.noSamples(path: "e.wav")) {
            try WAVDecoder().decode(WAVEncoder().encode([]), path: "e.wav")
        }
    }

    @Test func refusesSamplesThatAreNotNumbers() {
        var samples = Array(jfk.samples.prefix(16_000))
        samples[100] = .nan
        samples[200] = .infinity
        #expect(throws: AudioFileError.notNumbers(path: "n.wav", count: 2)) {
            try WAVDecoder().decode(WAVEncoder(format: .float32).encode(samples), path: "n.wav")
        }
    }

    @Test func refusesCompressedWAV() throws {
        var data = WAVEncoder().encode(Array(jfk.samples.prefix(1000)))
        data[20] = 0x11  // IMA ADPCM
        #expect(throws: AudioFileError.self) { try WAVDecoder().decode(data, path: "adpcm.wav") }
    }

    @Test func namesMissingFilesAndFolders() {
        #expect(throws: AudioFileError.missing(path: "/no/such/file.wav")) { try WAVDecoder().read(path: "/no/such/file.wav") }
        #expect(throws: AudioFileError.isDirectory(path: "/tmp")) { try WAVDecoder().read(path: "/tmp") }
    }
}
