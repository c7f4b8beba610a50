#!/usr/bin/env python3
"""Convert a CTranslate2 Whisper model into whisper.cpp's legacy ggml model file.

Input:  a CTranslate2 ``WhisperSpec`` model.bin (optionally split into several
        parts that are read back to back, in the order given) plus the
        Hugging Face ``tokenizer.json`` that ships with it.
Output: the single-file ggml format loaded by whisper.cpp's
        ``whisper_init_from_file_with_params`` (magic 0x67676d6c, f16 weights).

Only the Python standard library and numpy are used.

Usage:
    convert_whisper_ct2_to_ggml.py --model-part model.bin.part1 \
        --model-part model.bin.part2 --tokenizer tokenizer.json --output out.bin

Layout written (all integers little-endian int32):
    magic, n_vocab, n_audio_ctx, n_audio_state, n_audio_head, n_audio_layer,
    n_text_ctx, n_text_state, n_text_head, n_text_layer, n_mels, ftype
    n_mel, n_fft, float32 mel filter bank [n_mel x n_fft]
    token count, then per ordinary token: byte length, raw bytes (in id order)
    per tensor: n_dims, name length, tensor type (0 = f32, 1 = f16),
                dims (innermost first), name bytes, raw data
"""

CONVERTER_VERSION = "1"

import argparse
import hashlib
import json
import os
import struct
import sys
import time

import numpy as np

GGML_MAGIC = 0x67676D6C
GGML_TYPE_F32 = 0
GGML_TYPE_F16 = 1
GGML_FILE_FTYPE_F16 = 1

CT2_SUPPORTED_BINARY_VERSIONS = (6,)
CT2_SPEC_NAME = "WhisperSpec"

# CTranslate2 variable dtype ids (order of its DataType enum).
CT2_DTYPES = {
    0: np.dtype("<f4"),  # float32
    1: np.dtype("i1"),  # int8
    2: np.dtype("<i2"),  # int16
    3: np.dtype("<i4"),  # int32
    4: np.dtype("<f2"),  # float16
    5: "bfloat16",  # handled specially (numpy has no bfloat16)
}
CT2_FLOAT_DTYPE_IDS = (0, 4, 5)

# CTranslate2 activation enum value for exact (erf) GELU, which Whisper uses.
CT2_ACTIVATION_GELU = 3

# Scalar (rank 0) configuration variables a Whisper CT2 model carries, with the
# value whisper.cpp's architecture requires (None = any value accepted).
EXPECTED_SCALARS = {
    "encoder/num_heads": None,
    "decoder/num_heads": None,
    "decoder/activation": CT2_ACTIVATION_GELU,
    "decoder/alibi": 0,
    "decoder/pre_norm": 1,
    "decoder/scale_embeddings": 0,
    "decoder/start_from_zero_embedding": 0,
    "decoder/alignment_heads": None,
    "decoder/alignment_layer": None,
}

MAX_VARIABLES = 1_000_000
MAX_RANK = 8


class ConversionError(Exception):
    """A problem with the input, reported to the user as one line."""


# --------------------------------------------------------------------------
# Reading the CTranslate2 model (possibly split into parts)
# --------------------------------------------------------------------------


class PartsReader:
    """Sequential reader over several files treated as one concatenated stream."""

    def __init__(self, paths):
        self._paths = list(paths)
        self._index = -1
        self._fh = None
        self.position = 0
        self.total_size = 0
        for path in self._paths:
            if not os.path.isfile(path):
                raise ConversionError("model part not found: %s" % path)
            self.total_size += os.path.getsize(path)
        self._advance()

    def _advance(self):
        if self._fh is not None:
            self._fh.close()
            self._fh = None
        self._index += 1
        if self._index < len(self._paths):
            self._fh = open(self._paths[self._index], "rb")

    def read(self, size, what):
        chunks = []
        remaining = size
        while remaining > 0:
            if self._fh is None:
                raise ConversionError(
                    "model data ends early while reading %s at byte %d "
                    "(truncated file or missing --model-part?)" % (what, self.position)
                )
            chunk = self._fh.read(remaining)
            if not chunk:
                self._advance()
                continue
            chunks.append(chunk)
            remaining -= len(chunk)
            self.position += len(chunk)
        return chunks[0] if len(chunks) == 1 else b"".join(chunks)

    def unpack(self, fmt, what):
        fmt = "<" + fmt
        return struct.unpack(fmt, self.read(struct.calcsize(fmt), what))

    def at_end(self):
        while self._fh is not None:
            if self._fh.read(1):
                return False
            self._advance()
        return True

    def close(self):
        if self._fh is not None:
            self._fh.close()
            self._fh = None


