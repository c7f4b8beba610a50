/// How a speaker label reads on screen. Events and the history keep "Speaker N" (a contract
/// with every front end); a Hebrew display shows "דובר N". Names are shown as given.
public enum SpeakerName {
    public static func shown(_ label: String) -> String {
        guard let number = number(of: label) else { return label }
        return tr("דובר \(number)", "Speaker \(number)")
    }

    /// N of "Speaker N", nil for a name.
    public static func number(of label: String) -> Int? {
        guard label.hasPrefix("Speaker ") else { return nil }
        return Int(label.dropFirst("Speaker ".count))
    }
}
