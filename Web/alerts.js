// Alerts she must not miss: her name or a word on her list, a doorbell or an alarm.
// A banner at the top (role="alert", read out at once) and a slow flash of the screen's
// edges: three pulses of 1.2 s, well under the three-flashes-a-second limit of WCAG 2.3.1;
// with prefers-reduced-motion, a steady glow instead. The banner stays until dismissed or
// 30 s have passed, so an alert seen late is still there.

import { t, soundName } from "./i18n.js";

const bannerMs = 30000;

export class AlertBanner {
  constructor({ banner, text, dismiss, edge }) {
    Object.assign(this, { banner, text, dismiss, edge });
    this.timer = null;
    dismiss.addEventListener("click", () => this.hide());
  }

  /** An `alert` event: a word said in a line. */
  word(ev) {
    this.show(t("alert.word", { word: ev.said || ev.word || "" }), "word");
  }

  /** A `sound` event: {kind, class, score, priority}. Danger (priority 3 and up: smoke alarm, siren) is red. */
  sound(ev) {
    this.show(t("alert.sound", { sound: soundName(ev.kind, ev.class) }), (ev.priority ?? 1) >= 3 ? "urgent" : "sound");
  }

  show(message, kind) {
    this.text.textContent = message;
    this.banner.dataset.kind = kind;
    this.banner.hidden = false;
    this.edge.classList.remove("flashing");
    void this.edge.offsetWidth; // restart the animation for a second alert
    this.edge.classList.add("flashing");
    this.edge.dataset.kind = kind;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.hide(), bannerMs);
  }

  hide() {
    clearTimeout(this.timer);
    this.banner.hidden = true;
    this.edge.classList.remove("flashing");
  }
}
