#!/usr/bin/env python3
"""Quantize a whisper.cpp ggml model file (f16) to q8_0, the form Ozen embeds.

Why q8_0: the five-person table replayed at real time (`ozen bench accuracy --table
--realtime-only`, f16 against q8_0 in the same command, alternated, 2 rounds) peaked at
402-403 MiB against 465-467 MiB, at 54.5-54.9 against 57.5-58.0 CPU s per audio minute, with
the same latency; the README's models table has the accuracy figures that decided it.

What it writes is what whisper.cpp's own quantizer writes: every two-dimensional weight
becomes blocks of 32 values (a float16 scale, the largest magnitude over 127, and 32 signed
bytes rounded half away from zero), except the positional embeddings and the convolutions'
biases, which stay float32;
the convolution weights stay float16 and every vector float32. From setup's converted base
the result is byte-identical to whisper.cpp's published ggml-base-q8_0.bin.

Usage: quantize_whisper_ggml.py --input MODEL_F16.bin --output MODEL_Q8_0.bin
Reads the whole input (148 MB for base) and writes the output through a temporary file, so a
failed run leaves nothing half-written. Needs numpy.
"""

import argparse
import hashlib
import os
import struct
import sys

import numpy as np

QUANTIZER_VERSION = "quantize_whisper_ggml.py 1"

GGML_MAGIC = 0x67676D6C
GGML_TYPE_F32 = 0
GGML_TYPE_F16 = 1
GGML_TYPE_Q8_0 = 8
# The file's ftype: 1 is "mostly f16"; 7 is "mostly q8_0", written with whisper.cpp's
# quantization version (2) times 1000 added, as its quantizer does.
FILE_FTYPE_F16 = 1
FILE_FTYPE_Q8_0 = 7 + 2 * 1000
BLOCK = 32
# Two-dimensional in the file but kept as they are, as whisper.cpp keeps them.
KEPT_FLOAT = {"encoder.positional_embedding", "decoder.positional_embedding", "encoder.conv1.bias", "encoder.conv2.bias"}
HPARAM_COUNT = 11


class QuantizeError(Exception):
    pass


class Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def ints(self, count):
        end = self.pos + 4 * count
        if end > len(self.data):
            raise QuantizeError("the file ends inside its header at byte %d (truncated?)" % self.pos)
        values = struct.unpack_from("<%di" % count, self.data, self.pos)
        self.pos = end
        return values

    def take(self, size, what):
        end = self.pos + size
        if end > len(self.data):
            raise QuantizeError("the file ends inside %s at byte %d (truncated?)" % (what, self.pos))
        chunk = self.data[self.pos:end]
        self.pos = end
        return chunk


def round_half_away(values):
    """C's roundf: halves away from zero (numpy's rint rounds them to even)."""
    rounded = np.rint(values)
    halves = np.abs(values - np.trunc(values)) == 0.5
    rounded[halves] = np.trunc(values[halves]) + np.sign(values[halves])
    return rounded


def q8_0_blocks(values):
    rows = values.astype(np.float32).reshape(-1, BLOCK)
    scale = np.abs(rows).max(axis=1) / np.float32(127)
    inverse = np.zeros_like(scale)
    np.divide(np.float32(1), scale, out=inverse, where=scale != 0)
    blocks = np.empty(rows.shape[0], dtype=[("d", "<f2"), ("qs", "i1", BLOCK)])
    blocks["d"] = scale.astype(np.float16)
    blocks["qs"] = round_half_away(rows * inverse[:, None]).astype(np.int8)
    return blocks.tobytes()


def quantize(data, write):
    reader = Reader(data)
    (magic,) = reader.ints(1)
    if magic != GGML_MAGIC:
        raise QuantizeError("not a whisper.cpp ggml model (magic %#x)" % magic)
    hparams = list(reader.ints(HPARAM_COUNT))
    if hparams[-1] != FILE_FTYPE_F16:
        raise QuantizeError("the model is not f16 (ftype %d); only f16 models are quantized" % hparams[-1])
    write(struct.pack("<i", magic))
    write(struct.pack("<%di" % HPARAM_COUNT, *(hparams[:-1] + [FILE_FTYPE_Q8_0])))

    mels, bins = reader.ints(2)
    write(struct.pack("<2i", mels, bins))
    write(reader.take(4 * mels * bins, "the mel filters"))
    (vocabulary,) = reader.ints(1)
    write(struct.pack("<i", vocabulary))
    for _ in range(vocabulary):
        (length,) = reader.ints(1)
        write(struct.pack("<i", length))
        write(reader.take(length, "the vocabulary"))

    counts = {"q8_0": 0, "kept": 0}
    while reader.pos < len(data):
        dimensions, name_length, kind = reader.ints(3)
        shape = reader.ints(dimensions)
        name = reader.take(name_length, "a tensor's name").decode("utf-8")
        if kind not in (GGML_TYPE_F32, GGML_TYPE_F16):
            raise QuantizeError("tensor %s has type %d; only f32 and f16 are read" % (name, kind))
        count = int(np.prod(shape))
        width = 2 if kind == GGML_TYPE_F16 else 4
        values = np.frombuffer(reader.take(count * width, "tensor " + name), dtype="<f2" if kind == GGML_TYPE_F16 else "<f4")
        quantized = dimensions == 2 and name not in KEPT_FLOAT
        if quantized and shape[0] % BLOCK != 0:
            raise QuantizeError("tensor %s has rows of %d values, not a multiple of %d" % (name, shape[0], BLOCK))
        header = struct.pack("<3i", dimensions, name_length, GGML_TYPE_Q8_0 if quantized else kind)
        write(header + struct.pack("<%di" % dimensions, *shape) + name.encode("utf-8"))
        write(q8_0_blocks(values) if quantized else values.tobytes())
        counts["q8_0" if quantized else "kept"] += 1
    return counts


def main(argv):
    parser = argparse.ArgumentParser(description="Quantize a whisper.cpp ggml f16 model to q8_0.")
    parser.add_argument("--input", required=True, metavar="PATH", help="ggml f16 model file")
    parser.add_argument("--output", required=True, metavar="PATH", help="q8_0 model file to write")
    parser.add_argument("--version", action="version", version=QUANTIZER_VERSION)
    args = parser.parse_args(argv)
    temporary = args.output + ".part"
    try:
        with open(args.input, "rb") as source:
            data = source.read()
        digest = hashlib.sha256()
        with open(temporary, "wb") as out:
            def write(chunk):
                out.write(chunk)
                digest.update(chunk)
            counts = quantize(data, write)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, args.output)
    except (OSError, QuantizeError) as error:
        if os.path.exists(temporary):
            os.remove(temporary)
        print("quantize_whisper_ggml.py: %s" % error, file=sys.stderr)
        return 1
    print("quantized %s: %d tensors to q8_0, %d kept; sha256 %s"
          % (args.output, counts["q8_0"], counts["kept"], digest.hexdigest()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
