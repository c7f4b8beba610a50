@testable import OzenKit
import Testing

/// What of a full-window correction replaces a line (`CorrectionSplice`), on the wordings the
/// held-out table gave: the edges of neighbouring lines and words nobody said stay out, better
/// words inside the line come in.
@Suite struct CorrectionSpliceTests {
    @Test func betterWordsInsideTheLineComeIn() {
        #expect(CorrectionSplice.spliced(line: "He was not an ill-sposed young man.", heard: "He was not an ill-disposed young man.")
                == "He was not an ill-disposed young man.")
        #expect(CorrectionSplice.spliced(line: "Here are some more words. Qaham. And nice to be all. Thanks.",
                                         heard: "Here are some more words, words, words, words. And that should be all. Thanks.")
                == "Here are some more words, words, words, words. And that should be all. Thanks.")
    }

    @Test func theLineBeforesLastWordsStayOut() {
        let line = "If you are using a console channel driver instead of a real phone, you can use the dial."
        let heard = "by dialing digits. If you are using a console channel driver instead of a real phone, you can use the dial."
        #expect(CorrectionSplice.spliced(line: line, heard: heard) == line)
    }

    @Test func wordsNobodySaidAtTheEndStayOut() {
        #expect(CorrectionSplice.spliced(line: "So this is the sick corpus.", heard: "So this is the sick corpus, I have a question.")
                == "So this is the sick corpus,")
        // The line's own last words stay where the correction strayed after the last shared run.
        #expect(CorrectionSplice.spliced(line: "connected to this asterisk server from a remote location.",
                                         heard: "Dial 600. This test is most useful when you have connected to this asterisk server from I'm a regular.")
                == "connected to this asterisk server from a remote location.")
    }

    @Test func theNextLinesFirstWordsStayOutWhenTheyRepeatTheLinesLast() {
        // He said "nothing going else going on"; the line locked up to "going on", and the next
        // line, "else going on…", began inside this one's stretch.
        #expect(CorrectionSplice.spliced(line: "I'm talking pretty fast here, There's nothing going on.",
                                         heard: "I'm talking pretty fast here. There's nothing going on going on.")
                == "I'm talking pretty fast here. There's nothing going on")
        // And the line before's last words, when they repeat the line's first.
        #expect(CorrectionSplice.spliced(line: "going on, we're just saying some words.", heard: "going on going on. We're just saying some words.")
                == "going on. We're just saying some words.")
    }

    @Test func withoutTwoWordsInCommonNothingIsReplaced() {
        #expect(CorrectionSplice.spliced(line: "Congratulations!", heard: "Congratulations. You're welcome.") == nil)
        #expect(CorrectionSplice.spliced(line: "Thank you very much.", heard: "Something else entirely.") == nil)
        #expect(CorrectionSplice.spliced(line: "", heard: "words") == nil)
    }
}