def _read_string(reader, what):
    (length,) = reader.unpack("H", what + " length")
    if length == 0:
        raise ConversionError("invalid empty string for %s at byte %d" % (what, reader.position))
    raw = reader.read(length, what)
    if raw[-1:] != b"\0":
        raise ConversionError(
            "%s is not NUL-terminated at byte %d (not a CTranslate2 model?)" % (what, reader.position)
        )
    try:
        return raw[:-1].decode("utf-8")
    except UnicodeDecodeError:
        raise ConversionError("%s is not valid UTF-8 at byte %d" % (what, reader.position))


def _bf16_to_f32(raw, shape):
    halves = np.frombuffer(raw, dtype="<u2").astype("<u4") << 16
    return halves.view("<f4").reshape(shape)


def read_ct2_model(paths):
    """Parse a CTranslate2 model.bin stream into (header, variables, aliases).

    variables maps name -> numpy array (float tensors keep their stored dtype,
    bfloat16 is widened to float32); aliases maps alias name -> target name.
    """
    reader = PartsReader(paths)
    try:
        (binary_version,) = reader.unpack("I", "binary version")
        if binary_version not in CT2_SUPPORTED_BINARY_VERSIONS:
            raise ConversionError(
                "unsupported CTranslate2 binary version %d (expected %s); wrong file or wrong part order?"
                % (binary_version, "/".join(str(v) for v in CT2_SUPPORTED_BINARY_VERSIONS))
            )
        spec_name = _read_string(reader, "spec name")
        if spec_name != CT2_SPEC_NAME:
            raise ConversionError(
                "model spec is %r, expected %r (not a Whisper model)" % (spec_name, CT2_SPEC_NAME)
            )
        (revision,) = reader.unpack("I", "spec revision")
        (count,) = reader.unpack("I", "variable count")
        if count > MAX_VARIABLES:
            raise ConversionError("implausible variable count %d; corrupt model file?" % count)

        variables = {}
        for _ in range(count):
            name = _read_string(reader, "variable name")
            (rank,) = reader.unpack("B", "rank of " + name)
            if rank > MAX_RANK:
                raise ConversionError("variable %s has implausible rank %d; corrupt model?" % (name, rank))
            shape = tuple(reader.unpack("%dI" % rank, "shape of " + name)) if rank else ()
            (dtype_id,) = reader.unpack("B", "dtype of " + name)
            (num_bytes,) = reader.unpack("I", "byte count of " + name)
            if dtype_id not in CT2_DTYPES:
                raise ConversionError("variable %s has unknown dtype id %d" % (name, dtype_id))
            itemsize = 2 if dtype_id == 5 else CT2_DTYPES[dtype_id].itemsize
            expected = itemsize * int(np.prod(shape, dtype=np.int64))
            if num_bytes != expected:
                raise ConversionError(
                    "variable %s: byte count %d does not match shape %s (expected %d); corrupt model?"
                    % (name, num_bytes, list(shape), expected)
                )
            raw = reader.read(num_bytes, "data of " + name)
            if name in variables:
                raise ConversionError("duplicate variable %s in model" % name)
            if dtype_id == 5:
                value = _bf16_to_f32(raw, shape)
            else:
                value = np.frombuffer(raw, dtype=CT2_DTYPES[dtype_id]).reshape(shape)
            variables[name] = (dtype_id, value)

        (alias_count,) = reader.unpack("I", "alias count")
        if alias_count > MAX_VARIABLES:
            raise ConversionError("implausible alias count %d; corrupt model file?" % alias_count)
        aliases = {}
        for _ in range(alias_count):
            alias = _read_string(reader, "alias name")
            target = _read_string(reader, "alias target")
            aliases[alias] = target

        if not reader.at_end():
            raise ConversionError(
                "unexpected trailing data after byte %d (extra or misordered --model-part?)" % reader.position
            )
        total = reader.total_size
    finally:
        reader.close()

    header = {
        "binary_version": binary_version,
        "spec": spec_name,
        "revision": revision,
        "variables": len(variables),
        "aliases": len(aliases),
        "bytes": total,
    }
    return header, variables, aliases


