/// The grammar of spoken and written numbers over one line's pieces, left to right; what
/// `NumberFinder` runs. Each step reads the longest number it can at a piece, then the
/// words after it that decide its kind (unit, period, month, time of day) and the word
/// before it that may (a clock word, a duration lead).
struct NumberReader {
    let line: LineCharacters
    let latin: NumberLanguage
    let swedish: Bool
    let pieces: [NumberPiece]
    private let hebrew = HebrewNumberWords.language

    init(line: LineCharacters, latin: NumberLanguage, swedish: Bool, chunks: [DigitChunk], words: [TextWord]) {
        self.line = line
        self.latin = latin
        self.swedish = swedish
        self.pieces = NumberPiece.pieces(line: line, words: words, chunks: chunks)
    }

    /// A number read at some pieces, before its kind is decided.
    struct Reading {
        var from: Int
        var to: Int
        var value: Double
        /// A lone "one"/"אחד"/"half": needs a unit or a clock word to count.
        var weak: Bool
        /// The Hebrew prefix of the first word, or the one written before digits ("ב-10").
        var prefix: String
        /// H.MM digits that are a time after a clock word.
        var dotted: Double?
        var isHebrew: Bool
    }

    mutating func read() -> [NumberSpan] {
        var spans: [NumberSpan] = []
        var i = 0
        while i < pieces.count {
            if let (span, next) = readAt(i) {
                if let span { spans.append(span) }
                i = max(next, i + 1)
            } else {
                i += 1
            }
        }
        return spans
    }

    // MARK: - Pieces

    private func word(_ j: Int) -> TextWord? { j >= 0 && j < pieces.count ? pieces[j].word : nil }
    private func joinedWord(_ j: Int) -> String? {
        guard j >= 0, j < pieces.count, pieces[j].isJoined else { return nil }
        return pieces[j].folded
    }
    private func language(_ j: Int) -> NumberLanguage { pieces[j].isHebrew ? hebrew : latin }

    /// The end of `sequence` if the joined words from `j` spell it.
    private func match(_ sequence: [String], at j: Int) -> Int? {
        for (k, w) in sequence.enumerated() where joinedWord(j + k) != w { return nil }
        return j + sequence.count
    }

    private func span(_ from: Int, _ to: Int, _ kind: NumberKind, _ value: Double?) -> NumberSpan {
        NumberSpan(range: TextRange(start: pieces[from].range.start, end: pieces[to - 1].range.end), kind: kind, value: value)
    }

    // MARK: - One step

    private func readAt(_ i: Int) -> (NumberSpan?, Int)? {
        let piece = pieces[i]
        if let chunk = piece.chunk {
            switch chunk.reading {
            case .phone(let digits):
                var s = span(i, i + 1, .phone, nil)
                s.digits = digits
                return (s, i + 1)
            case .date(let day):
                return (span(i, i + 1, .date, Double(day)), i + 1)
            case .time(let hours):
                return timeOfDay(span(i, i + 1, .time, hours), after: i + 1)
            case .number:
                if chunk.isUnreadable { return (nil, i + 1) }
            }
        }
        if let found = monthFirst(i) ?? clock(i) ?? dual(i) ?? leadAndUnit(i) { return found }
        guard let reading = readNumber(i) else { return nil }
        return classify(reading)
    }

    // MARK: - Reading a number

    private func readNumber(_ i: Int) -> Reading? {
        let piece = pieces[i]
        if let chunk = piece.chunk, case .number(let value, let dotted) = chunk.reading {
            var prefix = ""
            if i > 0, let before = word(i - 1), pieces[i - 1].to == piece.from - piece.gap.count,
               piece.gap.isEmpty || piece.gap == "-" || piece.gap == "\u{05BE}",
               HebrewPrefix.all.contains(before.folded) {
                prefix = before.folded
            }
            return Reading(from: i, to: i + 1, value: value, weak: false, prefix: prefix, dotted: dotted, isHebrew: false)
        }
        guard let w = piece.word else { return nil }
        return piece.isHebrew ? readHebrew(i, w) : readLatin(i, w)
    }

    /// A Hebrew number word (after its prefix), or nil.
    private func hebrewNumber(_ folded: String) -> (prefix: String, rest: String, word: NumberWord)? {
        for (prefix, rest) in HebrewPrefix.splits(of: folded) {
            if let w = hebrew.numbers[rest] { return (prefix, rest, w) }
        }
        return nil
    }

