extension SoundKind {
    /// The sounds Ozen listens for: 45 AudioSet classes in 15 kinds, dangers first.
    ///
    /// Chosen with `ozen sounds eval` (YAMNet int8, 7 128 windows): real alert recordings
    /// (an alarm clock, three phones, a fire engine's siren, a dog, a cat, desktop chimes) laid
    /// into 7 real speech recordings at +6, 0, −6 and −12 dB, and 10 minutes of plain talk.
    /// - In talk alone every class here stays under 0.2 except "Dog" (one window at 0.68) and
    ///   "Crying, sobbing" (three at 0.32): 0.15 (YAMNet's scores come in steps: 0.09, 0.18,
    ///   0.32, 0.50, 0.68, …) with 2 of 3 windows raised nothing in the 10 minutes, and a
    ///   single window of 0.6 only where talk never reaches it (dog: 0.85; baby: 0.25 and no
    ///   single-window rule).
    /// - Two of three windows rather than two in a row: a word that drowns one window of a
    ///   ring no longer loses it (phones found 63 of 84 times instead of 51, none raised in talk).
    /// - The generic AudioSet "Alarm" is left out: it is the parent of telephones in AudioSet's
    ///   ontology and scored 0.82–0.95 on every phone ring. "Glass" (clinking glasses at the
    ///   table) is left out too: it scored 0.5–0.68 on an alarm clock's beeps. "Ding", "Chime"
    ///   and "Bell" are left out of the doorbell: desktop chimes score 0.8–0.95 on them.
    /// - A smoke alarm and an alarm clock are one kind, `alarm`: YAMNet scored the alarm clock
    ///   as "Smoke detector, smoke alarm" as often as "Alarm clock"; the event's `class` says
    ///   which it heard.
    /// Kinds without a real recording here (explosion, knock, glass, scream, kettle, water,
    /// appliance, car horn, and a true doorbell) have stricter numbers, set by hand.
    public static let all: [SoundKind] = [
        SoundKind(name: "alarm", priority: 3,
                  classes: ["Smoke detector, smoke alarm", "Fire alarm", "Alarm clock", "Buzzer", "Car alarm"],
                  threshold: 0.25, windowsToAgree: 2, of: 3),
        SoundKind(name: "siren", priority: 3,
                  classes: ["Civil defense siren", "Siren", "Police car (siren)", "Ambulance (siren)",
                            "Fire engine, fire truck (siren)", "Emergency vehicle"],
                  threshold: 0.13, windowsToAgree: 2, of: 3, sureScore: 0.5),
        SoundKind(name: "explosion", priority: 3, classes: ["Explosion", "Gunshot, gunfire", "Boom"],
                  threshold: 0.5, windowsToAgree: 1),
        SoundKind(name: "doorbell", priority: 2, classes: ["Doorbell", "Ding-dong"], threshold: 0.15, windowsToAgree: 2, of: 3),
        SoundKind(name: "knock", priority: 2, classes: ["Knock", "Door"], threshold: 0.4, windowsToAgree: 1),
        SoundKind(name: "phone", priority: 2, classes: ["Telephone", "Telephone bell ringing", "Ringtone"],
                  threshold: 0.05, windowsToAgree: 2, of: 3),
        SoundKind(name: "baby", priority: 2, classes: ["Baby cry, infant cry", "Crying, sobbing"],
                  threshold: 0.25, windowsToAgree: 2, of: 3),
        SoundKind(name: "glass", priority: 2, classes: ["Shatter", "Breaking", "Smash, crash"], threshold: 0.01, windowsToAgree: 2, of: 3, sureScore: 0.13),
        SoundKind(name: "scream", priority: 2, classes: ["Screaming", "Shout", "Yell", "Children shouting"], threshold: 0.02, windowsToAgree: 2, of: 3, sureScore: 0.07),
        SoundKind(name: "dog", priority: 1,
                  classes: ["Dog", "Bark", "Bow-wow", "Yip", "Howl", "Growling", "Whimper (dog)"],
                  threshold: 0.5, windowsToAgree: 2, of: 3, sureScore: 0.7),
        SoundKind(name: "cat", priority: 1, classes: ["Cat", "Meow", "Caterwaul"],
                  threshold: 0.3, windowsToAgree: 1),
        SoundKind(name: "kettle", priority: 1, classes: ["Whistle", "Steam whistle", "Boiling", "Steam"],
                  threshold: 0.4, windowsToAgree: 1),
        SoundKind(name: "water", priority: 1,
                  classes: ["Water tap, faucet", "Sink (filling or washing)", "Bathtub (filling or washing)", "Water",
                            "Stream", "Trickle, dribble", "Pour"],
                  threshold: 0.07, windowsToAgree: 2, of: 3, sureScore: 0.35),
        SoundKind(name: "appliance", priority: 1, classes: ["Microwave oven", "Beep, bleep"],
                  threshold: 0.35, windowsToAgree: 2, of: 3),
        SoundKind(name: "car-horn", priority: 1, classes: ["Vehicle horn, car horn, honking", "Air horn, truck horn", "Toot", "Reversing beeps"],
                  threshold: 0.35, windowsToAgree: 1),
    ]
}
