import Foundation

/// The first run's one question: her name. Asked the first time the page is opened or
/// `ozen listen` starts on a terminal, and on a setup made before this existed too, until a
/// name is given or she turns it down (`first-run.txt` in Ozen's home says "declined").
public enum FirstRun {
    public static func path(in home: OzenHome) -> String { home.path + "/first-run.txt" }

    /// The one-tap answers: "Grandma" and «סבתא».
    public static let suggestions = ["סבתא", "Grandma"]

    public static func shouldAsk(in home: OzenHome) -> Bool {
        HerName.load(in: home) == nil && !FileManager.default.fileExists(atPath: path(in: home))
    }

    /// Her answer: a name (saved as `HerName`), or nil for "not now", which is not asked again.
    public static func answer(_ name: String?, in home: OzenHome) throws {
        if let name, !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            try HerName.save(name, in: home)
            try? FileManager.default.removeItem(atPath: path(in: home))
        } else {
            try FileManager.default.createDirectory(atPath: home.path, withIntermediateDirectories: true)
            try Data("declined\n".utf8).write(to: URL(fileURLWithPath: path(in: home)), options: .atomic)
        }
    }

    /// What runs where and the one-time model step, in words for the first screen.
    public static var explanation: [String] {
        [tr("Ozen כותב על המסך מה שנאמר ליד המחשב הזה.", "Ozen writes on the screen what is said near this computer."),
         tr("הכול רץ כאן, במחשב הזה: הקול לא נשמר ולא יוצא ממנו, אלא אם תבחרי אחרת.",
            "Everything runs here, on this computer: the sound is not kept and does not leave it, unless you choose otherwise."),
         tr("המודל לזיהוי הדיבור הותקן פעם אחת (make setup); מודלים נוספים: ozen models available.",
            "The speech model was installed once (make setup); more models: ozen models available."),
         tr("מה שמך? כשמישהו יקרא בשמך, תופיע התראה.", "What is your name? When someone says it, you will see an alert.")]
    }
}
