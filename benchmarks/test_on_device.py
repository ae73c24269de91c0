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
    # the ops the bench measures (bench_ops.measured_ops: not the in-place variants; the
    # ops whose inputs only their declaration can make, by their first argument tuple)
    for op in bench_ops.measured_ops():
        attrs = bench_ops._attr_variants(op, len(bench_ops._shape(op)))[0]
        for dtype in bench_ops.DTYPES:
            if dtype in op.dtypes:
                a = (bench_ops.CAST_TO[dtype],) if bench_ops._is_cast(op) else attrs
                yield pytest.param(op, a, dtype, id="%s-%s" % (op.snake, dtype))


def _on(a, dev):
    """A declared argument on the device: an array as a Tensor, a list element by element."""
    if isinstance(a, list):
        return [_on(e, dev) for e in a]
    return ao.tensor(a, device=dev) if hasattr(a, "dtype") and hasattr(a, "shape") else a


@pytest.mark.parametrize("op,attrs,dtype", list(_cases()))
def test_op_on_device(benchmark, run, size, device, op, attrs, dtype):
    try:
        dev = ao.device(device)
    except (RuntimeError, ValueError) as e:      # NpuUnavailableError is a RuntimeError
        pytest.skip("device %s: %s" % (device, str(e).splitlines()[0]))
    if op.info.get("bench"):
        # an op whose declaration makes its arguments (an index, a tensor list, a window)
        args = [_on(bench_ops._in_row_dtype(a, bench_ops._np_dtype(dtype)), dev)
                for a in bench_ops._bench_args(op, size(bench_ops.N))[attrs[0]]]
        fn = getattr(ao, op.snake)
        result = fn(*args)

        def declared_call():
            fn(*args, out=result)
            ao.synchronize(dev)
        benchmark.group = "%s %s n=1e6 on %s" % (op.snake, dtype, device)
        run(declared_call, 10)
        return
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