    private func readHebrew(_ i: Int, _ w: TextWord) -> Reading? {
        guard let (prefix, rest, first) = hebrewNumber(w.folded) else { return nil }
        if rest == "שני" || rest == "שתי" {
            // "שני כדורים" counts; "יום שני" is Monday, "השני" is "the other".
            guard prefix.isEmpty || prefix == "ו", let next = joinedWord(i + 1), hebrewNumber(next) == nil,
                  i == 0 || !HebrewNumberWords.weekdayWords.contains(pieces[i - 1].folded ?? "") else { return nil }
        }
        var sum = NumberSum()
        _ = sum.add(first)
        var j = i + 1
        while let next = joinedWord(j), HebrewSpelling.isHebrew(next) {
            if next.hasPrefix("ו"), let w = hebrew.numbers[String(next.dropFirst())], w != .fraction(0.5), w != .fraction(0.25) {
                guard sum.add(w) else { break }
            } else if let w = hebrew.numbers[next] {
                if case .teen(10) = w, sum.addTeenSuffix() {
                } else if w == .timesHundred || w == .timesThousand, sum.add(w) {
                } else { break }
            } else { break }
            j += 1
        }
        return Reading(from: i, to: j, value: sum.value, weak: sum.words == 1 && hebrew.weakOnes.contains(rest),
                       prefix: prefix, dotted: nil, isHebrew: true)
    }

    private func latinNumber(_ folded: String) -> [NumberWord]? {
        if let w = latin.numbers[folded] { return [w] }
        return swedish ? SwedishNumberWords.compound(folded) : nil
    }

    private func readLatin(_ i: Int, _ w: TextWord) -> Reading? {
        var sum = NumberSum()
        var j = i
        if !swedish, w.folded == "a" || w.folded == "an", let next = joinedWord(i + 1), next == "hundred" || next == "thousand" {
            _ = sum.add(.digit(1))
            j = i + 1
        } else {
            guard let words = latinNumber(w.folded) else { return nil }
            for word in words { guard sum.add(word) else { return nil } }
            j = i + 1
        }
        while let next = joinedWord(j) {
            if next == "and" || next == "och", sum.last == .timesHundred || sum.last == .timesThousand,
               let after = joinedWord(j + 1), latinNumber(after) != nil {
                j += 1
                continue
            }
            guard let words = latinNumber(next) else { break }
            var trial = sum
            guard words.allSatisfy({ trial.add($0) }) else { break }
            sum = trial
            j += 1
        }
        let weak = sum.words == 1 && latin.weakOnes.contains(w.folded)
        return Reading(from: i, to: j, value: sum.value, weak: weak, prefix: "", dotted: nil, isHebrew: false)
    }

    // MARK: - Deciding the kind

