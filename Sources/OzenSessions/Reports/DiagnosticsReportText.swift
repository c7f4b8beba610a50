import Foundation
import OzenKit

extension DiagnosticsReport {
    /// The report as lines a person reads.
    public static func text(_ r: [String: Any]) -> String {
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
        if let appReports = r["app_reports"] as? [String: Any] {
            let reports = appReports["reports"] as? [[String: Any]] ?? []
            out.append("")
            out.append(tr("דוחות מהאפליקציה (\(reports.count), החדש ראשון) ב־\(appReports["folder"] ?? ""):",
                          "Reports from the app (\(reports.count), newest first) in \(appReports["folder"] ?? ""):"))
            for report in reports {
                out.append("  \(report["name"] ?? "")  \(report["bytes"] ?? 0) B  \(report["saved"] ?? "")  \(report["client"] ?? "")")
            }
        }
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
