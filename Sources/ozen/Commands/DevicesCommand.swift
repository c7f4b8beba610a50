import Foundation
import OzenIO
import OzenKit
import OzenSessions

/// `ozen devices`: the microphones this computer offers, each with a one-second level meter
/// so she can see which one hears her. The number or name goes to `ozen listen --device`.
enum DevicesCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--no-level"])
        guard args.positional.isEmpty else {
            throw UsageError(tr("devices לא מקבל ארגומנטים", "devices takes no arguments"))
        }
        let devices: [MicrophoneDevice]
        do { devices = try PortAudioMicrophones().devices() } catch { Exit.fail(.noInput, error.description) }
        guard !devices.isEmpty else {
            print(tr("לא נמצא מיקרופון — חברו מיקרופון ונסו שוב", "No microphone found — plug one in and try again"))
            return
        }
        print(tr("מיקרופונים (* ברירת המחדל של המערכת):", "Microphones (* the system's default):"))
        for device in devices {
            var line = String(format: "%@ %3ld  %@  [%@, %ld ch, %.0f Hz]", device.isDefault ? "*" : " ",
                              device.index, device.name, device.hostAPI, device.channels, device.defaultSampleRate)
            if !args.flag("--no-level") {
                line += "  " + levelText(MicrophoneLevelMeter.measure(device))
            }
            print(line)
        }
        print(tr("בחרו אחד כך: ozen listen --device מספר|שם", "Pick one with: ozen listen --device NUMBER|NAME"))
    }

    static func levelText(_ reading: MicrophoneLevelMeter.Reading) -> String {
        switch reading {
        case .level(let level):
            return MicrophoneLevelMeter.bar(level) + String(format: " %.0f dBFS", level.rmsDBFS)
        case .nothing:
            return tr("לא הגיע קול", "no sound arrived")
        case .failed(let problem):
            return tr("לא נפתח: \(problem.reason)", "could not open: \(problem.reason)")
        }
    }
}
