import CPulse
import Foundation
import OzenKit
import Synchronization

/// One running recording of an output's monitor: what the computer plays, as float mono at the
/// output's own rate (the server mixes the channels down), read on a thread of its own in
/// 20 ms pieces and handed to `deliver`.
///
/// 20 ms pieces: the server otherwise sends a record stream's audio in fragments of about two
/// seconds, which would hold every caption back by that much. A read returns within one piece,
/// so `close` waits at most that long for the reader to see it should stop; only then is the
/// connection freed (libpulse's simple API must not be freed under a read).
// @unchecked: `connection` is libpulse's C handle, used by the reader thread alone until `stopping` is seen.
final class MonitorStream: OpenMicrophone, @unchecked Sendable {
    private let connection: OpaquePointer
    private struct Flags {
        var stopping = false
        var running = true
        var freed = false
    }
    private let flags = Mutex(Flags())
    private let finished = DispatchSemaphore(value: 0)

    init(server: String?, monitor: String, name: String, sampleRate: Int,
         deliver: @escaping @Sendable ([Float]) -> Void) throws(InputProblem) {
        var spec = pa_sample_spec(format: PA_SAMPLE_FLOAT32LE, rate: UInt32(sampleRate), channels: 1)
        let pieceFrames = max(sampleRate / 50, 1)
        let pieceBytes = pieceFrames * MemoryLayout<Float>.size
        var attributes = pa_buffer_attr(maxlength: UInt32.max, tlength: UInt32.max, prebuf: UInt32.max,
                                        minreq: UInt32.max, fragsize: UInt32(pieceBytes))
        var error: Int32 = 0
        guard let opened = pa_simple_new(server, "Ozen", PA_STREAM_RECORD, monitor, "captions of what this computer plays",
                                         &spec, nil, &attributes, &error) else {
            let detail = String(cString: pa_strerror(error))
            // A monitor that is gone (the output was removed) is awaited like an unplugged microphone.
            if error == Int32(PA_ERR_NOENTITY.rawValue) { throw .microphoneDisconnected(name: name) }
            throw .microphoneStopped(name: name, detail: detail)
        }
        connection = opened
        let thread = Thread { [self] in read(pieceFrames: pieceFrames, deliver: deliver) }
        thread.name = "ozen computer sound"
        thread.start()
    }

    private func read(pieceFrames: Int, deliver: @Sendable ([Float]) -> Void) {
        var piece = [Float](repeating: 0, count: pieceFrames)
        defer { finished.signal() }
        while !flags.withLock({ $0.stopping }) {
            var error: Int32 = 0
            let result = piece.withUnsafeMutableBytes { bytes in
                pa_simple_read(connection, bytes.baseAddress, bytes.count, &error)
            }
            guard result >= 0 else {
                flags.withLock { $0.running = false }
                return
            }
            deliver(piece)
        }
    }

    var isRunning: Bool { flags.withLock { $0.running && !$0.stopping } }

    func close() {
        let first = flags.withLock { flags -> Bool in
            defer { flags.stopping = true }
            return !flags.stopping
        }
        guard first else { return }
        // A reader stuck in a read of a server that hangs is left with its connection: freeing
        // it under the read would crash, and the server's end closes it when this process does.
        guard finished.wait(timeout: .now() + 2) == .success else { return }
        flags.withLock { $0.freed = true }
        pa_simple_free(connection)
    }

    /// The reader thread holds the stream, so this runs only once it has ended: a connection
    /// `close` left behind is freed here.
    deinit {
        if !flags.withLock({ $0.freed }) { pa_simple_free(connection) }
    }
}
