#!/usr/bin/env python3
"""Prepares a Piper voice (model.onnx + its .onnx.json) for sherpa-onnx's VITS engine.

sherpa-onnx reads what it needs to know about a VITS voice from the ONNX file's metadata
(sample_rate, n_speakers, language, comment="piper", ...) and ends the process when a key is
missing; Piper's own files keep that in the .onnx.json beside the model instead. This script:

  * copies the model, adding those keys as ONNX metadata_props (ModelProto field 14). A
    protobuf message may carry a repeated field's entries anywhere, so the entries are simply
    appended after the model's bytes: nothing in the graph or the weights is rewritten, and
    only the standard library is needed (no onnx, no numpy);
  * writes tokens.txt ("SYMBOL ID" a line) from the voice's phoneme_id_map, the table sherpa
    maps phonemes through.

The output is byte-identical from run to run (setup pins its sha256).

Usage: prepare_piper_voice.py --model X.onnx --config X.onnx.json --output-dir DIR
       prepare_piper_voice.py --version
"""
import argparse
import json
import os
import sys

VERSION = "1"


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def length_delimited(field, payload):
    return varint(field << 3 | 2) + varint(len(payload)) + payload


def metadata_entry(key, value):
    # StringStringEntryProto { string key = 1; string value = 2; } as ModelProto.metadata_props = 14
    entry = length_delimited(1, key.encode()) + length_delimited(2, value.encode())
    return length_delimited(14, entry)


def top_level_fields(data):
    """Field numbers at the top of a serialized ModelProto (checks the file is one)."""
    fields, i = [], 0
    while i < len(data):
        key, shift = 0, 0
        while True:
            if i >= len(data):
                raise ValueError("truncated field key")
            b = data[i]; i += 1
            key |= (b & 0x7F) << shift; shift += 7
            if b < 0x80:
                break
        field, wire = key >> 3, key & 7
        if wire == 0:
            while data[i] & 0x80:
                i += 1
            i += 1
        elif wire == 2:
            length, shift = 0, 0
            while True:
                b = data[i]; i += 1
                length |= (b & 0x7F) << shift; shift += 7
                if b < 0x80:
                    break
            i += length
            if i > len(data):
                raise ValueError("truncated field %d" % field)
        else:
            raise ValueError("unexpected wire type %d in field %d" % (wire, field))
        fields.append(field)
    return fields


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--version", action="store_true")
    p.add_argument("--model")
    p.add_argument("--config")
    p.add_argument("--output-dir")
    a = p.parse_args()
    if a.version:
        print(VERSION)
        return
    if not (a.model and a.config and a.output_dir):
        p.error("--model, --config and --output-dir are required")

    config = json.load(open(a.config, encoding="utf-8"))
    if config.get("phoneme_type") != "espeak":
        sys.exit("%s: phoneme_type %r, expected espeak" % (a.config, config.get("phoneme_type")))
    data = open(a.model, "rb").read()
    fields = top_level_fields(data)
    if 7 not in fields:
        sys.exit("%s: no graph in the model" % a.model)
    if 14 in fields:
        sys.exit("%s: already carries metadata; expected Piper's plain export" % a.model)

    language = config["language"]
    metadata = [
        ("model_type", "vits"),
        ("comment", "piper"),
        ("language", language.get("name_english", "English")),
        ("voice", config["espeak"]["voice"]),
        ("has_espeak", "1"),
        ("n_speakers", str(config.get("num_speakers", 1))),
        ("sample_rate", str(config["audio"]["sample_rate"])),
        ("add_blank", "0"),
        ("noise_scale", str(config["inference"]["noise_scale"])),
        ("length_scale", str(config["inference"]["length_scale"])),
        ("noise_w", str(config["inference"]["noise_w"])),
        ("dataset", config.get("dataset", "")),
    ]
    extra = b"".join(metadata_entry(k, v) for k, v in metadata)

    tokens = []
    seen = set()
    for symbol, ids in config["phoneme_id_map"].items():
        if len(symbol) != 1 or len(ids) != 1 or symbol in ("\n", "\r"):
            sys.exit("%s: phoneme %r -> %r is not one symbol with one id" % (a.config, symbol, ids))
        if ids[0] in seen:
            sys.exit("%s: id %d used twice" % (a.config, ids[0]))
        seen.add(ids[0])
        tokens.append("%s %d\n" % (symbol, ids[0]))
    for needed in "_^$":
        if needed not in config["phoneme_id_map"]:
            sys.exit("%s: no %r in phoneme_id_map (Piper's pad/start/end)" % (a.config, needed))

    os.makedirs(a.output_dir, exist_ok=True)
    model_out = os.path.join(a.output_dir, "model.onnx")
    with open(model_out + ".tmp", "wb") as f:
        f.write(data)
        f.write(extra)
    os.replace(model_out + ".tmp", model_out)
    tokens_out = os.path.join(a.output_dir, "tokens.txt")
    with open(tokens_out + ".tmp", "w", encoding="utf-8", newline="\n") as f:
        f.writelines(tokens)
    os.replace(tokens_out + ".tmp", tokens_out)


if __name__ == "__main__":
    main()
