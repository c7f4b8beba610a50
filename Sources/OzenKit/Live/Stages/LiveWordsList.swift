import Foundation

/// Her words list as the live pipeline uses it (the final passes' names prompt, the gate's
/// list): the file's (`LiveSettings.wordsListPath`), read again whenever it changed since the
/// last utterance began, or one the client gave (the home protocol's `vocabulary`), which
/// replaces the file's.
struct LiveWordsList {
    let path: String?
    let recognizer: any SpeechRecognizer
    private(set) var list = WordsList()
    /// The list as a final pass's prompt, within the recognizer's token budget; nil: none.
    private(set) var namesPrompt: String?
    private var stamp: Date?
    private var vocabulary: WordsList?

    init(path: String?, recognizer: any SpeechRecognizer) {
        self.path = path
        self.recognizer = recognizer
    }

    /// A words list given by the client, which replaces the file's list from the next
    /// utterance on; nil goes back to the file.
    mutating func use(_ terms: [String]?) {
        vocabulary = terms.map { WordsList(entries: $0) }
        stamp = nil
        if let vocabulary {
            list = vocabulary
            namesPrompt = vocabulary.prompt(countingTokensWith: recognizer.tokenCount)
        } else {
            list = WordsList()
            namesPrompt = nil
        }
    }

    /// Reads the words list again if its file changed since the last utterance began.
    mutating func refresh() {
        guard vocabulary == nil, let path else { return }
        let stamp = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        guard stamp != self.stamp || (stamp == nil && !list.entries.isEmpty) else { return }
        self.stamp = stamp
        list = (try? WordsList.load(from: path)) ?? WordsList()
        namesPrompt = list.prompt(countingTokensWith: recognizer.tokenCount)
    }
}
