/// Where a line was heard when the room and a call on the computer are captioned together
/// (`ozen listen --device MIC --device computer`): the microphone hears the room, the output's
/// monitor hears the call or video. A session with one source leaves it unset.
public enum LineSource: String, Sendable, Equatable, CaseIterable {
    case room
    case call

    /// How the terminal and the page name it, in her language.
    public var shown: String {
        switch self {
        case .room: tr("בחדר", "room")
        case .call: tr("בשיחה", "call")
        }
    }
}
