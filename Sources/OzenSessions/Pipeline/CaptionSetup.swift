import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenStore

/// What `caption`, `listen` and the other sessions share around a caption pipeline (which
/// `PipelineBuilder` builds): the history recorder its lines are saved by, and cloud captions'
/// provider and report.
public enum CaptionSetup {
    /// Every locked line is saved as it happens, on the history's own writer thread: the
    /// caption path only hands the event over. A conversation active in the last 20 minutes
    /// is continued with --continue, and otherwise offered on stderr.
    public static func startRecorder(home: OzenHome, continuing: Bool) throws -> ConversationRecorder {
        var start = ConversationRecorder.Start.new
        if let recent = try? HistoryStore(path: HistoryStore.path(in: home)).conversationToContinue() {
            if continuing {
                start = .continuing(recent.id)
            } else {
                FileHandle.standardError.write(Data((tr("ozen: שיחה הייתה פעילה לפני פחות מ־20 דקות — הוסיפו --continue כדי להמשיך אותה",
                                                        "ozen: a conversation was active in the last 20 minutes — add --continue to carry it on") + "\n").utf8))
            }
        }
        return ConversationRecorder(home: home, start: start) { status in
            FileHandle.standardError.write(Data(("ozen: " + status.message + "\n").utf8))
        }
    }

    /// `--engine local|cloud`: the provider of `ozen caption provider set` when cloud captions
    /// are asked for (read before any model loads, so a missing one is said at once), and on
    /// stderr where the audio will go and what it costs.
    public static func cloudProvider(engine: String?, home: OzenHome) throws -> ProviderSettings? {
        switch engine ?? "local" {
        case "local": return nil
        case "cloud": break
        case let other: throw UsageError(tr("--engine הוא local או cloud, קיבל '\(other)'", "--engine is local or cloud, got '\(other)'"))
        }
        let provider: ProviderSettings
        do { provider = try ProviderStore(home: home).load(purpose: .captions) } catch {
            throw UsageError(tr("לכתוביות בענן צריך ספק: ozen caption provider set --preset openai --key-stdin",
                                "cloud captions need a provider: ozen caption provider set --preset openai --key-stdin") + ("\(error)".contains("no provider") ? "" : " (\(error))"))
        }
        let host = URL(string: provider.baseURL)?.host ?? provider.baseURL
        let model = provider.model.isEmpty ? "" : " (\(provider.model))"
        let cost = provider.dollarsPerHourOfSpeech.map { String(format: tr("; בערך $%.2f לשעת דיבור", "; about $%.2f per hour of speech"), $0) } ?? ""
        FileHandle.standardError.write(Data(("ozen: " + tr("כתוביות בענן: הקול של כל שורה שנסגרה נשלח ל־\(host)\(model)\(cost); המילים החיות נשארות במחשב הזה",
                                                           "cloud captions: each closed line's audio goes to \(host)\(model)\(cost); live words stay on this computer") + "\n").utf8))
        return provider
    }

    /// What `--engine cloud` did, once captions end.
    public static func reportCloud(_ cloud: CloudFinalsRecognizer?) {
        guard let cloud else { return }
        let (fromCloud, fromHere) = cloud.linesByWhere
        FileHandle.standardError.write(Data(("ozen: " + tr("כתוביות בענן, שורות: \(fromCloud) מהענן, \(fromHere) מהמחשב הזה",
                                                           "cloud captions, lines: \(fromCloud) from the cloud, \(fromHere) from this computer") + "\n").utf8))
    }
}
