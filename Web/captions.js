// The caption list: the newest 300 lines, partials growing in place until their line locks,
// the speaker's name once at the start of each turn, marks for a long quiet and for what
// arrived while the screen was hidden, auto-scroll that waits while she reads further up.

import { t, tCount, language, whoLabel } from "./i18n.js";
import { renderCaptionText, settledEnd, locateHit } from "./text-render.js";

/** Lines kept on screen; older ones stay in the saved conversation ("earlier" link). */
export const maxLines = 300;
/** How close to the end (px) still counts as reading the newest line. */
const bottomSlack = 48;
/** Hidden this long (ms) or more, the display marks where the unseen lines begin. */
export const unseenAfterMs = 15000;

export class CaptionList {
  /**
   * area: the scrolling element; list: the element that holds lines and marks;
   * pill: the "N new lines" button; announcer: the aria-live region.
   * onStar(id, starred), onCopy(text): what the line tools do.
   */
  constructor({ area, list, pill, announcer, emptyHint, onStar, onCopy, onTrim }) {
    Object.assign(this, { area, list, pill, announcer, emptyHint, onStar, onCopy, onTrim });
    this.lines = new Map();       // id → { el, ev, hits, starred }
    this.pendingHits = new Map(); // alerts that came before their line
    this.newCount = 0;
    this.lastAnnouncedSpeaker = undefined;
    this.hiddenSince = document.hidden ? Date.now() : null;
    this.firstUnseen = null;
    this.trimmed = false;

    area.addEventListener("scroll", () => { if (this.atBottom()) this.clearNew(); }, { passive: true });
    pill.addEventListener("click", () => this.scrollToEnd(true));
    document.addEventListener("visibilitychange", () => this.visibilityChanged());
    list.addEventListener("click", (e) => this.clicked(e));
    list.addEventListener("keydown", (e) => this.keyed(e));
    // Tabbing into the list picks the newest line; Shift+Tab out of a line leaves the list.
    list.addEventListener("focus", (e) => {
      if (e.target === list && !list.contains(e.relatedTarget)) this.select(this.lastLine(), true);
    });
  }

  // ── events ────────────────────────────────────────────────────────────────────────

  /** A `partial` or `line` event. quiet: a line from before this page connected (not new to her). */
  lineEvent(ev, { quiet = false } = {}) {
    const id = ev.id;
    const locked = ev.type === "line";
    const known = this.lines.get(id);
    const wasLocked = known ? known.el.classList.contains("locked") : false;
    const stick = this.atBottom();

    if (ev.text === "" || ev.text === undefined || ev.text === null) {
      if (known) this.remove(id);
      this.updateEmpty();
      return;
    }

    let entry = known;
    if (!entry) {
      entry = { el: this.createLine(ev), ev, hits: [], starred: !!ev.starred };
      this.lines.set(id, entry);
      this.insert(entry.el, id);
      if (document.hidden && !quiet && !this.firstUnseen) this.firstUnseen = entry.el;
    }
    if (ev.starred !== undefined) entry.starred = !!ev.starred;
    entry.ev = { ...entry.ev, ...ev };
    if (this.pendingHits.has(id)) {
      entry.hits.push(...this.pendingHits.get(id));
      this.pendingHits.delete(id);
    }
    this.render(entry);
    this.refreshTurn(entry.el);
    this.refreshTurn(this.nextLine(entry.el));

    if (locked && !wasLocked && !quiet) {
      this.announce(entry);
      if (!stick) this.countNew();
    }
    this.trim();
    this.updateEmpty();
    if (stick) this.scrollToEnd(false);
  }

  /** An `alert`: her name or a word on her list was said in line `id`. */
  alert(ev) {
    const hit = { start: ev.start, end: ev.end, said: ev.said, word: ev.word };
    const entry = this.lines.get(ev.id);
    if (!entry) {
      const list = this.pendingHits.get(ev.id) || [];
      list.push(hit);
      this.pendingHits.set(ev.id, list);
      return;
    }
    const stick = this.atBottom();
    entry.hits.push(hit);
    this.render(entry);
    if (stick) this.scrollToEnd(false);
  }

