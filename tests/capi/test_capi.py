"""The C API: C/C++ programs written against CANN's headers (acl/acl.h, aclnn/acl_meta.h,
aclnnop/aclnn_*.h) build with `python -m ascendops.config --cflags --libs` and run on
the CPU device through libascendops.so, which calls the same dispatcher as Python.

Builds against the in-place build (include/ and ascendops/lib/libascendops.so) and
against a copy laid out as an installed package. Skipped only where no C++ (or C) compiler
exists."""
import ctypes
import os
import re
import shutil
import subprocess
import sys

import numpy as np
import pytest

import ascendops
from ascendops import config
from ascendops.ops.silu_backward import reference

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# The folder holding the ascendops under test: the checkout (in-place build) or site-packages.
PKG_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(ascendops.__file__)))
CXX = os.environ.get("CXX") or shutil.which("g++") or shutil.which("clang++") or shutil.which("c++")
CC = os.environ.get("CC") or shutil.which("gcc") or shutil.which("clang") or shutil.which("cc")

needs_cxx = pytest.mark.skipif(CXX is None, reason="no C++ compiler (g++, clang++, c++ or $CXX) on this machine")


@pytest.fixture(autouse=True)
def _library_built():
    # build_ext builds libascendops.so with ascendops._core: a missing library is a failure
    assert os.path.isfile(config.library_path()), (
        "%s is missing: rebuild with python setup.py build_ext --inplace (or pip install .)"
        % config.library_path())


