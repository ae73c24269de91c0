"""pytest-benchmark: every registered op at 1e6 elements in each dtype it takes,
ascendops against torch, both writing into preallocated outputs. The cases are
``ascendops.bench_ops``'s (the per-op table of ``python -m ascendops.bench``): the
same inputs, attributes and torch calls, so the two report the same thing."""
import pytest

from ascendops import bench_ops


def _cases():
    for op in bench_ops.measured_ops():
        for attrs in bench_ops._attr_variants(op, len(bench_ops._shape(op))):
            for dtype in bench_ops.DTYPES:
                if dtype in op.dtypes:
                    yield pytest.param(op, attrs, dtype, id="%s-%s-%s" % (op.snake, "-".join(map(str, attrs)) or "_", dtype))


@pytest.mark.parametrize("impl", ["ascendops", "torch"])
@pytest.mark.parametrize("op,attrs,dtype", list(_cases()))
def test_op_1e6(benchmark, run, size, op, attrs, dtype, impl):
    case = bench_ops.make_case(op, dtype, attrs, n=size(bench_ops.N))
    benchmark.group = "%s %s n=1e6" % (case.label, dtype)
    if impl == "torch":
        if case.torch is None:
            pytest.skip("no torch counterpart (torch missing, or no aten op)")
        fn = case.torch
    else:
        fn = case.ao
    run(fn, 20)