    private func classify(_ reading: Reading) -> (NumberSpan?, Int) {
        var r = reading
        var fractional = false
        // The word before decides its own language: "בעוד 3 ימים", "at 7".
        let lang = r.from > 0 ? language(r.from - 1) : (r.isHebrew ? hebrew : latin)

        // "12th of March": the ordinal ending written onto digits.
        if pieces[r.from].chunk != nil, let suffix = word(r.to), pieces[r.to].gap.isEmpty,
           ["st", "nd", "rd", "th"].contains(suffix.folded) { r.to += 1 }

        // "וחצי", "ורבע", "פחות רבע"; "and a half", "och en halv".
        if let next = joinedWord(r.to), let f = HebrewNumberWords.fractions[next] {
            r.value += f; r.to += 1; fractional = true
        } else if joinedWord(r.to) == "פחות", let next = joinedWord(r.to + 1), let m = HebrewNumberWords.minutesBefore[next] {
            r.value -= m / 60; r.to += 2; fractional = true
        } else if let end = match(["and", "a", "half"], at: r.to) ?? match(["och", "en", "halv"], at: r.to) {
            r.value += 0.5; r.to = end
        }

        // "שלוש ועשרים": an hour and its minutes.
        if r.isHebrew, !fractional, r.value == r.value.rounded(), (1...12).contains(r.value),
           let next = joinedWord(r.to), next.hasPrefix("ו"), let minutes = readNumber(r.to),
           minutes.prefix == "ו", minutes.value == minutes.value.rounded(), (1...59).contains(minutes.value),
           unit(at: minutes.to) == nil {
            return timeOfDay(span(r.from, minutes.to, .time, r.value + minutes.value / 60), after: minutes.to)
        }

        // A unit: pills, mg, days, times.
        var unitAt = r.to
        if r.weak, let a = joinedWord(unitAt), a == "a" || a == "an" { unitAt += 1 }
        if let kind = unit(at: unitAt) {
            var end = unitAt + 1
            var start = r.from
            var resultKind = kind
            switch kind {
            case .frequency:
                if let p = period(at: end) { end = p }
            case .duration:
                if r.from > 0, let before = joinedWordBefore(r.from) {
                    if lang.frequencyLeads.contains(before) { start -= 1; resultKind = .frequency }
                    else if lang.durationLeads.contains(before) { start -= 1 }
                }
            default: break
            }
            return (span(start, end, resultKind, r.value), end)
        }

        // A month, or "לחודש": a date.
        if let end = month(at: r.to), r.value >= 1, r.value <= 31, r.value == r.value.rounded() {
            var stop = end
            if stop < pieces.count, pieces[stop].isJoined, case .number(let y, _)? = pieces[stop].chunk?.reading,
               (1900...2100).contains(y) { stop += 1 }
            return (span(r.from, stop, .date, r.value), stop)
        }

        // Money and percent signs written next to digits.
        if pieces[r.from].chunk != nil, let s = currency(r) { return (s, r.to) }

        // A time: a clock word before it, a time of day after it, "ב" in front of an hour.
        let before = r.from > 0 ? joinedWordBefore(r.from) : nil
        let cue = before.map { lang.clockCues.contains($0) } ?? false
        let candidate = span(r.from, r.to, .time, r.dotted.flatMap { cue ? $0 : nil } ?? r.value)
        var withClock = candidate
        withClock.value = r.dotted ?? r.value
        if r.value <= 24, let withDay = extendTime(withClock, after: r.to, required: true) {
            return withDay
        }
        if cue, r.value <= 24 || r.dotted != nil { return timeOfDay(candidate, after: r.to) }
        // "ב-12.3": with ב or ה written onto it, day.month is a date.
        if r.prefix.hasSuffix("ב") || r.prefix.hasSuffix("ה"), let day = dayMonth(r) {
            return (span(r.from, r.to, .date, Double(day)), r.to)
        }
        if let dotted = r.dotted, r.prefix.hasSuffix("ב") { return timeOfDay(span(r.from, r.to, .time, dotted), after: r.to) }
        if (r.prefix.hasSuffix("ב") || r.prefix.hasSuffix("מ")) && !r.weak || fractional && r.isHebrew,
           r.value > 0, r.value <= (r.isHebrew ? 12.75 : 24) || pieces[r.from].chunk != nil && r.value <= 24 {
            if fractional || !r.isHebrew || r.value <= 12 { return timeOfDay(candidate, after: r.to) }
        }

        if r.weak { return (nil, r.to) }
        return (span(r.from, r.to, .count, r.value), r.to)
    }

