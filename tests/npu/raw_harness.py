"""Every op the registry harness feeds through the npu backend's raw path (_core._npu_call_raw: CANN's
aclrtMalloc / aclrtMemcpy / aclCreateTensor / aclCreateScalar ... / aclnn<Op>GetWorkspaceSize
through the op's generated trampoline / aclnn<Op>), run in a process whose CANN is the
stand-in (python -m ascendops.standin), compared bit for bit with the CPU device's
numpy-like call of the same op, and with the op's float64 reference (the registry
harness's metadata and tolerance: tests/ops/test_registry.py).

    python tests/npu/raw_harness.py [--quick] [--device npu:0]

Each op runs for its float dtypes over every attribute case of its metadata, with a
contiguous layout and a strided one (every other element from storage offset 1, so the
aclTensor's strides and offset matter), then once more with the same views at new
addresses (a cached, re-pointed repeatable executor). With --device, the same cases
also run as numpy-like calls on Tensors of that device (the npu:N device: its caching
allocator, aclrtMemcpy copies, its aclrtStream). Prints one line per op; exits 1 on
any mismatch."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ops"))
import ascendops as ao  # noqa: E402
from ascendops import _core  # noqa: E402
import test_registry as reg  # noqa: E402

H2D, D2H = 1, 2
FLOATS = ("float32", "float16", "bfloat16")


class DeviceBuffer:
    """nbytes of npu memory (aclrtMalloc), freed on close."""

    def __init__(self, nbytes):
        self.nbytes = max(nbytes, 1)
        self.addr = _core._npu_malloc_raw(self.nbytes)

    def close(self):
        _core._npu_free_raw(self.addr)


def to_device(a, strided):
    """A device tensor holding `a`: contiguous, or (strided) every other element of a
    buffer from element 1 on. Returns (tensor, buffer)."""
    a = np.ascontiguousarray(a).reshape(np.shape(a))     # (ascontiguousarray makes a 0-d array 1-d)
    item = a.dtype.itemsize
    if strided:
        host = np.zeros(2 * a.size + 1, a.dtype)
        host[1::2] = a.reshape(-1)
        strides = tuple(2 * s // item for s in a.strides)
        offset = 1
    else:
        host, strides, offset = a.reshape(-1), None, 0
    buf = DeviceBuffer(host.nbytes)
    if host.nbytes:
        _core._npu_memcpy_raw(buf.addr, buf.nbytes, host.ctypes.data, host.nbytes, H2D)
    t = _core._npu_tensor_at(buf.addr, buf.nbytes, a.shape, ao.as_dtype(a.dtype), strides, offset)
    return t, buf


def from_device(buf, shape, dtype):
    out = np.empty(shape, dtype)
    if out.nbytes:
        _core._npu_memcpy_raw(out.ctypes.data, out.nbytes, buf.addr, out.nbytes, D2H)
    return out


def run_npu(op, ins, attrs, outs_like, strided):
    """The op on the npu: returns the output arrays."""
    bufs, tensors = [], []
    try:
        inplace = isinstance(op, ao.ops.InplaceOp)
        for a in ins:
            t, b = to_device(a, strided)
            tensors.append(t)
            bufs.append(b)
        if inplace:
            tensors.append(tensors[0])
            bufs.append(bufs[0])
        else:
            for o in outs_like:
                t, b = to_device(np.zeros_like(o), False)
                tensors.append(t)
                bufs.append(b)
        ptrs = [b.addr for b in bufs]
        _core._npu_call_raw(op, tuple(tensors), tuple(attrs), ptrs)
        if inplace:
            host = from_device(bufs[0], (2 * ins[0].size + 1,) if strided else ins[0].shape, ins[0].dtype)
            return [host[1::2].reshape(ins[0].shape) if strided else host]
        return [from_device(b, o.shape, o.dtype) for b, o in zip(bufs[len(ins):], outs_like)]
    finally:
        for b in {id(b): b for b in bufs}.values():
            b.close()


def device_tensor(a, dev, strided):
    """`a` on device `dev`: contiguous, or every other element from storage offset 1."""
    a = np.ascontiguousarray(a).reshape(np.shape(a))     # (a 0-d array stays 0-d)
    if not strided:
        return ao.tensor(a, device=dev)
    host = np.zeros(2 * a.size + 1, a.dtype)
    host[1::2] = a.reshape(-1)
    base = ao.tensor(host, device=dev)
    return base.as_strided(a.shape, tuple(2 * s // a.dtype.itemsize for s in a.strides), 1)


def run_device(op, ins, attrs, dev, strided):
    tensors = [device_tensor(a, dev, strided) for a in ins]
    with ao.device(dev):        # (an op without tensor inputs, Arange, runs on the current device)
        got = _core.call(op, tuple(tensors), tuple(attrs))
    if isinstance(op, ao.ops.InplaceOp):
        got = tensors[0]
    got = list(got) if isinstance(got, tuple) else [got]
    for t in got:
        assert str(t.device) == str(dev), (t.device, dev)
    return [t.numpy() for t in got]


def check_op(name, quick, device=None):
    op = ao.registered_ops()[name]
    base = op.base if isinstance(op, ao.ops.InplaceOp) else op
    dtypes = [d for d in op.dtypes if d.name in FLOATS] or list(op.dtypes)[:2]
    if quick:
        dtypes = dtypes[:1]
    rng = np.random.default_rng(7)
    shape = reg.fit_rank(base, (3, 5, 4))       # an op of rank 2 (SoftmaxCrossEntropyWithLogits): (3, 5)
    runs = 0
    for dtype in dtypes:
        for attrs in reg.attr_cases(base, len(shape), dtype, shape=shape):
            # a split input (the gated units) is twice as long along the op's dim
            ins = reg.inputs_for(base, reg.in_shapes(base, shape, attrs), [dtype] * len(op.inputs), rng)
            cpu = _core.call(op, tuple(a.copy() for a in ins), tuple(attrs))
            cpu = list(cpu) if isinstance(cpu, tuple) else [cpu]
            # an op without tensor inputs (Arange) returns ascendops tensors: their values
            cpu = [c.numpy() if isinstance(c, ao.Tensor) else c for c in cpu]
            for strided in (False, True):
                for repeat in range(3 if device else 2):    # the second: a cached executor, re-pointed
                    if repeat < 2:
                        got = run_npu(op, ins, attrs, cpu, strided)
                    else:
                        got = run_device(op, ins, attrs, device, strided)
                    for g, c in zip(got, cpu):
                        if g.dtype != c.dtype or g.shape != c.shape or g.tobytes() != np.ascontiguousarray(c).tobytes():
                            raise AssertionError("%s %s attrs %r strided=%s run %d: npu %r differs from cpu %r"
                                                 % (name, dtype.name, attrs, strided, repeat, g.reshape(-1)[:6],
                                                    np.asarray(c).reshape(-1)[:6]))
                    runs += 1
            if len(op.outputs) == 1 and not isinstance(op, ao.ops.InplaceOp):
                reg.assert_matches(base, got[0], ins, attrs, reg.out_dtype(base, [dtype] * len(ins), attrs),
                                   "npu attrs %r" % (attrs,))
    return runs


def main():
    quick = "--quick" in sys.argv
    device = sys.argv[sys.argv.index("--device") + 1] if "--device" in sys.argv else None
    # the ops the registry harness feeds (its NAMES and INPLACE, which say why the rest
    # are left to their own tests: sizes, index tensors, related matrix shapes)
    names = sorted(reg.NAMES + reg.INPLACE)
    if quick:
        names = [n for n in names if n in ("silu_backward", "elu_backward", "gelu_backward_v2", "cast",
                                           "softmax_backward", "inplace_leaky_relu", "leaky_relu", "add_relu")]
    failed = 0
    for name in names:
        try:
            runs = check_op(name, quick, device)
            print("ok %s (%d runs)" % (name, runs))
        except Exception as e:   # report every op, then fail
            failed += 1
            print("FAIL %s: %s: %s" % (name, type(e).__name__, e))
    info = _core._npu_cache_info()
    print("npu executor cache: %d hits, %d misses" % (info.hits, info.misses))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
