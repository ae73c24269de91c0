"""Environment variables read at import or first use (README: Environment variables):
a value in the wrong case is accepted where the name is clear, and a bad value is
reported naming the variable and the accepted forms, never silently ignored and never
a bare ValueError. Each case runs in a fresh interpreter."""
import functools
import os
import subprocess
import sys

import pytest

import ascendops
from ao_test_helpers import first_in_tier1

PKG_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(ascendops.__file__)))
ISAS = ["baseline", "avx2", "avx512"]


def run(code, **env):
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("ASCENDOPS_")}
    full_env.update(env)
    full_env["PYTHONPATH"] = PKG_PARENT
    return subprocess.run([sys.executable, "-c", code], env=full_env, cwd=PKG_PARENT,
                          capture_output=True, text=True, timeout=120)


@functools.lru_cache(maxsize=None)
def best_isa():
    r = run("import ascendops; print(ascendops.isa())")
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


@pytest.mark.parametrize("value", first_in_tier1(["AVX2", "baseline", "BASELINE", "Baseline", "Avx2", "AVX512"]))
def test_isa_cap_in_any_case(value):
    """Regression: ASCENDOPS_ISA=AVX2 was ignored (the kernels stayed avx512)."""
    best = best_isa()
    want = min(ISAS.index(value.lower()), ISAS.index(best))
    r = run("import ascendops; print(ascendops.isa())", ASCENDOPS_ISA=value)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == ISAS[want]
    assert r.stderr == ""


@pytest.mark.parametrize("value", first_in_tier1(["bogus", "avx-512", "sse2"]))
def test_unknown_isa_warns_and_uses_the_best(value):
    """Regression: an unknown ASCENDOPS_ISA was silently ignored."""
    r = run("import ascendops; print(ascendops.isa()); print(ascendops.isa())", ASCENDOPS_ISA=value)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == [best_isa()] * 2
    assert "ASCENDOPS_ISA=%s" % value in r.stderr and "baseline|avx2|avx512" in r.stderr
    assert r.stderr.count("ASCENDOPS_ISA") == 1   # once, not per call


LUT_CALLS = ("import numpy as np, ascendops\n"
             "x = np.linspace(-4, 4, 4096).astype(np.float16)\n"
             "for _ in range(3): ascendops.silu_backward(x, x)\n")


@pytest.mark.parametrize("value", first_in_tier1(["OFF", "off", "On", "AUTO", ""]))
def test_lut_policy_in_any_case(value):
    """ASCENDOPS_LUT is read like ASCENDOPS_ISA: any case, nothing on stderr."""
    r = run(LUT_CALLS, ASCENDOPS_LUT=value)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""


@pytest.mark.parametrize("value", first_in_tier1(["bogus", "0", "tables"]))
def test_unknown_lut_policy_warns_once(value):
    """Regression: an unknown ASCENDOPS_LUT was silently taken as auto."""
    r = run(LUT_CALLS, ASCENDOPS_LUT=value)
    assert r.returncode == 0, r.stderr
    assert "ASCENDOPS_LUT=%s" % value in r.stderr and "auto|off|on" in r.stderr
    assert r.stderr.count("ASCENDOPS_LUT") == 1   # once, not per call


@pytest.mark.parametrize("value", first_in_tier1(["bogus", "-1G", "nan", "inf", "12Q", "G"], keep=2))
def test_bad_device_capacity_names_the_variable(value):
    """Regression: ASCENDOPS_DEVICE_CAPACITY=bogus failed at import with a bare
    ValueError (could not convert string to float)."""
    r = run("import ascendops", ASCENDOPS_DEVICE_CAPACITY=value)
    assert r.returncode != 0
    last = r.stderr.strip().splitlines()[-1]
    assert last.startswith("ValueError: environment variable ASCENDOPS_DEVICE_CAPACITY=%r" % value), r.stderr
    assert "8G" in last and "K, M, G or T" in last


@pytest.mark.parametrize("value, nbytes", first_in_tier1([(" 2 M ", 2 << 20), ("8G", 8 << 30), ("512mb", 512 << 20),
                                                          ("1.5K", 1536), ("1048576", 1 << 20)]))
def test_device_capacity_forms(value, nbytes):
    r = run("import ascendops; print(ascendops.get_device_capacity())", ASCENDOPS_DEVICE_CAPACITY=value)
    assert r.returncode == 0, r.stderr
    assert int(r.stdout) == nbytes


def test_set_device_capacity_refuses_a_bad_string_by_name():
    previous = ascendops.get_device_capacity()
    try:
        with pytest.raises(ValueError, match=r"device capacity '12Q': expected .*8G"):
            ascendops.set_device_capacity("12Q")
        assert ascendops.get_device_capacity() == previous
    finally:
        ascendops.set_device_capacity(previous)


@pytest.mark.parametrize("value", first_in_tier1(["bogus", "-1", "1e3", "4k"]))
def test_bad_cache_size_names_the_variable(value):
    """Regression: ASCENDOPS_CACHE_SIZE=bogus failed at import with a bare ValueError."""
    r = run("import ascendops", ASCENDOPS_CACHE_SIZE=value)
    assert r.returncode != 0
    last = r.stderr.strip().splitlines()[-1]
    assert last.startswith("ValueError: environment variable ASCENDOPS_CACHE_SIZE=%r" % value), r.stderr
    assert "whole number" in last


@pytest.mark.parametrize("value, maxsize", first_in_tier1([(" 32 ", 32), ("0", 0), ("16", 16)]))
def test_cache_size(value, maxsize):
    r = run("import ascendops; print(ascendops.cache_info().maxsize)", ASCENDOPS_CACHE_SIZE=value)
    assert r.returncode == 0, r.stderr
    assert int(r.stdout) == maxsize


@pytest.mark.parametrize("value", ["OFF", "Auto", "/nonexistent/libopenblas.so"])
def test_blas_engine_choice(value):
    """ASCENDOPS_BLAS: off in any case runs the portable kernel, auto the OpenBLAS numpy
    ships (where found), and a path that is not a usable OpenBLAS is reported once on
    stderr naming the variable, the portable kernel running."""
    r = run("from ascendops import _core; print(_core.gemm_engine())", ASCENDOPS_BLAS=value)
    assert r.returncode == 0, r.stderr
    engine = r.stdout.strip()
    if value == "OFF":
        assert engine.startswith("portable") and not r.stderr
    elif value == "Auto":
        assert not r.stderr
        assert engine.startswith("portable") or "OpenBLAS" in engine
    else:
        assert engine.startswith("portable (/nonexistent/libopenblas.so:")
        assert r.stderr.count("ASCENDOPS_BLAS=/nonexistent/libopenblas.so") == 1