  /** The interpreter's `translation` of line `id`: the English is shown large, the source small beneath. */
  translation(ev) {
    const entry = this.lines.get(ev.id);
    if (!entry) return;
    const stick = this.atBottom();
    entry.translation = { english: ev.english, source: ev.source, checked: false };
    this.render(entry);
    if (stick) this.scrollToEnd(false);
  }

  /** The second pass heard line `id` again: `revised` replaces both texts in place, `checked`
   *  agrees; either way the line gets its check mark. */
  reviewed(ev) {
    const entry = this.lines.get(ev.id);
    if (!entry || !entry.translation) return;
    if (ev.type === "revised") entry.translation = { english: ev.english, source: ev.source, checked: true };
    else entry.translation.checked = true;
    this.render(entry);
  }

  /** A `corrected` event: line `id` heard again came out with other words. They replace the
   *  first ones in place; the list does not scroll and the line is not announced again, so her
   *  place stays where it was. */
  corrected(ev) {
    const entry = this.lines.get(ev.id);
    if (!entry) return;
    const stick = this.atBottom();
    const { text, confidence, uncertain, numbers, direction, paragraph_breaks } = ev;
    entry.ev = { ...entry.ev, text, confidence, uncertain, numbers, direction, corrected: true };
    if (paragraph_breaks !== undefined) entry.ev.paragraph_breaks = paragraph_breaks;
    this.render(entry);
    entry.el.classList.add("corrected");
    if (stick) this.scrollToEnd(false);
  }

  /** A `speaker` event: line `id` turned out to be someone else's. */
  relabel(ev) {
    const entry = this.lines.get(ev.id);
    if (!entry) return;
    entry.ev = { ...entry.ev, speaker: ev.speaker };
    entry.el.dataset.speaker = (entry.ev.from ? `${entry.ev.from}:` : "") + (ev.speaker ?? "");
    this.refreshTurn(entry.el);
    this.refreshTurn(this.nextLine(entry.el));
  }

  /** A `gap`: five quiet minutes or more; a time mark where talking resumed. */
  gap(ev) {
    const stick = this.atBottom();
    const mark = document.createElement("div");
    mark.className = "mark time-mark";
    mark.setAttribute("role", "listitem");
    mark.dataset.resumedAt = ev.resumed_at || "";
    mark.dataset.silence = String(ev.silence_seconds ?? 300);
    this.labelTimeMark(mark);
    this.list.append(mark);
    this.refreshTurn(this.nextLine(mark));
    if (stick) this.scrollToEnd(false);
  }

  /** Partials whose lines will never come (the connection dropped): gone. */
  dropPartials() {
    for (const [id, entry] of [...this.lines]) if (!entry.el.classList.contains("locked") && !entry.ev.mic) this.remove(id);
    this.updateEmpty();
  }

  /** Everything goes (another conversation began on the server). */
  clear() {
    this.lines.clear();
    this.pendingHits.clear();
    this.list.replaceChildren();
    this.firstUnseen = null;
    this.trimmed = false;
    this.lastAnnouncedSpeaker = undefined;
    this.clearNew();
    this.updateEmpty();
  }

  /** The interface language changed: names, marks and labels again. */
  relocalize() {
    for (const entry of this.lines.values()) { this.render(entry); this.refreshTurn(entry.el); }
    for (const mark of this.list.querySelectorAll(".time-mark")) this.labelTimeMark(mark);
    for (const mark of this.list.querySelectorAll(".unseen-mark")) mark.textContent = t("captions.unseen");
    this.showPill();
  }

  setStarred(id, starred) {
    const entry = this.lines.get(id);
    if (!entry) return;
    entry.starred = starred;
    this.render(entry);
  }

  // ── rendering ─────────────────────────────────────────────────────────────────────