def flags(python_path=PKG_PARENT):
    """`python -m ascendops.config --cflags --libs` for the checkout (or another layout)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = python_path
    out = subprocess.run([sys.executable, "-m", "ascendops.config", "--cflags", "--libs"], env=env,
                         cwd="/", capture_output=True, text=True, check=True).stdout
    return out.split()


def build(compiler, source, exe, extra, std):
    cmd = [compiler, std, "-Wall", source] + extra + ["-o", exe]
    r = subprocess.run(cmd, capture_output=True, text=True)
    assert r.returncode == 0, "compile failed: %s\n%s" % (" ".join(cmd), r.stderr)


def run(exe, cwd, **extra_env):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LD_LIBRARY_PATH", "ASCENDOPS_SOC")}
    env.update(extra_env)
    r = subprocess.run([exe], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    return r


def check_doc_example(stdout):
    got = [float(v) for v in re.findall(r"out result\[\d+\] is: (-?[0-9.]+)", stdout)]
    ref = reference(np.ones(6), np.arange(1, 7, dtype=np.float64))
    assert len(got) == 6, stdout
    np.testing.assert_allclose(got, ref, rtol=0, atol=1.5e-6)   # printed with %f


@needs_cxx
def test_documentation_example(tmp_path):
    """CANN's aclnnSiluBackward calling example, unchanged, from a clean environment
    (no PYTHONPATH, no LD_LIBRARY_PATH)."""
    exe = str(tmp_path / "silu_backward")
    build(CXX, os.path.join(ROOT, "examples", "silu_backward.cpp"), exe, flags(), "-std=c++11")
    r = run(exe, str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    check_doc_example(r.stdout)


def run_check_program(name, tmp_path):
    """Builds tests/capi/<name>.cpp against the library, runs it, and asserts that none of
    its CHECK lines failed and that it finished ("DONE 0"); returns the run."""
    exe = str(tmp_path / name)
    build(CXX, os.path.join(HERE, name + ".cpp"), exe, flags(), "-std=c++11")
    r = run(exe, str(tmp_path))
    failed = [line for line in r.stdout.splitlines() if line.startswith("CHECK FAIL")]
    assert not failed, "\n".join(failed) + "\n" + r.stderr
    assert r.returncode == 0 and r.stdout.rstrip().endswith("DONE 0"), r.stdout + r.stderr
    return r


@needs_cxx
def test_capi_checks(tmp_path):
    """Error codes, strided views, a re-pointed repeatable executor, BF16, empty tensors."""
    r = run_check_program("capi_checks", tmp_path)
    assert len(re.findall(r"^CHECK ok", r.stdout, re.M)) > 100
    vals = {}
    for tag, dy, x, out in re.findall(r"^VAL (\w+) (\S+) (\S+) (\S+)$", r.stdout, re.M):
        vals.setdefault(tag, []).append((float(dy), float(x), float(out)))
    assert sorted(vals) == ["bf16", "inplace", "repointed", "strided", "workspace"]
    assert len(vals["strided"]) == 12 and len(vals["repointed"]) == 12 and len(vals["bf16"]) == 40
    for tag, rows in vals.items():
        dy, x, out = np.array(rows).T
        ref = reference(dy, x)
        if tag == "bf16":   # fp32 math, one rounding to bf16 (8 significant bits)
            np.testing.assert_allclose(out, ref, rtol=2.0 ** -7, atol=1e-6, err_msg=tag)
        else:
            np.testing.assert_allclose(out, ref, rtol=2e-6, atol=1e-7, err_msg=tag)


@pytest.mark.skipif(CC is None, reason="no C compiler (gcc, clang, cc or $CC) on this machine")
def test_headers_compile_as_c_and_soc_profiles(tmp_path):
    """The headers are C11; ASCENDOPS_SOC picks the SoC profile of the embedded runtime:
    broadcasting (2, 3) with (3,) runs on the host profile, is 161002 on Ascend910B."""
    exe = str(tmp_path / "headers_c")
    build(CC, os.path.join(HERE, "headers_c.c"), exe, flags(), "-std=c11")
    r = run(exe, str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    m = re.search(r"broadcast status (\d+) value (\S+)", r.stdout)
    assert m and int(m.group(1)) == 0, r.stdout
    np.testing.assert_allclose(float(m.group(2)), reference(2.0, 2.0), rtol=2e-6)
    r = run(exe, str(tmp_path), ASCENDOPS_SOC="Ascend910B")
    assert r.returncode == 0 and "broadcast status 161002 " in r.stdout, r.stdout + r.stderr


def _aclnnop_headers(kind="ACLNN_OP"):
    """{API name: (header, parameter count)} of the headers' `kind` lines: ACLNN_OP (an
    implemented op) or ACLNN_OP_NOT_IMPLEMENTED (CANN's declaration of an API ascendops
    does not implement yet)."""
    out = {}
    for name in sorted(os.listdir(os.path.join(config.include_dir(), "aclnnop"))):
        text = open(os.path.join(config.include_dir(), "aclnnop", name)).read()
        found = re.findall(r"\b%s\((\w+),\s*\(([^)]*)\)" % kind, text)
        assert found or re.search(r"\bACLNN_(OP|OP_NOT_IMPLEMENTED|FN|FN_NOT_IMPLEMENTED)\(", text), \
            "%s declares no API" % name
        # an op's header also declares its aclnnInplace<Name> variant, as CANN's do
        for op_name, params in found:
            out[op_name] = (name, len(params.split(",")))
    return out


def test_unimplemented_apis_are_exported_and_say_so():
    """Every API CANN declares that llama.cpp's CANN backend uses and ascendops does not
    implement yet is exported with CANN's parameter count and returns 561003
    (ACLNN_ERR_INNER_FIND_KERNEL_ERROR) from both phases, with aclGetRecentErrMsg()
    naming it; none of them is registered."""
    from ascendops import _headers
    pending = _aclnnop_headers("ACLNN_OP_NOT_IMPLEMENTED")
    assert sorted(pending) == sorted(n for n, a in _headers.unimplemented_apis().items() if a.get("two_phase", True))
    registered = {op.name for op in ascendops.registered_ops().values()}
    lib = ctypes.CDLL(config.library_path())
    lib.aclGetRecentErrMsg.restype = ctypes.c_char_p
    for name, (header, nparams) in pending.items():
        assert name not in registered
        fn = getattr(lib, "aclnn%sGetWorkspaceSize" % name)
        fn.restype = ctypes.c_int32
        ws, ex = ctypes.c_uint64(7), ctypes.c_void_p()
        assert fn(*([None] * nparams + [ctypes.byref(ws), ctypes.byref(ex)])) == 561003, name
        assert ("aclnn%sGetWorkspaceSize is not implemented" % name).encode() in lib.aclGetRecentErrMsg()
        assert ex.value is None and ws.value == 7
        run = getattr(lib, "aclnn%s" % name)
        run.restype = ctypes.c_int32
        assert run(None, ctypes.c_uint64(0), None, None) == 561003, name


def _null_status(op):
    """The status of a null tensor: its first NotNull step's (161001, or the one CANN's
    CHECK_RET gives there: TriangularSolve's 561103)."""
    for step in op.check_steps or ():
        if isinstance(step, ascendops.ops.NotNull):
            return step.status
    return 161001


