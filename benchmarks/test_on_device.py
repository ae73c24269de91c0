"""pytest-benchmark on a device: every registered op at 1e6 elements in each float dtype
it takes, inputs and out= as Tensors on the device, the device synchronised inside the
timed function (so a time is launch plus kernel, not the enqueue alone).

    pytest benchmarks/test_on_device.py --benchmark-only --device npu:0
    pytest benchmarks/test_on_device.py --benchmark-only --device cpu,cpu:strict
"""
import numpy as np
import pytest

import ascendops as ao
from ascendops import bench_ops


def _cases():
    for op in ao.registered_ops().values():
        if isinstance(op, ao._core.InplaceOp):
            continue
        attrs = bench_ops._attr_variants(op, len(bench_ops._shape(op)))[0]
        for dtype in bench_ops.DTYPES:
            if dtype in op.dtypes:
                a = (bench_ops.CAST_TO[dtype],) if bench_ops._is_cast(op) else attrs
                yield pytest.param(op, a, dtype, id="%s-%s" % (op.snake, dtype))


@pytest.mark.parametrize("op,attrs,dtype", list(_cases()))
def test_op_on_device(benchmark, device, op, attrs, dtype):
    try:
        dev = ao.device(device)
    except (RuntimeError, ValueError) as e:      # NpuUnavailableError is a RuntimeError
        pytest.skip("device %s: %s" % (device, str(e).splitlines()[0]))
    rng = np.random.default_rng(0)
    ins = [ao.tensor(rng.uniform(lo, hi, size=sh).astype(bench_ops._np_dtype(dtype)), device=dev)
           for (lo, hi), sh in zip(bench_ops._domains(op)[:len(op.args)], bench_ops._input_shapes(op, attrs))]
    out = ao._core.call(op, tuple(ins), tuple(attrs))

    def run():
        ao._core.call(op, tuple(ins), tuple(attrs), out)
        ao.synchronize(dev)
    benchmark.group = "%s %s n=1e6 on %s" % (op.snake, dtype, device)
    benchmark.pedantic(run, rounds=10, warmup_rounds=1)
