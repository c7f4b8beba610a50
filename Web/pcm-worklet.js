// The audio-thread half of "this device's mic": downsamples to 16 kHz PCM16 and hands the
// page 100 ms chunks (3,200 bytes, one binary WebSocket frame each).

import { Pcm16Downsampler, mixToMono, outputRate } from "./pcm16.js";

const chunkSamples = outputRate / 10;

class Pcm16Processor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.down = new Pcm16Downsampler(sampleRate);
    this.chunk = new Int16Array(chunkSamples);
    this.filled = 0;
  }

  process(inputs) {
    const channels = inputs[0];
    if (channels && channels.length > 0 && channels[0].length > 0) {
      const samples = this.down.push(mixToMono(channels));
      for (let i = 0; i < samples.length; i++) {
        this.chunk[this.filled++] = samples[i];
        if (this.filled === chunkSamples) {
          this.port.postMessage(this.chunk.buffer, [this.chunk.buffer]);
          this.chunk = new Int16Array(chunkSamples);
          this.filled = 0;
        }
      }
    }
    return true;
  }
}

registerProcessor("pcm16-downsampler", Pcm16Processor);
