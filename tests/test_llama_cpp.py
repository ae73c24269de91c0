"""llama.cpp's CANN backend, a program no one here wrote, on ascendops: the pinned
llama-cpp-python sdist (tools/llama_cpp.py) configures, compiles and links its CANN backend
unchanged against `python -m ascendops.standin`'s CANN layout, and ggml's own
test-backend-ops passes on the CANN0 backend (ascendops) against ggml's CPU backend, on the
strict device for every op that runs on ascendops today (tools/llama_cpp.PASSING), on the
cpu device for all but STRICT_DEVICE_ONLY. Tier 2: it downloads the sdist (76 MB) once and builds ggml (a few
minutes on 2 cores; cached in ASCENDOPS_LLAMA_CACHE while ascendops' headers are unchanged)."""
import os
import runpy

import pytest

pytestmark = pytest.mark.slow

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def tool():
    return runpy.run_path(os.path.join(ROOT, "tools", "llama_cpp.py"))


@pytest.fixture(scope="module")
def built(tool):
    return tool["build"]()


# The ops whose cases run on the strict device alone: their time is ggml's CPU reference
# (fused attention, rotary embeddings, the matrix products: 150 of the cpu device's 290 s
# of test-backend-ops, AMD Zen 3). The two devices run the same kernels; the strict one
# adds host-unreadable memory and queued streams, and the cpu device's own paths are the
# other ops' cases here and the op tests' everywhere else.
STRICT_DEVICE_ONLY = ("FLASH_ATTN_EXT", "ROPE", "MUL_MAT", "MUL_MAT_ID", "MUL_MAT_HADAMARD")


@pytest.mark.slow(minutes=6)
@pytest.mark.parametrize("strict", [False, True], ids=["cpu", "strict"])
def test_backend_ops_pass_on_ascendops(tool, built, strict, monkeypatch):
    exe, cann = built
    if strict:
        # each queued launch waits 250 us before it runs (2 ms by default): a host read of
        # a result without aclrtSynchronizeStream still finds it unwritten, and the cases'
        # hundreds of thousands of launches wait 60 s, not 500
        monkeypatch.setenv("ASCENDOPS_STRICT_STREAM_DELAY_US", "250")
    assert set(STRICT_DEVICE_ONLY) <= set(tool["PASSING"])
    ops = ",".join(op for op in tool["PASSING"] if strict or op not in STRICT_DEVICE_ONLY)
    (passed, ran, fails, problem, _), = tool["run_ops"](exe, cann, [ops], strict).values()
    assert problem is None, problem
    assert not fails, "\n".join(fails[:20])
    # every case test-backend-ops ran passed, and it ran the ops' cases (hundreds)
    assert passed == ran and ran > 500, (passed, ran)


def test_backend_links_only_what_ascendops_exports(tool, built):
    """Every aclnn API the backend imports is exported by ascendops: implemented, or declared
    with CANN's signature and answering 561003 (python -m ascendops.config --coverage)."""
    from ascendops import config
    exe, _ = built
    table = config.coverage([os.path.join(os.path.dirname(exe), "bin", "libggml-cann.so")])
    assert len(table) > 80
    assert not [n for n, s in table.items() if s == "missing"]
    # the ops of tools/llama_cpp.PASSING need these, implemented
    for api in ("Silu", "Mul", "InplaceMul", "Add", "Muls", "InplaceCopy", "Cast", "Arange", "InplaceFillScalar",
                "PowScalarTensor"):
        assert table[api] == "implemented", api
