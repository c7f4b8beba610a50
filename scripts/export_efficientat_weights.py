#!/usr/bin/env python3
"""Turn EfficientAT's `mn04_as` checkpoint into Ozen's flat float weight file.

Input:  ``mn04_as_mAP_432.pt`` (the EfficientAT v0.0.1 release: a PyTorch state dict of a
        MobileNetV3 at width 0.4 trained on AudioSet's 527 classes) and AudioSet's
        ``class_labels_indices.csv`` (527 rows, the order of the network's outputs).
Output: one file that OzenEngines' EfficientATSoundClassifier reads with no torch:

          bytes 0-7     b"OZEFFAT1"
          bytes 8-11    format version, uint32 little-endian (FORMAT_VERSION)
          bytes 12-15   length N of the index, uint32 little-endian
          bytes 16-     the index: N bytes of UTF-8 JSON (keys sorted), then spaces up to
                        the next multiple of 64 bytes, where the weights start
          then          every tensor as float32 little-endian, one after another

The index holds the front end's numbers (so the reader can refuse a file made for another
one), the stem, the 15 inverted-residual blocks and the head, each tensor as the offset and
count of floats from the start of the weights, and the class map CSV verbatim.

The network (the MobileNetV3-large table at width 0.4; kernels and channel counts are read
from the checkpoint's shapes and checked against it): a 3x3 stride-2 convolution to 8
channels, 15 blocks (1x1 expansion unless the widths match, a kxk depthwise convolution,
channel squeeze-excitation in blocks 4-6 and 11-15, a 1x1 projection, the input added back
where stride is 1 and the widths match), a 1x1 convolution to 384 channels, a mean over
all positions, Linear 384->512, Linear 512->527. ReLU in blocks 1-6, hard-swish in the stem,
blocks 7-15 and the head; the squeeze-excitation is Linear, ReLU, Linear, sigmoid.

Every batch norm (eps 0.001) is folded into the convolution before it, in float64, then
rounded once to float32: w' = w * g / sqrt(v + eps), b' = beta - m * g / sqrt(v + eps). Only
correctly rounded IEEE operations are used, so the file is byte-identical on every run and
every processor.

Layouts, for BLAS on tensors kept mel x time x channels: stem [tap][out], depthwise
[tap][channel] (tap = row * k + column, rows along the mel axis), 1x1 and Linear [in][out].

Usage:
    export_efficientat_weights.py --checkpoint mn04_as_mAP_432.pt --class-map class_labels_indices.csv --output efficientat.bin
    export_efficientat_weights.py --version
"""

EXPORTER_VERSION = "1"
FORMAT_VERSION = 1
MAGIC = b"OZEFFAT1"
BN_EPS = 0.001

# (kernel, stride, squeeze-excitation, activation) of MobileNetV3-large's 15 blocks.
BLOCKS = [
    (3, 1, False, "relu"), (3, 2, False, "relu"), (3, 1, False, "relu"),
    (5, 2, True, "relu"), (5, 1, True, "relu"), (5, 1, True, "relu"),
    (3, 2, False, "hardswish"), (3, 1, False, "hardswish"), (3, 1, False, "hardswish"),
    (3, 1, False, "hardswish"), (3, 1, True, "hardswish"), (3, 1, True, "hardswish"),
    (5, 2, True, "hardswish"), (5, 1, True, "hardswish"), (5, 1, True, "hardswish"),
]

# The front end the network was trained with (EfficientAT's AugmentMelSTFT in eval mode).
FRONT_END = {
    "sample_rate": 32000, "fft_size": 1024, "window_length": 800, "hop_length": 320,
    "mel_bands": 128, "low_hz": 0.0, "high_hz": 15000.0, "preemphasis": 0.97,
    "log_offset": 1e-5, "shift": 4.5, "scale": 5.0,
}

