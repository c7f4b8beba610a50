import Foundation

/// A conversation as the list shows it, read from its stored summary columns only.
public struct ConversationListing: Sendable, Equatable {
    public var id: Int64
    public var startedAt: Date
    /// When its last line was saved: what "continue a conversation" looks at.
    public var lastActiveAt: Date
    /// The name she gave it ("ביקור אצל הרופא"), nil when unnamed.
    public var title: String?
    public var language: String
    public var lineCount: Int
    public var starCount: Int
    public var seconds: Double
    /// The first words of the conversation, for an unnamed one.
    public var preview: String
}
