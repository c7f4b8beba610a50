import Foundation
import OzenKit

/// Tells a streaming client when the computer is overloaded (finals of the streams wait long,
/// so lines come late) and when that has passed, checked as each piece of its audio arrives.
final class OverloadNotice: AudioListener {
    let schedule: RecognizerSchedule
    let send: (HomeMessage) -> Void
    private var told = false

    init(schedule: RecognizerSchedule, send: @escaping (HomeMessage) -> Void) {
        self.schedule = schedule
        self.send = send
    }

    func hear(_ samples: [Float], start: Double, emit: (CaptionEvent) -> Void) throws {
        let overloaded = schedule.isOverloaded
        guard overloaded != told else { return }
        told = overloaded
        send(overloaded
            ? .status(state: "overloaded", detail: tr("המחשב עמוס: הכתוביות יגיעו באיחור עד שיתפנה",
                                                      "the computer is overloaded: captions will come late until it catches up"))
            : .status(state: "ok", detail: tr("המחשב עומד בקצב שוב", "the computer is keeping up again")))
    }
}
