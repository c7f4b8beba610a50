import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenStore

/// `ozen diagnostics [--json] [--with-text]`: the report a family member can copy and send when
/// something is wrong: versions, models and their manifests, the processor, free space and
/// memory; the last captioning run's counters; the last 100 failures, retries and recoveries
/// with their clock times. No caption text and no audio, unless `--with-text` adds the last
/// conversation's last 20 lines. `ozen serve` answers the same report at /api/diagnostics.
enum DiagnosticsCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--json", "--with-text"])
        guard args.positional.isEmpty else { throw UsageError(tr("diagnostics מקבל רק --json ו־--with-text", "diagnostics takes only --json and --with-text")) }
        let report = Self.report(home: OzenHome.fromEnvironment(), withText: args.flag("--with-text"))
        if args.flag("--json") {
            print(String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self))
        } else {
            print(text(report))
        }
    }

    static func report(home: OzenHome, withText: Bool) -> [String: Any] {
        var report: [String: Any] = [:]
        report["generated"] = ISO8601DateFormatter().string(from: Date())
        report["versions"] = ["ozen": VersionCommand.ozenVersion, "whisper.cpp": "1.8.5 (pywhispercpp 1.5.1)", "sherpa-onnx": SherpaVersion.string]
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
        if withText, let store = try? HistoryStore(path: HistoryStore.path(in: home)), let last = try? store.conversations(limit: 1).first,
           let saved = try? store.lines(of: last.id) {
            report["last_lines"] = saved.suffix(20).map { ["number": $0.number, "speaker": $0.speaker ?? "", "text": $0.correction ?? $0.text] }
        }
        return report
    }

    static func meminfo(_ key: String) -> Int64? {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }),
              let kb = line.split(separator: " ").dropFirst().first.flatMap({ Int64($0) }) else { return nil }
        return kb * 1024
    }

    /// The report as lines a person reads.
    static func text(_ r: [String: Any]) -> String {
        var out: [String] = [tr("דוח אבחון של Ozen", "Ozen diagnostics") + " — " + (r["generated"] as? String ?? "")]
        if let v = r["versions"] as? [String: String] { out.append("ozen \(v["ozen"] ?? "") · whisper.cpp \(v["whisper.cpp"] ?? "") · sherpa-onnx \(v["sherpa-onnx"] ?? "")") }
        if let s = r["system"] as? [String: Any] {
            let memory = (s["memory_bytes"] as? UInt64).map { DownloadProgress.bytes(Int64($0)) } ?? "?"
            let available = (s["memory_available_bytes"] as? Int64).map(DownloadProgress.bytes) ?? "?"
            let free = (s["free_disk_bytes"] as? Int64).map(DownloadProgress.bytes) ?? "?"
            out.append("\(s["cpu"] as? String ?? "?"), \(s["cores"] ?? "?") cores, \((s["cpu_features"] as? [String])?.joined(separator: " ") ?? "")")
            out.append(tr("זיכרון \(memory) (פנוי \(available)), דיסק פנוי \(free)", "memory \(memory) (\(available) available), disk free \(free)"))
        }
        out.append("")
        out.append(tr("מודלים:", "Models:"))
        for m in r["models"] as? [[String: Any]] ?? [] {
            let inUse = (m["in_use"] as? Bool ?? false) ? tr(" (בשימוש)", " (in use)") : ""
            if m["state"] as? String == "ok" {
                out.append("  \(m["name"] ?? "")\t\(m["kind"] ?? "")\t\(DownloadProgress.bytes(Int64(m["size"] as? Int ?? 0)))\tsha256 \((m["sha256"] as? String ?? "").prefix(12))…\(inUse)")
            } else {
                out.append("  \(m["name"] ?? "")\t\(tr("פגום", "DAMAGED")): \(m["problem"] ?? "")")
            }
        }
        if let partial = r["partial_downloads"] as? [String] { out.append(tr("  הורדות חלקיות: ", "  partial downloads: ") + partial.joined(separator: ", ")) }
        for p in r["providers"] as? [[String: Any]] ?? [] {
            out.append(tr("ספק ל־\(p["purpose"] ?? ""): \(p["base_url"] ?? "") \(p["model"] ?? ""), מפתח: \(p["key"] ?? "")",
                          "provider for \(p["purpose"] ?? ""): \(p["base_url"] ?? "") \(p["model"] ?? ""), key: \(p["key"] ?? "")"))
        }
        out.append("")
        if let run = r["last_run"] as? [String: Any] {
            let running = (run["running"] as? Bool ?? false) ? tr("רץ עכשיו", "running now") : tr("הסתיים", "ended")
            out.append(tr("ההרצה האחרונה:", "Last run:") + " ozen \(run["command"] ?? "") (\(run["model"] ?? "")), \(running), \(tr("מ־", "from ")) \(run["started"] ?? "")")
            let keys = ["audioSeconds", "livePasses", "finalPasses", "lines", "linesDroppedByGate", "sanitizedSamples", "notANumberSamples",
                        "recognizerSeconds", "captionLagNow", "captionLagP90", "speakerVoices", "microphoneRetries", "microphoneStalls",
                        "microphoneReopens", "cloudLines", "cloudFallbacks"]
            out.append("  " + keys.compactMap { k in run[k].map { "\(k) \(Self.number($0))" } }.joined(separator: ", "))
        } else {
            out.append(tr("ההרצה האחרונה: עדיין לא היו כתוביות במחשב הזה", "Last run: no captions have run on this computer yet"))
        }
        out.append("")
        let incidents = r["incidents"] as? [[String: String]] ?? []
        out.append(tr("תקלות, ניסיונות חוזרים והתאוששויות (\(incidents.count), האחרונה בסוף):", "Failures, retries and recoveries (\(incidents.count), newest last):"))
        for i in incidents { out.append("  \(i["time"] ?? "")  \(i["kind"] ?? "")  \(i["source"] ?? ""): \(i["text"] ?? "")") }
        if let lines = r["last_lines"] as? [[String: Any]] {
            out.append("")
            out.append(tr("השורות האחרונות (--with-text):", "Last lines (--with-text):"))
            for l in lines { out.append("  \(l["number"] ?? "") \(l["speaker"] ?? ""): \(l["text"] ?? "")") }
        }
        return out.joined(separator: "\n")
    }

    static func number(_ value: Any) -> String {
        if let d = value as? Double, d != d.rounded() { return String(format: "%.2f", d) }
        return "\(value)"
    }
}
