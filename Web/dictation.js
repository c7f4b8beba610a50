// The dictation panel: one big round button, tap to start and tap to stop, a countdown of the
// take's 60 seconds, the words as they are heard, then the take's polished text with Copy and
// Insert (at this computer's cursor, through `POST /api/dictation/insert`). The take travels
// over protocol v1 with purpose "dictation"; the server polishes and saves it (`ozen history`).

import { t } from "./i18n.js";
import { MicrophoneCaptions } from "./microphone.js";

/** A take's longest length, as the server enforces it. */
export const longestTakeSeconds = 60;

export class DictationPanel {
  /** copy(text) and toast(message) are the page's own. */
  constructor({ panel, opener, button, countdown, live, text, copyButton, insertButton, message, token, language, copy, toast }) {
    Object.assign(this, { panel, opener, button, countdown, live, text, copyButton, insertButton, message, token, language, copy, toast });
    this.heard = new Map(); // utterance id → words, while the take runs
    this.startedAt = null;
    this.timer = null;
    this.state = "idle"; // idle | starting | listening | finishing
    this.microphone = new MicrophoneCaptions({
      token, purpose: "dictation", finalWait: 60000,
      onText: ({ id, text }) => { this.heard.set(id, text); this.showHeard(); },
      onState: (state, detail) => this.microphoneState(state, detail),
      onMessage: (ev) => { if (ev.type === "dictation") this.finished(ev); },
    });
    opener.addEventListener("click", () => { if (!panel.open) panel.showModal(); });
    button.addEventListener("click", () => this.toggle());
    copyButton.addEventListener("click", () => { if (text.value.trim()) copy(text.value); });
    insertButton.addEventListener("click", () => this.insert());
    panel.addEventListener("close", () => { if (this.microphone.on) this.stop(); });
    this.render();
  }

  toggle() {
    if (this.state === "starting" || this.state === "listening") this.stop();
    else if (this.state === "idle") this.start();
  }

  start() {
    this.heard.clear();
    this.text.value = "";
    this.live.textContent = "";
    this.say("");
    this.state = "starting";
    this.render();
    this.microphone.start(this.language());
  }

  stop() {
    this.state = "finishing";
    this.microphone.stop();
    this.stopCountdown();
    this.say(t("dictation.finishing"));
    this.render();
  }

  microphoneState(state, detail) {
    if (state === "on") {
      this.state = "listening";
      this.startedAt = performance.now();
      this.timer = setInterval(() => this.tick(), 250);
      this.tick();
      this.say(t("dictation.listening"));
    } else if (state === "limit") {
      this.state = "finishing";
      this.stopCountdown();
      this.say(t("dictation.limit"));
    } else if (state === "unavailable" || state === "denied" || state === "failed") {
      this.state = "idle";
      this.stopCountdown();
      this.say(t(state === "failed" ? "mic.failed" : `mic.${state}`, { detail: detail || "" }));
    }
    // "off" comes after a stop; the take's text may still be on its way ("finishing").
    this.render();
  }

  tick() {
    if (this.startedAt === null) return;
    const left = Math.max(0, longestTakeSeconds - (performance.now() - this.startedAt) / 1000);
    this.countdown.textContent = t("dictation.left", { s: Math.ceil(left) });
    this.countdown.classList.toggle("ending", left <= 10);
    // The server cuts at 60 s of audio; should its word not come, the take ends here too.
    if (left <= 0 && performance.now() - this.startedAt > (longestTakeSeconds + 2) * 1000) this.stop();
  }

  stopCountdown() {
    clearInterval(this.timer);
    this.timer = null;
    this.startedAt = null;
    this.countdown.textContent = "";
    this.countdown.classList.remove("ending");
  }

  showHeard() {
    this.live.textContent = [...this.heard.values()].filter(Boolean).join(" ");
  }

  /** The server's `dictation` message: the take, polished and saved. */
  finished(ev) {
    this.state = "idle";
    this.stopCountdown();
    this.live.textContent = "";
    this.text.value = ev.text || "";
    this.text.dir = "auto";
    if (!ev.raw) this.say(t("dictation.nothing"));
    else this.say(ev.note ? t("dictation.done-note", { note: ev.note }) : t(ev.cut_at_60_s ? "dictation.done-cut" : "dictation.done"));
    this.render();
  }

  async insert() {
    const text = this.text.value.trim();
    if (!text) return;
    const headers = { "Content-Type": "application/json" };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    try {
      const response = await fetch("/api/dictation/insert", { method: "POST", headers, body: JSON.stringify({ text }), cache: "no-store" });
      const answer = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(answer.error || `HTTP ${response.status}`);
      this.say(answer.inserted ? t("dictation.inserted") : t("dictation.on-clipboard", { detail: answer.detail || "" }));
    } catch (error) {
      this.say(t("dictation.insert-failed", { detail: error?.message || String(error) }));
    }
  }

  say(message) { this.message.textContent = message; }

  render() {
    const on = this.state === "starting" || this.state === "listening";
    this.button.setAttribute("aria-pressed", String(on));
    this.button.dataset.state = this.state;
    this.button.disabled = this.state === "finishing";
    this.button.textContent = t(on ? "dictation.stop" : this.state === "finishing" ? "dictation.wait" : "dictation.start");
    const hasText = this.text.value.trim() !== "";
    this.copyButton.disabled = !hasText;
    this.insertButton.disabled = !hasText;
  }

  relocalize() { this.render(); }
}
