import Foundation

/// One thing that went wrong, was tried again, or came right, with its clock time: what a
/// diagnostics report lists so that a family member can see what happened and when. Its text
/// is a status message (a microphone, the cloud, a model), never caption text.
public struct Incident: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        case failure, retry, recovery
    }

    public var time: Date
    public var kind: Kind
    /// "microphone", "cloud", "history", …
    public var source: String
    public var text: String

    public init(time: Date = Date(), kind: Kind, source: String, text: String) {
        self.time = time; self.kind = kind; self.source = source; self.text = text
    }
}
