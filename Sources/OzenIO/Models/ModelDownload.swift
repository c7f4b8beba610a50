import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OzenKit

/// Downloads one file into a `.part` file that survives anything: a cut or refused connection
/// is retried with growing pauses and continues with an HTTP range request; a killed process
/// or a full disk leaves the part and its `download.json`, and the next run continues from
/// there if the server still has the same file (same size, and the same ETag or
/// Last-Modified); a server without range support is started over, and that is said.
///
/// The caller checks the finished file (header, sha256, a real load) before it is used; this
/// type only guarantees that the bytes are the server's file, in order, whole.
public final class ModelDownload: Sendable {
    public enum Event: Sendable {
        case progress(DownloadProgress)
        case resuming(from: Int64)
        case startingOver(ResumeDecision.StartOverReason)
        case retrying(in: Double, reason: String)
    }

    public let url: String
    public let partPath: String
    public let recordPath: String
    /// Seconds without a byte before a connection counts as dead.
    public let idleTimeout: Double
    /// The pauses between tries; each `run` paces itself from these.
    public let delays: RetryDelays
    /// Free bytes on the part's disk, checked when the server has said the file's size.
    public let freeSpace: @Sendable (String) -> Int64?
    public let headroom: Int64

    public init(url: String, partPath: String, expectedSize: Int64?, idleTimeout: Double = 30, delays: RetryDelays = RetryDelays(),
                headroom: Int64 = 64_000_000, freeSpace: @escaping @Sendable (String) -> Int64? = DiskSpace.free) {
        self.url = url
        self.partPath = partPath
        self.recordPath = (partPath as NSString).deletingLastPathComponent + "/download.json"
        self.idleTimeout = idleTimeout
        self.delays = delays
        self.freeSpace = freeSpace
        self.headroom = headroom
        self.expectedSize = expectedSize
    }

    private let expectedSize: Int64?

    /// Bytes of this download already on disk.
    public var bytesOnDisk: Int64 { Self.size(of: partPath) }

    /// Runs until the file is whole (its size is returned) or a failure that waiting will not mend.
    public func run(onEvent: @escaping @Sendable (Event) -> Void) throws(DownloadFailure) -> Int64 {
        guard let address = URL(string: url), let scheme = address.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            throw .badAddress(url)
        }
        var record = loadRecord()
        let folder = (partPath as NSString).deletingLastPathComponent
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw .cannotWrite(path: folder, reason: error.localizedDescription)
        }
        if !FileManager.default.fileExists(atPath: partPath) { _ = FileManager.default.createFile(atPath: partPath, contents: nil) }
        var progress = DownloadProgress(done: bytesOnDisk, total: record.size)
        var delays = self.delays
        var tries = 0
        while true {
            tries += 1
            let have = bytesOnDisk
            if have > 0 { onEvent(.resuming(from: have)) }
            let attempt = Attempt(download: self, record: record, have: have, progress: progress, onEvent: onEvent)
            let outcome = attempt.run(address: address)
            record = attempt.record
            progress = attempt.progress
            switch outcome {
            case .finished(let total):
                try? FileManager.default.removeItem(atPath: recordPath)
                return total
            case .failed(let failure):
                throw failure
            case .interrupted(let reason, let progressed):
                if progressed { delays.progressed() }
                guard let pause = delays.failed() else { throw .gaveUp(url: url, tries: tries, lastReason: reason, kept: bytesOnDisk) }
                onEvent(.retrying(in: pause, reason: reason))
                Thread.sleep(forTimeInterval: pause)
            }
        }
    }

    func loadRecord() -> PartialDownload {
        let fresh = PartialDownload(url: url, size: expectedSize)
        guard let data = FileManager.default.contents(atPath: recordPath),
              let saved = try? JSONDecoder().decode(PartialDownload.self, from: data),
              saved.url == url, expectedSize == nil || saved.size == nil || saved.size == expectedSize else {
            // No record, or one for another file: what is on disk cannot be trusted.
            try? FileManager.default.removeItem(atPath: partPath)
            return fresh
        }
        return PartialDownload(url: url, size: saved.size ?? expectedSize, etag: saved.etag, lastModified: saved.lastModified)
    }

    func save(_ record: PartialDownload) throws(DownloadFailure) {
        do { try JSONEncoder().encode(record).write(to: URL(fileURLWithPath: recordPath), options: .atomic) } catch {
            if Self.isDiskFull(error) { throw .diskFull(folder: (partPath as NSString).deletingLastPathComponent, kept: bytesOnDisk) }
            throw .cannotWrite(path: recordPath, reason: error.localizedDescription)
        }
    }

    static func size(of path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    static func isDiskFull(_ error: Error) -> Bool {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain && (ns.code == Int(ENOSPC) || ns.code == Int(EDQUOT)) { return true }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           underlying.code == Int(ENOSPC) || underlying.code == Int(EDQUOT) { return true }
        return ns.domain == NSCocoaErrorDomain && ns.code == CocoaError.fileWriteOutOfSpace.rawValue
    }
}

