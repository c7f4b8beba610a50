import CSQLite
import Foundation
import OzenKit
@testable import OzenStore
import Testing

/// Collects what the recorder reports, from its writer thread.
final class StatusLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [RecorderStatus] = []
    func add(_ status: RecorderStatus) { lock.lock(); items.append(status); lock.unlock() }
    var all: [RecorderStatus] { lock.lock(); defer { lock.unlock() }; return items }
}

@Suite struct ConversationRecorderTests {
    @Test func savesLockedLinesNotPartialsAndTheyAreReadableWhileStillOpen() throws {
        let temp = TemporaryHistory(); defer { temp.remove() }
        let recorder = ConversationRecorder(path: temp.path)
        recorder.record(.partial(captionLine(1, "של"), at: 1))
        recorder.record(.line(captionLine(1, "שלום לכולם"), at: 2))
        recorder.record(.status(.listening, at: 2))
        recorder.record(.line(captionLine(2, "  "), at: 3))
        recorder.record(.line(captionLine(3, "ולרותי יש תור"), at: 4))
        #expect(recorder.flush())
        // A second connection, the first never closed: what a restart after kill -9 sees.
        let reader = try temp.open()
        let id = try #require(recorder.conversationID)
        #expect(try reader.lines(of: id).map(\.text) == ["שלום לכולם", "ולרותי יש תור"])
        #expect(try reader.search("רותי").total == 1)
        #expect(recorder.close().isEmpty)
    }

    @Test func aLockedDatabaseKeepsLinesInMemoryReportsItAndWritesThemWhenFreed() throws {
        let temp = TemporaryHistory(); defer { temp.remove() }
        _ = try temp.open()
        var blocker: OpaquePointer?
        sqlite3_open(temp.path, &blocker)
        sqlite3_busy_timeout(blocker, 0)
        #expect(sqlite3_exec(blocker, "BEGIN EXCLUSIVE", nil, nil, nil) == SQLITE_OK)
        let log = StatusLog()
        let recorder = ConversationRecorder(path: temp.path, retryInterval: 0.05, onStatus: log.add)
        recorder.record(.line(captionLine(1, "שורה ראשונה"), at: 1))
        recorder.record(.line(captionLine(2, "שורה שנייה"), at: 2))
        #expect(!recorder.flush(timeout: 3))
        #expect(recorder.waitingLines == 2)
        guard case .failed(let error, let waiting)? = log.all.first else { Issue.record("no failure reported"); return }
        #expect(error.kind == .locked && waiting >= 1)
        #expect(RecorderStatus.failed(error, waitingLines: 2).captionStatus.state == "failed")
        sqlite3_exec(blocker, "ROLLBACK", nil, nil, nil)
        sqlite3_close(blocker)
        #expect(recorder.flush(timeout: 10))
        #expect(log.all.last == .recovered(savedLines: 2))
        let id = try #require(recorder.conversationID)
        #expect(try temp.open().lines(of: id).map(\.number) == [1, 2])
        recorder.close()
    }

    @Test func anUnusableFolderIsReportedAndLinesAreWrittenOnceItIsFixed() throws {
        let temp = TemporaryHistory(); defer { temp.remove() }
        let blocked = temp.folder + "/home"
        _ = FileManager.default.createFile(atPath: blocked, contents: Data("a file where the folder should be".utf8))
        let log = StatusLog()
        let recorder = ConversationRecorder(path: blocked + "/history.sqlite", retryInterval: 0.05, onStatus: log.add)
        recorder.record(.line(captionLine(1, "שלום"), at: 1))
        #expect(!recorder.flush(timeout: 1))
        guard case .failed(let error, _)? = log.all.first else { Issue.record("no failure reported"); return }
        #expect(error.kind == .cannotOpen)
        #expect(!error.description.isEmpty && error.description.contains(blocked))
        try FileManager.default.removeItem(atPath: blocked)
        try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: true)
        #expect(recorder.flush(timeout: 10))
        #expect(try HistoryStore(path: blocked + "/history.sqlite").conversationCount == 1)
        recorder.close()
    }

    @Test func continuingAddsToTheSameConversationAfterItsTime() throws {
        let temp = TemporaryHistory(); defer { temp.remove() }
        let start = Date(timeIntervalSince1970: 1_000_000)
        let first = ConversationRecorder(path: temp.path, clock: { start })
        first.record(.line(captionLine(1, "שלום"), at: 1))
        first.close()
        let id = try #require(first.conversationID)
        let store = try temp.open()
        let later = start.addingTimeInterval(10 * 60)
        #expect(try store.conversationToContinue(now: later)?.id == id)
        #expect(try store.conversationToContinue(now: start.addingTimeInterval(21 * 60)) == nil)
        #expect(ContinueOffer.shouldOffer(lastActive: start, now: start.addingTimeInterval(20 * 60)))
        let second = ConversationRecorder(path: temp.path, start: .continuing(id), clock: { later })
        second.record(.line(captionLine(1, "חזרתי"), at: 1))
        second.close()
        let lines = try store.lines(of: id)
        #expect(lines.map(\.number) == [1, 2])
        #expect(lines[1].start == 600)
    }
}