  createLine(ev) {
    const el = document.createElement("div");
    el.className = "line";
    el.setAttribute("role", "listitem");
    el.tabIndex = -1;
    el.dataset.id = String(ev.id);
    // The name sits at the start of the line's own direction; <bdi> keeps a Latin name
    // in a Hebrew line (or the reverse) from reordering its neighbours.
    const who = document.createElement("div");
    who.className = "who";
    who.hidden = true;
    const text = document.createElement("p");
    text.className = "text";
    el.append(who, text);
    return el;
  }

  render(entry) {
    const { el, ev } = entry;
    const locked = ev.type === "line";
    el.classList.toggle("locked", locked);
    el.classList.toggle("partial", !locked);
    el.classList.toggle("mic", !!ev.mic);
    el.dir = ev.direction === "rtl" ? "rtl" : "ltr";
    if (ev.language) el.lang = ev.language; else el.removeAttribute("lang");
    // With the room and a call together, a turn also starts where the source changes.
    el.dataset.speaker = ev.mic ? "mic:" : (ev.from ? `${ev.from}:` : "") + (ev.speaker ?? "");
    el.classList.toggle("uncertain", !!ev.uncertain);
    el.classList.toggle("starred", !!entry.starred);

    const translated = entry.translation;
    el.classList.toggle("translated", !!translated);
    if (translated) el.dir = "ltr";
    const text = translated ? String(translated.english) : String(ev.text);
    const hits = translated ? [] : entry.hits.map((h) => locateHit(text, h)).filter(Boolean);
    el.classList.toggle("alerted", entry.hits.length > 0);
    const p = el.querySelector(".text");
    renderCaptionText(p, text, {
      numbers: ev.numbers, hits,
      settled: locked || translated ? text.length : settledEnd(text, ev.settled_words),
      breaks: translated ? [] : ev.paragraph_breaks,
    });
    let source = el.querySelector(".source");
    if (translated) {
      if (!source) { source = document.createElement("p"); source.className = "source"; el.append(source); }
      source.textContent = translated.source;
      source.lang = ev.language || "";
      if (translated.checked) {
        const check = document.createElement("span");
        check.className = "checked-mark";
        check.textContent = "✓";
        check.title = t("captions.checked");
        check.setAttribute("aria-label", t("captions.checked"));
        p.append(" ", check);
      }
    } else if (source) {
      source.remove();
    }
    if (ev.uncertain) {
      const unsure = document.createElement("span");
      unsure.className = "unsure";
      unsure.textContent = "?";
      unsure.title = t("captions.unsure");
      unsure.setAttribute("aria-label", t("captions.unsure"));
      p.append(" ", unsure);
    }
    if (entry.starred) {
      const star = document.createElement("span");
      star.className = "star-mark";
      star.textContent = "★";
      star.setAttribute("aria-hidden", "true");
      p.append(" ", star);
    }
    this.renderTools(entry);
  }

  /** Star and copy, on the line she picked (tap, click, or arrow keys in the list). */
  renderTools(entry) {
    const { el, ev } = entry;
    el.querySelector(".line-tools")?.remove();
    if (!el.classList.contains("selected")) return;
    const tools = document.createElement("div");
    tools.className = "line-tools";
    if (ev.type === "line" && !ev.mic) {
      const star = document.createElement("button");
      star.type = "button";
      star.className = "tool star";
      star.setAttribute("aria-pressed", String(!!entry.starred));
      star.textContent = entry.starred ? `★ ${t("line.unstar")}` : `☆ ${t("line.star")}`;
      star.addEventListener("click", (e) => {
        e.stopPropagation();
        const starred = !entry.starred;
        this.setStarred(ev.id, starred);
        this.onStar?.(ev.id, starred);
        el.querySelector(".line-tools .star")?.focus();
      });
      tools.append(star);
    }
    const copy = document.createElement("button");
    copy.type = "button";
    copy.className = "tool copy";
    copy.textContent = `⧉ ${t("line.copy")}`;
    copy.addEventListener("click", (e) => { e.stopPropagation(); this.onCopy?.(String(ev.text)); });
    tools.append(copy);
    el.append(tools);
  }

