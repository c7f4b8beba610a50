// Microphone samples at the device's rate (often 48 or 44.1 kHz, float) → 16 kHz mono PCM16,
// what protocol v1 carries. Each output sample is the mean of the input span it covers
// (a box filter as wide as the ratio): enough low-pass for speech recognition, and cheap
// enough to run in the audio thread.

export const outputRate = 16000;

export class Pcm16Downsampler {
  constructor(inputRate, rate = outputRate) {
    this.ratio = inputRate / rate;
    this.edge = this.ratio; // where the current output sample ends, from the next input sample's start
    this.sum = 0;
    this.weight = 0;
  }

  /** Converts one block of mono float samples; returns the 16 kHz samples it completed. */
  push(samples) {
    const out = new Int16Array(Math.ceil(samples.length / this.ratio) + 2);
    let n = 0;
    for (let i = 0; i < samples.length; i++) {
      const x = samples[i];
      let from = 0;
      while (this.edge <= 1) {
        const part = this.edge - from;
        this.sum += x * part;
        this.weight += part;
        const mean = this.weight > 0 ? this.sum / this.weight : 0;
        const clipped = Math.max(-1, Math.min(1, mean));
        out[n++] = Math.round(clipped * 32767);
        this.sum = 0;
        this.weight = 0;
        from = this.edge;
        this.edge += this.ratio;
      }
      this.sum += x * (1 - from);
      this.weight += 1 - from;
      this.edge -= 1;
    }
    return out.subarray(0, n);
  }
}

/** The mean of the channels, sample by sample (one channel is returned as it is). */
export function mixToMono(channels) {
  if (channels.length === 1) return channels[0];
  const mono = new Float32Array(channels[0].length);
  for (const channel of channels) for (let i = 0; i < mono.length; i++) mono[i] += channel[i] / channels.length;
  return mono;
}
