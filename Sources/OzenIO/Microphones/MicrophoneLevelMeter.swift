import Foundation
import OzenKit

/// A short listen to one microphone, to show that it hears: `ozen devices` measures each
/// input for about a second and draws its level.
///
/// One second holds a word or two of talk, or the room's noise floor: enough to tell a live
/// microphone from a dead or muted one (nothing arrives, or digital silence at −120 dBFS);
/// the JFK recording through the tests' ALSA device reads about −17 dBFS.
public enum MicrophoneLevelMeter {
    public enum Reading: Sendable, Equatable {
        /// The level of what it heard.
        case level(AudioLevel)
        /// It opened but delivered nothing in the time given.
        case nothing
        /// It could not be opened.
        case failed(InputProblem)
    }

    /// Listens to `device` for `seconds` of audio, waiting at most `seconds` + 1.5 s.
    public static func measure(_ device: MicrophoneDevice, seconds: Double = 1,
                               system: any MicrophoneSystem = PortAudioMicrophones()) -> Reading {
        let rate = device.defaultSampleRate.rounded()
        let wanted = Int(rate * seconds)
        let heard = Heard(wanted: wanted)
        let stream: any OpenMicrophone
        do {
            stream = try system.open(device, sampleRate: rate) { samples in heard.add(samples) }
        } catch {
            return .failed(error)
        }
        let samples = heard.wait(until: Date().addingTimeInterval(seconds + 1.5))
        stream.close()
        return samples.isEmpty ? .nothing : .level(AudioLevel(measuring: samples))
    }

    /// A bar of `width` cells for a level from −90 to 0 dBFS.
    public static func bar(_ level: AudioLevel, width: Int = 20) -> String { bar(decibels: level.rmsDBFS, width: width) }

    /// A bar of `width` cells for a level in dBFS from −90 to 0.
    public static func bar(decibels: Double, width: Int = 20) -> String {
        let filled = max(0, min(width, Int(((decibels + 90) / 90 * Double(width)).rounded())))
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }

    private final class Heard: Sendable {
        private let samples = WaitableMutex<[Float]>([])
        private let wanted: Int
        init(wanted: Int) { self.wanted = wanted }

        func add(_ more: [Float]) {
            samples.withLock { samples in
                if samples.count < wanted {
                    samples += more.prefix(wanted - samples.count)
                    if samples.count >= wanted { self.samples.broadcast() }
                }
            }
        }

        func wait(until deadline: Date) -> [Float] {
            samples.withLock(waitingUntil: deadline, for: { $0.count >= wanted }) { $0 }
        }
    }
}