  /** The speaker's name shows on the first line of each turn, and again after a mark. */
  refreshTurn(el) {
    if (!el) return;
    const entry = this.lines.get(this.idOf(el));
    if (!entry) return;
    const who = el.querySelector(".who");
    const speaker = el.dataset.speaker;
    let previous = el.previousElementSibling, markBetween = false;
    while (previous && !previous.classList.contains("line")) {
      if (previous.classList.contains("time-mark")) markBetween = true;
      previous = previous.previousElementSibling;
    }
    const starts = !!speaker && (markBetween || !previous || previous.dataset.speaker !== speaker);
    who.hidden = !starts;
    const name = document.createElement("bdi");
    name.textContent = starts ? this.speakerName(entry.ev) : "";
    who.replaceChildren(name);
    el.classList.toggle("turn-start", starts);
  }

  speakerName(ev) { return ev.mic ? t("mic.speaker") : whoLabel(ev.speaker, ev.from); }

  labelTimeMark(mark) {
    const when = mark.dataset.resumedAt ? new Date(mark.dataset.resumedAt) : null;
    const time = when && !isNaN(when)
      ? when.toLocaleTimeString(language() === "he" ? "he-IL" : "en-GB", { hour: "2-digit", minute: "2-digit" })
      : "";
    mark.textContent = t("captions.resumed", { time, minutes: Math.round(Number(mark.dataset.silence) / 60) });
  }

  insert(el, id) {
    if (typeof id === "number") {
      let after = null;
      for (const other of this.lines.values()) {
        const otherId = other.ev.id;
        if (typeof otherId === "number" && otherId > id && other.el !== el && other.el.isConnected &&
            (!after || (after.compareDocumentPosition(other.el) & Node.DOCUMENT_POSITION_PRECEDING))) after = other.el;
      }
      if (after) { this.list.insertBefore(el, after); return; }
    }
    this.list.append(el);
  }

  remove(id) {
    const entry = this.lines.get(id);
    if (!entry) return;
    const next = this.nextLine(entry.el);
    if (this.firstUnseen === entry.el) this.firstUnseen = next;
    entry.el.remove();
    this.lines.delete(id);
    this.refreshTurn(next);
  }

  /** The newest 300 lines stay; marks above the oldest kept line go with the lines. */
  trim() {
    let lines = this.list.querySelectorAll(".line");
    if (lines.length <= maxLines) return;
    const stick = this.atBottom();
    const drop = lines.length - maxLines;
    for (let i = 0; i < drop; i++) this.remove(this.idOf(lines[i]));
    while (this.list.firstElementChild && !this.list.firstElementChild.classList.contains("line")) this.list.firstElementChild.remove();
    this.refreshTurn(this.list.querySelector(".line"));
    if (!this.trimmed) { this.trimmed = true; this.onTrim?.(); }
    if (stick) this.scrollToEnd(false);
  }

  idOf(el) {
    const raw = el.dataset.id;
    return /^\d+$/.test(raw) ? Number(raw) : raw;
  }

  nextLine(el) {
    let next = el ? el.nextElementSibling : null;
    while (next && !next.classList.contains("line")) next = next.nextElementSibling;
    return next;
  }

  lastLine() {
    const lines = this.list.querySelectorAll(".line");
    return lines.length ? lines[lines.length - 1] : null;
  }

  updateEmpty() { if (this.emptyHint) this.emptyHint.hidden = this.lines.size > 0; }

  // ── announcing ────────────────────────────────────────────────────────────────────

