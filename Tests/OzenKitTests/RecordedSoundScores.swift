import Foundation
import OzenKit
import OzenTestSupport

/// Scores the real classifier (the installed YAMNet) gave on real recordings, window by window
/// (0.982 s, one every 0.48 s): every listened-for class scoring 0.05 or more. Recorded with
/// `ozen sounds eval --scores-out` and `ozen sounds hear --scores`, so the policy is tested on
/// what YAMNet really says without running it.
enum RecordedSoundScores {
    struct Window: Sendable {
        var end: Double
        var scores: [String: Float]
    }

    /// YAMNet's 521 classes, from the class map `make setup` installed with the model.
    static let classNames: [String] = {
        let path = Fixtures.home.modelsPath + "/yamnet/yamnet_class_map.csv"
        do { return try SoundClassMap(csv: try String(contentsOfFile: path, encoding: .utf8)).names }
        catch { fatalError("the yamnet model is not installed (run `make setup`): \(error)") }
    }()

    /// linphone's old telephone ringing twice (2.0–6.5 s) into jfk at 0 dB (`ozen sounds eval`).
    static let phoneRingingDuringTalk: [Window] = [
        Window(end: 0.98, scores: [:]),
        Window(end: 1.46, scores: [:]),
        Window(end: 1.94, scores: [:]),
        Window(end: 2.42, scores: ["Telephone": 0.681, "Telephone bell ringing": 0.5]),
        Window(end: 2.90, scores: ["Telephone": 0.5, "Telephone bell ringing": 0.5, "Buzzer": 0.094]),
        Window(end: 3.38, scores: ["Telephone bell ringing": 0.681, "Telephone": 0.5, "Alarm clock": 0.319, "Ringtone": 0.18, "Buzzer": 0.18, "Siren": 0.094]),
        Window(end: 3.86, scores: ["Telephone": 0.18, "Telephone bell ringing": 0.18]),
        Window(end: 4.34, scores: [:]),
        Window(end: 4.82, scores: [:]),
        Window(end: 5.30, scores: ["Telephone": 1, "Telephone bell ringing": 0.978, "Ringtone": 0.954]),
        Window(end: 5.78, scores: [:]),
        Window(end: 6.26, scores: [:]),
        Window(end: 6.74, scores: ["Telephone": 0.18, "Telephone bell ringing": 0.18, "Buzzer": 0.18]),
        Window(end: 7.22, scores: [:]),
        Window(end: 7.70, scores: [:]),
        Window(end: 8.18, scores: [:]),
        Window(end: 8.66, scores: [:]),
        Window(end: 9.14, scores: [:]),
        Window(end: 9.62, scores: [:]),
        Window(end: 10.10, scores: [:]),
    ]

    /// Tux Paint's fire engine (`sounds/firetruck.wav`, 10.3 s) as it is: its siren wails for the
    /// first 6 s, then its horn blares (`ozen sounds hear --scores`).
    static let fireEngine: [Window] = [
        Window(end: 0.98, scores: [:]),
        Window(end: 1.46, scores: ["Fire engine, fire truck (siren)": 0.5, "Siren": 0.319, "Police car (siren)": 0.18, "Ambulance (siren)": 0.18]),
        Window(end: 1.94, scores: ["Fire engine, fire truck (siren)": 0.5, "Siren": 0.319, "Police car (siren)": 0.094, "Ambulance (siren)": 0.094]),
        Window(end: 2.42, scores: ["Siren": 0.5, "Ambulance (siren)": 0.319, "Fire engine, fire truck (siren)": 0.319, "Police car (siren)": 0.18]),
        Window(end: 2.90, scores: ["Siren": 0.681, "Police car (siren)": 0.5, "Fire engine, fire truck (siren)": 0.319, "Ambulance (siren)": 0.18]),
        Window(end: 3.38, scores: ["Siren": 0.681, "Police car (siren)": 0.5, "Fire engine, fire truck (siren)": 0.5, "Ambulance (siren)": 0.18]),
        Window(end: 3.86, scores: ["Police car (siren)": 0.82, "Siren": 0.82, "Ambulance (siren)": 0.18, "Fire engine, fire truck (siren)": 0.18]),
        Window(end: 4.34, scores: ["Police car (siren)": 0.681, "Siren": 0.681, "Fire engine, fire truck (siren)": 0.319, "Ambulance (siren)": 0.18]),
        Window(end: 4.82, scores: ["Siren": 0.82, "Police car (siren)": 0.5, "Ambulance (siren)": 0.319, "Fire engine, fire truck (siren)": 0.319]),
        Window(end: 5.30, scores: ["Siren": 0.82, "Ambulance (siren)": 0.5, "Fire engine, fire truck (siren)": 0.319, "Police car (siren)": 0.18]),
        Window(end: 5.78, scores: ["Fire engine, fire truck (siren)": 0.5, "Siren": 0.319, "Vehicle horn, car horn, honking": 0.18, "Ambulance (siren)": 0.18]),
        Window(end: 6.26, scores: ["Vehicle horn, car horn, honking": 0.319]),
        Window(end: 6.74, scores: ["Vehicle horn, car horn, honking": 0.18]),
        Window(end: 7.22, scores: ["Vehicle horn, car horn, honking": 0.5]),
        Window(end: 7.70, scores: ["Vehicle horn, car horn, honking": 0.82]),
        Window(end: 8.18, scores: ["Vehicle horn, car horn, honking": 0.82]),
        Window(end: 8.66, scores: ["Vehicle horn, car horn, honking": 0.5, "Siren": 0.094]),
        Window(end: 9.14, scores: ["Siren": 0.319, "Civil defense siren": 0.18]),
        Window(end: 9.62, scores: ["Siren": 0.094, "Civil defense siren": 0.094]),
        Window(end: 10.10, scores: ["Vehicle horn, car horn, honking": 0.319]),
    ]

