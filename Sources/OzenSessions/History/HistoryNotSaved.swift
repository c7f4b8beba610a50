import OzenKit

/// Lines that could not be written to the history before `ozen` had to stop.
public struct HistoryNotSaved: Error, CustomStringConvertible {
    public var lines: Int
    public var path: String

    public init(lines: Int, path: String) {
        self.lines = lines
        self.path = path
    }

    public var description: String {
        tr("\(lines) שורות לא נשמרו בהיסטוריה \(path) — בדקו שיש מקום בדיסק ושהקובץ ניתן לכתיבה",
           "\(lines) lines could not be saved to the history \(path) — check the disk has space and the file is writable")
    }
}