# --------------------------------------------------------------------------
# Mapping CTranslate2 variables to whisper (PyTorch) tensors
# --------------------------------------------------------------------------


class ModelVariables:
    """Name lookup with alias resolution and bookkeeping of what was used."""

    def __init__(self, variables, aliases):
        self._variables = variables
        self._aliases = aliases
        self.used = set()
        for alias, target in aliases.items():
            if alias in variables:
                raise ConversionError("alias %s shadows a variable of the same name" % alias)
            if self._resolve(alias) not in variables:
                raise ConversionError("alias %s points to missing variable %s" % (alias, target))

    def _resolve(self, name):
        seen = set()
        while name in self._aliases:
            if name in seen:
                raise ConversionError("alias cycle involving %s" % name)
            seen.add(name)
            name = self._aliases[name]
        return name

    def has(self, name):
        return self._resolve(name) in self._variables

    def get(self, name, shape=None, floating=True):
        self.used.add(name)
        real = self._resolve(name)
        if real not in self._variables:
            raise ConversionError("required variable %s is missing from the model" % name)
        dtype_id, value = self._variables[real]
        if floating and dtype_id not in CT2_FLOAT_DTYPE_IDS:
            raise ConversionError(
                "variable %s has non-float dtype id %d (quantized models are not supported)" % (name, dtype_id)
            )
        if shape is not None and tuple(value.shape) != tuple(shape):
            raise ConversionError(
                "variable %s has shape %s, expected %s" % (name, list(value.shape), list(shape))
            )
        return value

    def scalar(self, name):
        value = self.get(name, shape=(), floating=False)
        return int(value)

    def all_names(self):
        return list(self._variables) + list(self._aliases)


def _count_layers(names, prefix):
    indices = set()
    for name in names:
        if name.startswith(prefix):
            head = name[len(prefix):].split("/", 1)[0]
            if head.isdigit():
                indices.add(int(head))
    if not indices:
        raise ConversionError("model has no %s* layers" % prefix)
    if indices != set(range(len(indices))):
        raise ConversionError("model layers %s* are not numbered contiguously" % prefix)
    return len(indices)


def _split_rows(value, parts, name):
    rows = value.shape[0]
    if rows % parts:
        raise ConversionError("fused variable %s has %d rows, not divisible by %d" % (name, rows, parts))
    step = rows // parts
    return [value[i * step:(i + 1) * step] for i in range(parts)]


def _check_zero(value, name):
    if np.any(value.astype(np.float32) != 0):
        raise ConversionError(
            "key bias inside %s is non-zero; whisper.cpp has no key bias, refusing to drop it" % name
        )


