import Foundation

/// Translation quality against reference translations, as the field reports it: chrF
/// (character 1–6-grams, recall weighted twice, Popović 2015; sacreBLEU's default) and BLEU
/// (word 1–4-grams with the brevity penalty, Papineni 2002), both over the whole set of
/// sentences (corpus level), on a 0–100 scale. Case and punctuation are kept apart from words
/// the way sacreBLEU's 13a tokenizer does; both are lower-cased here, since Whisper's
/// capitals are not what is being judged.
public enum TranslationScores {
    public static func chrF(hypotheses: [String], references: [String], order: Int = 6, beta: Double = 2) -> Double {
        var matched = [Double](repeating: 0, count: order), hypothesisTotal = matched, referenceTotal = matched
        for (hypothesis, reference) in zip(hypotheses, references) {
            let h = Array(hypothesis.lowercased().filter { !$0.isWhitespace })
            let r = Array(reference.lowercased().filter { !$0.isWhitespace })
            for n in 1...order {
                let hc = grams(h, n), rc = grams(r, n)
                matched[n - 1] += Double(hc.reduce(0) { $0 + min($1.value, rc[$1.key] ?? 0) })
                hypothesisTotal[n - 1] += Double(max(0, h.count - n + 1))
                referenceTotal[n - 1] += Double(max(0, r.count - n + 1))
            }
        }
        var precision = 0.0, recall = 0.0, orders = 0.0
        for n in 0..<order where hypothesisTotal[n] > 0 || referenceTotal[n] > 0 {
            precision += hypothesisTotal[n] > 0 ? matched[n] / hypothesisTotal[n] : 0
            recall += referenceTotal[n] > 0 ? matched[n] / referenceTotal[n] : 0
            orders += 1
        }
        guard orders > 0 else { return 0 }
        precision /= orders
        recall /= orders
        guard precision + recall > 0 else { return 0 }
        let b2 = beta * beta
        return 100 * (1 + b2) * precision * recall / (b2 * precision + recall)
    }

    public static func bleu(hypotheses: [String], references: [String]) -> Double {
        var matched = [Double](repeating: 0, count: 4), total = matched
        var hypothesisLength = 0.0, referenceLength = 0.0
        for (hypothesis, reference) in zip(hypotheses, references) {
            let h = tokens(hypothesis), r = tokens(reference)
            hypothesisLength += Double(h.count)
            referenceLength += Double(r.count)
            for n in 1...4 {
                let hc = grams(h, n), rc = grams(r, n)
                matched[n - 1] += Double(hc.reduce(0) { $0 + min($1.value, rc[$1.key] ?? 0) })
                total[n - 1] += Double(max(0, h.count - n + 1))
            }
        }
        guard hypothesisLength > 0, matched[0] > 0 else { return 0 }
        // Higher orders with no match are smoothed as sacreBLEU's "exp" method does.
        var logSum = 0.0
        var smooth = 1.0
        for n in 0..<4 {
            guard total[n] > 0 else { return 0 }
            if matched[n] > 0 {
                logSum += log(matched[n] / total[n])
            } else {
                smooth *= 2
                logSum += log(1 / (smooth * total[n]))
            }
        }
        let brevity = hypothesisLength < referenceLength ? exp(1 - referenceLength / hypothesisLength) : 1
        return 100 * brevity * exp(logSum / 4)
    }

    /// Words with punctuation split off (13a-like), lower-cased.
    static func tokens(_ text: String) -> [String] {
        var out: [String] = [], word = ""
        for character in text.lowercased() {
            if character.isWhitespace {
                if !word.isEmpty { out.append(word); word = "" }
            } else if character.isPunctuation && character != "'" && character != "’" {
                if !word.isEmpty { out.append(word); word = "" }
                out.append(String(character))
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { out.append(word) }
        return out
    }

    static func grams<T: Hashable>(_ items: [T], _ n: Int) -> [[T]: Int] {
        var counts: [[T]: Int] = [:]
        guard items.count >= n else { return counts }
        for i in 0...(items.count - n) { counts[Array(items[i..<i + n]), default: 0] += 1 }
        return counts
    }
}
