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
// @unchecked: its HistoryStore (not Sendable) and line numbers are used only on the writer thread; the queue and flags only under `condition`.
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

    /// What waits to be written: a locked line, a recent line's corrected speaker, or a star
    /// put on (or taken off) a line from the display.
    enum Item {
        case line(CaptionLine)
        case speaker(lineID: Int, speaker: String)
        case star(lineID: Int, starred: Bool)
        /// The interpreter's English of a line, and the second pass's better source when it heard one.
        case translation(lineID: Int, english: String, revisedSource: String?)
        /// A locked line heard again with the full window (`LineCorrector`): its better words.
        case correction(lineID: Int, text: String)
    }

    private let condition = NSCondition()
    private var queue: [Item] = []
    private var writing = 0
    private var closing = false
    private var abandoned = false
    private var failure: HistoryStorageError?
    private var savedConversation: Int64?
    private var writerDone = false

    // Used only on the writer thread.
    private var store: HistoryStore?
    private var timeOffset = 0.0
    /// Saved line numbers of recent caption lines, for speaker corrections and stars.
    private var savedNumbers: [Int: Int] = [:]
    /// Items of the current batch already committed: a failure re-queues only the rest.
    private var committedItems = 0

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
        let thread = Thread { [self] in
            Self.yieldToCaptions()
            writeLoop()
        }
        thread.name = "ozen history writer"
        #if !os(Linux)
        thread.qualityOfService = .utility  // see yieldToCaptions
        #endif
        thread.start()
    }

    public convenience init(home: OzenHome, start: Start = .new,
                            onStatus: @escaping @Sendable (RecorderStatus) -> Void = { _ in }) {
        self.init(path: HistoryStore.path(in: home), start: start, onStatus: onStatus)
    }

    /// Lowers the writer thread's priority below the caption path's (nice 10 on Linux; on
    /// macOS the thread starts at utility QoS). At the same priority, waking the writer on a busy 2-core
    /// machine took the core from the caption thread now and then: the caption step's p99
    /// was ×2.4–3.1 its p99 without saving; yielding, ×1.0–1.4 (`ozen bench history`,
    /// another build using the machine). The writer still gets its millisecond a line, and
    /// the promise is a second.
    private static func yieldToCaptions() {
        #if os(Linux)
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)  // 0: this thread (Linux keeps nice per thread)
        #endif
    }

    /// Takes one caption event; returns at once.
    public func record(_ event: CaptionEvent) {
        let item: Item
        switch event {
        case .line(let line, _) where !line.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty:
            item = .line(line)
        case .speaker(let lineID, let speaker, _):
            item = .speaker(lineID: lineID, speaker: speaker)
        case .translation(let sentence, _) where !sentence.english.isEmpty:
            item = .translation(lineID: sentence.id, english: sentence.english, revisedSource: nil)
        case .reviewed(let revision, _) where revision.changed:
            item = .translation(lineID: revision.id, english: revision.english, revisedSource: revision.source)
        case .corrected(let correction, _):
            item = .correction(lineID: correction.line.id, text: correction.line.text)
        default:
            return
        }
        condition.lock()
        queue.append(item)
        condition.broadcast()
        condition.unlock()
    }

    /// Stars (or unstars) a line of this conversation by its caption line id; returns at once.
    public func star(lineID: Int, starred: Bool) {
        condition.lock()
        queue.append(.star(lineID: lineID, starred: starred))
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
        return Self.lines(in: queue).count + writing
    }

    static func lines(in items: [Item]) -> [CaptionLine] {
        items.compactMap { if case .line(let line) = $0 { line } else { nil } }
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
        let unsaved = Self.lines(in: queue)
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
            writing = Self.lines(in: batch).count
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
                writing = 0
                condition.broadcast()
                condition.unlock()
                tidyWhileIdle()
            } catch {
                store = nil
                let storageError = error as? HistoryStorageError
                    ?? HistoryStorageError(kind: .other, detail: String(describing: error), path: path)
                condition.lock()
                queue.insert(contentsOf: batch[committedItems...], at: 0)
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

    /// What the writer does when its queue is empty, so no line's commit pays for it: merges
    /// the line index a bounded step at a time while nothing waits (see IndexMergePolicy),
    /// then folds the log into the database (see CheckpointPolicy). A line that arrives
    /// meanwhile waits for one step at most; failures wait for the next idle moment.
    private func tidyWhileIdle() {
        guard let store else { return }
        func idle() -> Bool {
            condition.lock(); defer { condition.unlock() }
            return queue.isEmpty && !closing
        }
        for _ in 0..<HistoryStore.mergeStepsPerIdle {
            guard idle(), (try? store.mergeIndex()) == true else { break }
        }
        if idle() { try? store.checkpoint() }
    }

    /// Writes lines in runs (one transaction each) and speaker corrections between them, in order.
    private func write(_ batch: [Item]) throws {
        committedItems = 0
        var run: [CaptionLine] = []
        for (index, item) in batch.enumerated() {
            switch item {
            case .line(let line):
                run.append(line)
            case .speaker(let lineID, let speaker):
                if !run.isEmpty {
                    try write(run)
                    run = []
                    committedItems = index
                }
                if let conversation = savedConversation, let number = savedNumbers[lineID] {
                    try store?.setSpeaker(speaker, conversation: conversation, line: number)
                }
                committedItems = index + 1
            case .star(let lineID, let starred):
                if !run.isEmpty {
                    try write(run)
                    run = []
                    committedItems = index
                }
                if let conversation = savedConversation, let number = savedNumbers[lineID] {
                    try store?.setStar(starred, conversation: conversation, line: number)
                }
                committedItems = index + 1
            case .translation(let lineID, let english, let revisedSource):
                if !run.isEmpty {
                    try write(run)
                    run = []
                    committedItems = index
                }
                if let conversation = savedConversation, let number = savedNumbers[lineID] {
                    try store?.translate(conversation: conversation, line: number, english: english, revisedSource: revisedSource)
                }
                committedItems = index + 1
            case .correction(let lineID, let text):
                if !run.isEmpty {
                    try write(run)
                    run = []
                    committedItems = index
                }
                if let conversation = savedConversation, let number = savedNumbers[lineID] {
                    try store?.correct(conversation: conversation, line: number, to: text)
                }
                committedItems = index + 1
            }
        }
        if !run.isEmpty { try write(run) }
        committedItems = batch.count
    }

    private func write(_ batch: [CaptionLine]) throws {
        if store == nil {
            let opened = try HistoryStore(path: path)
            try opened.setAutomaticCheckpoints(false)  // see CheckpointPolicy
            try opened.setAutomaticIndexMerging(false)  // see IndexMergePolicy
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
        let saved = try store.append(batch, to: conversation, timeOffset: timeOffset, savedAt: clock())
        let written = batch.filter { !$0.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        for (line, row) in zip(written, saved) { savedNumbers[line.id] = row.number }
        // The display shows the newest 300 lines and may star any of them.
        if savedNumbers.count > 300, let oldest = savedNumbers.keys.min() { savedNumbers[oldest] = nil }
    }
}
