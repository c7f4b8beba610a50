import Foundation
import OzenIO
import OzenKit

/// What `ozen devices` shows: the microphones (PortAudio), then what the computer plays (each
/// output of the sound server, as `computer:N`), each with a one-second level meter unless
/// `measures` is off. Without a microphone or a sound server, a line says so.
public enum DevicesReport {
    /// The report's lines; a microphone list that cannot be read at all is the thrown problem.
    public static func lines(measures: Bool) throws(InputProblem) -> [String] {
        let devices = try PortAudioMicrophones().devices()
        var lines: [String] = []
        if devices.isEmpty {
            lines.append(tr("לא נמצא מיקרופון — חברו מיקרופון ונסו שוב", "No microphone found — plug one in and try again"))
        } else {
            lines.append(tr("מיקרופונים (* ברירת המחדל של המערכת):", "Microphones (* the system's default):"))
            for device in devices {
                lines.append(line(device, label: String(format: "%3ld", device.index), level: measures ? MicrophoneLevelMeter.measure(device) : nil))
            }
            lines.append(tr("בחרו אחד כך: ozen listen --device מספר|שם", "Pick one with: ozen listen --device NUMBER|NAME"))
        }
        // What the computer plays, through the sound server; without one, a line says why.
        let computer = ComputerSound()
        do {
            let outputs = try computer.devices()
            guard !outputs.isEmpty else { return lines }
            lines.append(tr("מה שהמחשב משמיע (* יציאת ברירת המחדל):", "What this computer plays (* the default output):"))
            for output in outputs {
                lines.append(line(output, label: SourceChoice(kind: .computer, device: .index(output.index)).description,
                                  level: measures ? MicrophoneLevelMeter.measure(output, system: computer) : nil))
            }
            lines.append(tr("כתוביות לשיחה או לסרטון: ozen listen --device computer", "Captions for a call or a video: ozen listen --device computer"))
            lines.append(tr("החדר והשיחה יחד: ozen listen --device default --device computer",
                            "The room and the call together: ozen listen --device default --device computer"))
        } catch {
            lines.append(tr("מה שהמחשב משמיע: לא זמין — \(error.description)", "What this computer plays: not available — \(error.description)"))
        }
        return lines
    }

    /// One device's line: its number or name for `--device`, what it is, and what it hears.
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
