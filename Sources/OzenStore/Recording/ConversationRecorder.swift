import Foundation
import OzenKit

/// Saves a live conversation as it happens. `record` takes every caption event and keeps
/// each locked line (`.line` with words; partials are not kept) in memory; a writer thread
/// commits it at once, so a line is durable in milliseconds (the issue asks for a second)
/// and `kill -9` loses at most the line still open. The caller never waits on the disk.
///
/// When a write fails (disk full, read-only, locked) the lines stay queued in memory,
/// `onStatus` hears `.failed` once, and the writer tries again every `retryInterval`
/// (1 s: the durability promise) until it works, then reports `.recovered`.
public final class ConversationRecorder: @unchecked Sendable {
    /// Where the lines go: a new conversation, or one being continued.
    public enum Start: Sendable, Equatable {
        case new
        case continuing(Int64)
    }

    private let path: String
    private let start: Start
    private let clock: @Sendable () -> Date
    private let onStatus: @Sendable (RecorderStatus) -> Void
    private let retryInterval: TimeInterval
    private let startedAt: Date

    private let condition = NSCondition()
    private var queue: [CaptionLine] = []
    private var writing = 0
    private var closing = false
    private var abandoned = false
    private var failure: HistoryStorageError?
    private var savedConversation: Int64?
    private var writerDone = false

    // Used only on the writer thread.
    private var store: HistoryStore?
    private var timeOffset = 0.0

    /// - Parameters:
    ///   - path: the history database (`HistoryStore.path(in:)`).
    ///   - start: a new conversation, or `.continuing(id)` after `HistoryStore.conversationToContinue`.
    ///   - clock: the wall clock (tests inject one); the conversation starts at its reading now.
    ///   - onStatus: called on the writer thread when saving fails and when it works again.
    public init(path: String, start: Start = .new, retryInterval: TimeInterval = 1,
                clock: @escaping @Sendable () -> Date = { Date() },
                onStatus: @escaping @Sendable (RecorderStatus) -> Void = { _ in }) {
        self.path = path
        self.start = start
        self.clock = clock
        self.onStatus = onStatus
        self.retryInterval = retryInterval
        self.startedAt = clock()
        let thread = Thread { [self] in writeLoop() }
        thread.name = "ozen history writer"
        thread.start()
    }

    public convenience init(home: OzenHome, start: Start = .new,
                            onStatus: @escaping @Sendable (RecorderStatus) -> Void = { _ in }) {
        self.init(path: HistoryStore.path(in: home), start: start, onStatus: onStatus)
    }

    /// Takes one caption event; returns at once.
    public func record(_ event: CaptionEvent) {
        guard case .line(let line, _) = event, !line.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
        condition.lock()
        queue.append(line)
        condition.broadcast()
        condition.unlock()
    }

    /// The conversation the lines are saved in (nil until the first line is saved).
    public var conversationID: Int64? {
        condition.lock(); defer { condition.unlock() }
        return savedConversation
    }

    /// Lines not yet written (waiting in memory or being written now).
    public var waitingLines: Int {
        condition.lock(); defer { condition.unlock() }
        return queue.count + writing
    }

    /// Waits up to `timeout` seconds for every line recorded so far to be written.
    /// True when they all are.
    @discardableResult
    public func flush(timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock(); defer { condition.unlock() }
        while !queue.isEmpty || writing > 0 {
            if !condition.wait(until: deadline) { return queue.isEmpty && writing == 0 }
        }
        return true
    }

    /// Writes what is left (waiting up to `timeout` seconds) and stops the writer. Returns
    /// the lines that could not be saved, so the caller can say so; empty when all were.
    @discardableResult
    public func close(timeout: TimeInterval = 5) -> [CaptionLine] {
        flush(timeout: timeout)
        condition.lock()
        closing = true
        if !queue.isEmpty || writing > 0 { abandoned = true }
        condition.broadcast()
        while !writerDone { condition.wait() }
        let unsaved = queue
        condition.unlock()
        return unsaved
    }

    deinit {
        condition.lock()
        closing = true
        abandoned = true
        condition.broadcast()
        condition.unlock()
    }

    private func writeLoop() {
        while true {
            condition.lock()
            while queue.isEmpty && !closing { condition.wait() }
            if (queue.isEmpty && closing) || abandoned {
                writerDone = true
                condition.broadcast()
                condition.unlock()
                store = nil
                return
            }
            let batch = queue
            queue.removeAll()
            writing = batch.count
            condition.unlock()

            do {
                try write(batch)
                condition.lock()
                let wasFailing = failure != nil
                failure = nil
                condition.unlock()
                // Reported before `flush` can return, so a caller that flushed has heard it.
                if wasFailing { onStatus(.recovered(savedLines: batch.count)) }
                condition.lock()
                let idle = queue.isEmpty
                condition.unlock()
                if idle { try? store?.checkpoint() }
                condition.lock()
                writing = 0
                condition.broadcast()
                condition.unlock()
            } catch {
                store = nil
                let storageError = error as? HistoryStorageError
                    ?? HistoryStorageError(kind: .other, detail: String(describing: error), path: path)
                condition.lock()
                queue.insert(contentsOf: batch, at: 0)
                writing = 0
                let firstFailure = failure == nil
                failure = storageError
                let waiting = queue.count
                condition.broadcast()
                condition.unlock()
                if firstFailure { onStatus(.failed(storageError, waitingLines: waiting)) }
                condition.lock()
                if !abandoned { _ = condition.wait(until: Date().addingTimeInterval(retryInterval)) }
                condition.unlock()
            }
        }
    }

    private func write(_ batch: [CaptionLine]) throws {
        if store == nil {
            let opened = try HistoryStore(path: path)
            try opened.setAutomaticCheckpoints(false)  // see CheckpointPolicy
            _ = try? opened.applyRetention(now: clock())
            store = opened
        }
        guard let store else { return }
        condition.lock()
        var conversation = savedConversation
        condition.unlock()
        if conversation == nil {
            switch start {
            case .new:
                conversation = try store.startConversation(at: startedAt, language: batch[0].language)
            case .continuing(let id):
                let listing = try store.conversation(id)
                timeOffset = max(listing.seconds, startedAt.timeIntervalSince(listing.startedAt))
                conversation = id
            }
            condition.lock()
            savedConversation = conversation
            condition.unlock()
        }
        guard let conversation else { return }
        try store.append(batch, to: conversation, timeOffset: timeOffset, savedAt: clock())
    }
}
