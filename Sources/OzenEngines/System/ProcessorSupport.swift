import Foundation
import OzenKit

/// Whether this processor can run the prebuilt whisper.cpp, which is compiled for AVX2, FMA
/// and F16C with no fallback: without them the process dies with an illegal instruction, so
/// we look first and say so instead (docs/findings.md, "Processors without AVX2").
enum ProcessorSupport {
    static let requiredFlags = ["avx2", "fma", "f16c"]

    static func checkForWhisper(cpuinfo: String? = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) throws(ModelError) {
        #if arch(x86_64)
        guard let cpuinfo, let flagsLine = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return }
        let flags = Set(flagsLine.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "\t" }).map(String.init))
        let missing = requiredFlags.filter { !flags.contains($0) }
        if !missing.isEmpty {
            let names = missing.joined(separator: ", ").uppercased()
            throw .cpuUnsupported(detail: tr("למעבד הזה חסר \(names), שמנוע הדיבור המוכן דורש — בנו את whisper.cpp ממקור pywhispercpp 1.5.1 למחשב הזה",
                                             "this processor lacks \(names), which the prebuilt speech engine needs — build whisper.cpp from the pywhispercpp 1.5.1 source for this machine"))
        }
        #endif
    }
}
