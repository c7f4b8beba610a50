/// JSON text whose `\uXXXX` escapes hold half of a surrogate pair (an emoji cut in two when the
/// phone shortened a report) is valid JSON to the phone, but Foundation's parser refuses the
/// whole message. Such a half stands for no character at all: it becomes "?", as the reference
/// home server saves it, and every other byte stays as it was.
public enum LoneSurrogates {
    /// `json` with each escaped lone surrogate replaced by `?`; the same text when there is none.
    public static func repaired(_ json: String) -> String {
        guard json.contains("\\u") else { return json }
        let units = Array(json.utf16)
        var out: [UInt16] = []
        out.reserveCapacity(units.count)
        var i = 0
        let backslash = UInt16(UInt8(ascii: "\\")), u = UInt16(UInt8(ascii: "u")), question = UInt16(UInt8(ascii: "?"))
        while i < units.count {
            guard units[i] == backslash, i + 1 < units.count else {
                out.append(units[i]); i += 1; continue
            }
            guard units[i + 1] == u, let code = hex(units, at: i + 2) else {
                // Any other escape (\\, \", \n …) is copied whole, so an escaped backslash
                // before a "u" is never read as the start of an escape.
                out.append(units[i]); out.append(units[i + 1]); i += 2; continue
            }
            if (0xD800...0xDBFF).contains(code), i + 12 <= units.count, units[i + 6] == backslash, units[i + 7] == u,
               let low = hex(units, at: i + 8), (0xDC00...0xDFFF).contains(low) {
                out.append(contentsOf: units[i..<(i + 12)]); i += 12
            } else if (0xD800...0xDFFF).contains(code) {
                out.append(question); i += 6
            } else {
                out.append(contentsOf: units[i..<(i + 6)]); i += 6
            }
        }
        return String(decoding: out, as: UTF16.self)
    }

    /// The four hex digits at `start`, or nil.
    private static func hex(_ units: [UInt16], at start: Int) -> UInt16? {
        guard start + 4 <= units.count else { return nil }
        var value: UInt16 = 0
        for unit in units[start..<(start + 4)] {
            guard unit < 128, let digit = Character(Unicode.Scalar(UInt8(unit))).hexDigitValue else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}
