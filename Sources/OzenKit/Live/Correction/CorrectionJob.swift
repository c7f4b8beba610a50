import Foundation

/// A line waiting to be heard again on the corrector's worker (`BackgroundQueue`): its decodes
/// ask the recognizer to run in the background (`DecodingOptions.runsInBackground`: the lowest
/// CPU priority, outside the queue of the pipeline's own passes), so under load (several phones,
/// a slow computer) the correction is what gives way.
struct CorrectionJob: Sendable {
    var line: CaptionLine
    var audio: [Float]
    /// When the line locked (`ProcessInfo.systemUptime`), for `CorrectionSettings.staleAfter`.
    var lockedAt: Double
}

extension BackgroundQueue where Job == CorrectionJob, Outcome == LineCorrector.Outcome {
    /// The corrector's worker: a line still waiting `staleAfter` seconds after it locked, pushed
    /// out by newer ones or left at the end keeps its words.
    static func corrections(settings: CorrectionSettings, correct: @escaping @Sendable (CorrectionJob) -> LineCorrector.Outcome)
        -> BackgroundQueue<CorrectionJob, LineCorrector.Outcome> {
        BackgroundQueue(name: "ozen-corrections", limit: settings.waitingAtMost, work: { job in
            ProcessInfo.processInfo.systemUptime - job.lockedAt > settings.staleAfter ? .leftAsIs(id: job.line.id) : correct(job)
        }, dropped: { job, _ in .leftAsIs(id: job.line.id) })
    }
}