def build_tensors(mv):
    """Return (hparams, ordered list of (whisper name, array, ggml type))."""
    names = mv.all_names()
    n_audio_layer = _count_layers(names, "encoder/layer_")
    n_text_layer = _count_layers(names, "decoder/layer_")

    conv1 = mv.get("encoder/conv1/weight")
    if conv1.ndim != 3 or conv1.shape[2] != 3:
        raise ConversionError("encoder/conv1/weight has shape %s, expected [n_state, n_mels, 3]" % list(conv1.shape))
    n_audio_state, n_mels = int(conv1.shape[0]), int(conv1.shape[1])
    audio_pos = mv.get("encoder/position_encodings/encodings")
    if audio_pos.ndim != 2 or audio_pos.shape[1] != n_audio_state:
        raise ConversionError("encoder/position_encodings/encodings has unexpected shape %s" % list(audio_pos.shape))
    n_audio_ctx = int(audio_pos.shape[0])

    embed = mv.get("decoder/embeddings/weight")
    if embed.ndim != 2:
        raise ConversionError("decoder/embeddings/weight has unexpected shape %s" % list(embed.shape))
    n_vocab, n_text_state = int(embed.shape[0]), int(embed.shape[1])
    text_pos = mv.get("decoder/position_encodings/encodings")
    if text_pos.ndim != 2 or text_pos.shape[1] != n_text_state:
        raise ConversionError("decoder/position_encodings/encodings has unexpected shape %s" % list(text_pos.shape))
    n_text_ctx = int(text_pos.shape[0])

    n_audio_head = mv.scalar("encoder/num_heads")
    n_text_head = mv.scalar("decoder/num_heads")
    for label, heads, state in (("encoder", n_audio_head, n_audio_state), ("decoder", n_text_head, n_text_state)):
        if heads <= 0 or state % heads:
            raise ConversionError("%s/num_heads=%d does not divide state size %d" % (label, heads, state))

    for name, required in EXPECTED_SCALARS.items():
        if not mv.has(name):
            if name.endswith("num_heads"):
                raise ConversionError("required variable %s is missing from the model" % name)
            continue
        value = mv.scalar(name)
        if required is not None and value != required:
            raise ConversionError(
                "%s = %d but whisper.cpp requires %d; unsupported model variant" % (name, value, required)
            )

    n_mlp_audio = int(mv.get("encoder/layer_0/ffn/linear_0/weight").shape[0])
    n_mlp_text = int(mv.get("decoder/layer_0/ffn/linear_0/weight").shape[0])

    # The output projection must be tied to the token embedding (whisper.cpp
    # reuses decoder.token_embedding.weight for the logits).
    if mv.has("decoder/projection/weight"):
        proj = mv.get("decoder/projection/weight", shape=embed.shape)
        if proj is not embed and not np.array_equal(proj, embed):
            raise ConversionError("decoder/projection/weight differs from decoder/embeddings/weight (untied output)")
    if mv.has("decoder/projection/bias"):
        raise ConversionError("unexpected tensor decoder/projection/bias (whisper has no output bias)")

    out = []

    def emit(whisper_name, value, ggml_type):
        out.append((whisper_name, value, ggml_type))

    def weight(name, whisper_name, shape):
        emit(whisper_name, mv.get(name, shape=shape), GGML_TYPE_F16)

    def vector(name, whisper_name, size):
        emit(whisper_name, mv.get(name, shape=(size,)), GGML_TYPE_F32)

    def layer_norm(ct2, whisper, size):
        vector(ct2 + "/gamma", whisper + ".weight", size)
        vector(ct2 + "/beta", whisper + ".bias", size)

    def linear(ct2, whisper, n_out, n_in):
        weight(ct2 + "/weight", whisper + ".weight", (n_out, n_in))
        vector(ct2 + "/bias", whisper + ".bias", n_out)

    def fused_self_attention(ct2, whisper, state):
        w_name, b_name = ct2 + "/linear_0/weight", ct2 + "/linear_0/bias"
        q_w, k_w, v_w = _split_rows(mv.get(w_name, shape=(3 * state, state)), 3, w_name)
        q_b, k_b, v_b = _split_rows(mv.get(b_name, shape=(3 * state,)), 3, b_name)
        _check_zero(k_b, b_name)
        emit(whisper + ".query.weight", q_w, GGML_TYPE_F16)
        emit(whisper + ".query.bias", q_b, GGML_TYPE_F32)
        emit(whisper + ".key.weight", k_w, GGML_TYPE_F16)
        emit(whisper + ".value.weight", v_w, GGML_TYPE_F16)
        emit(whisper + ".value.bias", v_b, GGML_TYPE_F32)
        linear(ct2 + "/linear_1", whisper + ".out", state, state)

    def cross_attention(ct2, whisper, state, kv_state):
        linear(ct2 + "/linear_0", whisper + ".query", state, state)
        w_name, b_name = ct2 + "/linear_1/weight", ct2 + "/linear_1/bias"
        k_w, v_w = _split_rows(mv.get(w_name, shape=(2 * state, kv_state)), 2, w_name)
        k_b, v_b = _split_rows(mv.get(b_name, shape=(2 * state,)), 2, b_name)
        _check_zero(k_b, b_name)
        emit(whisper + ".key.weight", k_w, GGML_TYPE_F16)
        emit(whisper + ".value.weight", v_w, GGML_TYPE_F16)
        emit(whisper + ".value.bias", v_b, GGML_TYPE_F32)
        linear(ct2 + "/linear_2", whisper + ".out", state, state)

    def mlp(ct2, whisper, state, n_mlp):
        layer_norm(ct2 + "/layer_norm", whisper + ".mlp_ln", state)
        linear(ct2 + "/linear_0", whisper + ".mlp.0", n_mlp, state)
        linear(ct2 + "/linear_1", whisper + ".mlp.2", state, n_mlp)

    def block(ct2, whisper, state, n_mlp, cross_kv_state=None):
        mlp(ct2 + "/ffn", whisper, state, n_mlp)
        layer_norm(ct2 + "/self_attention/layer_norm", whisper + ".attn_ln", state)
        fused_self_attention(ct2 + "/self_attention", whisper + ".attn", state)
        if cross_kv_state is not None:
            layer_norm(ct2 + "/attention/layer_norm", whisper + ".cross_attn_ln", state)
            cross_attention(ct2 + "/attention", whisper + ".cross_attn", state, cross_kv_state)

    # Tensor order follows the state dict of OpenAI's released checkpoints
    # (decoder first; within a block: mlp_ln, mlp, attn_ln, attn, cross_attn_ln,
    # cross_attn).  whisper.cpp looks tensors up by name, so the order only
    # matters for reproducing the published ggml files byte for byte.
    s, t = n_audio_state, n_text_state
    emit("decoder.positional_embedding", text_pos, GGML_TYPE_F32)
    emit("encoder.positional_embedding", audio_pos, GGML_TYPE_F32)
    emit("decoder.token_embedding.weight", embed, GGML_TYPE_F16)
    mv.used.add("decoder/projection/weight")
    for i in range(n_text_layer):
        block("decoder/layer_%d" % i, "decoder.blocks.%d" % i, t, n_mlp_text, cross_kv_state=n_audio_state)
    layer_norm("decoder/layer_norm", "decoder.ln", t)

    weight("encoder/conv1/weight", "encoder.conv1.weight", (s, n_mels, 3))
    emit("encoder.conv1.bias", mv.get("encoder/conv1/bias", shape=(s,)).reshape(s, 1), GGML_TYPE_F32)
    weight("encoder/conv2/weight", "encoder.conv2.weight", (s, s, 3))
    emit("encoder.conv2.bias", mv.get("encoder/conv2/bias", shape=(s,)).reshape(s, 1), GGML_TYPE_F32)
    for i in range(n_audio_layer):
        block("encoder/layer_%d" % i, "encoder.blocks.%d" % i, s, n_mlp_audio)
    layer_norm("encoder/layer_norm", "encoder.ln_post", s)

    unused = sorted(n for n in names if n not in mv.used and n not in EXPECTED_SCALARS)
    if unused:
        more = " (and %d more)" % (len(unused) - 1) if len(unused) > 1 else ""
        raise ConversionError("unexpected tensor in model: %s%s" % (unused[0], more))

    hparams = {
        "n_vocab": n_vocab,
        "n_audio_ctx": n_audio_ctx,
        "n_audio_state": n_audio_state,
        "n_audio_head": n_audio_head,
        "n_audio_layer": n_audio_layer,
        "n_text_ctx": n_text_ctx,
        "n_text_state": n_text_state,
        "n_text_head": n_text_head,
        "n_text_layer": n_text_layer,
        "n_mels": n_mels,
    }
    return hparams, out


