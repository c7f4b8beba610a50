/// Why a recording could not be read, in words a person can act on.
///
/// Every case names the file; `description` is the one line `ozen` prints.
public enum AudioFileError: Error, Equatable, CustomStringConvertible, Sendable {
    case missing(path: String)
    case isDirectory(path: String)
    case unreadable(path: String, reason: String)
    case notWAV(path: String)
    case truncatedHeader(path: String)
    case unsupportedFormat(path: String, detail: String)
    case noSamples(path: String)
    case notNumbers(path: String, count: Int)

    public var description: String {
        switch self {
        case .missing(let p):
            return tr("\(p): אין קובץ כזה — בדקו את הנתיב", "\(p): no such file — check the path")
        case .isDirectory(let p):
            return tr("\(p): זו תיקייה ולא הקלטה — תנו נתיב של קובץ wav", "\(p): is a folder, not a recording — give the path of a .wav file")
        case .unreadable(let p, let reason):
            return tr("\(p): אי אפשר לקרוא את הקובץ (\(reason)) — בדקו את ההרשאות שלו", "\(p): cannot be read (\(reason)) — check its permissions")
        case .notWAV(let p):
            return tr("\(p): זו לא הקלטת WAV (אין כותרת RIFF/WAVE) — המירו אותה קודם, למשל `ffmpeg -i IN -ar 16000 OUT.wav`",
                      "\(p): not a WAV recording (no RIFF/WAVE header) — convert it first, e.g. `ffmpeg -i IN -ar 16000 OUT.wav`")
        case .truncatedHeader(let p):
            return tr("\(p): כותרת ה־WAV קטועה — הקובץ לא שלם; הקליטו או העתיקו אותו שוב",
                      "\(p): the WAV header is cut short — the file is incomplete; record or copy it again")
        case .unsupportedFormat(let p, let detail):
            return tr("\(p): \(detail) — המירו אותה קודם ל־WAV מסוג PCM של 16 ביט", "\(p): \(detail) — convert it to 16-bit PCM WAV first")
        case .noSamples(let p):
            return tr("\(p): אין בהקלטה שמע (אפס דגימות)", "\(p): the recording holds no audio (zero samples)")
        case .notNumbers(let p, let count):
            return tr("\(p): \(count) דגימות אינן מספרים (NaN או אינסוף) — הקובץ פגום; ייצאו אותו שוב",
                      "\(p): \(count) samples are not numbers (NaN or infinity) — the file is damaged; export it again")
        }
    }
}
