"""Steps the project's ONNX exporters share (export_campplus_onnx.py and
export_segmentation_onnx.py): torch's TorchScript export, the metadata and
interface check, and the command-line error handling. torch and onnx are
imported inside the functions, so `--version` runs without them."""

import hashlib
import sys
import warnings


class ExportError(Exception):
    pass


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def export_torchscript(model, example, path, opset, input_name, output_name, dynamic_axes, quiet=DeprecationWarning):
    """torch's TorchScript exporter, chosen on purpose (no onnxscript, stable
    output); its warning that it is the legacy exporter is silenced, and with
    quiet=Warning every other warning too."""
    import torch

    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore", quiet)
        torch.onnx.export(
            model,
            (example,),
            path,
            dynamo=False,
            opset_version=opset,
            input_names=[input_name],
            output_names=[output_name],
            dynamic_axes=dynamic_axes,
            do_constant_folding=True,
            export_params=True,
            verbose=False,
        )


def finish(path, metadata, inputs_want, outputs_want, forbidden_ops=()):
    """Strip doc strings (they may carry source paths), set the metadata, check
    the graph and its interface ([(name, [dims])]), refuse forbidden ops, save."""
    import onnx

    model = onnx.load(path)
    model.doc_string = ""
    model.graph.doc_string = ""
    for node in model.graph.node:
        node.doc_string = ""
    del model.metadata_props[:]
    for key in sorted(metadata):
        prop = model.metadata_props.add()
        prop.key = key
        prop.value = metadata[key]

    onnx.checker.check_model(model, full_check=True)
    inputs = [(i.name, [d.dim_param or d.dim_value for d in i.type.tensor_type.shape.dim]) for i in model.graph.input]
    outputs = [(o.name, [d.dim_param or d.dim_value for d in o.type.tensor_type.shape.dim]) for o in model.graph.output]
    if inputs != inputs_want or outputs != outputs_want:
        raise ExportError("unexpected graph interface: inputs %s, outputs %s" % (inputs, outputs))
    ops = sorted({node.op_type for node in model.graph.node})
    for unwanted in forbidden_ops:
        if unwanted in ops:
            raise ExportError("the graph still has %s nodes (ops: %s)" % (unwanted, ", ".join(ops)))
    onnx.save_model(model, path)
    return model


def run_main(prog, run, args, needs):
    """Runs an exporter, turning its failures into one line on stderr and an exit code."""
    try:
        return run(args, sys.stderr)
    except ExportError as exc:
        print("%s: error: %s" % (prog, exc), file=sys.stderr)
    except ImportError as exc:
        print("%s: error: %s (run it with a Python that has %s)" % (prog, exc, needs), file=sys.stderr)
    except OSError as exc:
        where = " (%s)" % exc.filename if getattr(exc, "filename", None) else ""
        print("%s: error: %s%s" % (prog, exc.strerror or exc, where), file=sys.stderr)
    except KeyboardInterrupt:
        print("%s: error: interrupted" % prog, file=sys.stderr)
        return 130
    return 1