# --------------------------------------------------------------------------
# Mel filter bank (Slaney mel scale, Slaney area normalisation)
# --------------------------------------------------------------------------

_SLANEY_F_SP = 200.0 / 3
_SLANEY_MIN_LOG_HZ = 1000.0
_SLANEY_MIN_LOG_MEL = _SLANEY_MIN_LOG_HZ / _SLANEY_F_SP
_SLANEY_LOGSTEP = np.log(6.4) / 27.0


def _hz_to_mel_slaney(hz):
    """Hz -> mel for a scalar: linear below 1 kHz, logarithmic above."""
    if hz >= _SLANEY_MIN_LOG_HZ:
        return _SLANEY_MIN_LOG_MEL + np.log(hz / _SLANEY_MIN_LOG_HZ) / _SLANEY_LOGSTEP
    return hz / _SLANEY_F_SP


def _mel_to_hz_slaney(mels):
    """mel -> Hz for an array (inverse of _hz_to_mel_slaney)."""
    hz = _SLANEY_F_SP * mels
    upper = mels >= _SLANEY_MIN_LOG_MEL
    hz[upper] = _SLANEY_MIN_LOG_HZ * np.exp(_SLANEY_LOGSTEP * (mels[upper] - _SLANEY_MIN_LOG_MEL))
    return hz


