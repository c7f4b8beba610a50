// The caption display's wiring: settings, the connection to `ozen serve`, the caption list,
// alerts, "type to speak", the writing pad, the history panel, this device's mic and dictation.

import { setLanguage, language, t } from "./i18n.js";
import { loadSettings, saveSettings, clampSize, sizeLimits, windowLineLimits, pairingToken } from "./settings.js";
import { CaptionList } from "./captions.js";
import { DisplayConnection } from "./connection.js";
import { AlertBanner } from "./alerts.js";
import { SpeakPanel, WritingPad } from "./speak.js";
import { HistoryPanel } from "./history.js";
import { ModelsPanel } from "./models.js";
import { MicrophoneCaptions } from "./microphone.js";
import { DictationPanel } from "./dictation.js";
import { showPairingCode } from "./pairing.js";
import { showAppReports } from "./reports.js";
import { TeachSound } from "./sounds.js";
import { guessDirection } from "./text-render.js";

const $ = (id) => document.getElementById(id);
const settings = loadSettings();
const token = pairingToken();
// Window mode (`ozen-window`, over a call): only the last lines, the toolbar while the pointer
// is over it. "?window&lines=N" from `ozen serve --window --lines N` wins over her last choice.
const address = new URLSearchParams(location.search);
const windowMode = address.has("window");
if (windowMode) {
  const asked = Number(address.get("lines"));
  if (Number.isInteger(asked) && asked >= windowLineLimits.min && asked <= windowLineLimits.max) settings.windowLines = asked;
  document.body.classList.add("window-mode");
}
let conversationId = null;
let lastStatus = { key: "status.connecting", values: {} };

// ── settings ──────────────────────────────────────────────────────────────────────────

function applySettings({ save = true } = {}) {
  const root = document.documentElement;
  root.style.setProperty("--caption-size", `${settings.size}px`);
  for (const name of [...document.body.classList]) if (name.startsWith("theme-")) document.body.classList.remove(name);
  document.body.classList.add(`theme-${settings.theme}`);
  document.body.classList.toggle("bold", settings.bold);
  $("size-range").value = String(settings.size);
  $("size-value").textContent = `${settings.size} px`;
  $("smaller").disabled = settings.size <= sizeLimits.min;
  $("larger").disabled = settings.size >= sizeLimits.max;
  for (const input of document.querySelectorAll('input[name="theme"]')) input.checked = input.value === settings.theme;
  for (const input of document.querySelectorAll('input[name="language"]')) input.checked = input.value === settings.language;
  for (const input of document.querySelectorAll('input[name="mic-language"]')) input.checked = input.value === settings.micLanguage;
  $("bold").checked = settings.bold;
  document.body.dataset.lines = String(settings.windowLines);
  // What the caption window should be tall to show her lines at her size (ozen-window reads
  // it and resizes itself): rows of 1.35 em, and the caption area's padding.
  document.body.dataset.windowHeight = String(Math.ceil(settings.windowLines * 1.35 * settings.size + 8));
  $("window-lines").textContent = `☰ ${settings.windowLines}`;
  if (save) saveSettings(settings);
}

function resize(size, { save = true } = {}) {
  const stick = captions.atBottom();
  settings.size = clampSize(size);
  applySettings({ save });
  if (stick) captions.scrollToEnd(false);
}

function applyLanguage() {
  setLanguage(settings.language);
  const other = settings.language === "he" ? "en" : "he";
  const toggle = $("language-toggle");
  toggle.textContent = other === "he" ? "עב" : "EN";
  toggle.lang = other;
  toggle.setAttribute("aria-label", other === "he" ? "ממשק בעברית" : "English interface");
  showStatus(lastStatus.key, lastStatus.values, lastStatus.state);
  $("microphone").textContent = t(microphone?.on ? "mic.stop" : "mic.start");
  dictation?.relocalize();
}

// ── the parts ─────────────────────────────────────────────────────────────────────────

const captions = new CaptionList({
  area: $("captions-area"), list: $("captions"), pill: $("new-lines-pill"),
  announcer: $("announcer"), emptyHint: $("empty-hint"),
  onStar: (id, starred) => connection.send({ type: "star", id, starred }),
  onCopy: copy,
  onTrim: () => showEarlierLink(),
});

const banner = new AlertBanner({ banner: $("alert-banner"), text: $("alert-text"), dismiss: $("alert-dismiss"), edge: $("edge-flash") });

const speak = new SpeakPanel({
  panel: $("speak-panel"), opener: $("open-speak"), phrases: $("phrases"), form: $("speak-form"),
  input: $("speak-input"), feedback: $("speak-feedback"), send: (message) => connection.send(message),
});

new WritingPad({
  pad: $("pad"), text: $("pad-text"), opener: $("open-pad"), flip: $("pad-flip"), clear: $("pad-clear"),
  close: $("pad-close"), flipped: settings.padFlipped,
  onFlip: (flipped) => { settings.padFlipped = flipped; saveSettings(settings); },
});