def test_every_registered_op_has_c_entry_points():
    """Each registered op has its header include/aclnnop/<op.header>; every header's entry points
    exist in libascendops.so and reach the dispatcher inside this Python process
    (null tensors -> 161001); no header declares an op that is not registered."""
    headers = _aclnnop_headers()
    lib = ctypes.CDLL(config.library_path())
    for snake, op in ascendops.registered_ops().items():
        assert op.name in headers, "no include/aclnnop/aclnn_%s.h for aclnn%s" % (snake, op.name)
        assert headers[op.name][0] == op.header
    registered = {op.name for op in ascendops.registered_ops().values()}
    by_name = {op.name: op for op in ascendops.registered_ops().values()}
    for name, (header, nparams) in headers.items():
        fn = getattr(lib, "aclnn%sGetWorkspaceSize" % name)
        getattr(lib, "aclnn%s" % name)
        fn.restype = ctypes.c_int32
        ws, ex = ctypes.c_uint64(7), ctypes.c_void_p()
        status = fn(*([None] * nparams + [ctypes.byref(ws), ctypes.byref(ex)]))
        assert name in registered, "include/aclnnop/%s declares aclnn%s, which is not registered" % (header, name)
        assert status == _null_status(by_name[name]), (name, status)
        assert ex.value is None and ws.value == 7


def test_runtime_inside_python():
    """The library loaded into a running Python uses that interpreter (GIL per call)."""
    lib = ctypes.CDLL(config.library_path())
    assert lib.aclInit(None) in (0, 100002)   # the runtime needs aclInit (another test may have called it)
    p = ctypes.c_void_p()
    assert lib.aclrtMalloc(ctypes.byref(p), ctypes.c_size_t(100), 0) == 0
    assert p.value % 32 == 0
    src = (ctypes.c_ubyte * 160)(*range(160))
    dst = (ctypes.c_ubyte * 160)()
    # 100 bytes -> 128 + 32 = 160 usable bytes
    assert lib.aclrtMemcpy(p, ctypes.c_size_t(160), src, ctypes.c_size_t(160), 1) == 0
    assert lib.aclrtMemcpy(p, ctypes.c_size_t(161), src, ctypes.c_size_t(161), 1) == 100000
    assert lib.aclrtMemcpy(dst, ctypes.c_size_t(160), p, ctypes.c_size_t(160), 2) == 0
    assert bytes(dst) == bytes(src)
    assert lib.aclrtFree(p) == 0
    assert lib.aclrtFree(p) == 100000
    lib.aclGetRecentErrMsg.restype = ctypes.c_char_p
    assert b"aclrtFree" in lib.aclGetRecentErrMsg()


