/// The microphone she asked for: a number from `ozen devices`, a device name, or the
/// system's default.
///
/// A name matches exactly first; otherwise a part of a name matches when it fits one device
/// only ("USB" for "USB Audio Device: Audio (hw:1,0)"), since ALSA names carry card numbers
/// that change between boots.
public enum MicrophoneChoice: Sendable, Equatable, CustomStringConvertible {
    case index(Int)
    case name(String)
    case systemDefault

    /// "3" is an index, anything else a name; nil, empty or "default" (what `description` says
    /// for it, and what the desktop launcher passes) is the system's default.
    public init(_ text: String?) {
        guard let text, !text.isEmpty, text != "default" else { self = .systemDefault; return }
        if let number = Int(text), number >= 0 { self = .index(number) } else { self = .name(text) }
    }

    public var description: String {
        switch self {
        case .index(let number): return "\(number)"
        case .name(let name): return name
        case .systemDefault: return "default"
        }
    }

    /// The device this choice means among `devices`; nil when it is not there.
    public func find(in devices: [MicrophoneDevice]) -> MicrophoneDevice? {
        switch self {
        case .index(let number): return devices.first { $0.index == number }
        case .systemDefault: return devices.first { $0.isDefault } ?? devices.first
        case .name(let name):
            if let exact = devices.first(where: { $0.name == name }) { return exact }
            let partial = devices.filter { $0.name.localizedCaseInsensitiveContains(name) }
            return partial.count == 1 ? partial[0] : nil
        }
    }
}
