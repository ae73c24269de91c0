"""python -m ascendops: the device summary and the SiluBackward documentation example
(x = 1..6, dy = 1, float32, shape (2, 3)), run through both aclnn phases as the C++
example of CANN's documentation does, next to the float64 reference."""
import argparse
import platform

import numpy as np

import ascendops
from ascendops import aclnn


def processor_model():
    """The CPU's marketing name ("model name" in /proc/cpuinfo on Linux), else what
    platform.processor() says, else the machine type."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key.strip() == "model name" and value.strip():
                    return value.strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown processor"


def parse_args(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m ascendops",
        description="Prints the CPU device (processor, SIMD kernels, worker threads), the "
                    "SoC profile and the registered ops, then runs CANN's aclnnSiluBackward "
                    "documentation example through both aclnn phases and compares it with "
                    "a float64 numpy reference.",
        epilog="Other commands: python -m ascendops.config --cflags --libs (C/C++ flags), "
               "python -m ascendops.bench (benchmarks).")
    parser.add_argument("--version", action="version", version="ascendops %s" % ascendops.__version__)
    parser.add_argument("--device", default=None,
                        help="the device to run the example on: cpu, cpu:strict, npu:N (default: npu:0 "
                             "when CANN is installed, docs/npu.md; else cpu)")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    from ascendops.ops.silu_backward import reference
    soc = ascendops.get_soc()
    print("ascendops %s" % ascendops.__version__)
    name = args.device or ("npu:0" if ascendops.npu.is_available() else "cpu")
    device = ascendops.device(name)
    if device.type == "npu":
        info = ascendops.npu.info()
        print("device: %s (CANN %s at %s, runtime %s)" % (device, info["version"], info["home"], info["runtime"]))
    else:
        print("device: %s (%s, %s, kernels %s, %d worker threads)"
              % ("cpu:0" if str(device) == "cpu" else device, processor_model(), platform.machine(), ascendops.isa(), ascendops.get_num_threads()))
    print("soc: %r" % (soc,))
    print("ops: %s" % ", ".join(op.name for op in ascendops.registered_ops().values()))
    dy = np.ones((2, 3), np.float32)
    x = np.arange(1, 7, dtype=np.float32).reshape(2, 3)
    grad_output = ascendops.tensor(dy, device=device)
    self_ = ascendops.tensor(x, device=device)
    grad_input = ascendops.zeros((2, 3), dtype="float32", device=device)
    ws_size, executor = aclnn.silu_backward_get_workspace_size(grad_output, self_, grad_input)
    workspace = ascendops.empty((ws_size,), "uint8", device=device) if ws_size else None
    stream = ascendops.default_stream(device)
    aclnn.silu_backward(workspace, ws_size, executor, stream)
    stream.synchronize()
    got = grad_input.numpy()
    expected = reference(dy.astype(np.float64), x.astype(np.float64))
    print()
    print("aclnnSiluBackward(gradOutput, self, gradInput), float32, shape (2, 3): "
          "workspace %d bytes, tiling %s" % (ws_size, executor.tiling))
    print("%3s %12s %12s %14s %22s" % ("i", "gradOutput", "self", "gradInput", "expected (float64)"))
    for i, (g, s, out, ref) in enumerate(zip(dy.ravel(), x.ravel(), got.ravel(), expected.ravel())):
        print("%3d %12.6f %12.6f %14.6f %22.9f" % (i, g, s, out, ref))
    rel = float(np.max(np.abs(got - expected) / np.abs(expected)))
    print("largest relative error against the float64 reference: %.2e" % rel)
    print()
    print("next: the same op on numpy arrays, in one call: "
          "ascendops.silu_backward(np.ones((2, 3), np.float32), x)  (README.md, Ops)")


if __name__ == "__main__":
    main()
