/// Who may hold a connection to `ozen serve`, so that strangers on the Wi-Fi cannot lock her
/// out: any device can open WebSockets and never say hello, and each one holds a server
/// thread until it is closed.
///
/// - Connections that have not said hello yet are few and short-lived: at most
///   `waitingPerAddress` from one address and `waiting` in all. A new connection is always let
///   in; when it would pass a limit, the one that has waited longest (from the same address
///   first) is closed to make room. So a flood only ever pushes out the flood, and a paired
///   client, which says hello within milliseconds, gets in however many came before it.
/// - Connections past hello: at most `greetedPerAddress` from one address and `greeted` in
///   all; one more is refused as busy, so no one device can take every place.
///
/// The server's threads must outnumber `waiting + greeted` (see `ServeSession`).
public struct ConnectionLimits: Sendable {
    public struct Settings: Sendable {
        public var waiting = 64
        public var waitingPerAddress = 16
        public var greeted = 48
        public var greetedPerAddress = 16
        public init() {}
    }

    public enum Admission: Sendable, Equatable {
        case admitted
        case refused(String)
    }

    public let settings: Settings
    /// Connections waiting for their hello, oldest first.
    private var waiting: [(id: Int, address: String)] = []
    private var greeted: [Int: String] = [:]

    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// A connection opened: the ids of those to close to make room for it (oldest waiting first).
    public mutating func opened(_ id: Int, from address: String) -> [Int] {
        var evicted: [Int] = []
        if waiting.filter({ $0.address == address }).count >= settings.waitingPerAddress,
           let oldest = waiting.firstIndex(where: { $0.address == address }) {
            evicted.append(waiting.remove(at: oldest).id)
        }
        if waiting.count >= settings.waiting {
            evicted.append(waiting.removeFirst().id)
        }
        waiting.append((id, address))
        return evicted
    }

    /// The connection said a good hello: admitted, or refused because its address or the
    /// server has as many connections as it takes.
    public mutating func greeted(_ id: Int) -> Admission {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return .refused(Self.gone) }
        let address = waiting.remove(at: index).address
        if greeted.values.filter({ $0 == address }).count >= settings.greetedPerAddress {
            return .refused(tr("יותר מדי חיבורים מהמכשיר הזה (\(settings.greetedPerAddress)); סגרו חלון או אפליקציה ונסו שוב",
                               "too many connections from this device (\(settings.greetedPerAddress)); close a page or app and try again"))
        }
        if greeted.count >= settings.greeted {
            return .refused(tr("יותר מדי חיבורים לשרת (\(settings.greeted)); נסו שוב כשאחד ייסגר",
                               "the server has as many connections as it takes (\(settings.greeted)); try again when one closes"))
        }
        greeted[id] = address
        return .admitted
    }

    public mutating func closed(_ id: Int) {
        waiting.removeAll { $0.id == id }
        greeted[id] = nil
    }

    public var waitingCount: Int { waiting.count }
    public var greetedCount: Int { greeted.count }

    static let gone = "the connection was closed to make room"
}
