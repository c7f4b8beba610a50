import CPulse
import Foundation
import OzenKit

/// The desktop's sound server, asked through its own client library (libpulse): PulseAudio,
/// or PipeWire's pulse server, which Debian 12's desktops run. It tells which outputs this
/// computer plays through, each with the monitor that hears what it plays.
///
/// One question per connection, on a private main loop that is run for at most `timeout`
/// seconds: a server that does not answer is an error, never a hang. The client never starts
/// a server of its own (`PA_CONTEXT_NOAUTOSPAWN`): hearing what plays needs the one that plays.
public struct SoundServer: Sendable {
    /// One output (a sink) and the monitor that hears it.
    public struct Output: Sendable, Equatable {
        /// The server's number for it, stable while the server runs.
        public var index: Int
        /// What the desktop calls it ("Built-in Audio Analog Stereo").
        public var description: String
        /// The monitor source's own name, which opens it (`alsa_output….monitor`).
        public var monitor: String
        public var channels: Int
        public var sampleRate: Int
        /// The server's default output: where a call plays unless told otherwise.
        public var isDefault: Bool
    }

    /// The server's address (`unix:/run/user/1000/pulse/native`); nil: libpulse's own search
    /// (`PULSE_SERVER`, then the user's runtime folder).
    public let address: String?
    public let timeout: Double

    public init(address: String? = nil, timeout: Double = 3) {
        self.address = address
        self.timeout = timeout
    }

    /// The outputs, the default marked. Throws `InputProblem.soundServerUnreachable` when no
    /// server answers.
    public func outputs() throws(InputProblem) -> [Output] {
        let query = OutputsQuery()
        try run(query) { context, box in
            pa_operation_unref(pa_context_get_server_info(context, { _, info, box in
                guard let box, let info = info?.pointee else { return }
                let query = Unmanaged<OutputsQuery>.fromOpaque(box).takeUnretainedValue()
                query.defaultSink = info.default_sink_name.map { String(cString: $0) }
                query.pending -= 1
            }, box))
            pa_operation_unref(pa_context_get_sink_info_list(context, { _, info, last, box in
                guard let box else { return }
                let query = Unmanaged<OutputsQuery>.fromOpaque(box).takeUnretainedValue()
                if last != 0 { query.pending -= 1; return }
                guard let info = info?.pointee else { return }
                query.sinks.append((name: String(cString: info.name),
                                    output: Output(index: Int(info.index),
                                                   description: info.description.map { String(cString: $0) } ?? String(cString: info.name),
                                                   monitor: info.monitor_source_name.map { String(cString: $0) } ?? "",
                                                   channels: Int(info.sample_spec.channels), sampleRate: Int(info.sample_spec.rate),
                                                   isDefault: false)))
            }, box))
            query.pending = 2
        }
        return query.sinks.filter { !$0.output.monitor.isEmpty }.map { sink in
            var output = sink.output
            output.isDefault = sink.name == query.defaultSink
            return output
        }
    }

    /// Connects, asks (`ask` sets `pending`), and runs the loop until every answer came.
    private func run(_ query: OutputsQuery, ask: (OpaquePointer, UnsafeMutableRawPointer) -> Void) throws(InputProblem) {
        guard let loop = pa_mainloop_new() else { throw .soundServerUnreachable(detail: "libpulse could not start") }
        defer { pa_mainloop_free(loop) }
        guard let context = pa_context_new(pa_mainloop_get_api(loop), "Ozen") else {
            throw .soundServerUnreachable(detail: "libpulse could not start")
        }
        defer {
            pa_context_disconnect(context)
            pa_context_unref(context)
        }
        let where_ = address ?? OzenEnvironment.current.soundServer ?? tr("הכתובת הרגילה", "its usual address")
        guard pa_context_connect(context, address, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else {
            throw .soundServerUnreachable(detail: "\(where_): " + String(cString: pa_strerror(pa_context_errno(context))))
        }
        let box = Unmanaged.passUnretained(query).toOpaque()
        let deadline = Date().addingTimeInterval(timeout)
        var asked = false
        // A bounded loop: each turn handles what arrived, then naps briefly.
        while Date() < deadline {
            pa_mainloop_iterate(loop, 0, nil)
            let state = pa_context_get_state(context)
            if state == PA_CONTEXT_FAILED || state == PA_CONTEXT_TERMINATED {
                throw .soundServerUnreachable(detail: "\(where_): " + String(cString: pa_strerror(pa_context_errno(context))))
            }
            if state == PA_CONTEXT_READY && !asked {
                asked = true
                ask(context, box)
            }
            if asked && query.pending == 0 { return }
            usleep(2_000)
        }
        throw .soundServerUnreachable(detail: "\(where_): " + tr("לא ענה תוך \(Int(timeout)) שניות", "no answer in \(Int(timeout)) s"))
    }
}

/// What one question gathers; touched only on the thread that runs the loop.
private final class OutputsQuery {
    var pending = 1
    var defaultSink: String?
    var sinks: [(name: String, output: SoundServer.Output)] = []
}
