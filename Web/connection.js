// The display's WebSocket to `ozen serve`: hello with the pairing token, then the caption
// events as text frames; reconnects after a drop (1 s, doubling to 10 s) unless the server
// said the pairing is wrong.

/** The server's address for WebSockets: the same host and port as the page, path "/". */
export function socketURL() {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/`;
}

/**
 * On joining, the server first sends what the page missed: the conversation's id, the recent
 * lines, their alerts and speaker corrections, then the last status. Those are shown but not
 * announced, counted as new or flashed. Any other event (or `caught_up`, or 500 ms with
 * nothing) means the live events have begun.
 */
const catchUpTypes = new Set(["conversation", "line", "alert", "speaker"]);
const catchUpQuietMs = 500;

export class DisplayConnection {
  /**
   * onEvent(event, {quiet}): every server event after `ready`; quiet marks what the server
   * replays on connecting (already said, not new to her).
   * onState(state, detail): "connecting" | "ready" | "reconnecting" | "unauthorized" | "error".
   */
  constructor({ token, onEvent, onState }) {
    Object.assign(this, { token, onEvent, onState });
    this.socket = null;
    this.delay = 1000;
    this.retry = null;
    this.stopped = false;
    this.catchingUp = false;
    this.catchUpTimer = null;
    this.onceReady = false;
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden && this.retry) { clearTimeout(this.retry); this.retry = null; this.connect(); }
    });
  }

  start() { this.connect(); }

  connect() {
    this.onState("connecting");
    let socket;
    try { socket = new WebSocket(socketURL()); } catch (error) { this.scheduleRetry(); return; }
    this.socket = socket;
    let ready = false, refused = false;
    socket.addEventListener("open", () => {
      const hello = { type: "hello", version: 1, purpose: "display" };
      if (this.token) hello.token = this.token;
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener("message", (message) => {
      if (typeof message.data !== "string") return;
      let ev;
      try { ev = JSON.parse(message.data); } catch { return; }
      if (!ev || typeof ev !== "object") return;
      if (!ready) {
        if (ev.type === "ready") {
          ready = true;
          this.delay = 1000;
          this.beginCatchUp();
          this.onState("ready", ev);
        } else if (ev.type === "error") {
          refused = true;
          this.onState(ev.code === "unauthorized" ? "unauthorized" : "error", ev.detail || ev.code || "");
          if (ev.code === "unauthorized") this.stopped = true;
        }
        return;
      }
      if (ev.type === "caught_up") { this.endCatchUp(); return; }
      if (this.catchingUp) {
        if (catchUpTypes.has(ev.type)) this.beginCatchUp(); // the recent lines are still coming
        else this.endCatchUp();
      }
      this.onEvent(ev, { quiet: this.catchingUp });
    });
    socket.addEventListener("close", () => {
      if (this.socket === socket) this.socket = null;
      this.endCatchUp();
      if (this.stopped) return;
      if (refused) this.delay = Math.max(this.delay, 5000);
      this.onState("reconnecting");
      this.scheduleRetry();
    });
  }

  beginCatchUp() {
    this.catchingUp = true;
    clearTimeout(this.catchUpTimer);
    this.catchUpTimer = setTimeout(() => this.endCatchUp(), catchUpQuietMs);
  }

  endCatchUp() {
    this.catchingUp = false;
    clearTimeout(this.catchUpTimer);
  }

  scheduleRetry() {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => { this.retry = null; this.connect(); }, this.delay);
    this.delay = Math.min(10000, this.delay * 2);
  }

  /** Sends a JSON message; false when not connected. */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }
}
