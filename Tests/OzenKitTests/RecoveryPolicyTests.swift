import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// What is retried, how soon, and what is left to her: the policies every front end's
/// recovery loop follows.
@Suite struct RecoveryPolicyTests {
    @Test func retriesWaitLongerEachTimeUpToAMinute() {
        let schedule = RetrySchedule.default
        #expect((1...9).map { schedule.delay(afterFailure: $0) } == [1, 2, 4, 8, 16, 32, 60, 60, 60])
        #expect(schedule.delay(afterFailure: 500) == 60)
    }

    @Test func aPartThatWorkedLongEnoughStartsAgainFromOneSecond() {
        var backoff = RetryBackoff()
        #expect(backoff.failed(at: 0) == 1)
        #expect(backoff.failed(at: 1) == 2)
        #expect(backoff.failed(at: 3) == 4)
        // Back up at 7 s, working for 10 s: not yet healthy, the next failure waits longer.
        backoff.working(at: 7)
        #expect(backoff.failed(at: 17) == 8)
        // Back up at 25 s and working past the 30 s mark: the count starts over.
        backoff.working(at: 25)
        backoff.working(at: 56)
        #expect(backoff.failuresInARow == 0)
        #expect(backoff.failed(at: 80) == 1)
    }

    @Test(arguments: [
        InputProblem.microphoneMissing(name: "USB Audio"), .noMicrophone, .microphoneForbidden(name: "USB Audio"),
        .modelMissing(name: "base"),
    ])
    func whatOnlyAPersonCanFixIsNeverRetried(_ problem: InputProblem) {
        #expect(problem.needsPerson)
        guard case .failed(let reason, let action) = problem.status(retryingIn: 8) else {
            Issue.record("\(problem) should fail, not retry")
            return
        }
        #expect(!reason.isEmpty)
        #expect(!action.isEmpty)
    }

    @Test(arguments: [
        InputProblem.microphoneDisconnected(name: "USB Audio"), .microphoneStopped(name: "USB Audio", detail: "I/O error"),
        .microphoneSilent(name: "USB Audio", seconds: 3), .microphoneStalled(name: "USB Audio", seconds: 3),
        .engineFailed(detail: "out of memory"), .connectionLost(detail: "reset by peer"),
    ])
    func passingProblemsAreRetried(_ problem: InputProblem) {
        #expect(!problem.needsPerson)
        #expect(problem.status(retryingIn: 8) == .retrying(reason: problem.reason, seconds: 8))
    }

    @Test func aMissingMicrophoneSaysWhatToDo() {
        #expect(InputProblem.microphoneMissing(name: "nosuch").description
            == "microphone 'nosuch' is not connected — plug it in or pick another with `ozen devices`")
    }

    @Test func newStatusesHaveTheirJSON() {
        let json = { (status: CaptionStatus) in CaptionEvent.status(status, at: 2).json.serialized() }
        #expect(json(.openingMicrophone(device: "USB Audio"))
            == #"{"type":"status","at":2.000,"state":"opening_microphone","device":"USB Audio"}"#)
        #expect(json(.preparingModel(name: "large-v3", percent: 42.5, secondsLeft: 12.4))
            == #"{"type":"status","at":2.000,"state":"preparing_model","model":"large-v3","percent":42.5,"seconds_left":12}"#)
        #expect(json(.preparingModel(name: "large-v3", percent: 0, secondsLeft: nil))
            == #"{"type":"status","at":2.000,"state":"preparing_model","model":"large-v3","percent":0.0}"#)
        #expect(json(.paused) == #"{"type":"status","at":2.000,"state":"paused"}"#)
        #expect(json(InputProblem.microphoneStalled(name: "USB Audio", seconds: 3).status(retryingIn: 8))
            == #"{"type":"status","at":2.000,"state":"retrying","reason":"microphone 'USB Audio' has sent no audio for 3 s","retry_in_seconds":8.0}"#)
        // The states that were there before keep their JSON.
        #expect(json(.loadingModel(name: "base")) == #"{"type":"status","at":2.000,"state":"loading","model":"base"}"#)
        #expect(json(.listening) == #"{"type":"status","at":2.000,"state":"listening"}"#)
    }
}

/// A microphone that stopped delivering, or delivers only zeros, is noticed after 3 s; a
/// real recording's quietest stretch is not mistaken for it.
@Suite struct SilentInputWatchTests {
    @Test func nothingArrivingForThreeSecondsIsNoticed() {
        var watch = SilentInputWatch(startingAt: 10)
        #expect(watch.finding(at: 12.9) == nil)
        #expect(watch.finding(at: 13) == .nothingArrived(seconds: 3))
        watch.heard([0.01, -0.02], at: 13.1)
        #expect(watch.finding(at: 14) == nil)
    }

    @Test func onlyZerosForThreeSecondsIsNoticed() {
        var watch = SilentInputWatch(startingAt: 0)
        for tenth in 0...29 { watch.heard([Float](repeating: 0, count: 1600), at: Double(tenth) / 10) }
        #expect(watch.finding(at: 2.95) == nil)
        #expect(watch.finding(at: 3.0) == .onlyZeros(seconds: 3))
        watch.heard([0, 0, 1.0 / 32768], at: 3.1)
        #expect(watch.finding(at: 3.2) == nil)
    }

    @Test func aRealRecordingsQuietestStretchIsNotSilence() throws {
        // Every 100 ms piece of the JFK clip and the LibriVox clips, pauses included, as a
        // microphone would deliver them: the watch never fires.
        for path in [Fixtures.jfk.path] + (try Fixtures.librivox().map(\.path)) {
            let audio = try WAVDecoder().read(path: path)
            var watch = SilentInputWatch(startingAt: 0)
            let piece = audio.sampleRate / 10
            var time = 0.0
            for start in stride(from: 0, to: audio.samples.count, by: piece) {
                watch.heard(audio.samples[start..<min(start + piece, audio.samples.count)], at: time)
                time += 0.1
                #expect(watch.finding(at: time) == nil, "\(path) at \(time) s")
            }
        }
    }
}
