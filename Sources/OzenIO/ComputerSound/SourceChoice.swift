import OzenKit

/// What `--device` asks to caption: a microphone (`ozen devices`' number or name, or the
/// system's default), or what the computer plays: `computer` for the default output,
/// `computer:NAME` or `computer:NUMBER` for another.
public struct SourceChoice: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case microphone
        case computer
    }

    public var kind: Kind
    /// Which one of that kind.
    public var device: MicrophoneChoice

    /// The word that picks the computer's sound.
    public static let computerWord = "computer"

    public init(kind: Kind, device: MicrophoneChoice) {
        self.kind = kind
        self.device = device
    }

    /// Reads `--device`'s value; nil is the default microphone.
    public init(_ text: String?) {
        guard let text else { self.init(kind: .microphone, device: .systemDefault); return }
        if text.lowercased() == Self.computerWord {
            self.init(kind: .computer, device: .systemDefault)
        } else if text.lowercased().hasPrefix(Self.computerWord + ":") {
            self.init(kind: .computer, device: MicrophoneChoice(String(text.dropFirst(Self.computerWord.count + 1))))
        } else {
            self.init(kind: .microphone, device: MicrophoneChoice(text))
        }
    }


    /// Where devices of this kind come from.
    public var system: any MicrophoneSystem {
        switch kind {
        case .microphone: return PortAudioMicrophones()
        case .computer: return ComputerSound()
        }
    }

    public var description: String {
        switch (kind, device) {
        case (.microphone, _): return device.description
        case (.computer, .systemDefault): return Self.computerWord
        case (.computer, _): return Self.computerWord + ":" + device.description
        }
    }
}
