import Foundation
import OzenIO
import OzenKit

/// The page's "Teach a sound" in Settings (`PageSoundTeaching`):
///
///     GET  /api/sounds          {"taught":[{"name","kind","priority","recordings"}], "teaching":{…}|null}
///     POST /api/sounds/teach    {"name":"Front door","kind":"doorbell","takes":1}  → 202 {"teaching":{…}}
///     POST /api/sounds/forget   {"name":"Front door"}                              → {"forgotten":true}
///
/// "teaching" is where it stands: {"name","kind","take","of","stage":"waiting|hearing|taught|failed",
/// "level":dBFS|null,"problem":text|null}; the page asks again every few tenths of a second.
/// With --lan every request must bring the pairing token, like the history.
struct SoundsAPI: Sendable {
    let teaching: PageSoundTeaching
    let pairing: PairingToken?

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        if let refusal = HistoryAPI.unpaired(request, pairing) { return refusal }
        switch (request.method, request.path) {
        case ("GET", "/api/sounds"): return listing()
        case ("POST", "/api/sounds/teach"): return teach(request)
        case ("POST", "/api/sounds/forget"): return forget(request)
        case (_, "/api/sounds"): return HistoryAPI.problem(405, "use GET")
        case (_, "/api/sounds/teach"), (_, "/api/sounds/forget"): return HistoryAPI.problem(405, "use POST")
        default: return HistoryAPI.problem(404, "no such page: \(request.path)")
        }
    }

    private func listing() -> HTTPResponse {
        do {
            let sounds = try teaching.taught().map { sound in
                JSONValue.object([("name", .string(sound.name)), ("kind", .string(sound.group.rawValue)),
                                  ("priority", .int(sound.group.priority)),
                                  ("recordings", .array(sound.prints.map { .string($0.recording) }))])
            }
            return .json(JSONValue.object([("taught", .array(sounds)), ("teaching", teaching.progress?.json ?? .null)]).serialized())
        } catch {
            return HistoryAPI.problem(500, String(describing: error))
        }
    }

    private func teach(_ request: HTTPRequest) -> HTTPResponse {
        guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
              let name = object["name"] as? String else {
            return HistoryAPI.problem(400, #"send {"name":"…","kind":"doorbell","takes":1} as JSON"#)
        }
        let kind = object["kind"] as? String ?? TaughtSound.Group.doorbell.rawValue
        guard let group = TaughtSound.Group(rawValue: kind) else {
            return HistoryAPI.problem(400, "unknown kind '\(kind)': use alarm, doorbell or appliance")
        }
        let takes = object["takes"] as? Int ?? 1
        do {
            let started = try teaching.start(name: name, group: group, takes: takes)
            return .json(JSONValue.object([("teaching", started.json)]).serialized(), status: 202)
        } catch let underWay as PageSoundTeaching.UnderWay {
            return HistoryAPI.problem(409, underWay.description)
        } catch {
            return HistoryAPI.problem(400, String(describing: error))
        }
    }

    private func forget(_ request: HTTPRequest) -> HTTPResponse {
        guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
              let name = object["name"] as? String else {
            return HistoryAPI.problem(400, #"send {"name":"…"} as JSON"#)
        }
        do {
            guard try teaching.forget(name) else { return HistoryAPI.problem(404, "no taught sound is called '\(name)'") }
            return .json(JSONValue.object([("forgotten", .bool(true))]).serialized())
        } catch {
            return HistoryAPI.problem(500, String(describing: error))
        }
    }
}
