import OzenKit
import Testing

/// When cloud captions ask the cloud, and what she is told as it fails and comes back.
@Suite struct CloudFallbackTests {
    @Test func threeFailuresPauseTheCloudLongerEachTimeAndAnAnswerBringsItBack() {
        var policy = CloudFallback()
        #expect(policy.shouldAsk(now: 0))
        #expect(policy.succeeded() == nil, "a working cloud says nothing")
        #expect(policy.failed(reason: "refused", now: 1) == .fellBack(reason: "refused"))
        #expect(policy.failed(reason: "refused", now: 2) == .fellBack(reason: "refused"))
        #expect(policy.failed(reason: "refused", now: 3) == .paused(seconds: 30, reason: "refused"))
        #expect(!policy.shouldAsk(now: 32.9))
        #expect(policy.shouldAsk(now: 33))
        // Still down after the pause: paused again at once, for twice as long, up to 5 min.
        #expect(policy.failed(reason: "refused", now: 33) == .paused(seconds: 60, reason: "refused"))
        #expect(!policy.shouldAsk(now: 92) && policy.shouldAsk(now: 93))
        for (now, pause) in [(93.0, 120.0), (213, 240), (453, 300), (753, 300)] {
            #expect(policy.failed(reason: "down", now: now) == .paused(seconds: pause, reason: "down"))
        }
        #expect(policy.succeeded() == .back)
        #expect(policy.shouldAsk(now: 0) && policy.failed(reason: "slow", now: 2000) == .fellBack(reason: "slow"))
    }

    @Test func aLongLineWaitsForTheCloudAsLongAsTheComputerTookAndABitMore() {
        #expect(CloudFallback.wait(afterLocalTook: 0.5) == 2.5)
        #expect(CloudFallback.wait(afterLocalTook: 3) == 1.5)
        #expect(CloudFallback.wait(afterLocalTook: 10) == 1.5)
    }
}
