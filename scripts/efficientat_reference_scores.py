#!/usr/bin/env python3
"""One-off check: EfficientAT mn04_as's scores from the authors' own code on real recordings,
the reference for Ozen's Swift front end and network (Tests/OzenEnginesTests/
EfficientATSoundClassifierTests.swift reads Tests/Fixtures/efficientat-reference.json).

Not run by setup and never at run time. It needs, in a throwaway environment: torch (checked
with the pinned 2.13.0+cpu) and numpy; a checkout of the authors' repository
(fschmid56/EfficientAT, its models/ and helpers/ folders); the torchvision and torchaudio
wheels, of which only two pure-Python files are used (torchvision/ops/misc.py for
ConvNormActivation, torchaudio/compliance/kaldi.py for the mel filter bank: the wheels whose
compiled parts match the pinned torch are not on the registry, so their compiled parts are
not loaded: the two files go into a temporary folder under stand-in packages, beside
stand-ins for the training-only masking transforms, which evaluation never applies); the
checkpoint; and 32 kHz mono 16-bit WAV recordings.

For each recording and each window (start, length) in WINDOWS that fits inside it, the
samples are read as Ozen's WAVDecoder reads them (int16 / 32768), passed through the
authors' AugmentMelSTFT in eval mode (its defaults: 128 mel bands, 32 kHz, window 800, hop
320, FFT 1024) and get_model(width_mult=0.4) with the checkpoint loaded, in float32 on the
CPU, and the 527 logits are kept.

Usage:
    efficientat_reference_scores.py --authors-code EfficientAT/ --torchvision-wheel torchvision-*.whl \\
        --torchaudio-wheel torchaudio-*.whl --checkpoint mn04_as_mAP_432.pt \\
        --output Tests/Fixtures/efficientat-reference.json FOLDER/a.wav FOLDER/b.wav ...
"""

# (start seconds, length in samples at 32 kHz)
WINDOWS = [(0.0, 32000), (0.5, 32000), (0.0, 48000)]

import argparse
import json
import os
import sys
import tempfile
import wave
import zipfile


def stand_ins(folder, torchvision_wheel, torchaudio_wheel):
    def write(path, text):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    with zipfile.ZipFile(torchvision_wheel) as z:
        write(f"{folder}/torchvision/ops/misc.py", z.read("torchvision/ops/misc.py").decode())
    with zipfile.ZipFile(torchaudio_wheel) as z:
        write(f"{folder}/torchaudio/compliance/kaldi.py", z.read("torchaudio/compliance/kaldi.py").decode())
    write(f"{folder}/torchvision/__init__.py", "")
    write(f"{folder}/torchvision/ops/__init__.py", "")
    write(f"{folder}/torchvision/utils.py",
          "import collections.abc, itertools\n"
          "def _log_api_usage_once(obj):\n    pass\n"
          "def _make_ntuple(x, n):\n"
          "    return tuple(x) if isinstance(x, collections.abc.Iterable) else tuple(itertools.repeat(x, n))\n")
    write(f"{folder}/torchaudio/__init__.py", "from . import compliance, transforms\n")
    write(f"{folder}/torchaudio/compliance/__init__.py", "from . import kaldi\n")
    write(f"{folder}/torchaudio/transforms.py",
          "import torch\n"
          "class FrequencyMasking(torch.nn.Identity):\n    def __init__(self, *a, **k):\n        super().__init__()\n"
          "class TimeMasking(torch.nn.Identity):\n    def __init__(self, *a, **k):\n        super().__init__()\n")


def read_wav(path):
    import numpy as np
    with wave.open(path, "rb") as w:
        if w.getframerate() != 32000 or w.getnchannels() != 1 or w.getsampwidth() != 2:
            sys.exit(f"{path}: not 32 kHz mono 16-bit")
        data = w.readframes(w.getnframes())
    return np.frombuffer(data, dtype="<i2").astype(np.float32) / 32768.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--authors-code", required=True)
    parser.add_argument("--torchvision-wheel", required=True)
    parser.add_argument("--torchaudio-wheel", required=True)
    parser.add_argument("--checkpoint", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("recordings", nargs="+")
    args = parser.parse_args()

    import contextlib
    import io
    import torch

    folder = tempfile.mkdtemp()
    stand_ins(folder, args.torchvision_wheel, args.torchaudio_wheel)
    sys.path[:0] = [folder, os.path.abspath(args.authors_code)]
    here = os.getcwd()
    os.chdir(args.authors_code)   # helpers/utils.py reads metadata/ relative to the checkout
    with contextlib.redirect_stdout(io.StringIO()):
        from models.mn.model import get_model
        from models.preprocess import AugmentMelSTFT
        model = get_model(width_mult=0.4, pretrained_name=None)
        mel = AugmentMelSTFT()
    os.chdir(here)
    model.load_state_dict(torch.load(args.checkpoint, map_location="cpu", weights_only=True))
    model.eval()
    mel.eval()

    windows = []
    with torch.no_grad():
        for path in args.recordings:
            samples = read_wav(path)
            for start, length in WINDOWS:
                first = int(start * 32000)
                if first + length > len(samples):
                    continue
                x = torch.from_numpy(samples[first:first + length].copy())[None, :]
                logits, _ = model(mel(x).unsqueeze(0))
                windows.append({"file": os.path.basename(path), "start_sample": first, "samples": length,
                                "logits": [float(f"{v:.6g}") for v in logits.squeeze(0).tolist()]})
    with open(args.output, "w") as f:
        json.dump({"made_by": "scripts/efficientat_reference_scores.py", "torch": torch.__version__,
                   "windows": windows}, f, separators=(",", ":"))
        f.write("\n")
    print(f"{len(windows)} windows from {len(args.recordings)} recordings -> {args.output}")


if __name__ == "__main__":
    main()
