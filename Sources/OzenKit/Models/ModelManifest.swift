import Foundation

/// The record setup writes beside every model file: where it came from and what it must be.
/// `manifest.json` in the model's folder; the loader trusts nothing the manifest does not vouch for.
public struct ModelManifest: Codable, Sendable, Equatable {
    public struct Source: Codable, Sendable, Equatable {
        public struct File: Codable, Sendable, Equatable {
            public var name: String
            public var sha256: String
            public init(name: String, sha256: String) { self.name = name; self.sha256 = sha256 }
        }
        public var packages: [String]
        public var files: [File]
        public init(packages: [String], files: [File]) { self.packages = packages; self.files = files }
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

    public init(name: String, kind: String, file: String, size: Int, sha256: String, licence: String, source: Source, converter: Converter?) {
        self.name = name; self.kind = kind; self.file = file; self.size = size; self.sha256 = sha256
        self.licence = licence; self.source = source; self.converter = converter
    }
}
