import CCivetWeb
import Foundation
import OzenKit
import Synchronization

/// The HTTP and WebSocket server behind `ozen serve`, on CivetWeb (Debian's libcivetweb).
///
/// - Files of `documentRoot` (the display page) are served to plain GETs; no directory lists.
/// - Routes answer paths under their prefix (the history API under "/api/").
/// - A WebSocket upgrade at "/" gets a handler of its own. CivetWeb runs each connection on a
///   thread of its own, so a slow or stuck client holds up only itself.
/// - Messages larger than `maximumMessageBytes` (4 MiB, as Ozen's own server) close the
///   connection with 1009; fragmented messages are put together first.
/// - A browser page from another site may not connect: an upgrade whose Origin names a host
///   other than the one it asked (Host) is refused. Clients that send no Origin (the phone
///   app) are let in; the pairing token guards them where it is needed.
/// - CivetWeb's threads have 100 KiB stacks (Debian's build), so no Swift work runs on them:
///   routes and a WebSocket's whole upgrade run on a dispatch queue while the thread waits,
///   and each connection's messages are handed, in order, to a serial queue of its own. A
///   client whose messages pile up there (more than `maximumWaitingMessages`) is read no
///   further until they are handled (TCP holds it back), and disconnected (1008) if nothing
///   moves for `heldBackSeconds`.
/// - A WebSocket's objects are freed off CivetWeb's threads too (its request and headers, its
///   state, its unsent messages): its upgrade and its close run on a dispatch thread. glibc
///   keeps up to 7 freed small blocks of each size in a cache per thread, and CivetWeb's
///   threads never end and take turns at new connections, so blocks freed there would hold
///   the heap's pages they sit in for the server's life. `ozen bench serve --clients 4
///   --minutes 3`, the build before and this one, two pairs: heap 49 → 58 against 49 → 57 MiB
///   and 50 → 58 against 49 → 57 MiB; the server +3.9 % against +3.2 % and +3.5 % against
///   +3.3 % of warm.
// @unchecked: a C callback's context (libcivetweb calls it on its threads); `context` and the option strings are C pointers.
public final class WebServer: @unchecked Sendable {
    public struct Options: Sendable {
        public var address: ListenAddress
        public var documentRoot: String
        public var maximumMessageBytes = 4 << 20
        /// Connections served at once (each WebSocket holds one of CivetWeb's threads).
        public var threads = 32
        /// Messages received but not yet handled, per connection: 25 s of audio in 100 ms frames.
        public var maximumWaitingMessages = 256
        /// How long a client whose messages are not being handled is held back (its frames
        /// left unread) before it is disconnected (1008).
        public var heldBackSeconds = 30.0
        /// The largest request body a route is given (OpenAI's audio uploads stop at 25 MB).
        public var maximumBodyBytes = 25 << 20

        public init(address: ListenAddress, documentRoot: String) {
            self.address = address
            self.documentRoot = documentRoot
        }
    }

    public typealias Route = @Sendable (HTTPRequest) -> HTTPResponse

    public let options: Options
    private var context: OpaquePointer?
    private let routes: [(prefix: String, route: Route)]
    private let makeHandler: @Sendable (WebSocketPeer, HTTPRequest) -> (any WebSocketHandler)?
    private let live = LiveWebSockets()
    /// WebSockets the server holds (open ones), for tests.
    var heldWebSockets: Int { live.count }
    private var optionStrings: [UnsafeMutablePointer<CChar>?] = []
    /// The port the server really listens on (useful with port 0).
    public private(set) var port: Int = 0

    final class ConnectionState: Sendable {
        let peer: WebSocketPeer
        let handler: any WebSocketHandler
        /// A message's fragments as they come, and its opcode: put together on the connection's
        /// CivetWeb thread alone, so this lock is never waited for.
        private let fragments = Mutex<(bytes: [UInt8], opcode: Int32)>(([], 0))
        /// Where the handler runs, one message at a time, in the order they came.
        let queue = DispatchQueue(label: "ozen-websocket-connection")
        /// Messages handed to `queue` and not yet handled.
        private let waiting = WaitableMutex(0)
        init(peer: WebSocketPeer, handler: any WebSocketHandler) {
            self.peer = peer
            self.handler = handler
        }

