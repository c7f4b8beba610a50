// One caption's words as DOM: numbers heavier and in a second colour, her name or a word on
// her list highlighted, the words a partial has not settled yet dimmer, a long line's
// paragraphs apart. Offsets are UTF-16 code units, as the events give them (JavaScript's own).

/** Where the first `count` words of `text` end (the whole text when count is undefined). */
export function settledEnd(text, count) {
  if (count === undefined || count === null) return text.length;
  if (count <= 0) return 0;
  const words = /\S+/g;
  let match, seen = 0;
  while ((match = words.exec(text))) {
    seen += 1;
    if (seen === count) return match.index + match[0].length;
  }
  return text.length;
}

/**
 * Where an alert's word is in `text`: its own offsets when they still hold the word said,
 * else the first place the word occurs (a locked line may reword its partial), else null.
 */
export function locateHit(text, hit) {
  const said = hit.said || hit.word || "";
  if (Number.isInteger(hit.start) && Number.isInteger(hit.end) && hit.start < hit.end && hit.end <= text.length) {
    if (!said || text.slice(hit.start, hit.end).toLocaleLowerCase() === said.toLocaleLowerCase()) {
      return { start: hit.start, end: hit.end };
    }
  }
  if (!said) return null;
  const at = text.toLocaleLowerCase().indexOf(said.toLocaleLowerCase());
  return at < 0 ? null : { start: at, end: at + said.length };
}

/**
 * Fills `target` with `text` cut at every boundary of the spans that style it.
 * numbers: [{start, end, kind, value}], hits: [{start, end}], settled: offset where the
 * unsettled words begin, breaks: offsets where a new paragraph starts.
 */
export function renderCaptionText(target, text, { numbers = [], hits = [], settled = text.length, breaks = [] } = {}) {
  target.replaceChildren();
  const length = text.length;
  const clamp = (n) => Math.min(length, Math.max(0, n | 0));
  const spans = {
    num: (numbers || []).map((n) => ({ start: clamp(n.start), end: clamp(n.end), kind: n.kind })).filter((n) => n.start < n.end),
    hit: hits.map((h) => ({ start: clamp(h.start), end: clamp(h.end) })).filter((h) => h.start < h.end),
  };
  const paragraphStarts = new Set((breaks || []).map(clamp).filter((b) => b > 0 && b < length));
  const cuts = new Set([0, length, clamp(settled), ...paragraphStarts]);
  for (const list of Object.values(spans)) for (const s of list) { cuts.add(s.start); cuts.add(s.end); }
  const points = [...cuts].sort((a, b) => a - b);

  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i], b = points[i + 1];
    if (paragraphStarts.has(a)) {
      const gap = document.createElement("span");
      gap.className = "paragraph-break";
      target.append(gap);
    }
    let node = document.createTextNode(text.slice(a, b));
    const number = spans.num.find((s) => s.start <= a && b <= s.end);
    if (number) {
      const span = document.createElement("span");
      span.className = "num";
      if (number.kind) span.dataset.kind = number.kind;
      span.append(node);
      node = span;
    }
    if (spans.hit.some((s) => s.start <= a && b <= s.end)) {
      const mark = document.createElement("mark");
      mark.className = "hit";
      mark.append(node);
      node = mark;
    }
    if (a >= settled) {
      const span = document.createElement("span");
      span.className = "unsettled";
      span.append(node);
      node = span;
    }
    target.append(node);
  }
}

const hebrewLetters = /[\u0590-\u05FF\uFB1D-\uFB4F]/;
const latinLetters = /[A-Za-z\u00C0-\u024F]/;

/** Reading direction of a text the server did not label (the mic's words): its first strong letter. */
export function guessDirection(text) {
  for (const ch of text) {
    if (hebrewLetters.test(ch)) return "rtl";
    if (latinLetters.test(ch)) return "ltr";
  }
  return "ltr";
}
