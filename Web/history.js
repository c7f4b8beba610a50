// The saved conversations, from the server's history API: the list (newest first), one
// conversation's lines, and search across all of them.
//   GET /api/conversations            → {conversations: [{id, started, lines, title}]}
//   GET /api/conversations/ID         → {id, started, lines: [{id, text, speaker, start, starred, uncertain, direction}]}
//   GET /api/search?q=…               → {results: [{conversation, line, text, speaker, started}]}
// On the local network every request carries "Authorization: Bearer <pairing token>".

import { t, tCount, language, whoLabel } from "./i18n.js";
import { guessDirection } from "./text-render.js";

export class HistoryPanel {
  constructor({ panel, content, message, back, searchForm, searchInput, token }) {
    Object.assign(this, { panel, content, message, back, searchForm, searchInput, token });
    this.view = { kind: "list" };
    back.addEventListener("click", () => this.showList());
    searchForm.addEventListener("submit", (e) => {
      e.preventDefault();
      const q = searchInput.value.trim();
      if (q) this.search(q); else this.showList();
    });
  }

  async request(path) {
    const headers = { Accept: "application/json" };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    const response = await fetch(path, { headers, cache: "no-store" });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    return response.json();
  }

  formatDate(iso) {
    const date = new Date(iso);
    if (isNaN(date)) return String(iso ?? "");
    return date.toLocaleString(language() === "he" ? "he-IL" : "en-GB",
      { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  }

  formatOffset(seconds) {
    const s = Math.max(0, Math.floor(Number(seconds) || 0));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    const two = (n) => String(n).padStart(2, "0");
    return h ? `${h}:${two(m)}:${two(r)}` : `${m}:${two(r)}`;
  }

  async loading(work) {
    this.message.textContent = t("history.loading");
    this.content.replaceChildren();
    try {
      await work();
    } catch (error) {
      this.message.textContent = t("history.failed", { detail: error.message || String(error) });
    }
  }

  showList() {
    this.view = { kind: "list" };
    this.back.hidden = true;
    return this.loading(async () => {
      const { conversations = [] } = await this.request("/api/conversations");
      this.message.textContent = conversations.length ? "" : t("history.none");
      const list = document.createElement("ul");
      list.className = "history-list";
      for (const c of conversations) {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "history-item";
        const title = document.createElement("span");
        title.className = "history-title";
        title.dir = "auto";
        title.textContent = c.title || t("history.untitled", { id: c.id });
        const meta = document.createElement("span");
        meta.className = "history-meta";
        meta.textContent = `${this.formatDate(c.started)} · ${t("history.lines", { n: c.lines ?? 0 })}`;
        button.append(title, meta);
        button.addEventListener("click", () => this.showConversation(c.id));
        item.append(button);
        list.append(item);
      }
      this.content.replaceChildren(list);
    });
  }

  /** One conversation's lines; `line` (an id) is scrolled to and marked. */
  showConversation(id, line = null) {
    this.view = { kind: "conversation", id, line };
    this.back.hidden = false;
    return this.loading(async () => {
      const conversation = await this.request(`/api/conversations/${encodeURIComponent(id)}`);
      this.message.textContent = this.formatDate(conversation.started);
      const list = document.createElement("ol");
      list.className = "history-lines";
      let previousSpeaker = null, target = null;
      for (const l of conversation.lines || []) {
        const item = document.createElement("li");
        item.className = "history-line";
        item.dataset.id = String(l.id);
        item.dir = l.direction === "rtl" || l.direction === "ltr" ? l.direction : guessDirection(l.text || "");
        if (l.language) item.lang = l.language;
        const speaker = (l.from ? `${l.from}:` : "") + (l.speaker || "");
        if (speaker && speaker !== previousSpeaker) {
          const who = document.createElement("div");
          who.className = "who";
          who.dir = "auto";
          who.textContent = whoLabel(l.speaker, l.from);
          item.append(who);
        }
        previousSpeaker = speaker;
        const text = document.createElement("p");
        text.className = "text";
        const when = document.createElement("span");
        when.className = "history-time";
        when.dir = "ltr";
        when.textContent = this.formatOffset(l.start);
        text.append(when, " ", l.text || "");
        if (l.uncertain) {
          const unsure = document.createElement("span");
          unsure.className = "unsure";
          unsure.textContent = "?";
          unsure.title = t("captions.unsure");
          unsure.setAttribute("aria-label", t("captions.unsure"));
          text.append(" ", unsure);
        }
        if (l.starred) {
          const star = document.createElement("span");
          star.className = "star-mark";
          star.textContent = " ★";
          text.append(star);
        }
        item.append(text);
        if (line !== null && String(l.id) === String(line)) { item.classList.add("found"); target = item; }
        list.append(item);
      }
      this.content.replaceChildren(list);
      (target || list.lastElementChild)?.scrollIntoView({ block: target ? "center" : "end" });
    });
  }

  search(q) {
    this.view = { kind: "search", q };
    this.back.hidden = false;
    return this.loading(async () => {
      const { results = [] } = await this.request(`/api/search?q=${encodeURIComponent(q)}`);
      this.message.textContent = results.length ? tCount("history.results", results.length) : t("history.no-results", { q });
      const list = document.createElement("ul");
      list.className = "history-list";
      for (const r of results) {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "history-item";
        const text = document.createElement("span");
        text.className = "history-title";
        text.dir = guessDirection(r.text || "");
        text.textContent = r.text || "";
        const meta = document.createElement("span");
        meta.className = "history-meta";
        meta.textContent = [r.speaker, this.formatDate(r.started)].filter(Boolean).join(" · ");
        button.append(text, meta);
        button.addEventListener("click", () => this.showConversation(r.conversation, r.line));
        item.append(button);
        list.append(item);
      }
      this.content.replaceChildren(list);
    });
  }

  /** Shown again in the new interface language. */
  refresh() {
    if (!this.panel.open) return;
    const v = this.view;
    if (v.kind === "conversation") this.showConversation(v.id, v.line);
    else if (v.kind === "search") this.search(v.q);
    else this.showList();
  }
}
