// "This device's mic": the page sends its own microphone to the server through protocol v1
// (a second WebSocket, hello with purpose "captions", binary frames of 16 kHz mono PCM16)
// and shows the words that come back as partial and locked lines. Useful when the tablet
// is the one on the table. Browsers give the mic only to https pages and to localhost.

import { socketURL } from "./connection.js";
import { Pcm16Downsampler, mixToMono } from "./pcm16.js";

/** Waiting this long (ms) after `end` for the last final before hanging up. */
const finalWaitMs = 10000;

export class MicrophoneCaptions {
  /**
   * onText({id, text, final, confidence}): the server's `text` messages, ids unique per page.
   * onState("starting" | "on" | "off" | "unavailable" | "denied" | "failed" | "limit", detail).
   * purpose: "captions" (the default) or "dictation" (one take, at most 60 s: the server
   * ends it by itself with a `take_limit` status, "limit" here, and sends the take's text).
   * onMessage(ev): any other message of the server (`dictation`, `status`).
   */
  constructor({ token, onText, onState, purpose = "captions", onMessage = () => {}, finalWait = finalWaitMs }) {
    Object.assign(this, { token, onText, onState, purpose, onMessage, finalWait });
    this.session = 0;
    this.running = null;
  }

  get available() { return !!(window.isSecureContext && navigator.mediaDevices && navigator.mediaDevices.getUserMedia); }

  get on() { return this.running !== null; }

  async start(language) {
    if (this.running) return;
    if (!this.available) { this.onState("unavailable"); return; }
    this.onState("starting");
    const session = ++this.session;
    const run = { session, stream: null, context: null, socket: null, node: null, ended: false };
    this.running = run;
    try {
      run.stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, autoGainControl: true } });
    } catch (error) {
      this.running = null;
      this.onState(error && error.name === "NotAllowedError" ? "denied" : "failed", error?.message || String(error));
      return;
    }
    try {
      run.context = new AudioContext();
      run.socket = await this.open(run, language);
      await this.connectAudio(run);
      this.onState("on");
    } catch (error) {
      this.teardown(run);
      this.running = null;
      this.onState("failed", error?.message || String(error));
    }
  }

  /** The protocol v1 connection: resolves once the server answered `ready`. */
  open(run, language) {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(socketURL());
      socket.binaryType = "arraybuffer";
      let ready = false;
      socket.addEventListener("open", () => {
        const hello = { type: "hello", version: 1, language, purpose: this.purpose };
        if (this.token) hello.token = this.token;
        socket.send(JSON.stringify(hello));
      });
      socket.addEventListener("message", (message) => {
        if (typeof message.data !== "string") return;
        let ev;
        try { ev = JSON.parse(message.data); } catch { return; }
        if (!ready) {
          if (ev.type === "ready") { ready = true; resolve(socket); }
          else if (ev.type === "error") reject(new Error(ev.detail || ev.code));
          return;
        }
        if (ev.type === "text") {
          this.onText({ id: `m${run.session}-${ev.utterance}`, text: ev.text ?? "", final: !!ev.final, confidence: ev.confidence ?? null });
        } else if (ev.type === "error") {
          this.onState("failed", ev.detail || ev.code);
        } else {
          if (ev.type === "status" && ev.state === "take_limit" && !run.ended) {
            // The server ended the take at its limit: the mic stops, the text is on its way.
            run.ended = true;
            this.stopAudio(run);
            if (this.running === run) this.running = null;
            this.onState("limit", ev.detail);
          }
          this.onMessage(ev);
        }
      });
      socket.addEventListener("close", (event) => {
        if (!ready) { reject(new Error(event.reason || `closed (${event.code})`)); return; }
        const unexpected = !run.ended;
        this.teardown(run);
        if (this.running === run) this.running = null;
        if (unexpected) this.onState("failed", event.reason || `closed (${event.code})`);
        else if (!this.running) this.onState("off");
      });
    });
  }

  /** Mic → 16 kHz PCM16 chunks → binary frames; an AudioWorklet, or a ScriptProcessor where there is none. */
  async connectAudio(run) {
    const source = run.context.createMediaStreamSource(run.stream);
    const sendChunk = (buffer) => { if (!run.ended && run.socket.readyState === WebSocket.OPEN) run.socket.send(buffer); };
    if (run.context.audioWorklet) {
      await run.context.audioWorklet.addModule(new URL("./pcm-worklet.js", import.meta.url));
      run.node = new AudioWorkletNode(run.context, "pcm16-downsampler", { numberOfInputs: 1, numberOfOutputs: 0 });
      run.node.port.onmessage = (message) => sendChunk(message.data);
      source.connect(run.node);
    } else {
      const down = new Pcm16Downsampler(run.context.sampleRate);
      run.node = run.context.createScriptProcessor(4096, 1, 1);
      run.node.onaudioprocess = (e) => {
        const channels = [];
        for (let c = 0; c < e.inputBuffer.numberOfChannels; c++) channels.push(e.inputBuffer.getChannelData(c));
        const samples = down.push(mixToMono(channels));
        if (samples.length) sendChunk(samples.slice().buffer);
      };
      source.connect(run.node);
      run.node.connect(run.context.destination); // a ScriptProcessor runs only when connected
    }
    if (run.context.state === "suspended") await run.context.resume();
  }

  /** She stops: `end`, the open utterance's final comes back, then the server hangs up. */
  stop() {
    const run = this.running;
    if (!run) return;
    run.ended = true;
    this.stopAudio(run);
    if (run.socket && run.socket.readyState === WebSocket.OPEN) {
      run.socket.send(JSON.stringify({ type: "end" }));
      setTimeout(() => { if (run.socket.readyState !== WebSocket.CLOSED) run.socket.close(1000); }, this.finalWait);
    }
    this.running = null;
    this.onState("off");
  }

  stopAudio(run) {
    run.stream?.getTracks().forEach((track) => track.stop());
    try { run.node?.disconnect(); } catch { /* already gone */ }
    if (run.context && run.context.state !== "closed") run.context.close();
  }

  teardown(run) {
    this.stopAudio(run);
    if (run.socket && run.socket.readyState === WebSocket.OPEN) run.socket.close(1000);
  }
}