def mel_filter_bank(n_mels, sample_rate=16000, n_fft=400):
    """Triangular mel filters of shape [n_mels, n_fft // 2 + 1] as float32.

    Equivalent to librosa.filters.mel(sr, n_fft, n_mels) with its defaults
    (fmin 0, fmax sr/2, Slaney scale, Slaney norm): edges and slopes are
    evaluated in float64, the triangles are rounded to float32, then scaled
    by 2 / bandwidth (computed in float64) and rounded to float32 again.
    """
    n_bins = n_fft // 2 + 1
    bin_hz = np.fft.rfftfreq(n=n_fft, d=1.0 / sample_rate)
    lo_mel = _hz_to_mel_slaney(0.0)
    hi_mel = _hz_to_mel_slaney(sample_rate / 2.0)
    edges_hz = _mel_to_hz_slaney(np.linspace(lo_mel, hi_mel, n_mels + 2))
    widths = np.diff(edges_hz)
    offsets = np.subtract.outer(edges_hz, bin_hz)  # edge_hz - bin_hz

    triangles = np.zeros((n_mels, n_bins), dtype=np.float32)
    for m in range(n_mels):
        rising = -offsets[m] / widths[m]
        falling = offsets[m + 2] / widths[m + 1]
        triangles[m] = np.maximum(0, np.minimum(rising, falling))

    area_norm = 2.0 / (edges_hz[2:n_mels + 2] - edges_hz[:n_mels])
    filters = (triangles.astype(np.float64) * area_norm[:, np.newaxis]).astype(np.float32)
    if n_mels == 80:
        # The first filter's first weight comes out as -0.0.  Whisper's original
        # (2022) mel_80 table, which the published ggml models embed, stores
        # +0.0 there; its 2023 re-export (with mel_128) stores -0.0.  Use +0.0
        # for the 80-mel table so the output matches those files bit for bit.
        filters[filters == 0] = 0.0
    return filters


# --------------------------------------------------------------------------
# Tokenizer (HF tokenizers JSON, GPT-2 byte-level BPE)
# --------------------------------------------------------------------------


def _byte_level_decoder():
    """Map each printable stand-in character of GPT-2 byte-level BPE to its byte."""
    direct = (
        list(range(ord("!"), ord("~") + 1))
        + list(range(ord("\u00a1"), ord("\u00ac") + 1))
        + list(range(ord("\u00ae"), ord("\u00ff") + 1))
    )
    table = {chr(b): b for b in direct}
    shifted = 0
    for b in range(256):
        if b not in direct:
            table[chr(256 + shifted)] = b
            shifted += 1
    return table


