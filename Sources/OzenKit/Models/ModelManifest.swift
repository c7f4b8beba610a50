import Foundation

/// The record setup writes beside every model file: where it came from and what it must be.
/// `manifest.json` in the model's folder; the loader trusts nothing the manifest does not vouch for.
public struct ModelManifest: Codable, Sendable, Equatable {
    public struct Source: Codable, Sendable, Equatable {
        public struct File: Codable, Sendable, Equatable {
            public var name: String
            public var sha256: String
        }
        public var packages: [String]
        public var files: [File]
    }
    public struct Converter: Codable, Sendable, Equatable {
        public var name: String
        public var version: String
    }

    public var name: String
    /// "whisper-ggml" or "silero-vad-onnx".
    public var kind: String
    /// The model file's name inside the model's folder.
    public var file: String
    public var size: Int
    public var sha256: String
    public var licence: String
    public var source: Source
    public var converter: Converter?
}
