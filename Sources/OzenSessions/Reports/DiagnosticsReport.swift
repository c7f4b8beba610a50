import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenStore

/// The diagnostics report a family member can copy and send when something is wrong: versions,
/// models and their manifests, the processor, free space and memory; the last captioning run's
/// counters; the last 100 failures, retries and recoveries with their clock times; the problem
/// reports the phone app sent (`AppReports`: names, sizes, times and client lines, never their
/// words). No caption text and no audio, unless `withText` adds the last conversation's last 20 lines.
/// `ozen diagnostics` prints it; `ozen serve` answers it at /api/diagnostics.
public enum DiagnosticsReport {
    /// The report, as JSON objects (`JSONSerialization`); `withText` adds the last lines.
    public static func make(home: OzenHome, withText: Bool) -> [String: Any] {
        var report: [String: Any] = [:]
        report["generated"] = ISO8601DateFormatter().string(from: Date())
        report["versions"] = ["ozen": OzenVersion.ozen, "whisper.cpp": OzenVersion.whisper, "sherpa-onnx": SherpaVersion.string]
        var system: [String: Any] = ["cores": ProcessInfo.processInfo.activeProcessorCount,
                                     "memory_bytes": ProcessInfo.processInfo.physicalMemory,
                                     "os": ProcessInfo.processInfo.operatingSystemVersionString]
        if let free = DiskSpace.free(home.modelsPath) { system["free_disk_bytes"] = free }
        if let available = Self.meminfo("MemAvailable") { system["memory_available_bytes"] = available }
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let lines = cpu.split(separator: "\n")
        if let name = lines.first(where: { $0.hasPrefix("model name") })?.split(separator: ":", maxSplits: 1).last {
            system["cpu"] = name.trimmingCharacters(in: .whitespaces)
        }
        let flags = Set((lines.first { $0.hasPrefix("flags") } ?? "").split(separator: " ").map(String.init))
        system["cpu_features"] = ["avx", "avx2", "fma", "f16c", "avx512f", "avx_vnni"].filter(flags.contains)
        report["system"] = system

        let chosen = ChosenModel.name(in: home)
        report["models"] = InstalledModel.installedNames(in: home).map { name -> [String: Any] in
            do {
                let m = try InstalledModel.load(name, in: home).manifest
                return ["name": name, "kind": m.kind, "size": m.size, "sha256": m.sha256, "licence": m.licence,
                        "source": m.source.packages, "state": "ok", "in_use": m.kind == "whisper-ggml" && name == chosen]
            } catch {
                return ["name": name, "state": "damaged", "problem": String(describing: error)]
            }
        }
        let downloads = (try? FileManager.default.contentsOfDirectory(atPath: home.modelsPath + "/.downloads")) ?? []
        if !downloads.isEmpty { report["partial_downloads"] = downloads.sorted() }

        // Which providers are set, never their keys: only whether one is there.
        let store = ProviderStore(home: home)
        report["providers"] = ProviderStore.Purpose.allCases.compactMap { purpose -> [String: Any]? in
            guard let settings = try? store.load(purpose: purpose) else { return nil }
            return ["purpose": purpose.rawValue, "base_url": settings.baseURL, "model": settings.model,
                    "key": (settings.apiKey ?? "").isEmpty ? "none" : "set"]
        }
        if let data = FileManager.default.contents(atPath: DiagnosticsSession.path(in: home)),
           let counters = try? IncidentLog.decoder.decode(PipelineCounters.self, from: data),
           var object = (try? JSONSerialization.jsonObject(with: IncidentLog.encoder.encode(counters))) as? [String: Any] {
            object["running"] = !counters.ended && kill(counters.pid, 0) == 0
            report["last_run"] = object
        }
        report["incidents"] = IncidentLog(home: home).incidents().map {
            ["time": ISO8601DateFormatter().string(from: $0.time), "kind": $0.kind.rawValue, "source": $0.source, "text": $0.text]
        }
        let reports = AppReports(home: home)
        report["app_reports"] = ["folder": reports.folder, "reports": reports.list().map(AppReports.json)] as [String: Any]
        if withText, let store = try? HistoryStore(path: HistoryStore.path(in: home)), let last = try? store.conversations(limit: 1).first,
           let saved = try? store.lines(of: last.id) {
            report["last_lines"] = saved.suffix(20).map { ["number": $0.number, "speaker": $0.speaker ?? "", "text": $0.correction ?? $0.text] }
        }
        return report
    }

    /// A line of /proc/meminfo in bytes (`MemAvailable`), or nil.
    static func meminfo(_ key: String) -> Int64? {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }),
              let kb = line.split(separator: " ").dropFirst().first.flatMap({ Int64($0) }) else { return nil }
        return kb * 1024
    }
}
