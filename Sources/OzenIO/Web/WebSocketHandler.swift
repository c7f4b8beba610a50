/// What the server does with one WebSocket connection's messages. Called on that connection's
/// own queue, one message at a time, in order; `closed` comes last, once.
public protocol WebSocketHandler: AnyObject, Sendable {
    func received(text: String)
    func received(binary: [UInt8])
    /// The connection is gone (closed by either side or dropped).
    func closed()
}
