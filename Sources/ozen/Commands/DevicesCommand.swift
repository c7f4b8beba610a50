import Foundation
import OzenIO
import OzenKit
import OzenSessions

/// `ozen devices`: the microphones this computer offers, and the outputs whose sound it can
/// caption (`computer:N`), each with a one-second level meter so she can see which one hears.
/// The number or name goes to `ozen listen --device`.
enum DevicesCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--no-level"])
        guard args.positional.isEmpty else {
            throw UsageError(tr("devices לא מקבל ארגומנטים", "devices takes no arguments"))
        }
        let devices: [MicrophoneDevice]
        do { devices = try PortAudioMicrophones().devices() } catch { Exit.fail(.noInput, error.description) }
        let measures = !args.flag("--no-level")
        if devices.isEmpty {
            print(tr("לא נמצא מיקרופון — חברו מיקרופון ונסו שוב", "No microphone found — plug one in and try again"))
        } else {
            print(tr("מיקרופונים (* ברירת המחדל של המערכת):", "Microphones (* the system's default):"))
            for device in devices {
                print(line(device, label: String(format: "%3ld", device.index), level: measures ? MicrophoneLevelMeter.measure(device) : nil))
            }
            print(tr("בחרו אחד כך: ozen listen --device מספר|שם", "Pick one with: ozen listen --device NUMBER|NAME"))
        }
        // What the computer plays, through the sound server; without one, a line says why.
        let computer = ComputerSound()
        do {
            let outputs = try computer.devices()
            guard !outputs.isEmpty else { return }
            print(tr("מה שהמחשב משמיע (* יציאת ברירת המחדל):", "What this computer plays (* the default output):"))
            for output in outputs {
                print(line(output, label: SourceChoice(kind: .computer, device: .index(output.index)).description,
                           level: measures ? MicrophoneLevelMeter.measure(output, system: computer) : nil))
            }
            print(tr("כתוביות לשיחה או לסרטון: ozen listen --device computer", "Captions for a call or a video: ozen listen --device computer"))
        } catch {
            print(tr("מה שהמחשב משמיע: לא זמין — \(error.description)", "What this computer plays: not available — \(error.description)"))
        }
    }

    /// One device's line: its number or name for `--device`, what it is, and (unless `--no-level`) what it hears.
    static func line(_ device: MicrophoneDevice, label: String, level: MicrophoneLevelMeter.Reading?) -> String {
        var line = String(format: "%@ %@  %@  [%@, %ld ch, %.0f Hz]", device.isDefault ? "*" : " ",
                          label, device.name, device.hostAPI, device.channels, device.defaultSampleRate)
        if let level { line += "  " + levelText(level) }
        return line
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
