// Settings' "Teach a sound": her doorbell, her oven's timer or her washing machine's tune,
// recorded from the microphone `ozen serve` hears the room with and taught, then listed with a
// Forget button. The server's alerts name it from then on ("Sound: Front door").
//   GET  /api/sounds                  → {taught: [{name, kind, priority, recordings}], teaching}
//   POST /api/sounds/teach {name, kind, takes}  → 202 {teaching}
//   POST /api/sounds/forget {name}    → {forgotten}
// teaching: {name, kind, take, of, stage: waiting|hearing|taught|failed, level, problem}.

import { t } from "./i18n.js";

const pollMs = 250;

export class TeachSound {
  constructor({ form, name, kind, takes, level, status, list, token }) {
    Object.assign(this, { form, name, kind, takes, level, status, list, token });
    this.following = false;
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.teach();
    });
  }

  headers(extra = {}) {
    return this.token ? { ...extra, Authorization: `Bearer ${this.token}` } : extra;
  }

  /** The taught list, and a teaching under way followed to its end. */
  async show() {
    try {
      const response = await fetch("/api/sounds", { headers: this.headers(), cache: "no-store" });
      if (!response.ok) throw new Error(await problem(response));
      const { taught = [], teaching = null } = await response.json();
      this.render(taught);
      if (teaching && (teaching.stage === "waiting" || teaching.stage === "hearing")) this.follow();
    } catch (error) {
      this.status.textContent = t("teach.failed", { problem: error?.message || String(error) });
    }
  }

  async teach() {
    const name = this.name.value.trim();
    if (!name) {
      this.status.textContent = t("teach.need-name");
      this.name.focus();
      return;
    }
    try {
      const response = await fetch("/api/sounds/teach", {
        method: "POST",
        headers: this.headers({ "Content-Type": "application/json" }),
        body: JSON.stringify({ name, kind: this.kind.value, takes: Number(this.takes.value) }),
      });
      if (!response.ok) throw new Error(await problem(response));
      const { teaching } = await response.json();
      this.progress(teaching);
      this.follow();
    } catch (error) {
      this.status.textContent = t("teach.failed", { problem: error?.message || String(error) });
    }
  }

  /** Asks where the teaching stands until it is taught or has failed. */
  async follow() {
    if (this.following) return;
    this.following = true;
    this.form.querySelector("button[type=submit]").disabled = true;
    try {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        const response = await fetch("/api/sounds", { headers: this.headers(), cache: "no-store" });
        if (!response.ok) throw new Error(await problem(response));
        const { taught = [], teaching = null } = await response.json();
        if (!teaching) break;
        this.progress(teaching);
        if (teaching.stage === "taught" || teaching.stage === "failed") {
          if (teaching.stage === "taught") this.name.value = "";
          this.render(taught);
          break;
        }
      }
    } catch (error) {
      this.status.textContent = t("teach.failed", { problem: error?.message || String(error) });
    } finally {
      this.following = false;
      this.form.querySelector("button[type=submit]").disabled = false;
    }
  }

  progress(teaching) {
    const recording = teaching.stage === "waiting" || teaching.stage === "hearing";
    this.level.hidden = !recording;
    if (recording && typeof teaching.level === "number") this.level.value = teaching.level;
    const values = { take: teaching.take, of: teaching.of, name: teaching.name, problem: teaching.problem || "" };
    this.status.textContent = t(`teach.${teaching.stage}`, values);
    this.status.dataset.stage = teaching.stage;
  }

  render(taught) {
    this.list.replaceChildren(...taught.map((sound) => {
      const item = document.createElement("li");
      item.dataset.name = sound.name;
      const label = document.createElement("span");
      label.dir = "auto";
      label.textContent = `${sound.name} · ${t(`teach.kind.${sound.kind}`)}`;
      const forget = document.createElement("button");
      forget.type = "button";
      forget.className = "tool";
      forget.textContent = t("teach.forget");
      forget.addEventListener("click", () => this.forget(sound.name));
      item.append(label, forget);
      return item;
    }));
  }

  async forget(name) {
    try {
      const response = await fetch("/api/sounds/forget", {
        method: "POST",
        headers: this.headers({ "Content-Type": "application/json" }),
        body: JSON.stringify({ name }),
      });
      if (!response.ok) throw new Error(await problem(response));
      this.status.textContent = t("teach.forgotten", { name });
      await this.show();
    } catch (error) {
      this.status.textContent = t("teach.failed", { problem: error?.message || String(error) });
    }
  }
}

async function problem(response) {
  try {
    const { error } = await response.json();
    if (error) return error;
  } catch { /* not JSON */ }
  return `HTTP ${response.status}`;
}
