"""pytest-benchmark on a device: every measured op (bench_ops.measured_ops) at 1e6 elements in each float dtype
it takes, inputs and out= as Tensors on the device, the device synchronised inside the
timed function (so a time is launch plus kernel, not the enqueue alone).

    pytest benchmarks/test_on_device.py --benchmark-only --device npu:0
    pytest benchmarks/test_on_device.py --benchmark-only --device cpu,cpu:strict
"""
import pytest

import ascendops as ao
from ascendops import bench_ops


def _cases():
    # the ops the bench's generic inputs can feed (bench_ops.measured_ops: not the in-place
    # variants, nor tensor lists, index tensors or NCHW windows)
    for op in bench_ops.measured_ops():
        attrs = bench_ops._attr_variants(op, len(bench_ops._shape(op)))[0]
        for dtype in bench_ops.DTYPES:
            if dtype in op.dtypes:
                a = (bench_ops.CAST_TO[dtype],) if bench_ops._is_cast(op) else attrs
                yield pytest.param(op, a, dtype, id="%s-%s" % (op.snake, dtype))


@pytest.mark.parametrize("op,attrs,dtype", list(_cases()))
def test_op_on_device(benchmark, run, size, device, op, attrs, dtype):
    try:
        dev = ao.device(device)
    except (RuntimeError, ValueError) as e:      # NpuUnavailableError is a RuntimeError
        pytest.skip("device %s: %s" % (device, str(e).splitlines()[0]))
    # the inputs the declaration gives (operand shapes, operand dtypes, the row limit null;
    # attributes that are sizes, those of these inputs)
    attrs = bench_ops.attrs_for_size(op, attrs, size(bench_ops.N))
    ins = [None if a is None else ao.tensor(a, device=dev)
           for a in bench_ops.make_inputs(op, dtype, attrs, size(bench_ops.N))]
    out = ao._core.call(op, tuple(ins), tuple(attrs))

    def call():
        ao._core.call(op, tuple(ins), tuple(attrs), out)
        ao.synchronize(dev)
    benchmark.group = "%s %s n=1e6 on %s" % (op.snake, dtype, device)
    run(call, 10)
