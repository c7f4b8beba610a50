import OzenKit
import OzenSessions

/// `ozen bench sounds FILE... [--windows N]`: how long each sound tagger takes per window of
/// audio, beside YAMNet's log-mel front end alone (`SoundsBench`).
enum SoundsBenchCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--windows"], flags: [])
        guard !args.positional.isEmpty else {
            throw UsageError(tr("ל־bench sounds צריך לפחות הקלטה אחת", "bench sounds needs at least one recording"))
        }
        var count = 100
        if let raw = args.value("--windows") {
            guard let n = Int(raw), n > 0, n <= 100_000 else {
                throw UsageError(tr("‏--windows מקבל מספר שלם בין 1 ל־100000", "--windows takes a whole number from 1 to 100000"))
            }
            count = n
        }
        try SoundsBench.run(recordings: args.positional, count: count) { print($0) }
    }
}
