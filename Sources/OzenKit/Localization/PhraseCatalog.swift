/// Every `tr(hebrew, english)` call in a Swift source file: the registry of Ozen's
/// user-facing strings. The strings live where they are used, and this reads them back out
/// of the sources, so a test can check all of them (both sides there, placeholders alike)
/// and none can be forgotten in a separate list.
public enum PhraseCatalog {
    /// One `tr(…)` call.
    public struct Entry: Sendable, Equatable {
        public var file: String
        public var line: Int
        /// nil when the call's arguments are not two plain string literals.
        public var phrase: Phrase?
        public var problems: [String]
    }

    /// The `tr(…)` calls in `source` (Swift code), skipping comments and the function's own
    /// declaration.
    public static func entries(inSource source: String, file: String) -> [Entry] {
        var entries: [Entry] = []
        let chars = Array(source)
        var i = 0
        var line = 1
        var inLineComment = false, inBlockComment = false, inString = false
        while i < chars.count {
            let c = chars[i]
            if c == "\n" { line += 1; inLineComment = false; i += 1; continue }
            if inLineComment { i += 1; continue }
            if inBlockComment {
                if c == "*", i + 1 < chars.count, chars[i + 1] == "/" { inBlockComment = false; i += 2 } else { i += 1 }
                continue
            }
            if inString {
                if c == "\\" { i += 2; continue }
                if c == "\"" { inString = false }
                i += 1
                continue
            }
            if c == "/", i + 1 < chars.count, chars[i + 1] == "/" { inLineComment = true; i += 2; continue }
            if c == "/", i + 1 < chars.count, chars[i + 1] == "*" { inBlockComment = true; i += 2; continue }
            if c == "\"", i + 2 < chars.count, chars[i + 1] == "\"", chars[i + 2] == "\"" {
                // A multi-line literal: skip to its closing """.
                var k = i + 3
                while k + 2 < chars.count, !(chars[k] == "\"" && chars[k + 1] == "\"" && chars[k + 2] == "\"") {
                    if chars[k] == "\n" { line += 1 }
                    k += 1
                }
                i = k + 3
                continue
            }
            if c == "#", i + 1 < chars.count, chars[i + 1] == "\"" {
                // A raw literal #"…"#: skip to its end.
                var k = i + 2
                while k + 1 < chars.count, !(chars[k] == "\"" && chars[k + 1] == "#") {
                    if chars[k] == "\n" { line += 1 }
                    k += 1
                }
                i = k + 2
                continue
            }
            if c == "\"" { inString = true; i += 1; continue }
            if c == "t", i + 2 < chars.count, chars[i + 1] == "r", chars[i + 2] == "(",
               i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber || chars[i - 1] == "_" || chars[i - 1] == "."),
               !String(chars[max(0, i - 5)..<i]).hasSuffix("func ") {
                var j = i + 3
                let (entry, end) = call(chars, &j, file: file, line: line)
                entries.append(entry)
                for k in i..<end where chars[k] == "\n" { line += 1 }
                i = end
                continue
            }
            i += 1
        }
        return entries
    }

    private static func call(_ chars: [Character], _ j: inout Int, file: String, line: Int) -> (Entry, Int) {
        func skipSpace() { while j < chars.count, chars[j].isWhitespace { j += 1 } }
        func literal() -> String? {
            skipSpace()
            guard j < chars.count, chars[j] == "\"" else { return nil }
            if j + 2 < chars.count, chars[j + 1] == "\"", chars[j + 2] == "\"" { return nil }
            j += 1
            var text = ""
            while j < chars.count, chars[j] != "\"" {
                if chars[j] == "\n" { return nil }
                if chars[j] == "\\", j + 1 < chars.count {
                    if chars[j + 1] == "(" {
                        // An interpolation: keep it as "\()" so both sides can be compared.
                        var depth = 0
                        j += 1
                        repeat {
                            if chars[j] == "(" { depth += 1 } else if chars[j] == ")" { depth -= 1 }
                            j += 1
                        } while j < chars.count && depth > 0
                        text += "\\()"
                        continue
                    }
                    text.append(chars[j]); text.append(chars[j + 1]); j += 2
                    continue
                }
                text.append(chars[j]); j += 1
            }
            j += 1
            return text
        }
        let start = j
        if let hebrew = literal() {
            skipSpace()
            if j < chars.count, chars[j] == "," {
                j += 1
                if let english = literal() {
                    skipSpace()
                    if j < chars.count, chars[j] == ")" {
                        let phrase = Phrase(hebrew: hebrew, english: english)
                        return (Entry(file: file, line: line, phrase: phrase, problems: phrase.problems), j + 1)
                    }
                }
            }
        }
        return (Entry(file: file, line: line, phrase: nil,
                      problems: ["tr(…) needs two single-line string literals, Hebrew then English"]), max(start, j))
    }
}
