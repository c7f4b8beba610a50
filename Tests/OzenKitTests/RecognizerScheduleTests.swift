import Foundation
import OzenKit
import Testing

/// The order in which streams sharing one recognizer get it: finals first and oldest first,
/// live passes shed rather than queued behind them, and no stream admitted that would not fit.
/// Passes here are real threads holding the schedule; nothing is timed.
@Suite struct RecognizerScheduleTests {
    /// Holds the recognizer with a final of `stream` until `release` is signalled.
    static func hold(_ schedule: RecognizerSchedule, _ stream: RecognizerSchedule.Stream,
                     release: DispatchSemaphore, started: DispatchSemaphore) {
        Thread {
            _ = try? schedule.run(.final, for: stream) { _ in
                started.signal()
                release.wait()
            }
        }.start()
        started.wait()
    }

    @Test func finalsGoFirstInTheOrderTheyAsked() throws {
        var settings = RecognizerSchedule.Settings()
        settings.passesAtOnce = 1
        let schedule = RecognizerSchedule(settings: settings)
        let streams = try (0..<4).map { _ in try schedule.join() }
        let release = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        Self.hold(schedule, streams[0], release: release, started: started)
        let order = Order()
        let done = DispatchGroup()
        for stream in streams[1...] {
            done.enter()
            Thread {
                _ = try? schedule.run(.final, for: stream) { grant in order.add(stream.id, grant.othersWaiting) }
                done.leave()
            }.start()
            // Each asks after the previous one is queued.
            while schedule.waitingFinals < stream.id - streams[0].id { Thread.sleep(forTimeInterval: 0.01) }
        }
        release.signal()
        done.wait()
        #expect(order.ids == streams[1...].map(\.id))
        // The first of them was told two more waited behind it: it decodes greedily.
        #expect(order.behind == [2, 1, 0])
    }

    @Test func aLivePassThatCannotStartSoonIsShedNotQueued() throws {
        var settings = RecognizerSchedule.Settings()
        settings.passesAtOnce = 1
        let schedule = RecognizerSchedule(settings: settings)
        let a = try schedule.join(), b = try schedule.join()
        let release = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        Self.hold(schedule, a, release: release, started: started)
        #expect(throws: PassShed.self) { try schedule.run(.live, for: b) { _ in } }
        release.signal()
        // With the recognizer free, the live pass runs.
        var ran = false
        for _ in 0..<100 where !ran {
            ran = (try? schedule.run(.live, for: b) { _ in true }) ?? false
        }
        #expect(ran)
        #expect(schedule.shedPasses >= 1)
    }

    @Test func aFinalThatWaitedLongMakesTheComputerOverloadedForAWhile() throws {
        var settings = RecognizerSchedule.Settings()
        settings.overloadedAfterWait = 0.05
        settings.overloadHolds = 3600
        settings.passesAtOnce = 1
        let schedule = RecognizerSchedule(settings: settings)
        let a = try schedule.join(), b = try schedule.join()
        #expect(!schedule.isOverloaded)
        let release = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        Self.hold(schedule, a, release: release, started: started)
        let done = DispatchSemaphore(value: 0)
        Thread {
            _ = try? schedule.run(.final, for: b) { _ in }
            done.signal()
        }.start()
        while schedule.waitingFinals == 0 { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.1)  // longer than the 0.05 s that counts as overloaded
        release.signal()
        done.wait()
        #expect(schedule.isOverloaded)
    }

    @Test func whileStreamsShareItTwoPassesRunSideBySideButOnlyOneLive() throws {
        let schedule = RecognizerSchedule()
        let a = try schedule.join(), b = try schedule.join(), c = try schedule.join()
        let release = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        // A live pass holds one place: another live pass is shed, a final still runs beside it.
        Thread {
            _ = try? schedule.run(.live, for: a) { _ in
                started.signal()
                release.wait()
            }
        }.start()
        started.wait()
        #expect(throws: PassShed.self) { try schedule.run(.live, for: b) { _ in } }
        let beside = try schedule.run(.final, for: c) { grant in grant.sideBySide }
        #expect(beside)
        release.signal()
    }

    /// Both places taken, one by a live pass: a final that has to wait cancels that live pass
    /// (its words would come too late to matter), and starts as soon as its place is free.
    @Test func aFinalThatFindsNoRoomCancelsTheLivePassHoldingIt() throws {
        let schedule = RecognizerSchedule()
        let a = try schedule.join(), b = try schedule.join(), c = try schedule.join()
        let releaseFinal = DispatchSemaphore(value: 0), started = DispatchSemaphore(value: 0)
        Self.hold(schedule, a, release: releaseFinal, started: started)
        let liveCancelled = DispatchSemaphore(value: 0)
        let liveDone = DispatchGroup()
        liveDone.enter()
        let liveStarted = DispatchSemaphore(value: 0)
        Thread {
            _ = try? schedule.run(.live, for: b) { grant in
                liveStarted.signal()
                // The live pass runs until it is told to give way, as Whisper's abort callback does.
                while grant.yields?.isCancelled == false { Thread.sleep(forTimeInterval: 0.005) }
                liveCancelled.signal()
            }
            liveDone.leave()
        }.start()
        liveStarted.wait()
        #expect(schedule.cancelledLivePasses == 0)
        let ran = try schedule.run(.final, for: c) { grant in grant.yields == nil }
        #expect(ran)
        #expect(liveCancelled.wait(timeout: .now() + 10) == .success)
        #expect(schedule.cancelledLivePasses == 1)
        releaseFinal.signal()
        liveDone.wait()
    }

    @Test func aStreamThatWouldNotFitIsRefusedButHerOwnMicrophoneNever() throws {
        var settings = RecognizerSchedule.Settings()
        settings.maximumStreams = 2
        let schedule = RecognizerSchedule(settings: settings)
        _ = try schedule.join()
        let second = try schedule.join()
        #expect(throws: RecognizerSchedule.Refusal.busy(streams: 2)) { _ = try schedule.join() }
        _ = try schedule.join(always: true)
        schedule.leave(second)
        #expect(schedule.streamCount == 2)
    }

    @Test func theFinalsOfOneMoreStreamMustFitInTheRecognizersTime() throws {
        // Streams whose assumed finals take 0.25 of the time each: two fit under 0.6, three not.
        var settings = RecognizerSchedule.Settings()
        settings.assumedStreamLoad = 0.25
        let schedule = RecognizerSchedule(settings: settings)
        _ = try schedule.join()
        _ = try schedule.join()
        #expect(throws: RecognizerSchedule.Refusal.self) { _ = try schedule.join() }
    }
}

private final class Order: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var ids: [Int] = []
    private(set) var behind: [Int] = []
    func add(_ id: Int, _ waiting: Int) { lock.lock(); ids.append(id); behind.append(waiting); lock.unlock() }
}
