// The model manager on the page: the catalogue with this computer's marks, an Install button
// for each model that fits, and the install's progress (percent, speed, time left, retries).
//   GET  /api/models                  → {models: [{name, size, memory_mb, hebrew, swedish, speed, installed, in_use, fits_disk, fits_memory, recommended_for}]}
//   POST /api/models/install {name}   → starts `ozen models install NAME` on the computer
//   GET  /api/models/install          → {running, name, events: [...], problem}

import { t } from "./i18n.js";

export class ModelsPanel {
  constructor({ panel, list, progress, token }) {
    Object.assign(this, { panel, list, progress, token });
    this.timer = null;
  }

  headers(extra = {}) {
    return this.token ? { ...extra, Authorization: `Bearer ${this.token}` } : extra;
  }

  async show() {
    this.list.replaceChildren();
    try {
      const response = await fetch("/api/models", { headers: this.headers(), cache: "no-store" });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { models = [] } = await response.json();
      for (const model of models) this.list.append(this.row(model));
      this.poll();
    } catch (error) {
      this.progress.textContent = t("models.failed", { detail: error?.message || String(error) });
    }
  }

  row(model) {
    const item = document.createElement("li");
    item.className = "model-row";
    item.dataset.name = model.name;
    const title = document.createElement("span");
    title.className = "model-name";
    title.textContent = `${model.name} · ${bytes(model.size)}`;
    const facts = document.createElement("span");
    facts.className = "model-facts";
    const rate = (model.hebrew || []).find((r) => r.set === "eval-d1");
    const parts = [];
    if (rate) parts.push(t("models.hebrew", { wer: rate.wer.toFixed(1) }));
    parts.push(t(`models.speed-${model.speed}`));
    if ((model.recommended_for || []).includes("he")) parts.push(t("models.recommended"));
    if (model.in_use) parts.push(t("models.in-use"));
    if (!model.fits_disk) parts.push(t("models.no-disk"));
    if (!model.fits_memory) parts.push(t("models.no-memory"));
    facts.textContent = parts.join(" · ");
    item.append(title, facts);
    if (model.installed) {
      const mark = document.createElement("span");
      mark.className = "model-installed";
      mark.textContent = t("models.installed");
      item.append(mark);
    } else if (model.fits_disk && model.fits_memory) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tool";
      button.textContent = t("models.install");
      button.addEventListener("click", () => this.install(model.name));
      item.append(button);
    }
    return item;
  }

  async install(name) {
    const response = await fetch("/api/models/install", {
      method: "POST", headers: this.headers({ "Content-Type": "application/json" }), body: JSON.stringify({ name }), cache: "no-store",
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) { this.progress.textContent = t("models.failed", { detail: answer.error || `HTTP ${response.status}` }); return; }
    this.progress.textContent = t("models.starting", { name });
    this.poll();
  }

  // While an install runs, its last event is shown once a second.
  async poll() {
    clearTimeout(this.timer);
    let state;
    try {
      const response = await fetch("/api/models/install", { headers: this.headers(), cache: "no-store" });
      state = await response.json();
    } catch { return; }
    if (!state.name) return;
    const last = [...(state.events || [])].reverse().find((e) => e.type !== "note") || {};
    if (state.running) {
      this.progress.textContent = describe(state.name, last);
      if (this.panel.open) this.timer = setTimeout(() => this.poll(), 1000);
    } else if (last.type === "installed") {
      this.progress.textContent = t("models.done", { name: state.name });
      if (this.panel.open && !this.list.querySelector(`[data-name="${CSS.escape(state.name)}"] .model-installed`)) this.show();
    } else if (state.problem) {
      this.progress.textContent = t("models.failed", { detail: state.problem });
    }
  }
}

function describe(name, event) {
  switch (event.type) {
    case "download": {
      const parts = [name];
      if (event.percent != null) parts.push(`${Math.floor(event.percent)} %`);
      parts.push(event.total ? `${bytes(event.done)} / ${bytes(event.total)}` : bytes(event.done));
      if (event.bytes_per_second) parts.push(`${bytes(event.bytes_per_second)}/s`);
      if (event.seconds_left != null) parts.push(t("models.left", { time: duration(event.seconds_left) }));
      return parts.join(" · ");
    }
    case "download_retrying": return t("models.retrying", { name, seconds: Math.round(event.in) });
    case "download_resuming": return t("models.resuming", { name, done: bytes(event.from) });
    case "download_starting_over": return t("models.over", { name });
    default: return t("models.checking", { name });
  }
}

function bytes(n) {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} GB`;
  if (n >= 1e6) return `${Math.round(n / 1e6)} MB`;
  if (n >= 1e3) return `${Math.round(n / 1e3)} kB`;
  return `${n} B`;
}

function duration(s) {
  const m = Math.floor(s / 60), r = Math.round(s % 60);
  return m ? `${m}:${String(r).padStart(2, "0")}` : `${r} s`;
}