    /// The day of a D.M chunk ("12.3"): one or two digits each side, a real day and month.
    private func dayMonth(_ r: Reading) -> Int? {
        guard r.to == r.from + 1, let chunk = pieces[r.from].chunk else { return nil }
        let parts = line.digits(chunk.from, chunk.to).split(separator: ".")
        guard parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) }),
              let day = Int(parts[0]), let month = Int(parts[1]), (1...31).contains(day), (1...12).contains(month)
        else { return nil }
        return day
    }

    private func joinedWordBefore(_ j: Int) -> String? {
        guard j > 0, pieces[j].isJoined else { return nil }
        return pieces[j - 1].folded
    }

    private func unit(at j: Int) -> NumberKind? {
        guard let w = joinedWord(j) else { return nil }
        return language(j).units[w]
    }

    private func period(at j: Int) -> Int? {
        guard j < pieces.count else { return nil }
        for p in language(j).periods { if let end = match(p, at: j) { return end } }
        return nil
    }

    private func month(at j: Int) -> Int? {
        guard let w = joinedWord(j) else { return nil }
        if pieces[j].isHebrew {
            if HebrewNumberWords.dayOfMonth.contains(w) { return j + 1 }
            for (prefix, rest) in HebrewPrefix.splits(of: w) where ["", "ב", "ל"].contains(prefix) && hebrew.months[rest] != nil {
                return j + 1
            }
            return nil
        }
        if latin.months[w] != nil { return j + 1 }
        if !swedish, w == "of", let m = joinedWord(j + 1), latin.months[m] != nil { return j + 2 }
        return nil
    }

    private func currency(_ r: Reading) -> NumberSpan? {
        let from = pieces[r.from].from, to = pieces[r.to - 1].to
        var start = from, end = to
        if let c = line[from - 1], "₪$€£".contains(c) { start = from - 1 }
        else if line[from - 1] == " ", let c = line[from - 2], "₪$€£".contains(c) { start = from - 2 }
        if let c = line[to], "%₪€$".contains(c) { end = to + 1 }
        else if line[to] == " ", let c = line[to + 1], "₪€".contains(c) { end = to + 2 }
        guard start != from || end != to else { return nil }
        return NumberSpan(range: line.range(start, end), kind: .amount, value: r.value)
    }

    /// Extends a time with "בערב", "in the morning", "pm", "o'clock"; moves it past noon
    /// where the words say so. With `required`, nil when there is no such word.
    private func timeOfDay(_ time: NumberSpan, after j: Int) -> (NumberSpan?, Int) {
        extendTime(time, after: j, required: false) ?? (time, j)
    }

    private func extendTime(_ time: NumberSpan, after j: Int, required: Bool) -> (NumberSpan?, Int)? {
        var s = time
        var next = j
        var afternoon = false, night = false, found = false
        if j < pieces.count {
            for (sequence, pm) in language(j).timesOfDay {
                if let end = match(sequence, at: j) {
                    next = end; afternoon = pm; found = true
                    night = ["בלילה", "night", "natten"].contains(sequence.last ?? "")
                    s.range.end = pieces[end - 1].range.end
                    break
                }
            }
        }
        if !found, let (end, pm) = clockSuffix(afterCharacter: line.index(ofOffset: time.range.end)) {
            found = true; afternoon = pm ?? false
            s.range.end = line.offsets[end]
            while next < pieces.count, pieces[next].from < end { next += 1 }
        }
        if required && !found { return nil }
        if let v = s.value, afternoon, v < 12, !night || v >= 6 { s.value = v + 12 }
        s.kind = .time
        return (s, next)
    }

    /// "a.m.", "pm", "o'clock" right after a number (spaces allowed): the end character and
    /// whether it is after noon (nil for o'clock).
    private func clockSuffix(afterCharacter i: Int) -> (Int, Bool?)? {
        var k = i
        while line[k] == " " { k += 1 }
        let rest = String(line.characters[k..<min(line.count, k + 8)]).lowercased()
        for (suffix, pm) in [("a.m.", false), ("p.m.", true), ("a.m", false), ("p.m", true), ("am", false),
                             ("pm", true), ("o'clock", nil), ("o’clock", nil)] as [(String, Bool?)]
        where rest.hasPrefix(suffix) {
            let end = k + suffix.count
            if line[end]?.isLetter == true { continue }
            return (end, pm)
        }
        return nil
    }

    // MARK: - Special phrases

    /// "March 12", "March 12th": a month before its day (English and Swedish).
    private func monthFirst(_ i: Int) -> (NumberSpan?, Int)? {
        guard let w = word(i), !pieces[i].isHebrew, latin.months[w.folded] != nil, i + 1 < pieces.count,
              pieces[i + 1].isJoined, let day = readNumber(i + 1), !day.weak || day.value == 1,
              day.value >= 1, day.value <= 31, day.value == day.value.rounded() else { return nil }
        var end = day.to
        if let suffix = word(end), ["st", "nd", "rd", "th"].contains(suffix.folded), pieces[end].gap.isEmpty { end += 1 }
        return (span(i, end, .date, day.value), end)
    }

    /// Clock phrases that start with the minutes: "רבע לשבע", "עשרה לשש", "half past seven",
    /// "quarter to eight", "halv tre", "kvart över tre", "fem i tre".
    private func clock(_ i: Int) -> (NumberSpan?, Int)? {
        guard let w = word(i) else { return nil }
        if pieces[i].isHebrew {
            var minutes: Double?
            for (prefix, rest) in HebrewPrefix.splits(of: w.folded) where ["", "ב", "ו", "וב", "מ", "עד"].contains(prefix) {
                if let m = HebrewNumberWords.minutesBefore[rest] { minutes = m; break }
            }
            guard let minutes, let next = joinedWord(i + 1), next.hasPrefix("ל"), let hour = readNumber(i + 1),
                  hour.prefix == "ל", hour.value == hour.value.rounded(), (1...12).contains(hour.value),
                  unit(at: hour.to) == nil else { return nil }
            var value = hour.value - minutes / 60
            if value < 1 { value += 12 }
            return timeOfDay(span(i, hour.to, .time, value), after: hour.to)
        }
        // Minutes first: "half", "quarter", or a number of minutes.
        var minutes: Double
        var j: Int
        switch w.folded {
        case "half", "halv": minutes = 30; j = i + 1
        case "quarter", "kvart": minutes = 15; j = i + 1
        default:
            guard let m = readNumber(i), !m.weak, m.value == m.value.rounded(), (1...30).contains(m.value) else { return nil }
            minutes = m.value; j = m.to
        }
        if let next = joinedWord(j), ["minutes", "minuter", "minuten"].contains(next) { j += 1 }
        var sign: Double
        if swedish && w.folded == "halv" {
            sign = -1   // "halv tre" is half an hour before three
        } else if let link = joinedWord(j) {
            if (swedish ? SwedishNumberWords.over : EnglishNumberWords.past).contains(link) { sign = 1 }
            else if (swedish ? SwedishNumberWords.before : EnglishNumberWords.to).contains(link) { sign = -1 }
            else { return nil }
            j += 1
        } else { return nil }
        guard j < pieces.count, pieces[j].isJoined, let hour = readNumber(j), hour.value == hour.value.rounded(),
              (1...12).contains(hour.value), unit(at: hour.to) == nil else { return nil }
        var value = hour.value + sign * minutes / 60
        if value < 1 { value += 12 }
        return timeOfDay(span(i, hour.to, .time, value), after: hour.to)
    }

    /// Words that are a number and a kind at once: "פעמיים", "שבועיים", "twice"; and "פעם"
    /// with its period ("פעם ביום") or "אחת".
    private func dual(_ i: Int) -> (NumberSpan?, Int)? {
        guard let w = word(i) else { return nil }
        let lang = language(i)
        var found: (NumberKind, Double)?
        var prefix = ""
        if pieces[i].isHebrew {
            for (p, rest) in HebrewPrefix.splits(of: w.folded) {
                if let d = lang.duals[rest] { found = d; prefix = p; break }
                if rest == HebrewSpelling.fold("פעם"), p.isEmpty || p == "ו" {
                    if joinedWord(i + 1) == "אחת" {
                        let end = period(at: i + 2) ?? i + 2
                        return (span(i, end, .frequency, 1), end)
                    }
                    if let end = period(at: i + 1) { return (span(i, end, .frequency, 1), end) }
                    return nil
                }
            }
        } else {
            found = lang.duals[w.folded]
        }
        guard let (kind, value) = found else { return nil }
        var start = i, end = i + 1
        if kind == .frequency {
            if let p = period(at: end) { end = p } else if w.folded == "once" { return nil }
        } else if prefix.isEmpty, let before = joinedWordBefore(i), lang.durationLeads.contains(before) {
            start = i - 1
        }
        return (span(start, end, kind, value), end)
    }

    /// Units that mean one of themselves after a lead ("בעוד שבוע").
    private static let singularUnits = NumberLanguage.folded(["שבוע", "חודש", "שנה", "יום", "שעה", "דקה", "week",
                                                              "month", "year", "day", "hour", "minute"])

    /// A duration lead and a unit with no number: "בעוד שבוע", "in a week".
    private func leadAndUnit(_ i: Int) -> (NumberSpan?, Int)? {
        guard let w = word(i), language(i).durationLeads.contains(w.folded) else { return nil }
        var j = i + 1
        if !pieces[i].isHebrew {
            guard swedish == false, let a = joinedWord(j), a == "a" || a == "an" else { return nil }
            j += 1
        }
        guard let unitWord = joinedWord(j), Self.singularUnits.contains(unitWord) else { return nil }
        return (span(i, j + 1, .duration, 1), j + 1)
    }
}
