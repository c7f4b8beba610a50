import Foundation

/// A sound card for tests on a machine that has none: an ALSA configuration of the tests'
/// own (loaded after the system's, through ALSA_CONFIG_PATH) whose capture devices read
/// real recordings that the test writes into named pipes.
///
/// Each device is ALSA's `file` plugin on the `null` device, behind `plug` fixing the
/// format at 16-bit mono: PortAudio lists it and opens it like any microphone, and what it
/// delivers is the recording bit for bit. It is not paced: a recording written in one go
/// arrives at once, then the device waits for more (a stalled microphone). The test keeps
/// each pipe open for writing itself, so ALSA's open never waits for a writer.
public final class TestSoundCard: @unchecked Sendable {
    public struct Device: Sendable {
        public var name: String
        public var rate: Int
        /// Reads /dev/zero instead of a pipe: a muted microphone, delivering exact zeros as
        /// fast as they are read.
        public var zeros: Bool
        public init(name: String, rate: Int, zeros: Bool = false) {
            self.name = name
            self.rate = rate
            self.zeros = zeros
        }
    }

    public let folder: URL
    public let devices: [Device]
    private let lock = NSLock()
    private var writers: [String: Int32] = [:]
    private var present: Set<String>

    /// The value for ALSA_CONFIG_PATH: the system's configuration, then ours.
    public var alsaConfigPath: String { "/usr/share/alsa/alsa.conf:" + configURL.path }
    private var configURL: URL { folder.appendingPathComponent("asound.conf") }

    public init(devices: [Device] = [Device(name: "ozen_test_mic", rate: 16_000)]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-sound-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.devices = devices
        present = Set(devices.map(\.name))
        for device in devices where !device.zeros { try openPipe(device.name) }
        try writeConfig()
    }

    deinit {
        for fd in writers.values { close(fd) }
        try? FileManager.default.removeItem(at: folder)
    }

    func pipePath(_ name: String) -> String { folder.appendingPathComponent("\(name).pcm").path }

    /// Writes 16-bit samples for `device` to deliver; at most 1 MiB (32 s at 16 kHz) at a time.
    public func play(_ samples: [Int16], on device: String) {
        lock.lock()
        let fd = writers[device]
        lock.unlock()
        guard let fd else { return }
        samples.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }

    /// The device leaves the configuration (as a microphone leaves the card list when it is
    /// unplugged): the next PortAudio scan no longer lists it.
    public func remove(_ device: String) throws {
        lock.withLock { _ = present.remove(device) }
        try writeConfig()
    }

    /// The device is listed again.
    public func restore(_ device: String) throws {
        lock.withLock { _ = present.insert(device) }
        try writeConfig()
    }

    /// Closes the test's end of the device's pipe: a read waiting on it returns (end of file).
    public func hangUp(_ device: String) {
        lock.lock()
        let fd = writers.removeValue(forKey: device)
        lock.unlock()
        if let fd { close(fd) }
    }

    /// A fresh pipe for the device, held open for writing.
    public func reconnect(_ device: String) throws {
        hangUp(device)
        try openPipe(device)
    }

    private func openPipe(_ name: String) throws {
        let path = pipePath(name)
        unlink(path)
        guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        // Read-write: opening never waits for a reader, and the pipe always has a writer.
        let fd = open(path, O_RDWR)
        guard fd >= 0 else { throw CocoaError(.fileReadNoPermission) }
        _ = fcntl(fd, 1031 /* F_SETPIPE_SZ */, Int32(1 << 20))
        lock.withLock { writers[name] = fd }
    }

    /// Written to a new file and renamed over the old one: ALSA notices a new inode at once,
    /// where a rewrite within the same second could look unchanged.
    private func writeConfig() throws {
        let shown = lock.withLock { present }
        var text = ""
        for device in devices where shown.contains(device.name) {
            // The file plugin sits inside the plug's definition, so only the microphone itself
            // is listed (a listed raw device would be a second reader of the same pipe).
            let source = device.zeros ? "/dev/zero" : pipePath(device.name)
            text += """
            pcm.\(device.name) { type plug; slave { pcm { type file; slave.pcm "null"; file "/dev/null"; \
            infile "\(source)"; format "raw" }; format S16_LE; rate \(device.rate); channels 1 } }

            """
        }
        let temporary = folder.appendingPathComponent("asound.conf.new")
        try text.write(to: temporary, atomically: false, encoding: .utf8)
        guard rename(temporary.path, configURL.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// 16-bit samples of float audio, as a microphone's converter would round them.
    public static func pcm16(_ samples: [Float]) -> [Int16] {
        samples.map { Int16(max(-32768, min(32767, ($0 * 32768).rounded()))) }
    }
}
