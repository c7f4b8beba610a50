// The display's interface in Hebrew and English. Hebrew comes first: it is the default
// unless the browser's languages name English before Hebrew.

const phrases = {
  "status.connecting": ["מתחבר…", "Connecting…"],
  "status.listening": ["מקשיב", "Listening"],
  "status.loading": ["טוען את המודל {model}…", "Loading the {model} model…"],
  "status.finished": [["הסתיים: שורה אחת", "הסתיים: {n} שורות"], ["Finished: 1 line", "Finished: {n} lines"]],
  "status.failed": ["נכשל: {reason}", "Failed: {reason}"],
  "status.reconnecting": ["החיבור נותק, מתחבר שוב…", "Disconnected, reconnecting…"],
  "status.pairing": ["נדרש צימוד", "Pairing needed"],
  "status.error": ["שגיאה: {detail}", "Error: {detail}"],
  "pairing.needed": ["נדרש צימוד: פתחו את הכתובת ש־`ozen serve --lan` מדפיס.",
                     "Pairing needed: open the address printed by `ozen serve --lan`."],
  "size.smaller": ["כתב קטן יותר", "Smaller captions"],
  "size.larger": ["כתב גדול יותר", "Larger captions"],
  "window.lines": ["שורות בחלון", "Lines in the window"],
  "speak.open": ["להשמיע", "Speak"],
  "speak.title": ["להקליד ולהשמיע", "Type to speak"],
  "speak.label": ["מה להשמיע", "What to say"],
  "speak.placeholder": ["מה להשמיע בקול…", "Type what to say aloud…"],
  "speak.send": ["השמע", "Say it"],
  "speak.sending": ["משמיע…", "Speaking…"],
  "speak.said": ["הושמע: {text}", "Said: {text}"],
  "speak.failed": ["לא הושמע: {detail}", "Not said: {detail}"],
  "speak.offline": ["אין חיבור לשרת", "Not connected to the server"],
  "speak.phrases": [["רגע, לא הבנתי", "אפשר לחזור על זה?", "דברו קרוב יותר למיקרופון"],
                    ["One moment, I didn't catch that", "Could you say that again?", "Please speak closer to the microphone"]],
  "pad.open": ["לוח כתיבה", "Writing pad"],
  "pad.title": ["לוח כתיבה", "Writing pad"],
  "pad.label": ["כתבו לה כאן", "Write to her here"],
  "pad.placeholder": ["כתבו כאן…", "Type here…"],
  "pad.flip": ["הפוך", "Flip"],
  "pad.clear": ["נקה", "Clear"],
  "pad.close": ["סגור", "Close"],
  "mic.start": ["מיקרופון", "Mic"],
  "mic.stop": ["עצור מיקרופון", "Stop mic"],
  "mic.speaker": ["מיקרופון המכשיר", "This device's mic"],
  "speaker.numbered": ["דובר {n}", "Speaker {n}"],
  "mic.unavailable": ["אין גישה למיקרופון בדף הזה (נדרש localhost או https)",
                      "The microphone is not available on this page (it needs localhost or https)"],
  "mic.denied": ["הגישה למיקרופון נדחתה", "Microphone access was refused"],
  "mic.failed": ["המיקרופון נעצר: {detail}", "The microphone stopped: {detail}"],
  "dictation.open": ["הכתבה", "Dictate"],
  "dictation.title": ["הכתבה", "Dictation"],
  "dictation.start": ["הקישו והתחילו לדבר", "Tap and speak"],
  "dictation.stop": ["הקישו לסיום", "Tap to stop"],
  "dictation.wait": ["רגע…", "One moment…"],
  "dictation.left": ["נשארו {s} שניות", "{s} s left"],
  "dictation.listening": ["מקשיב — עד 60 שניות", "Listening — up to 60 seconds"],
  "dictation.finishing": ["מסיים את הטקסט…", "Finishing the text…"],
  "dictation.limit": ["60 שניות: ההכתבה נגמרה מעצמה", "60 seconds: the take ended by itself"],
  "dictation.done": ["מוכן. נשמר בהיסטוריה.", "Ready. Saved in the history."],
  "dictation.done-cut": ["מוכן (נעצר ב־60 שניות). נשמר בהיסטוריה.", "Ready (stopped at 60 seconds). Saved in the history."],
  "dictation.done-note": ["מוכן: {note}", "Ready: {note}"],
  "dictation.nothing": ["לא נשמע דיבור בהכתבה הזו", "No speech was heard in this take"],
  "dictation.text": ["הטקסט שהוכתב", "The dictated text"],
  "dictation.placeholder": ["הטקסט יופיע כאן", "The text appears here"],
  "dictation.copy": ["העתק", "Copy"],
  "dictation.insert": ["הכנס במחשב", "Insert on the computer"],
  "dictation.inserted": ["הוכנס במקום הסמן במחשב", "Inserted at the computer's cursor"],
  "dictation.on-clipboard": ["בלוח של המחשב: {detail}", "On the computer's clipboard: {detail}"],
  "dictation.insert-failed": ["לא הוכנס: {detail}", "Not inserted: {detail}"],
  "history.open": ["היסטוריה", "History"],
  "history.title": ["שיחות שמורות", "Saved conversations"],
  "history.search": ["חיפוש בשיחות", "Search the conversations"],
  "history.search-button": ["חפש", "Search"],
  "history.back": ["חזרה לרשימה", "Back to the list"],
  "history.loading": ["טוען…", "Loading…"],
  "history.none": ["אין שיחות שמורות", "No saved conversations"],
  "history.no-results": ["לא נמצא דבר עבור „{q}”", "Nothing found for “{q}”"],
  "history.failed": ["ההיסטוריה לא נטענה: {detail}", "The history did not load: {detail}"],
  "history.lines": [["שורה אחת", "{n} שורות"], ["1 line", "{n} lines"]],
  "history.results": [["תוצאה אחת", "{n} תוצאות"], ["1 result", "{n} results"]],
  "history.untitled": ["שיחה {id}", "Conversation {id}"],
  "settings.open": ["הגדרות", "Settings"],
  "settings.title": ["הגדרות", "Settings"],
  "settings.size": ["גודל הכתוביות", "Caption size"],
  "settings.theme": ["צבעים", "Colours"],
  "settings.bold": ["כתב מודגש", "Bold captions"],
  "settings.language": ["שפת הממשק", "Interface language"],
  "settings.mic-language": ["השפה המדוברת במיקרופון המכשיר", "Language spoken into this device's mic"],
  "first.title": ["ברוכה הבאה ל־Ozen", "Welcome to Ozen"],
  "first.here": ["Ozen כותב על המסך, באותיות גדולות, את מה שנאמר ליד המחשב.", "Ozen writes on the screen, in large letters, what is said near the computer."],
  "first.private": ["הכול רץ במחשב הזה: הקול לא נשמר ולא יוצא ממנו, אלא אם תבחרי אחרת.", "Everything runs on this computer: the sound is not kept and does not leave it, unless you choose otherwise."],
  "first.model": ["מודל הדיבור כבר הותקן, פעם אחת. אפשר להוסיף מודלים טובים יותר בהמשך.", "The speech model is already installed, once. Better models can be added later."],
  "first.name": ["מה שמך? כשמישהו יקרא בשמך, תופיע התראה.", "What is your name? When someone says it, you will see an alert."],
  "first.save": ["שמירה", "Save"],
  "first.later": ["לא עכשיו", "Not now"],
  "first.saved": ["תודה, {name}", "Thank you, {name}"],
  "models.open": ["מודלים לזיהוי דיבור", "Speech models"],
  "models.title": ["מודלים לזיהוי דיבור", "Speech models"],
  "models.hebrew": ["עברית: {wer}% שגיאות", "Hebrew: {wer}% wrong"],
  "models.speed-live": ["מהיר מספיק לכתוביות חיות כאן", "fast enough for live captions here"],
  "models.speed-strained": ["כתוביות חיות בקושי כאן", "live captions strained here"],
  "models.speed-slow": ["איטי מדי לכתוביות חיות כאן", "too slow for live captions here"],
  "models.recommended": ["המומלץ לעברית", "recommended for Hebrew"],
  "models.in-use": ["בשימוש", "in use"],
  "models.no-disk": ["אין מספיק מקום בדיסק", "does not fit on the disk"],
  "models.no-memory": ["אין מספיק זיכרון", "too big for the memory"],
  "models.installed": ["מותקן", "installed"],
  "models.install": ["התקנה", "Install"],
  "models.starting": ["מתחיל להתקין את {name}…", "Starting to install {name}…"],
  "models.left": ["נותרו {time}", "{time} left"],
  "models.retrying": ["{name}: ההורדה נקטעה, מנסה שוב בעוד {seconds} שנ׳", "{name}: the download was cut, trying again in {seconds} s"],
  "models.resuming": ["{name}: ממשיך אחרי {done}", "{name}: continuing after {done}"],
  "models.over": ["{name}: השרת לא ממשיך הורדות, מתחיל מההתחלה", "{name}: the server cannot continue downloads, starting over"],
  "models.checking": ["{name}: בודק את הקובץ…", "{name}: checking the file…"],
  "models.done": ["{name} הותקן. כדי להשתמש בו: ozen models use {name}", "{name} is installed. To use it: ozen models use {name}"],
  "models.failed": ["לא הותקן: {detail}", "Not installed: {detail}"],
  "settings.pairing": ["צימוד אפליקציית Ozen", "Pair the Ozen app"],
  "settings.pairing-alt": ["קוד QR לצימוד אפליקציית Ozen", "QR code to pair the Ozen app"],
  "settings.pairing-hint": ["בטלפון: אפליקציית Ozen ← הגדרות ← צימוד, וסרקו את הקוד. הוא מכיל את קוד הצימוד: אל תשתפו אותו", "On the phone: Ozen app → Settings → Pair, and scan this code. It holds the pairing token: do not share it"],
  "settings.reports": ["דוחות מאפליקציית Ozen", "Reports from the Ozen app"],
  "settings.reports-hint": ["נשמרים במחשב הזה ($OZEN_HOME/reports), 50 האחרונים; ozen diagnostics מציג אותם", "Kept on this computer ($OZEN_HOME/reports), the newest 50; ozen diagnostics lists them"],
  "settings.report-line": ["{time} · {client}", "{time} · {client}"],
  "teach.title": ["ללמד צליל", "Teach a sound"],
  "teach.name": ["השם שלו", "Its name"],
  "teach.name-placeholder": ["דלת הכניסה", "Front door"],
  "teach.kind": ["מה הוא", "What it is"],
  "teach.kind.doorbell": ["פעמון או דפיקה", "Doorbell or knock"],
  "teach.kind.alarm": ["אזעקה", "Alarm"],
  "teach.kind.appliance": ["מכשיר (טיימר, מכונת כביסה)", "Appliance (timer, washer)"],
  "teach.takes": ["כמה פעמים להקליט", "Times to record it"],
  "teach.start": ["ללמד", "Teach"],
  "teach.need-name": ["תנו לצליל שם קודם", "Give the sound a name first"],
  "teach.waiting": ["הקלטה {take} מתוך {of}: השמיעו את הצליל עכשיו, לבדו", "Take {take} of {of}: play the sound now, alone"],
  "teach.hearing": ["הקלטה {take} מתוך {of}: שומע אותו…", "Take {take} of {of}: hearing it…"],
  "teach.taught": ["„{name}” נלמד: התראה תאמר את שמו", "“{name}” is taught: its alert will say its name"],
  "teach.failed": ["לא נלמד: {problem}", "Not taught: {problem}"],
  "teach.forget": ["לשכוח", "Forget"],
  "teach.forgotten": ["„{name}” נשכח", "“{name}” is forgotten"],
  "teach.hint": ["הצליל מוקלט מהמיקרופון שהמחשב הזה מכתיב ממנו: השמיעו אותו קרוב, לבדו; פעם אחת מספיקה",
                 "The sound is recorded from the microphone this computer captions from: play it close by, alone; once is enough"],
  "settings.diagnostics": ["העתקת דוח אבחון", "Copy diagnostics"],
  "settings.diagnostics-hint": ["גרסאות, מודלים, מונים ותקלות אחרונות, בלי טקסט של כתוביות ובלי קול: להדביק בהודעה למי שעוזר", "Versions, models, counters and recent faults, with no caption text and no audio: paste it in a message to whoever helps"],
  "settings.diagnostics-failed": ["אי אפשר היה לקבל את הדוח: {detail}", "The report could not be fetched: {detail}"],
  "theme.white-on-black": ["לבן על שחור", "White on black"],
  "theme.yellow-on-black": ["צהוב על שחור", "Yellow on black"],
  "theme.black-on-white": ["שחור על לבן", "Black on white"],
  "panel.close": ["סגור", "Close"],
  "captions.label": ["כתוביות", "Captions"],
  "from.room": ["בחדר", "room"],
  "from.call": ["בשיחה", "call"],
  "captions.empty": ["הכתוביות יופיעו כאן כשמישהו ידבר.", "Captions appear here when someone speaks."],
  "captions.earlier": ["מוקדם יותר בשיחה הזו", "Earlier in this conversation"],
  "captions.new-lines": [["שורה חדשה אחת", "{n} שורות חדשות"], ["1 new line", "{n} new lines"]],
  "captions.unseen": ["מכאן: חדש מאז שהמסך הוסתר", "New since the screen was hidden"],
  "captions.resumed": ["{time} · אחרי {minutes} דקות שקט", "{time} · after {minutes} quiet minutes"],
  "captions.unsure": ["לא בטוח", "not sure"],
  "captions.checked": ["נבדק במעבר השני", "checked by the second pass"],
  "line.star": ["סמן בכוכב", "Star"],
  "line.unstar": ["הסר כוכב", "Remove star"],
  "line.copy": ["העתק", "Copy"],
  "line.copied": ["הועתק", "Copied"],
  "line.copy-failed": ["ההעתקה לא הצליחה", "Could not copy"],
  "alert.dismiss": ["סגור", "Dismiss"],
  "alert.word": ["נאמר: „{word}”", "Said: “{word}”"],
  "alert.sound": ["צליל: {sound}", "Sound: {sound}"],
  // The kinds of `SoundKind.all` (OzenKit/Sounds); another kind shows the classifier's class name.
  "sound.smoke-alarm": ["גלאי עשן", "Smoke alarm"],
  "sound.siren": ["צופר", "Siren"],
  "sound.alarm": ["אזעקה", "Alarm"],
  "sound.doorbell": ["פעמון בדלת", "Doorbell"],
  "sound.knock": ["דפיקה בדלת", "Knock at the door"],
  "sound.phone": ["טלפון מצלצל", "Phone ringing"],
  "sound.baby": ["תינוק בוכה", "Baby crying"],
  "sound.glass": ["זכוכית נשברת", "Glass breaking"],
  "sound.scream": ["צעקה", "Someone screaming"],
  "sound.dog": ["כלב נובח", "Dog barking"],
  "sound.cat": ["חתול", "Cat"],
  "sound.kettle": ["קומקום שורק", "Kettle whistling"],
  "sound.water": ["מים זורמים", "Water running"],
  "sound.appliance": ["צפצוף של מכשיר", "Appliance beeping"],
  "sound.car-horn": ["צופר של רכב", "Car horn"],
};

