/// Which way a caption reads. Hebrew (and any text that is mostly Hebrew letters) reads
/// right to left; the direction travels with every event so no front end has to guess.
public enum TextDirection: String, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    public init(language: String, text: String) {
        var hebrew = 0, latin = 0
        for scalar in text.unicodeScalars {
            if (0x0590...0x05FF).contains(scalar.value) { hebrew += 1 }
            else if scalar.properties.isAlphabetic { latin += 1 }
        }
        if hebrew == 0 && latin == 0 { self = language == "he" ? .rightToLeft : .leftToRight }
        else { self = hebrew >= latin ? .rightToLeft : .leftToRight }
    }
}