const modelsPanel = new ModelsPanel({ panel: $("models-panel"), list: $("models-list"), progress: $("models-progress"), token });

const historyPanel = new HistoryPanel({
  panel: $("history-panel"), content: $("history-content"), message: $("history-message"), back: $("history-back"),
  searchForm: $("search-form"), searchInput: $("search-input"), token,
});

const microphone = new MicrophoneCaptions({
  token,
  onText: ({ id, text, final, confidence }) => captions.lineEvent({
    type: final ? "line" : "partial", id, text, mic: true, speaker: null,
    direction: guessDirection(text), uncertain: confidence !== null && confidence < 0.5, numbers: [],
  }),
  onState: (state, detail) => {
    const button = $("microphone");
    const on = state === "on" || state === "starting";
    button.setAttribute("aria-pressed", String(on));
    button.textContent = t(on ? "mic.stop" : "mic.start");
    if (state === "unavailable") toast(t("mic.unavailable"));
    else if (state === "denied") toast(t("mic.denied"));
    else if (state === "failed") toast(t("mic.failed", { detail: detail || "" }));
  },
});

const dictation = new DictationPanel({
  panel: $("dictation-panel"), opener: $("open-dictation"), button: $("dictate"), countdown: $("dictation-countdown"),
  live: $("dictation-live"), text: $("dictation-text"), copyButton: $("dictation-copy"), insertButton: $("dictation-insert"),
  message: $("dictation-message"), token, language: () => settings.micLanguage, copy, toast,
});

const connection = new DisplayConnection({
  token,
  onState: (state, detail) => {
    $("pairing-needed").hidden = state !== "unauthorized";
    if (state === "connecting") showStatus("status.connecting", {}, "waiting");
    else if (state === "ready") { captions.dropPartials(); showStatus("status.listening", {}, "on"); }
    else if (state === "reconnecting") showStatus("status.reconnecting", {}, "waiting");
    else if (state === "unauthorized") showStatus("status.pairing", {}, "off");
    else if (state === "error") showStatus("status.error", { detail }, "off");
  },
  onEvent: (ev, { quiet }) => {
    switch (ev.type) {
      case "partial":
      case "line": captions.lineEvent(ev, { quiet }); break;
      case "alert": captions.alert(ev); if (!quiet) banner.word(ev); break;
      case "sound": banner.sound(ev); break;
      case "speaker": captions.relabel(ev); break;
      case "corrected": captions.corrected(ev); break;
      case "translation": captions.translation(ev); break;
      case "revised":
      case "checked": captions.reviewed(ev); break;
      case "gap": captions.gap(ev); break;
      case "status": status(ev); break;
      case "conversation":
        if (conversationId !== null && ev.id !== conversationId) captions.clear();
        conversationId = ev.id;
        showEarlierLink();
        break;
      case "said": speak.said(ev); break;
      case "error": if (!speak.failed(ev)) showStatus("status.error", { detail: ev.detail || ev.code || "" }, "off"); break;
      default: break; // later server versions add types; this page shows what it knows
    }
  },
});

function status(ev) {
  if (ev.state === "loading") showStatus("status.loading", { model: ev.model || "" }, "waiting");
  else if (ev.state === "listening") showStatus("status.listening", {}, "on");
  else if (ev.state === "finished") showStatus("status.finished", { n: ev.lines ?? 0 }, "idle");
  else if (ev.state === "failed") showStatus("status.failed", { reason: [ev.reason, ev.action].filter(Boolean).join(" — ") }, "off");
}

function showStatus(key, values = {}, state = "waiting") {
  lastStatus = { key, values, state };
  $("status-text").textContent = t(key, values);
  $("status").dataset.state = state;
}

function showEarlierLink() {
  $("earlier-link-row").hidden = conversationId === null;
}

// ── copy and the little messages ──────────────────────────────────────────────────────

let toastTimer = null;
function toast(message) {
  const box = $("toast");
  box.textContent = message;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 3000);
}

async function copy(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
    } else {
      const area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.append(area);
      area.select();
      const ok = document.execCommand("copy");
      area.remove();
      if (!ok) throw new Error("copy refused");
    }
    toast(t("line.copied"));
  } catch {
    toast(t("line.copy-failed"));
  }
}

// ── controls ──────────────────────────────────────────────────────────────────────────

// The first run: what runs where, and her name for the name alert (asked until answered).
async function firstRun() {
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  const dialog = $("first-run");
  try {
    const response = await fetch("/api/first-run", { headers, cache: "no-store" });
    if (!response.ok || !(await response.json()).ask) return;
  } catch { return; }
  const send = async (name) => {
    const response = await fetch("/api/first-run", {
      method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify({ name }), cache: "no-store",
    });
    if (response.ok) { dialog.close(); if (name) toast(t("first.saved", { name })); }
  };
  for (const suggestion of dialog.querySelectorAll("[data-name]")) {
    suggestion.addEventListener("click", () => { $("first-run-name").value = suggestion.dataset.name; });
  }
  $("first-run-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const name = $("first-run-name").value.trim();
    if (name) send(name);
  });
  $("first-run-later").addEventListener("click", () => send(null));
  dialog.showModal();
}
// The first run asks her name on the page, never in the small window over a call.
if (!windowMode) firstRun();