/** Hebrew unless the browser lists English before any Hebrew. */
export function defaultLanguage(languages = navigator.languages || [navigator.language]) {
  for (const tag of languages) {
    const base = String(tag || "").toLowerCase().split("-")[0];
    if (base === "he" || base === "iw") return "he";
    if (base === "en") return "en";
  }
  return "he";
}

let current = "he";

export function setLanguage(language) {
  current = language === "en" ? "en" : "he";
  document.documentElement.lang = current;
  document.documentElement.dir = current === "he" ? "rtl" : "ltr";
  document.title = current === "he" ? "Ozen · כתוביות" : "Ozen · captions";
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of document.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of document.querySelectorAll("[data-i18n-alt]")) el.alt = t(el.dataset.i18nAlt);
}

export function language() { return current; }

/**
 * The phrase `key` in the interface language, with `{name}` filled from `values`. A phrase
 * given as [one, many] picks by `values.n`.
 */
export function t(key, values = {}) {
  const entry = phrases[key];
  if (!entry) return key;
  let text = entry[current === "he" ? 0 : 1];
  if (Array.isArray(text) && text.length === 2 && "n" in values) text = Number(values.n) === 1 ? text[0] : text[1];
  if (typeof text !== "string") return text;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : ""));
}

/** A count phrase: the singular form for 1, the plural (with {n}) otherwise. */
export function tCount(key, n) { return t(key, { n }); }

/** A speaker's name as shown: "Speaker N" (the server's numbered voices) in the interface
 * language, an enrolled person's name as it is. */
export function speakerLabel(name) {
  const numbered = /^Speaker (\d+)$/.exec(name || "");
  return numbered ? t("speaker.numbered", { n: numbered[1] }) : (name || "");
}

/** Who spoke and, when the room and a call are captioned together, where: "Speaker 2 · call". */
export function whoLabel(name, from) {
  const where = from === "room" || from === "call" ? t(`from.${from}`) : "";
  return [speakerLabel(name), where].filter(Boolean).join(" · ");
}

/** The ready-made phrases of the "type to speak" panel, in the interface language. */
export function readyPhrases() { return phrases["speak.phrases"][current === "he" ? 0 : 1]; }

/** A sound's name: the known kinds in the interface language, else the classifier's class name. */
export function soundName(kind, className) {
  const key = `sound.${kind}`;
  return phrases[key] ? t(key) : (className || kind || "");
}