def read_ordinary_tokens(path, n_vocab):
    """Return the raw bytes of every ordinary (non-special) token, in id order."""
    if not os.path.isfile(path):
        raise ConversionError("tokenizer file not found: %s" % path)
    try:
        with open(path, "r", encoding="utf-8") as fh:
            doc = json.load(fh)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ConversionError("tokenizer %s is not valid JSON: %s" % (path, str(exc).splitlines()[0]))
    model = doc.get("model") if isinstance(doc, dict) else None
    if not isinstance(model, dict) or not isinstance(model.get("vocab"), dict):
        raise ConversionError("tokenizer %s has no model.vocab (not a Hugging Face tokenizer.json?)" % path)
    if model.get("type") not in (None, "BPE"):
        raise ConversionError("tokenizer %s model type is %r, expected BPE" % (path, model.get("type")))

    special_ids = set()
    for entry in doc.get("added_tokens") or []:
        if isinstance(entry, dict) and isinstance(entry.get("id"), int):
            special_ids.add(entry["id"])

    by_id = {}
    for text, token_id in model["vocab"].items():
        if not isinstance(token_id, int) or token_id < 0:
            raise ConversionError("tokenizer %s has invalid id %r for %r" % (path, token_id, text))
        if token_id in by_id:
            raise ConversionError("tokenizer %s maps id %d twice" % (path, token_id))
        by_id[token_id] = text

    ordinary = sorted(i for i in by_id if i not in special_ids)
    count = len(ordinary)
    if count == 0 or ordinary[-1] != count - 1:
        raise ConversionError("tokenizer %s: ordinary token ids are not contiguous from 0" % path)
    if count > n_vocab:
        raise ConversionError(
            "tokenizer %s has %d ordinary tokens but the model vocabulary is %d" % (path, count, n_vocab)
        )

    decoder = _byte_level_decoder()
    tokens = []
    for token_id in range(count):
        text = by_id[token_id]
        try:
            tokens.append(bytes(decoder[ch] for ch in text))
        except KeyError as exc:
            raise ConversionError(
                "tokenizer %s: token %d contains %r, not a byte-level BPE character" % (path, token_id, exc.args[0])
            )
    return tokens


# --------------------------------------------------------------------------
# Writing the ggml file
# --------------------------------------------------------------------------


class HashingWriter:
    def __init__(self, fh):
        self._fh = fh
        self.sha256 = hashlib.sha256()
        self.size = 0

    def write(self, data):
        self._fh.write(data)
        self.sha256.update(data)
        self.size += len(data)

    def ints(self, *values):
        self.write(struct.pack("<%di" % len(values), *values))


def _tensor_bytes(value, ggml_type):
    dtype = "<f2" if ggml_type == GGML_TYPE_F16 else "<f4"
    arr = np.ascontiguousarray(value.astype(dtype, copy=False))
    return arr.tobytes()


def write_ggml(path, hparams, filters, tokens, tensors):
    with open(path, "wb") as fh:
        out = HashingWriter(fh)
        out.ints(
            GGML_MAGIC,
            hparams["n_vocab"],
            hparams["n_audio_ctx"],
            hparams["n_audio_state"],
            hparams["n_audio_head"],
            hparams["n_audio_layer"],
            hparams["n_text_ctx"],
            hparams["n_text_state"],
            hparams["n_text_head"],
            hparams["n_text_layer"],
            hparams["n_mels"],
            GGML_FILE_FTYPE_F16,
        )

        out.ints(filters.shape[0], filters.shape[1])
        out.write(filters.astype("<f4").tobytes())

        out.ints(len(tokens))
        for token in tokens:
            out.ints(len(token))
            out.write(token)

        for name, value, ggml_type in tensors:
            encoded = name.encode("utf-8")
            dims = list(reversed(value.shape))
            out.ints(len(dims), len(encoded), ggml_type, *dims)
            out.write(encoded)
            out.write(_tensor_bytes(value, ggml_type))

        fh.flush()
        os.fsync(fh.fileno())
    return out.size, out.sha256.hexdigest()