import argparse
import json
import struct
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="store_true")
    parser.add_argument("--checkpoint")
    parser.add_argument("--class-map")
    parser.add_argument("--output")
    args = parser.parse_args()
    if args.version:
        print(EXPORTER_VERSION)
        return
    if not (args.checkpoint and args.class_map and args.output):
        parser.error("--checkpoint, --class-map and --output are required")

    import torch

    state = torch.load(args.checkpoint, map_location="cpu", weights_only=True)
    with open(args.class_map, encoding="utf-8") as f:
        class_map = f.read()
    writer = Writer(state, torch)

    stem = writer.conv("features.0", activation="hardswish", stride=2)
    if stem["in_channels"] != 1 or stem["kernel"] != 3:
        sys.exit("the checkpoint's first convolution is not 3x3 over one channel")
    blocks = []
    channels = stem["out_channels"]
    for number, (kernel, stride, has_se, activation) in enumerate(BLOCKS, start=1):
        prefix = f"features.{number}.block"
        index = 0
        block = {"in_channels": channels, "activation": activation, "kernel": kernel, "stride": stride}
        if state[f"{prefix}.0.0.weight"].shape[1] != 1 or state[f"{prefix}.0.0.weight"].shape[0] != channels:
            block["expand"] = writer.conv(f"{prefix}.{index}", activation=activation)
            index += 1
        else:
            block["expand"] = None
        block["depthwise"] = writer.conv(f"{prefix}.{index}", activation=activation, stride=stride, depthwise=True)
        if block["depthwise"]["kernel"] != kernel:
            sys.exit(f"block {number}: the checkpoint's depthwise kernel is not {kernel}")
        index += 1
        if has_se:
            block["squeeze_excitation"] = writer.squeeze_excitation(f"{prefix}.{index}.conc_se_layers.0")
            index += 1
        else:
            block["squeeze_excitation"] = None
        block["project"] = writer.conv(f"{prefix}.{index}", activation="none")
        block["out_channels"] = block["project"]["out_channels"]
        block["residual"] = stride == 1 and block["out_channels"] == channels
        if f"{prefix}.{index + 1}.0.weight" in state:
            sys.exit(f"block {number} has more layers than MobileNetV3's")
        channels = block["out_channels"]
        blocks.append(block)
    last = writer.conv(f"features.{len(BLOCKS) + 1}", activation="hardswish")
    hidden = writer.linear("classifier.2", activation="hardswish")
    classifier = writer.linear("classifier.5", activation="none")
    class_count = len([line for line in class_map.splitlines()[1:] if line.strip()])
    if classifier["out_features"] != class_count:
        sys.exit(f"the checkpoint scores {classifier['out_features']} classes; the class map lists {class_count}")

    index = {
        "format": "ozen-efficientat-weights",
        "format_version": FORMAT_VERSION,
        "precision": "float32",
        "front_end": FRONT_END,
        "stem": stem,
        "blocks": blocks,
        "last_conv": last,
        "hidden": hidden,
        "classifier": classifier,
        "weight_count": writer.count,
        "class_map_csv": class_map,
    }
    text = json.dumps(index, sort_keys=True, separators=(",", ":")).encode("utf-8")
    start = (16 + len(text) + 63) // 64 * 64
    with open(args.output, "wb") as out:
        out.write(MAGIC + struct.pack("<II", FORMAT_VERSION, len(text)) + text)
        out.write(b" " * (start - 16 - len(text)))
        for chunk in writer.chunks:
            out.write(chunk)


class Writer:
    """Collects tensors in file order and describes where each lies."""

    def __init__(self, state, torch):
        self.state = state
        self.torch = torch
        self.chunks = []
        self.count = 0

    def add(self, tensor):
        array = tensor.to(self.torch.float32).contiguous().numpy().astype("<f4")
        entry = {"offset": self.count, "count": int(array.size)}
        self.chunks.append(array.tobytes())
        self.count += int(array.size)
        return entry

    def folded(self, prefix):
        """The convolution `prefix.0` with the batch norm `prefix.1` folded in, in float64."""
        torch = self.torch
        w = self.state[f"{prefix}.0.weight"].to(torch.float64)
        gamma = self.state[f"{prefix}.1.weight"].to(torch.float64)
        beta = self.state[f"{prefix}.1.bias"].to(torch.float64)
        mean = self.state[f"{prefix}.1.running_mean"].to(torch.float64)
        var = self.state[f"{prefix}.1.running_var"].to(torch.float64)
        factor = gamma / torch.sqrt(var + BN_EPS)
        return w * factor.reshape(-1, 1, 1, 1), beta - mean * factor

    def conv(self, prefix, activation, stride=1, depthwise=False):
        w, b = self.folded(prefix)
        out_channels, in_per_group, kh, kw = w.shape
        if kh != kw:
            sys.exit(f"{prefix}: kernel {kh}x{kw} is not square")
        if depthwise:
            if in_per_group != 1:
                sys.exit(f"{prefix}: not a depthwise convolution")
            weights = w.reshape(out_channels, kh * kw).t()                    # [tap][channel]
            in_channels = out_channels
        elif kh == 1:
            weights = w.reshape(out_channels, in_per_group).t()               # [in][out]
            in_channels = in_per_group
        else:
            if in_per_group != 1:
                sys.exit(f"{prefix}: a full convolution over {in_per_group} channels is not supported")
            weights = w.reshape(out_channels, kh * kw).t()                    # [tap][out]
            in_channels = 1
        return {"in_channels": int(in_channels), "out_channels": int(out_channels), "kernel": int(kh),
                "stride": stride, "activation": activation,
                "weights": self.add(weights), "bias": self.add(b)}

    def linear(self, prefix, activation):
        w = self.state[f"{prefix}.weight"]
        b = self.state[f"{prefix}.bias"]
        return {"in_features": int(w.shape[1]), "out_features": int(w.shape[0]), "activation": activation,
                "weights": self.add(w.t()), "bias": self.add(b)}

    def squeeze_excitation(self, prefix):
        fc1 = self.linear(f"{prefix}.fc1", activation="relu")
        fc2 = self.linear(f"{prefix}.fc2", activation="sigmoid")
        return {"fc1": fc1, "fc2": fc2}


if __name__ == "__main__":
    main()