        enum Gathered {
            case more
            case tooLarge
            case message([UInt8], opcode: Int32)
        }

        /// Adds one frame's bytes (a new message when `opcode` is not 0, a continuation's); the
        /// whole message once its last frame came, `tooLarge` once it would pass `limit` bytes.
        func gather(opcode: Int32, isLast: Bool, _ bytes: UnsafeMutablePointer<CChar>?, _ length: Int, limit: Int) -> Gathered {
            fragments.withLock { fragments in
                if opcode != 0 { fragments.opcode = opcode; fragments.bytes.removeAll() }
                guard fragments.bytes.count + length <= limit else { return .tooLarge }
                if length > 0, let bytes {
                    fragments.bytes.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: length).bindMemory(to: UInt8.self))
                }
                guard isLast else { return .more }
                let message = fragments.bytes
                fragments.bytes.removeAll(keepingCapacity: false)
                return .message(message, opcode: fragments.opcode)
            }
        }

        /// Hands work to the connection's queue. When `limit` messages already wait, CivetWeb's
        /// thread waits too (up to `heldBack` seconds), so it stops reading this client and TCP
        /// slows the client down; false when the queue did not move in that time.
        func deliver(limit: Int, heldBack: Double, _ work: @escaping @Sendable () -> Void) -> Bool {
            let deadline = Date(timeIntervalSinceNow: heldBack)
            let room = waiting.withLock(waitingUntil: deadline, for: { $0 < limit }) { waiting -> Bool in
                guard waiting < limit else { return false }
                waiting += 1
                return true
            }
            guard room else { return false }
            queue.async { [self] in
                work()
                waiting.withLock {
                    $0 -= 1
                    waiting.broadcast()
                }
            }
            return true
        }
    }

    /// Starts listening. `webSocket` makes the handler of a new connection, or returns nil to refuse it.
    public init(options: Options, routes: [(prefix: String, route: Route)],
                webSocket: @escaping @Sendable (WebSocketPeer, HTTPRequest) -> (any WebSocketHandler)?) throws {
        self.options = options
        self.routes = routes
        self.makeHandler = webSocket
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: options.documentRoot, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WebServerError.noPage(options.documentRoot)
        }
        _ = Self.libraryStarted
        let settings: [(String, String)] = [
            ("listening_ports", "\(options.address.host):\(options.address.port)"),
            ("document_root", options.documentRoot),
            ("enable_directory_listing", "no"),
            // A tablet must not run an hour-old page after an update.
            ("static_file_max_age", "0"),
            ("num_threads", String(options.threads)),
            ("websocket_timeout_ms", "20000"),
            ("enable_websocket_ping_pong", "yes"),
            ("request_timeout_ms", "10000"),
        ]
        // CivetWeb keeps pointers to some option strings: they live as long as the server.
        let strings = settings.flatMap { [strdup($0.0), strdup($0.1)] } + [nil]
        optionStrings = strings
        var callbacks = mg_callbacks()
        callbacks.log_message = { _, _ in 1 }   // CivetWeb's own log lines stay out of her terminal
        let me = Unmanaged.passUnretained(self).toOpaque()
        context = strings.map { UnsafePointer($0) }.withUnsafeBufferPointer { pointers in
            mg_start(&callbacks, me, UnsafeMutablePointer(mutating: pointers.baseAddress))
        }
        guard let context else { throw WebServerError.cannotListen(options.address) }
        for (prefix, _) in routes {
            mg_set_request_handler(context, prefix, { connection, data in
                guard let connection, let data else { return 0 }
                return Unmanaged<WebServer>.fromOpaque(data).takeUnretainedValue().answer(connection)
            }, me)
        }
        mg_set_websocket_handler(context, "/", { connection, data in
            guard let connection, let data else { return 1 }
            return Unmanaged<WebServer>.fromOpaque(data).takeUnretainedValue().upgrade(connection)
        }, nil, { connection, bits, bytes, length, data in
            guard let connection, let data else { return 0 }
            return Unmanaged<WebServer>.fromOpaque(data).takeUnretainedValue().frame(connection, bits, bytes, length)
        }, { connection, data in
            guard let connection, let data else { return }
            Unmanaged<WebServer>.fromOpaque(data).takeUnretainedValue().closed(connection)
        }, me)
        var ports = [mg_server_port](repeating: mg_server_port(), count: 4)
        let count = mg_get_server_ports(context, Int32(ports.count), &ports)
        port = count > 0 ? Int(ports[0].port) : options.address.port
    }

    private static let libraryStarted: Bool = { mg_init_library(0); return true }()

    /// Stops listening and closes every connection.
    public func stop() {
        guard let context else { return }
        self.context = nil
        mg_stop(context)
    }

    deinit {
        stop()
        optionStrings.forEach { free($0) }
    }

    // MARK: requests

    private func request(_ connection: OpaquePointer) -> HTTPRequest {
        guard let info = mg_get_request_info(connection)?.pointee else { return HTTPRequest(method: "GET", path: "/") }
        var headers: [String: String] = [:]
        withUnsafeBytes(of: info.http_headers) { raw in
            let list = raw.bindMemory(to: mg_header.self)
            for header in list.prefix(Int(info.num_headers)) {
                guard let name = header.name, let value = header.value else { continue }
                headers[String(cString: name).lowercased()] = String(cString: value)
            }
        }
        let address = withUnsafeBytes(of: info.remote_addr) { raw in
            String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        return HTTPRequest(method: info.request_method.map { String(cString: $0) } ?? "GET",
                           path: info.local_uri.map { String(cString: $0) } ?? "/",
                           query: Self.parseQuery(info.query_string.map { String(cString: $0) } ?? ""),
                           headers: headers, remoteAddress: address)
    }

    static func parseQuery(_ query: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            if let key = parts.first { result[key] = parts.count > 1 ? parts[1] : "" }
        }
        return result
    }

    private func answer(_ connection: OpaquePointer) -> Int32 {
        var request = request(connection)
        guard let route = routes.first(where: { request.path.hasPrefix($0.prefix) })?.route else { return 0 }
        let response: HTTPResponse
        switch readBody(connection, declared: request.headers["content-length"], method: request.method) {
        case .success(let body):
            request.body = body
            response = Self.offCivetWebThread { [request] in route(request) }
        case .failure(let refusal):
            response = refusal.response
        }
        let head = "HTTP/1.1 \(response.status) \(HTTPResponse.reason(response.status))\r\n"
            + "Content-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\n"
            + "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        var bytes = Array(head.utf8) + response.body
        _ = mg_write(connection, &bytes, bytes.count)
        return Int32(response.status)
    }

    struct BodyRefusal: Error {
        var response: HTTPResponse
    }

    /// The body of a POST or PUT, up to `maximumBodyBytes`; a larger one is refused unread (413),
    /// one cut short is refused (400).
    private func readBody(_ connection: OpaquePointer, declared: String?, method: String) -> Result<[UInt8], BodyRefusal> {
        guard method == "POST" || method == "PUT" else { return .success([]) }
        func refuse(_ status: Int, _ message: String) -> Result<[UInt8], BodyRefusal> {
            .failure(BodyRefusal(response: .json(#"{"error":{"message":"\#(message)","type":"invalid_request_error"}}"#, status: status)))
        }
        guard let declared, let length = Int(declared), length >= 0 else {
            return refuse(411, "a Content-Length is needed")
        }
        guard length <= options.maximumBodyBytes else {
            return refuse(413, "the upload is \(length) bytes; at most \(options.maximumBodyBytes) are taken")
        }
        var body = [UInt8](repeating: 0, count: length)
        var got = 0
        while got < length {
            let n = body.withUnsafeMutableBytes { raw in mg_read(connection, raw.baseAddress! + got, length - got) }
            if n <= 0 { break }
            got += Int(n)
        }
        guard got == length else { return refuse(400, "the upload stopped after \(got) of \(length) bytes") }
        return .success(body)
    }

    /// Runs `work` on a dispatch thread (full-size stack) and waits for its answer.
    static func offCivetWebThread<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let answer = AnswerBox<T>()
        DispatchQueue.global().async {
            let value = work()
            answer.value.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return answer.value.withLock { $0! }
    }

    // MARK: WebSockets

    /// Whether a browser page's Origin is this server's own page.
    static func originAllowed(_ origin: String?, host: String?) -> Bool {
        guard let origin, origin != "null" else { return origin == nil }
        guard let host, let url = URL(string: origin), let originHost = url.host else { return false }
        let originAuthority = url.port.map { "\(originHost):\($0)" } ?? originHost
        return originAuthority.lowercased() == host.lowercased()
    }

    private func upgrade(_ connection: OpaquePointer) -> Int32 {
        let civetWeb = CivetWebConnection(pointer: connection)
        return Self.offCivetWebThread { [self] in accept(civetWeb.pointer) } ? 0 : 1
    }

    /// Whether to take a WebSocket upgrade, and its handler if so. Runs on a dispatch thread
    /// while CivetWeb's thread waits, so its request and headers are made and freed there.
    private func accept(_ connection: OpaquePointer) -> Bool {
        let request = request(connection)
        guard Self.originAllowed(request.headers["origin"], host: request.headers["host"]) else { return false }
        let remotePort = Int(mg_get_request_info(connection)?.pointee.remote_port ?? 0)
        let socket = ConnectionSocket.find(remoteAddress: request.remoteAddress, remotePort: remotePort, serverPort: port)
        let peer = WebSocketPeer(connection: connection, remoteAddress: request.remoteAddress, origin: request.headers["origin"],
                                 socket: socket)
        guard let handler = makeHandler(peer, request) else {
            peer.detach()
            return false
        }
        live.upgraded(connection, ConnectionState(peer: peer, handler: handler))
        return true
    }

    private func frame(_ connection: OpaquePointer, _ bits: Int32, _ bytes: UnsafeMutablePointer<CChar>?, _ length: Int) -> Int32 {
        guard let state = live.state(connection) else { return 0 }
        let opcode = bits & 0x0f
        let isLast = bits & 0x80 != 0
        switch opcode {
        case 0x8:
            return 0
        case 0x9, 0xa:
            return 1
        default:
            break
        }
        if state.peer.isClosing { return 0 }
        let message: [UInt8], messageOpcode: Int32
        switch state.gather(opcode: opcode, isLast: isLast, bytes, length, limit: options.maximumMessageBytes) {
        case .more:
            return 1
        case .tooLarge:
            state.peer.close(code: 1009)
            return 1
        case .message(let bytes, let opcode):
            (message, messageOpcode) = (bytes, opcode)
        }
        let handler = state.handler
        let delivered: Bool
        switch messageOpcode {
        case 0x1:
            // Invalid UTF-8 is a malformed message: the handler sees it as text it cannot read.
            delivered = state.deliver(limit: options.maximumWaitingMessages, heldBack: options.heldBackSeconds) {
                handler.received(text: String(decoding: message, as: UTF8.self))
            }
        case 0x2:
            delivered = state.deliver(limit: options.maximumWaitingMessages, heldBack: options.heldBackSeconds) {
                handler.received(binary: message)
            }
        default:
            delivered = true
        }
        if !delivered { state.peer.close(code: 1008) }
        return 1
    }

    /// The connection is gone: it is let go on a dispatch thread while CivetWeb's thread waits,
    /// and its handler told on its own queue, so its state is freed on one of those.
    private func closed(_ connection: OpaquePointer) {
        let civetWeb = CivetWebConnection(pointer: connection)
        Self.offCivetWebThread { [live] in
            guard let state = live.closed(civetWeb.pointer) else { return }
            state.peer.detach()
            state.queue.async { state.handler.closed() }
        }
    }
}

/// Carries a result from a dispatch thread back to the CivetWeb thread that waits for it.
private final class AnswerBox<T: Sendable>: Sendable { let value = Mutex<T?>(nil) }

/// CivetWeb's handle of a connection, carried to the dispatch thread that works for CivetWeb's
/// thread while that thread waits (the connection lives at least that long).
// @unchecked: an OpaquePointer, used on one thread at a time (CivetWeb's, or the one it waits for).
struct CivetWebConnection: @unchecked Sendable { let pointer: OpaquePointer }

public enum WebServerError: Error, CustomStringConvertible {
    case cannotListen(ListenAddress)
    case noPage(String)

    public var description: String {
        switch self {
        case .cannotListen(let address):
            return "could not listen on \(address.host):\(address.port) — is another `ozen serve` or another program using that port? Pick another with --port"
        case .noPage(let path):
            return "the display page was not found at \(path) — run `ozen serve` from the Ozen folder or set OZEN_WEB to the folder that holds index.html"
        }
    }
}
