import Foundation

/// One kind of sound she wants to know about — "doorbell", "alarm" — made of the AudioSet
/// classes (YAMNet's display names, exactly as in its class map) that mean it, with how sure
/// the classifier must be and for how long before it counts.
///
/// A window is YAMNet's 0.98 s, one every 0.48 s. A kind's score in a window is the highest
/// score of its classes; the alert is raised when `windowsToAgree` of the last `windowsLooked`
/// windows reach `threshold`, or at once when one window reaches `sureScore`. The numbers in
/// `SoundKind.all` were chosen with `ozen sounds eval` (see there).
public struct SoundKind: Sendable, Hashable {
    /// The name used in events, `--mute-sound` and the muted-sounds list: "doorbell".
    public var name: String
    /// 3: a danger (alarms, sirens, explosions) — 2: someone or something needs her now (door, phone,
    /// baby, breaking glass) — 1: good to know (dog, kettle, running water, appliance beeps).
    public var priority: Int
    /// AudioSet display names, as in YAMNet's class map.
    public var classes: [String]
    /// Lowest score (0…1) a window needs to count.
    public var threshold: Float
    /// Windows among the last `windowsLooked` that must count before the alert fires: 2 of 3
    /// lets one window in which a word drowned the ring go by.
    public var windowsToAgree: Int
    public var windowsLooked: Int
    /// A score so clear that one window is enough (nil: never).
    public var sureScore: Float?
    /// The most plain talk gave each of `classes` (same order), when the kind is judged against
    /// talk: a class then counts by its score over this, and `threshold` and `sureScore` are
    /// multiples of it. nil: scores count as they are.
    public var talkLevels: [Float]?
    /// A score that raises the kind in one window while a steady tone has lasted
    /// `StableTone.enoughMilliseconds` (a ring, a beep, a chime: talk seldom holds one), in the
    /// units of `threshold` (nil: a tone changes nothing).
    public var toneScore: Float?

    public init(name: String, priority: Int, classes: [String], threshold: Float, windowsToAgree: Int,
                of windowsLooked: Int? = nil, sureScore: Float? = nil, talkLevels: [Float]? = nil, toneScore: Float? = nil) {
        self.toneScore = toneScore
        self.name = name
        self.priority = priority
        self.classes = classes
        self.threshold = threshold
        self.windowsToAgree = windowsToAgree
        self.windowsLooked = max(windowsToAgree, windowsLooked ?? windowsToAgree)
        self.sureScore = sureScore
        precondition(talkLevels.map { $0.count == classes.count } ?? true, "\(name): one talk level for each class")
        self.talkLevels = talkLevels
    }

    /// Whether the alert is a danger that must not be pushed aside by anything lesser.
    public var isDanger: Bool { priority >= 3 }

    /// The kind for a name typed by a person ("Doorbell", " alarm ").
    public static func named(_ name: String, in kinds: [SoundKind] = all) -> SoundKind? {
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        return kinds.first { $0.name == wanted }
    }

    /// How the kind is said to her, in the interface language.
    public var shown: String {
        switch name {
        case "siren": return tr("צופר", "siren")
        case "explosion": return tr("פיצוץ או ירי", "explosion or gunfire")
        case "alarm": return tr("אזעקה או גלאי עשן", "alarm or smoke alarm")
        case "doorbell": return tr("פעמון בדלת", "doorbell")
        case "knock": return tr("דפיקה בדלת", "knock at the door")
        case "phone": return tr("טלפון מצלצל", "phone ringing")
        case "baby": return tr("תינוק בוכה", "baby crying")
        case "glass": return tr("זכוכית נשברת", "glass breaking")
        case "scream": return tr("צעקה", "someone shouting or screaming")
        case "dog": return tr("כלב נובח", "dog barking")
        case "cat": return tr("חתול", "cat")
        case "kettle": return tr("קומקום שורק", "kettle whistling")
        case "water": return tr("מים זורמים", "water running")
        case "appliance": return tr("צפצוף של מכשיר", "appliance beeping")
        case "car-horn": return tr("צופר של רכב", "car horn")
        default: return name
        }
    }
}