$("copy-diagnostics").addEventListener("click", async () => {
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  try {
    const response = await fetch("/api/diagnostics", { headers, cache: "no-store" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    await copy(await response.text());
  } catch (error) {
    toast(t("settings.diagnostics-failed", { detail: error?.message || String(error) }));
  }
});

$("smaller").addEventListener("click", () => resize(settings.size - sizeLimits.step));
$("larger").addEventListener("click", () => resize(settings.size + sizeLimits.step));
$("window-lines").addEventListener("click", () => {
  settings.windowLines = settings.windowLines >= windowLineLimits.max ? windowLineLimits.min : settings.windowLines + 1;
  applySettings();
  captions.scrollToEnd(false);
});
$("size-down").addEventListener("click", () => resize(settings.size - sizeLimits.step));
$("size-up").addEventListener("click", () => resize(settings.size + sizeLimits.step));
$("size-range").addEventListener("input", (e) => resize(e.target.value));
$("bold").addEventListener("change", (e) => { settings.bold = e.target.checked; applySettings(); });
for (const input of document.querySelectorAll('input[name="theme"]')) {
  input.addEventListener("change", () => { settings.theme = input.value; applySettings(); });
}
for (const input of document.querySelectorAll('input[name="language"]')) {
  input.addEventListener("change", () => changeLanguage(input.value));
}
for (const input of document.querySelectorAll('input[name="mic-language"]')) {
  input.addEventListener("change", () => { settings.micLanguage = input.value; applySettings(); });
}
$("language-toggle").addEventListener("click", () => changeLanguage(settings.language === "he" ? "en" : "he"));

function changeLanguage(value) {
  settings.language = value;
  applySettings();
  applyLanguage();
  captions.relocalize();
  speak.renderPhrases();
  historyPanel.refresh();
}

$("microphone").addEventListener("click", () => {
  if (microphone.on) microphone.stop(); else microphone.start(settings.micLanguage);
});

function openDialog(dialog, after) {
  if (!dialog.open) dialog.showModal();
  after?.();
}
for (const close of document.querySelectorAll(".close-panel")) close.addEventListener("click", () => close.closest("dialog").close());
for (const dialog of document.querySelectorAll("dialog.panel")) {
  dialog.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); }); // a tap outside the panel
}
const teachSound = new TeachSound({ form: $("teach-form"), name: $("teach-name"), kind: $("teach-kind"), takes: $("teach-takes"),
                                   level: $("teach-level"), status: $("teach-status"), list: $("taught-list"), token });
$("open-settings").addEventListener("click", () => openDialog($("settings-panel"), () => {
  teachSound.show();
  showPairingCode({ setting: $("pairing-setting"), image: $("pairing-code"), token });
  showAppReports({ setting: $("reports-setting"), list: $("reports-list"), token,
                   format: (report) => t("settings.report-line", { time: new Date(report.saved).toLocaleString(), client: report.client || "?" }) });
}));
$("open-history").addEventListener("click", () => openDialog($("history-panel"), () => historyPanel.showList()));
$("open-models").addEventListener("click", () => openDialog($("models-panel"), () => modelsPanel.show()));
$("earlier-link").addEventListener("click", (e) => {
  e.preventDefault();
  if (conversationId !== null) openDialog($("history-panel"), () => historyPanel.showConversation(conversationId));
});

// + and − (or = and _) change the caption size, unless she is typing.
document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const target = e.target;
  if (target.closest && target.closest("input, textarea, select, [contenteditable], dialog#pad")) return;
  if (e.key === "+" || e.key === "=") { resize(settings.size + sizeLimits.step); e.preventDefault(); }
  else if (e.key === "-" || e.key === "_") { resize(settings.size - sizeLimits.step); e.preventDefault(); }
});

// Two fingers pinch the captions bigger or smaller (the page itself does not zoom there).
let pinch = null;
const area = $("captions-area");
const distance = (touches) => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
area.addEventListener("touchstart", (e) => {
  if (e.touches.length === 2) pinch = { from: distance(e.touches), size: settings.size };
}, { passive: true });
area.addEventListener("touchmove", (e) => {
  if (!pinch || e.touches.length !== 2) return;
  e.preventDefault();
  const size = Math.round((pinch.size * distance(e.touches)) / pinch.from / sizeLimits.step) * sizeLimits.step;
  if (clampSize(size) !== settings.size) resize(size, { save: false });
}, { passive: false });
area.addEventListener("touchend", (e) => {
  if (pinch && e.touches.length < 2) { pinch = null; saveSettings(settings); }
});
document.addEventListener("gesturestart", (e) => e.preventDefault()); // Safari's own page zoom

// ── start ─────────────────────────────────────────────────────────────────────────────

applySettings({ save: false });
applyLanguage();
captions.updateEmpty();
connection.start();
