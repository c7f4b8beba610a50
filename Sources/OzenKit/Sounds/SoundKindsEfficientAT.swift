extension SoundKind {
    /// The sounds Ozen listens for with EfficientAT (2 s windows at 32 kHz): the same kinds and
    /// classes as `yamnet`, with numbers chosen by `ozen sounds eval --tune --tagger efficientat
    /// --feed 32000 --minutes 30` (`SoundThresholdSearch`; each line's comment is what the tune half
    /// gave). Alarm and doorbell found none of their stand-ins (EfficientAT hears the beepers as
    /// music or ticking) and their old numbers raised them on other recordings (the old telephone
    /// bell is "Alarm clock" to it), so they stand at 0.9.
    public static let efficientAT: [SoundKind] = [
        // found 0 of 54 (0 within 1 s), delay –, wrong 0, talk 0
        SoundKind(name: "alarm", priority: 3, classes: ["Smoke detector, smoke alarm", "Fire alarm", "Alarm clock", "Buzzer", "Car alarm"],
                  threshold: 0.9, windowsToAgree: 2, of: 3),
        // found 21 of 54 (2 within 1 s), delay 1.92 s, wrong 0, talk 0
        SoundKind(name: "siren", priority: 3, classes: ["Civil defense siren", "Siren", "Police car (siren)", "Ambulance (siren)", "Fire engine, fire truck (siren)", "Emergency vehicle"],
                  threshold: 0.3, windowsToAgree: 2, of: 3, sureScore: 0.6),
        // found 0 of 0 (0 within 1 s), delay –, wrong 0, talk 0
        SoundKind(name: "explosion", priority: 3, classes: ["Explosion", "Gunshot, gunfire", "Boom"],
                  threshold: 0.9, windowsToAgree: 2, of: 3),
        // found 0 of 36 (0 within 1 s), delay –, wrong 0, talk 0
        SoundKind(name: "doorbell", priority: 2, classes: ["Doorbell", "Ding-dong"],
                  threshold: 0.9, windowsToAgree: 2, of: 3),
        // found 2 of 18 (0 within 1 s), delay 3.60 s, wrong 0, talk 0
        SoundKind(name: "knock", priority: 2, classes: ["Knock", "Door"],
                  threshold: 0.04, windowsToAgree: 2, of: 3),
        // found 31 of 90 (15 within 1 s), delay 1.92 s, wrong 1, talk 0
        SoundKind(name: "phone", priority: 2, classes: ["Telephone", "Telephone bell ringing", "Ringtone"],
                  threshold: 0.16, windowsToAgree: 2, of: 3, sureScore: 0.25),
        // found 0 of 0 (0 within 1 s), delay –, wrong 0, talk 0
        SoundKind(name: "baby", priority: 2, classes: ["Baby cry, infant cry", "Crying, sobbing"],
                  threshold: 0.25, windowsToAgree: 2, of: 3),
        // found 16 of 36 (11 within 1 s), delay 0.96 s, wrong 0, talk 0
        SoundKind(name: "glass", priority: 2, classes: ["Shatter", "Breaking", "Smash, crash"],
                  threshold: 0.01, windowsToAgree: 2, of: 3, sureScore: 0.03),
        // found 18 of 54 (15 within 1 s), delay 0.48 s, wrong 0, talk 0
        SoundKind(name: "scream", priority: 2, classes: ["Screaming", "Shout", "Yell", "Children shouting"],
                  threshold: 0.04, windowsToAgree: 1),
        // found 19 of 54 (3 within 1 s), delay 2.40 s, wrong 0, talk 0
        SoundKind(name: "dog", priority: 1, classes: ["Dog", "Bark", "Bow-wow", "Yip", "Howl", "Growling", "Whimper (dog)"],
                  threshold: 0.2, windowsToAgree: 2, of: 3),
        // found 17 of 18 (3 within 1 s), delay 1.44 s, wrong 2, talk 0
        SoundKind(name: "cat", priority: 1, classes: ["Cat", "Meow", "Caterwaul"],
                  threshold: 0.5, windowsToAgree: 2, of: 3),
        // found 4 of 18 (1 within 1 s), delay 3.36 s, wrong 0, talk 0
        SoundKind(name: "kettle", priority: 1, classes: ["Whistle", "Steam whistle", "Boiling", "Steam"],
                  threshold: 0.05, windowsToAgree: 2, of: 3, sureScore: 0.16),
        // found 35 of 36 (27 within 1 s), delay 0.96 s, wrong 0, talk 0
        SoundKind(name: "water", priority: 1, classes: ["Water tap, faucet", "Sink (filling or washing)", "Bathtub (filling or washing)", "Water", "Stream", "Trickle, dribble", "Pour"],
                  threshold: 0.01, windowsToAgree: 2, of: 3, sureScore: 0.16),
        // found 0 of 18 (0 within 1 s), delay –, wrong 0, talk 0
        SoundKind(name: "appliance", priority: 1, classes: ["Microwave oven", "Beep, bleep"],
                  threshold: 0.35, windowsToAgree: 2, of: 3),
        // found 6 of 54 (0 within 1 s), delay 1.68 s, wrong 0, talk 0
        SoundKind(name: "car-horn", priority: 1, classes: ["Vehicle horn, car horn, honking", "Air horn, truck horn", "Toot", "Reversing beeps"],
                  threshold: 0.04, windowsToAgree: 2, of: 3),
    ]
}