# --------------------------------------------------------------------------


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description="Convert a CTranslate2 Whisper model to whisper.cpp's ggml format."
    )
    parser.add_argument(
        "--model-part",
        action="append",
        required=True,
        metavar="PATH",
        help="CTranslate2 model.bin, or one part of it; repeat in order for split files",
    )
    parser.add_argument("--tokenizer", required=True, metavar="PATH", help="Hugging Face tokenizer.json")
    parser.add_argument("--output", required=True, metavar="PATH", help="ggml model file to write")
    parser.add_argument("--version", action="version", version="%(prog)s " + CONVERTER_VERSION)
    return parser.parse_args(argv)


def convert(args):
    started = time.monotonic()
    output = os.path.abspath(args.output)
    out_dir = os.path.dirname(output)
    if not os.path.isdir(out_dir):
        raise ConversionError("output directory does not exist: %s" % out_dir)
    for part in args.model_part:
        if not os.path.isfile(part):
            raise ConversionError("model part not found: %s" % part)
    if not os.path.isfile(args.tokenizer):
        raise ConversionError("tokenizer file not found: %s" % args.tokenizer)

    header, variables, aliases = read_ct2_model(args.model_part)
    mv = ModelVariables(variables, aliases)
    hparams, tensors = build_tensors(mv)
    tokens = read_ordinary_tokens(args.tokenizer, hparams["n_vocab"])
    filters = mel_filter_bank(hparams["n_mels"])

    partial = output + ".partial"
    try:
        size, sha256 = write_ggml(partial, hparams, filters, tokens, tensors)
        os.replace(partial, output)
    except BaseException:
        try:
            os.unlink(partial)
        except OSError:
            pass
        raise
    try:
        dir_fd = os.open(out_dir, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        pass
    elapsed = time.monotonic() - started

    hp = hparams
    log = sys.stderr
    print("convert_whisper_ct2_to_ggml %s" % CONVERTER_VERSION, file=log)
    print(
        "  input : %s rev %d, binary v%d, %d variables + %d aliases, %d bytes in %d part(s)"
        % (header["spec"], header["revision"], header["binary_version"], header["variables"],
           header["aliases"], header["bytes"], len(args.model_part)),
        file=log,
    )
    print(
        "  model : vocab %d, audio ctx %d state %d heads %d layers %d, text ctx %d state %d heads %d layers %d, mels %d"
        % (hp["n_vocab"], hp["n_audio_ctx"], hp["n_audio_state"], hp["n_audio_head"], hp["n_audio_layer"],
           hp["n_text_ctx"], hp["n_text_state"], hp["n_text_head"], hp["n_text_layer"], hp["n_mels"]),
        file=log,
    )
    print("  tokens: %d ordinary, tensors: %d, ftype f16" % (len(tokens), len(tensors)), file=log)
    print("  output: %s (%d bytes) sha256 %s" % (output, size, sha256), file=log)
    print("  time  : %.1f s" % elapsed, file=log)
    return 0


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    prog = os.path.basename(sys.argv[0]) or "convert_whisper_ct2_to_ggml.py"
    try:
        return convert(args)
    except ConversionError as exc:
        print("%s: error: %s" % (prog, exc), file=sys.stderr)
    except OSError as exc:
        where = " (%s)" % exc.filename if getattr(exc, "filename", None) else ""
        print("%s: error: %s%s" % (prog, exc.strerror or exc, where), file=sys.stderr)
    except MemoryError:
        print("%s: error: out of memory" % prog, file=sys.stderr)
    except KeyboardInterrupt:
        print("%s: error: interrupted" % prog, file=sys.stderr)
        return 130
    return 1


if __name__ == "__main__":
    sys.exit(main())
