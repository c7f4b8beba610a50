// The reader's settings, kept in this browser's localStorage so the display opens the way
// she left it: caption size 20–64 px (default 36, readable across a table on a laptop),
// colours, bold, interface language, the language spoken into this device's mic, the pad's flip,
// and the lines the caption window over a call shows (1–4, default 2).

import { defaultLanguage } from "./i18n.js";

const storageKey = "ozen.display.settings";
const tokenKey = "ozen.display.token";

export const sizeLimits = { min: 20, max: 64, step: 2 };
export const themes = ["white-on-black", "yellow-on-black", "black-on-white"];
export const windowLineLimits = { min: 1, max: 4 };

function defaults() {
  return { size: 36, theme: themes[0], bold: false, language: defaultLanguage(), micLanguage: "he", padFlipped: false, windowLines: 2 };
}

export function clampSize(size) {
  const n = Math.round(Number(size));
  if (!Number.isFinite(n)) return defaults().size;
  return Math.min(sizeLimits.max, Math.max(sizeLimits.min, n));
}

export function loadSettings() {
  const settings = defaults();
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey) || "{}");
    if (saved && typeof saved === "object") {
      if ("size" in saved) settings.size = clampSize(saved.size);
      if (themes.includes(saved.theme)) settings.theme = saved.theme;
      if (typeof saved.bold === "boolean") settings.bold = saved.bold;
      if (saved.language === "he" || saved.language === "en") settings.language = saved.language;
      if (saved.micLanguage === "he" || saved.micLanguage === "en") settings.micLanguage = saved.micLanguage;
      if (typeof saved.padFlipped === "boolean") settings.padFlipped = saved.padFlipped;
      if (Number.isInteger(saved.windowLines) && saved.windowLines >= windowLineLimits.min && saved.windowLines <= windowLineLimits.max) {
        settings.windowLines = saved.windowLines;
      }
    }
  } catch { /* unreadable settings: the defaults */ }
  return settings;
}

export function saveSettings(settings) {
  try { localStorage.setItem(storageKey, JSON.stringify(settings)); } catch { /* private mode: not kept */ }
}

/**
 * The pairing token: from the address ("#token=…", as `ozen serve --lan` prints it), kept for
 * the next visit; the address is then cleaned so the token does not linger on screen.
 */
export function pairingToken() {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (match) {
    const token = decodeURIComponent(match[1]);
    try { localStorage.setItem(tokenKey, token); } catch { /* not kept */ }
    history.replaceState(null, "", location.pathname + location.search);
    return token;
  }
  try { return localStorage.getItem(tokenKey) || null; } catch { return null; }
}