extension SoundKind {
    /// The sounds Ozen listens for with both taggers together (each class scoring the higher of
    /// the two), chosen by `ozen sounds eval --tune --tagger both --feed 32000 --minutes 30`.
    public static let bothTaggers: [SoundKind] = [
        // found 0 of 54 (0 within 1 s), delay –, wrong 0, talk 0
        SoundKind(name: "alarm", priority: 3, classes: ["Smoke detector, smoke alarm", "Fire alarm", "Alarm clock", "Buzzer", "Car alarm"],
                  threshold: 0.9, windowsToAgree: 2, of: 3),
        // found 22 of 54 (7 within 1 s), delay 1.44 s, wrong 0, talk 0
        SoundKind(name: "siren", priority: 3, classes: ["Civil defense siren", "Siren", "Police car (siren)", "Ambulance (siren)", "Fire engine, fire truck (siren)", "Emergency vehicle"],
                  threshold: 0.6, windowsToAgree: 1),
        // found 0 of 0 (0 within 1 s), delay –, wrong 0, talk 0
        SoundKind(name: "explosion", priority: 3, classes: ["Explosion", "Gunshot, gunfire", "Boom"],
                  threshold: 0.9, windowsToAgree: 2, of: 3),
        // found 0 of 36 (0 within 1 s), delay –, wrong 0, talk 0
        SoundKind(name: "doorbell", priority: 2, classes: ["Doorbell", "Ding-dong"],
                  threshold: 0.9, windowsToAgree: 2, of: 3),
        // found 3 of 18 (0 within 1 s), delay 3.84 s, wrong 0, talk 0
        SoundKind(name: "knock", priority: 2, classes: ["Knock", "Door"],
                  threshold: 0.04, windowsToAgree: 2, of: 3),
        // found 40 of 90 (12 within 1 s), delay 1.92 s, wrong 1, talk 0
        SoundKind(name: "phone", priority: 2, classes: ["Telephone", "Telephone bell ringing", "Ringtone"],
                  threshold: 0.16, windowsToAgree: 2, of: 3, sureScore: 0.7),
        // found 0 of 0 (0 within 1 s), delay –, wrong 0, talk 0
        SoundKind(name: "baby", priority: 2, classes: ["Baby cry, infant cry", "Crying, sobbing"],
                  threshold: 0.25, windowsToAgree: 2, of: 3),
        // found 15 of 36 (11 within 1 s), delay 0.96 s, wrong 0, talk 0
        SoundKind(name: "glass", priority: 2, classes: ["Shatter", "Breaking", "Smash, crash"],
                  threshold: 0.01, windowsToAgree: 2, of: 3),
        // found 16 of 54 (13 within 1 s), delay 0.96 s, wrong 2, talk 0
        SoundKind(name: "scream", priority: 2, classes: ["Screaming", "Shout", "Yell", "Children shouting"],
                  threshold: 0.03, windowsToAgree: 2, of: 3, sureScore: 0.13),
        // found 23 of 54 (7 within 1 s), delay 1.92 s, wrong 1, talk 0
        SoundKind(name: "dog", priority: 1, classes: ["Dog", "Bark", "Bow-wow", "Yip", "Howl", "Growling", "Whimper (dog)"],
                  threshold: 0.3, windowsToAgree: 2, of: 3, sureScore: 0.7),
        // found 17 of 18 (3 within 1 s), delay 1.44 s, wrong 2, talk 0
        SoundKind(name: "cat", priority: 1, classes: ["Cat", "Meow", "Caterwaul"],
                  threshold: 0.5, windowsToAgree: 2, of: 3),
        // found 2 of 18 (1 within 1 s), delay 1.20 s, wrong 0, talk 0
        SoundKind(name: "kettle", priority: 1, classes: ["Whistle", "Steam whistle", "Boiling", "Steam"],
                  threshold: 0.3, windowsToAgree: 1),
        // found 36 of 36 (27 within 1 s), delay 0.96 s, wrong 0, talk 0
        SoundKind(name: "water", priority: 1, classes: ["Water tap, faucet", "Sink (filling or washing)", "Bathtub (filling or washing)", "Water", "Stream", "Trickle, dribble", "Pour"],
                  threshold: 0.01, windowsToAgree: 2, of: 3, sureScore: 0.7),
        // found 0 of 18 (0 within 1 s), delay –, wrong 0, talk 0
        SoundKind(name: "appliance", priority: 1, classes: ["Microwave oven", "Beep, bleep"],
                  threshold: 0.35, windowsToAgree: 2, of: 3),
        // found 7 of 54 (3 within 1 s), delay 1.92 s, wrong 0, talk 0
        SoundKind(name: "car-horn", priority: 1, classes: ["Vehicle horn, car horn, honking", "Air horn, truck horn", "Toot", "Reversing beeps"],
                  threshold: 0.07, windowsToAgree: 2, of: 3, sureScore: 0.6),
    ]
}
