// "Type to speak": she types (or taps a ready-made phrase) and the computer says it aloud
// (`say` to the server, which answers `said`). And the writing pad: a full-screen page in
// huge letters for someone to type to her, which flips upside down for the person across
// the table.

import { t, readyPhrases } from "./i18n.js";

export class SpeakPanel {
  /** send(message) → false when not connected. */
  constructor({ panel, opener, phrases, form, input, feedback, send }) {
    Object.assign(this, { panel, opener, phrases, form, input, feedback, send });
    this.waiting = null;
    opener.addEventListener("click", () => this.toggle());
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      if (this.say(input.value)) input.value = "";
    });
    this.renderPhrases();
  }

  toggle(open = this.panel.hidden) {
    this.panel.hidden = !open;
    this.opener.setAttribute("aria-expanded", String(open));
    if (open) this.input.focus();
  }

  renderPhrases() {
    this.phrases.replaceChildren(...readyPhrases().map((phrase) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tool phrase";
      button.textContent = phrase;
      button.dir = "auto";
      button.addEventListener("click", () => this.say(phrase));
      return button;
    }));
  }

  say(text) {
    const said = text.trim();
    if (!said) return false;
    if (!this.send({ type: "say", text: said })) {
      this.feedback.textContent = t("speak.offline");
      return false;
    }
    this.waiting = said;
    this.feedback.textContent = t("speak.sending");
    return true;
  }

  /** The server's `said` answer. */
  said(ev) {
    if (this.waiting === null) return;
    this.feedback.textContent = ev.ok === false
      ? t("speak.failed", { detail: ev.detail || "" })
      : t("speak.said", { text: this.waiting });
    this.waiting = null;
  }

  /** An `error` event while a phrase was on its way: it was not said. */
  failed(ev) {
    if (this.waiting === null) return false;
    this.feedback.textContent = t("speak.failed", { detail: ev.detail || ev.code || "" });
    this.waiting = null;
    return true;
  }
}

/** Largest and smallest letters on the pad, as a share of the screen's shorter side. */
const padLetters = { largest: 0.2, smallest: 0.045 };

export class WritingPad {
  constructor({ pad, text, opener, flip, clear, close, flipped, onFlip }) {
    Object.assign(this, { pad, text, flip, onFlip });
    this.returnFocus = null;
    opener.addEventListener("click", () => this.open());
    close.addEventListener("click", () => this.close());
    clear.addEventListener("click", () => { text.value = ""; this.fit(); text.focus(); });
    flip.addEventListener("click", () => { this.setFlipped(!this.flipped); this.onFlip?.(this.flipped); text.focus(); });
    text.addEventListener("input", () => this.fit());
    pad.addEventListener("close", () => this.returnFocus?.focus?.());
    addEventListener("resize", () => { if (pad.open) this.fit(); });
    this.setFlipped(flipped);
  }

  setFlipped(flipped) {
    this.flipped = !!flipped;
    this.pad.classList.toggle("flipped", this.flipped);
    this.flip.setAttribute("aria-pressed", String(this.flipped));
  }

  open() {
    this.returnFocus = document.activeElement;
    this.pad.showModal();
    this.fit();
    this.text.focus();
  }

  close() {
    this.pad.close();
  }

  /** The biggest letters at which everything typed still fits on the screen. */
  fit() {
    const side = Math.min(innerWidth, innerHeight);
    let size = Math.round(side * padLetters.largest);
    const smallest = Math.round(side * padLetters.smallest);
    this.text.style.fontSize = `${size}px`;
    while (size > smallest && this.text.scrollHeight > this.text.clientHeight + 1) {
      size = Math.max(smallest, Math.round(size * 0.9));
      this.text.style.fontSize = `${size}px`;
    }
  }
}
