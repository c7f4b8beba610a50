import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A blocking HTTP GET with a bounded wait, for the tests that talk to `ozen serve` and to the
/// browser's DevTools endpoint (plain http on 127.0.0.1 only).
enum PlainHTTP {
    struct Response {
        var status: Int
        var body: Data
        var contentType: String?
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    final class Outcome: @unchecked Sendable {
        var response: Response?
        var error: Error?
    }

    static func get(_ url: String, headers: [String: String] = [:], timeout: Double = 10) throws -> Response {
        guard let address = URL(string: url) else { throw PlainHTTPError.badAddress(url) }
        var request = URLRequest(url: address, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let task = URLSession.shared.dataTask(with: request) { data, response, error in
            if let http = response as? HTTPURLResponse {
                outcome.response = Response(status: http.statusCode, body: data ?? Data(),
                                            contentType: http.value(forHTTPHeaderField: "Content-Type"))
            }
            outcome.error = error
            done.signal()
        }
        task.resume()
        guard done.wait(timeout: .now() + timeout + 1) == .success else {
            task.cancel()
            throw PlainHTTPError.noAnswer(url)
        }
        if let response = outcome.response { return response }
        throw outcome.error ?? PlainHTTPError.noAnswer(url)
    }
}

enum PlainHTTPError: Error, CustomStringConvertible {
    case badAddress(String)
    case noAnswer(String)

    var description: String {
        switch self {
        case .badAddress(let url): return "not an address: \(url)"
        case .noAnswer(let url): return "no answer from \(url)"
        }
    }
}
