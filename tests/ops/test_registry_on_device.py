"""The op harness (test_registry.py) on the strict CPU device, the stand-in for an NPU:
memory the host cannot dereference and streams that run their work on their own thread.
In the normal suite, a representative subset in this process (one op of each kind:
elementwise with attributes and mixed dtypes, a row reduction, Cast, an in-place
variant, several outputs); with ASCENDOPS_SLOW_TESTS=1, the whole harness in a
subprocess with ASCENDOPS_TEST_DEVICE=cpu:strict (the switch tests/ops/conftest.py reads;
the npu backend's tests use it for npu:0)."""
import importlib.util
import os
import subprocess
import sys

import pytest

import ascendops as ao

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("_registry_harness", os.path.join(HERE, "test_registry.py"))
reg = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(reg)

# one op of each kind the dispatcher runs: an elementwise op with an attribute and the
# cast step (mixed dtypes), a RowReduceOp, CastOp, an InplaceOp, an op with split outputs
SUBSET = [n for n in ("gelu_backward_v2", "leaky_relu_backward", "softmax_backward", "log_softmax", "cast",
                      "glu", "silu_backward") if n in reg.OPS]
INPLACE_SUBSET = [n for n in ("inplace_relu", "inplace_leaky_relu") if n in reg.OPS]


def strict_allocs():
    return ao.memory_stats("cpu:strict")["num_allocs"]


@pytest.mark.parametrize("name", SUBSET)
def test_registry_subset_on_strict(name, run_on_device):
    op = reg.OPS[name]
    with run_on_device("cpu:strict"):
        before = strict_allocs()
        for dtype in op.dtypes:
            reg.test_supported_dtype(name, dtype.name)
        for layout in reg.LAYOUTS:
            reg.test_layout(name, layout)
        reg.test_null_tensors(name)
        reg.test_two_stage_and_cache(name)
        reg.test_repeatable_executor(name)
        if name in [n for n in reg.NAMES if reg.broadcasts(reg.OPS[n]) and len(reg.OPS[n].inputs) > 1]:
            reg.test_mixed_precision(name)
        ao.synchronize("cpu:strict")
        assert strict_allocs() > before      # the harness really ran on the strict device


@pytest.mark.parametrize("name", INPLACE_SUBSET)
def test_inplace_variant_on_strict(name, run_on_device):
    with run_on_device("cpu:strict"):
        reg.test_inplace_variant(name)


@pytest.mark.slow
def test_whole_harness_on_strict_in_a_subprocess():
    # run from the imported package's folder (CI: an installed ascendops in site-packages;
    # `python -m` puts the working directory first on sys.path, and the checkout's own
    # ascendops folder holds no built extension there)
    pkg_parent = os.path.dirname(os.path.dirname(os.path.abspath(ao.__file__)))
    env = dict(os.environ, ASCENDOPS_TEST_DEVICE="cpu:strict",
               PYTHONPATH=pkg_parent + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-m", "pytest", os.path.join(HERE, "test_registry.py"), "-q", "-x",
                        "-p", "no:cacheprovider"], env=env, cwd=pkg_parent,
                       capture_output=True, text=True, timeout=3600)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert " passed" in r.stdout and " failed" not in r.stdout