    /// The 29 s of the 10-minute plain-talk loop (LibriVox, jfk, the pyannote call) that scored
    /// highest on listened-for classes; times from its start (`ozen sounds eval`).
    static let talk: [Window] = [
        Window(end: 0.98, scores: [:]),
        Window(end: 1.46, scores: [:]),
        Window(end: 1.94, scores: [:]),
        Window(end: 2.42, scores: [:]),
        Window(end: 2.90, scores: [:]),
        Window(end: 3.38, scores: [:]),
        Window(end: 3.86, scores: [:]),
        Window(end: 4.34, scores: [:]),
        Window(end: 4.82, scores: [:]),
        Window(end: 5.30, scores: [:]),
        Window(end: 5.78, scores: [:]),
        Window(end: 6.26, scores: [:]),
        Window(end: 6.74, scores: [:]),
        Window(end: 7.22, scores: [:]),
        Window(end: 7.70, scores: [:]),
        Window(end: 8.18, scores: [:]),
        Window(end: 8.66, scores: [:]),
        Window(end: 9.14, scores: [:]),
        Window(end: 9.62, scores: [:]),
        Window(end: 10.10, scores: [:]),
        Window(end: 10.58, scores: [:]),
        Window(end: 11.06, scores: [:]),
        Window(end: 11.54, scores: [:]),
        Window(end: 12.02, scores: [:]),
        Window(end: 12.50, scores: [:]),
        Window(end: 12.98, scores: [:]),
        Window(end: 13.46, scores: [:]),
        Window(end: 13.94, scores: [:]),
        Window(end: 14.42, scores: [:]),
        Window(end: 14.90, scores: [:]),
        Window(end: 15.38, scores: [:]),
        Window(end: 15.86, scores: [:]),
        Window(end: 16.34, scores: [:]),
        Window(end: 16.82, scores: [:]),
        Window(end: 17.30, scores: [:]),
        Window(end: 17.78, scores: [:]),
        Window(end: 18.26, scores: [:]),
        Window(end: 18.74, scores: [:]),
        Window(end: 19.22, scores: [:]),
        Window(end: 19.70, scores: [:]),
        Window(end: 20.18, scores: [:]),
        Window(end: 20.66, scores: [:]),
        Window(end: 21.14, scores: [:]),
        Window(end: 21.62, scores: [:]),
        Window(end: 22.10, scores: [:]),
        Window(end: 22.58, scores: [:]),
        Window(end: 23.06, scores: [:]),
        Window(end: 23.54, scores: [:]),
        Window(end: 24.02, scores: [:]),
        Window(end: 24.50, scores: [:]),
        Window(end: 24.98, scores: [:]),
        Window(end: 25.46, scores: [:]),
        Window(end: 25.94, scores: [:]),
        Window(end: 26.42, scores: [:]),
        Window(end: 26.90, scores: [:]),
        Window(end: 27.38, scores: [:]),
        Window(end: 27.86, scores: [:]),
        Window(end: 28.34, scores: [:]),
        Window(end: 28.82, scores: [:]),
        Window(end: 29.30, scores: ["Dog": 0.681, "Bark": 0.319, "Bow-wow": 0.319, "Yip": 0.18, "Whimper (dog)": 0.094]),
    ]
}
