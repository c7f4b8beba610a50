import Foundation

/// One Whisper model of the catalogue (`whisper-models.json`): where it comes from, what it
/// must be, what it costs, and how well it hears Hebrew and Swedish by its publisher's figures.
public struct CatalogueModel: Codable, Sendable, Equatable {
    /// A published word error rate, with where it was published.
    public struct ErrorRate: Codable, Sendable, Equatable {
        public var set: String
        public var wer: Double
        public var source: String
    }

    public var name: String
    public var title: String
    public var publisher: String
    public var url: String
    public var size: Int
    public var sha256: String?
    public var licence: String
    /// "multilingual", or the one language it was trained for ("he", "sv").
    public var languages: [String]
    public var quantization: String
    public var parametersMillions: Int
    public var memoryMB: Int
    /// Where `memoryMB` comes from: whisper.cpp's table, or how it was estimated.
    public var memoryBasis: String
    public var hebrew: [ErrorRate]?
    public var swedish: [ErrorRate]?
    /// For a quantized file: the model whose figures these are (none are published per file).
    public var figuresOf: String?
    public var embedded: Bool?
    /// The spoken languages this model is the one to use for.
    public var recommendedFor: [String]?
    public var note: String?

    enum CodingKeys: String, CodingKey {
        case name, title, publisher, url, size, sha256, licence, languages, quantization
        case parametersMillions = "parameters_millions", memoryMB = "memory_mb", memoryBasis = "memory_basis"
        case hebrew, swedish, figuresOf = "figures_of", embedded, recommendedFor = "recommended_for", note
    }

    public var isEmbedded: Bool { embedded ?? false }
    public func isRecommended(for language: String) -> Bool { recommendedFor?.contains(language) ?? false }
}
