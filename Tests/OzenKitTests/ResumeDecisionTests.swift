import Foundation
import OzenKit
import Testing

/// The rules that let a cut download continue without ever gluing two files together.
@Suite struct ResumeDecisionTests {
    let url = "https://example.org/ggml-model.bin"

    func answer(_ status: Int, _ headers: [String: String] = [:]) -> ServerAnswer { ServerAnswer(status: status, headers: headers) }

    @Test func theHeadersAskForTheRestWithTheValidator() {
        #expect(PartialDownload(url: url, etag: "\"abc\"").resumeHeaders(have: 0) == [:])
        #expect(PartialDownload(url: url, etag: "\"abc\"").resumeHeaders(have: 10) == ["Range": "bytes=10-", "If-Range": "\"abc\""])
        // A weak ETag cannot be used in If-Range; Last-Modified can.
        #expect(PartialDownload(url: url, etag: "W/\"abc\"", lastModified: "Tue, 01 Dec 2026 10:00:00 GMT").resumeHeaders(have: 10)["If-Range"]
                == "Tue, 01 Dec 2026 10:00:00 GMT")
        #expect(PartialDownload(url: url).resumeHeaders(have: 10) == ["Range": "bytes=10-"])
    }

    @Test func aRangeAnswerContinues() {
        let record = PartialDownload(url: url, size: 100, etag: "\"a\"")
        let ok = answer(206, ["Content-Range": "bytes 40-99/100", "ETag": "\"a\""])
        #expect(ResumeDecision.decide(ok, have: 40, record: record, url: url) == .append(total: 100))
        let elsewhere = answer(206, ["Content-Range": "bytes 0-99/100", "ETag": "\"a\""])
        #expect(ResumeDecision.decide(elsewhere, have: 40, record: record, url: url) == .startOver(total: 100, reason: .wrongPiece))
        let changed = answer(206, ["Content-Range": "bytes 40-99/100", "ETag": "\"b\""])
        #expect(ResumeDecision.decide(changed, have: 40, record: record, url: url) == .startOver(total: 100, reason: .fileChanged))
    }

    @Test func aWholeFileAnswerStartsOverAndSaysWhy() {
        let record = PartialDownload(url: url, size: 100)
        #expect(ResumeDecision.decide(answer(200, ["Content-Length": "100"]), have: 0, record: record, url: url) == .append(total: 100))
        #expect(ResumeDecision.decide(answer(200, ["Content-Length": "100"]), have: 40, record: record, url: url)
                == .startOver(total: 100, reason: .serverDoesNotResume))
        let tagged = PartialDownload(url: url, size: 100, etag: "\"a\"")
        #expect(ResumeDecision.decide(answer(200, ["Content-Length": "100", "ETag": "\"b\""]), have: 40, record: tagged, url: url)
                == .startOver(total: 100, reason: .fileChanged))
    }

    @Test func aFileOfAnotherSizeIsRefusedAtOnce() {
        let record = PartialDownload(url: url, size: 100)
        #expect(ResumeDecision.decide(answer(200, ["Content-Length": "99"]), have: 0, record: record, url: url)
                == .fail(.differentFile(url: url, serverSize: 99, expectedSize: 100)))
        #expect(ResumeDecision.decide(answer(206, ["Content-Range": "bytes 40-98/99"]), have: 40, record: record, url: url)
                == .fail(.differentFile(url: url, serverSize: 99, expectedSize: 100)))
    }

    @Test func statusesThatMeanDoneWaitOrStop() {
        let record = PartialDownload(url: url, size: 100)
        #expect(ResumeDecision.decide(answer(416, ["Content-Range": "bytes */100"]), have: 100, record: record, url: url) == .complete)
        #expect(ResumeDecision.decide(answer(416, ["Content-Range": "bytes */100"]), have: 120, record: record, url: url)
                == .startOver(total: 100, reason: .wrongPiece))
        #expect(ResumeDecision.decide(answer(404), have: 0, record: record, url: url) == .fail(.notFound(url: url)))
        #expect(ResumeDecision.decide(answer(403), have: 0, record: record, url: url) == .fail(.refused(url: url, status: 403)))
        for busy in [429, 500, 503] {
            guard case .retry = ResumeDecision.decide(answer(busy), have: 0, record: record, url: url) else { Issue.record("\(busy) is not retried"); continue }
        }
    }

    @Test func retriesWaitLongerAndGiveUpOnlyWithoutProgress() {
        var delays = RetryDelays()
        #expect((0..<6).map { _ in delays.failed() } == [1, 2, 4, 8, 16, 30])
        delays.progressed()
        #expect(delays.failed() == 1)
        var dead = RetryDelays(failuresAllowed: 3)
        #expect(dead.failed() == 1 && dead.failed() == 2 && dead.failed() == nil)
    }

    @Test func progressShowsPercentSpeedAndTimeLeft() {
        var p = DownloadProgress(total: 1_000_000_000)
        p.restart(at: 200_000_000, time: 0)   // resumed: what was on disk is not speed
        p.advance(to: 250_000_000, time: 1)
        p.advance(to: 300_000_000, time: 2)
        #expect(p.percent == 30)
        #expect(p.bytesPerSecond == 50_000_000)
        #expect(p.secondsLeft == 14)
        #expect(p.line == "30 %  300 MB of 1.00 GB  50 MB/s  14 s left")
    }
}