@needs_cxx
def test_installed_layout(tmp_path):
    """The package as pip installs it (site/ascendops with include/ and lib/ inside):
    config finds the shipped headers and library, and the program finds the package."""
    site = tmp_path / "site"
    pkg = site / "ascendops"
    shutil.copytree(os.path.dirname(ascendops.__file__), str(pkg),
                    ignore=shutil.ignore_patterns("__pycache__", "*.c", "*.pyx", "*.pxi", "*.pxd", "*.h"))
    shutil.copytree(os.path.join(ROOT, "include"), str(pkg / "include"), dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("aclnnop"))
    # include/aclnnop is generated by the build (ascendops._headers), into the package
    # on install and into the checkout only by an in-place build: written here as the
    # install writes it, so the test holds for a checkout with either kind of build
    from ascendops import _headers
    _headers.write_headers(str(pkg / "include" / "aclnnop"))
    fl = flags(str(site))
    assert "-I" + str(pkg / "include") in fl and "-L" + str(pkg / "lib") in fl, fl
    exe = str(tmp_path / "silu_backward")
    build(CXX, os.path.join(ROOT, "examples", "silu_backward.cpp"), exe, fl, "-std=c++11")
    r = run(exe, str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    check_doc_example(r.stdout)


def test_int_float_bool_arrays():
    """aclCreateIntArray / aclCreateFloatArray / aclCreateBoolArray (signatures of
    hicann/opbase include/aclnn/acl_meta.h) copy the values into what an IntArray /
    FloatArray / BoolArray parameter takes; destroy releases a handle once; a null
    value with a non-zero size is refused (null handle, the reason in aclGetRecentErrMsg)."""
    lib = ctypes.CDLL(config.library_path())
    lib.aclGetRecentErrMsg.restype = ctypes.c_char_p
    for fn in ("aclCreateIntArray", "aclCreateFloatArray", "aclCreateBoolArray"):
        getattr(lib, fn).restype = ctypes.c_void_p
        getattr(lib, fn).argtypes = [ctypes.c_void_p, ctypes.c_uint64]

    def values(handle):
        # the handle's first member is the tuple the core receives for the parameter
        return ctypes.cast(ctypes.c_void_p.from_address(handle).value, ctypes.py_object).value

    ints = (ctypes.c_int64 * 3)(-(1 << 40), 0, 7)
    floats = (ctypes.c_float * 2)(0.1, -2.5)
    bools = (ctypes.c_bool * 3)(True, False, True)
    cases = [("Int", ints, 3, (-(1 << 40), 0, 7)),
             ("Float", floats, 2, (float(np.float32(0.1)), -2.5)),
             ("Bool", bools, 3, (True, False, True))]
    for kind, data, n, want in cases:
        h = getattr(lib, "aclCreate%sArray" % kind)(ctypes.cast(data, ctypes.c_void_p), n)
        assert h, lib.aclGetRecentErrMsg()
        got = values(h)
        assert got == want and [type(v) for v in got] == [type(v) for v in want], (kind, got)
        empty = getattr(lib, "aclCreate%sArray" % kind)(None, 0)
        assert empty and values(empty) == ()
        destroy = getattr(lib, "aclDestroy%sArray" % kind)
        destroy.argtypes = [ctypes.c_void_p]
        assert destroy(h) == 0 and destroy(empty) == 0
        assert destroy(h) == 161002                   # destroyed twice
        assert destroy(None) == 0                     # as aclDestroyTensor(nullptr)
        assert not getattr(lib, "aclCreate%sArray" % kind)(None, 2)
        assert b"value is null" in lib.aclGetRecentErrMsg()
    # the parameter kinds take them as they come from C
    from ascendops.ops import BoolArray, FloatArray, IntArray
    assert IntArray("dims").convert((-(1 << 40), 0, 7)) == (-(1 << 40), 0, 7)
    assert FloatArray("scales").convert((float(np.float32(0.1)), -2.5)) == (float(np.float32(0.1)), -2.5)
    assert BoolArray("mask").convert((True, False)) == (True, False)
    for param, bad in ((FloatArray("scales"), ["x"]), (BoolArray("mask"), [1])):
        with pytest.raises(ascendops.AclnnError) as e:
            param.convert(bad)
        assert e.value.status == 161002