/// One request of a download: its answer decided by `ResumeDecision`, its body written to the part.
// @unchecked: URLSession's delegate; its state is touched only on the session's serial delegate queue, and read after `done`.
private final class Attempt: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    enum Outcome { case finished(Int64), failed(DownloadFailure), interrupted(String, progressed: Bool) }

    let download: ModelDownload
    var record: PartialDownload
    var progress: DownloadProgress
    let onEvent: @Sendable (ModelDownload.Event) -> Void
    private let have: Int64
    private var written: Int64
    private var total: Int64?
    private var handle: FileHandle?
    private var outcome: Outcome?
    private var lastReport = 0.0
    private let done = DispatchSemaphore(value: 0)
    private let clock = Date()

    init(download: ModelDownload, record: PartialDownload, have: Int64, progress: DownloadProgress,
         onEvent: @escaping @Sendable (ModelDownload.Event) -> Void) {
        self.download = download; self.record = record; self.have = have; self.written = have
        self.progress = progress; self.onEvent = onEvent
    }

    func run(address: URL) -> Outcome {
        var request = URLRequest(url: address)
        request.httpMethod = "GET"
        for (k, v) in record.resumeHeaders(have: have) { request.setValue(v, forHTTPHeaderField: k) }
        // Model files are already compressed; a transparently gzipped body would break ranges.
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = download.idleTimeout
        configuration.timeoutIntervalForResource = 7 * 24 * 3600
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        session.dataTask(with: request).resume()
        done.wait()
        try? handle?.close()
        return outcome ?? .interrupted(tr("החיבור נסגר", "the connection closed"), progressed: written > have)
    }

    private func now() -> Double { Date().timeIntervalSince(clock) }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        guard let http = response as? HTTPURLResponse else { completionHandler(.cancel); return }
        var headers = [String: String]()
        for (k, v) in http.allHeaderFields { if let k = k as? String, let v = v as? String { headers[k] = v } }
        let answer = ServerAnswer(status: http.statusCode, headers: headers)
        let decision = ResumeDecision.decide(answer, have: have, record: record, url: download.url)
        do {
            switch decision {
            case .append(let total):
                try begin(total: total, answer: answer, truncate: false)
                completionHandler(.allow)
            case .startOver(let total, let reason):
                onEvent(.startingOver(reason))
                try begin(total: total, answer: answer, truncate: true)
                completionHandler(.allow)
            case .complete:
                outcome = .finished(have)
                completionHandler(.cancel)
            case .retry(let reason):
                outcome = .interrupted(reason, progressed: false)
                completionHandler(.cancel)
            case .fail(let failure):
                outcome = .failed(failure)
                completionHandler(.cancel)
            }
        } catch {
            outcome = .failed(error)
            completionHandler(.cancel)
        }
    }

    /// Records the server's validators and opens the part for writing, after checking that the
    /// rest of the file fits on the disk.
    private func begin(total: Int64?, answer: ServerAnswer, truncate: Bool) throws(DownloadFailure) {
        let from = truncate ? 0 : have
        self.total = total
        let folder = (download.partPath as NSString).deletingLastPathComponent
        if let total, let free = download.freeSpace(folder), total - from + download.headroom > free {
            throw .tooLittleSpace(folder: folder, needed: total - from + download.headroom, free: free, smallerThatFits: [])
        }
        record.size = total ?? record.size
        record.etag = answer.etag
        record.lastModified = answer.lastModified
        try download.save(record)
        guard let handle = FileHandle(forWritingAtPath: download.partPath) else {
            throw .cannotWrite(path: download.partPath, reason: tr("אי אפשר לפתוח", "cannot be opened"))
        }
        do {
            if truncate { try handle.truncate(atOffset: 0) }
            try handle.seek(toOffset: UInt64(from))
        } catch { throw .cannotWrite(path: download.partPath, reason: error.localizedDescription) }
        self.handle = handle
        written = from
        progress.total = total
        progress.restart(at: from, time: now())
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard outcome == nil, let handle else { return }
        do {
            try handle.write(contentsOf: data)
            written += Int64(data.count)
        } catch {
            written = ModelDownload.size(of: download.partPath)
            let folder = (download.partPath as NSString).deletingLastPathComponent
            outcome = .failed(ModelDownload.isDiskFull(error) ? .diskFull(folder: folder, kept: written)
                                                              : .cannotWrite(path: download.partPath, reason: error.localizedDescription))
            dataTask.cancel()
            return
        }
        let t = now()
        progress.advance(to: written, time: t)
        if t - lastReport >= 0.5 { lastReport = t; onEvent(.progress(progress)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        if outcome == nil {
            if let error {
                outcome = .interrupted(error.localizedDescription, progressed: written > have)
            } else if let total, written != total {
                outcome = .interrupted(tr("החיבור נסגר אחרי \(written) מתוך \(total) בתים", "the connection closed after \(written) of \(total) bytes"), progressed: written > have)
            } else {
                onEvent(.progress(progress))
                outcome = .finished(written)
            }
        }
        done.signal()
    }
}