  /** Each locked line once, through the live region; the speaker's name when it changes. */
  announce(entry) {
    const speaker = this.speakerName(entry.ev);
    const said = String(entry.ev.text);
    const message = speaker && speaker !== this.lastAnnouncedSpeaker ? `${speaker}: ${said}` : said;
    this.lastAnnouncedSpeaker = speaker;
    const p = document.createElement("p");
    p.textContent = message;
    if (entry.ev.language) p.lang = entry.ev.language;
    p.dir = entry.el.dir;
    this.announcer.append(p);
    while (this.announcer.childElementCount > 5) this.announcer.firstElementChild.remove();
  }

  // ── scrolling and the "N new lines" pill ─────────────────────────────────────────

  atBottom() {
    const a = this.area;
    return a.scrollHeight - a.scrollTop - a.clientHeight <= bottomSlack;
  }

  scrollToEnd(smooth) {
    const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
    this.area.scrollTo({ top: this.area.scrollHeight, behavior: smooth && !reduce ? "smooth" : "instant" });
    this.clearNew();
  }

  countNew() { this.newCount += 1; this.showPill(); }

  clearNew() { this.newCount = 0; this.showPill(); }

  showPill() {
    this.pill.dataset.count = String(this.newCount);
    this.pill.hidden = this.newCount === 0;
    if (this.newCount > 0) this.pill.textContent = `↓ ${tCount("captions.new-lines", this.newCount)}`;
  }

  // ── away and back ─────────────────────────────────────────────────────────────────

  visibilityChanged() {
    if (document.hidden) {
      this.hiddenSince = Date.now();
      this.firstUnseen = null;
      return;
    }
    const away = this.hiddenSince === null ? 0 : Date.now() - this.hiddenSince;
    const first = this.firstUnseen;
    this.hiddenSince = null;
    this.firstUnseen = null;
    if (away < unseenAfterMs || !first || !first.isConnected) return;
    for (const old of this.list.querySelectorAll(".unseen-mark")) old.remove();
    const mark = document.createElement("div");
    mark.className = "mark unseen-mark";
    mark.setAttribute("role", "listitem");
    mark.textContent = t("captions.unseen");
    this.list.insertBefore(mark, first);
    // Back from elsewhere: start reading where the unseen lines begin.
    mark.scrollIntoView({ block: "start", behavior: "instant" });
    if (!this.atBottom()) {
      let unseen = 0;
      for (let el = this.nextLine(mark); el; el = this.nextLine(el)) if (el.classList.contains("locked")) unseen += 1;
      this.newCount = unseen;
      this.showPill();
    }
  }

  // ── picking a line (star, copy) ───────────────────────────────────────────────────

  clicked(e) {
    if (e.target.closest(".line-tools")) return;
    const line = e.target.closest(".line");
    if (!line) return;
    if (window.getSelection && String(window.getSelection()).length > 0) return; // she is selecting text
    this.select(line.classList.contains("selected") ? null : line, true);
  }

  select(el, focus) {
    for (const old of this.list.querySelectorAll(".line.selected")) {
      old.classList.remove("selected");
      const entry = this.lines.get(this.idOf(old));
      if (entry) this.renderTools(entry);
    }
    if (!el) return;
    el.classList.add("selected");
    const entry = this.lines.get(this.idOf(el));
    if (entry) this.renderTools(entry);
    if (focus) el.focus({ preventScroll: true });
    el.scrollIntoView({ block: "nearest" });
  }

  keyed(e) {
    const current = e.target.closest(".line") || this.list.querySelector(".line.selected");
    const lines = [...this.list.querySelectorAll(".line")];
    let index = current ? lines.indexOf(current) : lines.length;
    if (e.key === "ArrowUp") index = Math.max(0, index - 1);
    else if (e.key === "ArrowDown") index = Math.min(lines.length - 1, index + 1);
    else if (e.key === "Home") index = 0;
    else if (e.key === "End") index = lines.length - 1;
    else if (e.key === "Escape") { this.select(null); this.list.focus(); return; }
    else return;
    e.preventDefault();
    if (lines[index]) this.select(lines[index], true);
    if (e.key === "End") this.scrollToEnd(false);
  }
}
