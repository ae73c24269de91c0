"""The C ABI with ASCENDOPS_STRICT_DEVICE=1: the shim's device is cpu:strict,
so a C program sees what an NPU would show it. aclrtMalloc hands out addresses the host
cannot dereference (a load through one dies with SIGSEGV), aclrtMemcpy honours its kind
(a host side that is a device address is an error code, not a crash), aclnn phase 2 is
queued on the stream's thread (aclrtMemcpy does not wait for it: a program that skips
aclrtSynchronizeStream copies back stale values), and events time a stream's work."""
import importlib.util
import os
import shutil
import subprocess

import numpy as np
import pytest

from ascendops import config

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("_cann_examples_harness", os.path.join(HERE, "test_cann_examples.py"))
examples = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(examples)

GXX = shutil.which("g++")
needs_gxx = pytest.mark.skipif(GXX is None, reason="no g++ on this machine")


def strict_env(**extra):
    env = examples.set_env()
    env["ASCENDOPS_STRICT_DEVICE"] = "1"
    env.update(extra)
    return env


def build(source_text, tmp_path, name):
    src = tmp_path / (name + ".cpp")
    src.write_text(source_text)
    exe = str(tmp_path / name)
    inc, lib = config.include_dir(), config.lib_dir()
    made = subprocess.run([GXX, str(src), "-I", inc, "-I", inc + "/aclnnop", "-L", lib, "-lopapi_nn",
                           "-lascendcl", "-lnnopbase", "-o", exe], capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stderr
    return exe


@needs_gxx
@pytest.mark.parametrize("name", examples.example_params())
def test_cann_examples_pass_on_the_strict_device(name, example_program):
    """CANN's examples synchronise before copying back and never touch device memory
    on the host: unchanged, they print the right values on the strict device."""
    exe = example_program(name)
    r = subprocess.run([exe], cwd=os.path.dirname(exe), env=strict_env(), capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    examples.check_printed_values(name, r.stdout)


PROGRAM = r"""
#include <stdio.h>
#include <math.h>
#include "acl/acl.h"
#include "aclnnop/aclnn_silu_backward.h"
#define CHECK(x) do { aclError rc_ = (x); if (rc_ != 0) { printf("FAIL %s: %d %s\n", #x, rc_, aclGetRecentErrMsg()); return 1; } } while (0)

int main(int argc, char **argv) {
    const int n = 4;
    float dy[4] = {1, 1, 1, 1}, x[4] = {1, 2, 3, 4}, zeros[4] = {0, 0, 0, 0}, out[4];
    int64_t shape[1] = {n}, strides[1] = {1};
    void *d_dy, *d_x, *d_out;
    aclrtStream stream;
    CHECK(aclInit(NULL));
    CHECK(aclrtSetDevice(0));
    CHECK(aclrtCreateStream(&stream));
    CHECK(aclrtMalloc(&d_dy, sizeof dy, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&d_x, sizeof x, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&d_out, sizeof out, ACL_MEM_MALLOC_HUGE_FIRST));
    if (argc > 1 && argv[1][0] == 'd') {
        printf("reading device memory on the host\n");
        fflush(stdout);
        printf("%f\n", ((volatile float *)d_x)[0]);     /* the bug the strict device catches */
        return 0;
    }
    if (argc > 1 && argv[1][0] == 'k') {
        /* the wrong kind: a device address where the kind says host memory */
        aclError rc = aclrtMemcpy(d_out, sizeof out, d_x, sizeof x, ACL_MEMCPY_HOST_TO_DEVICE);
        printf("wrong kind: %d\n", rc);
        rc = aclrtMemcpy(out, sizeof out, x, sizeof x, ACL_MEMCPY_DEVICE_TO_HOST);
        printf("host as device: %d\n", rc);
        return 0;
    }
    CHECK(aclrtMemcpy(d_dy, sizeof dy, dy, sizeof dy, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK(aclrtMemcpy(d_x, sizeof x, x, sizeof x, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK(aclrtMemcpy(d_out, sizeof out, zeros, sizeof zeros, ACL_MEMCPY_HOST_TO_DEVICE));
    aclTensor *t_dy = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, d_dy);
    aclTensor *t_x = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, d_x);
    aclTensor *t_out = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, d_out);
    aclrtEvent start, end;
    CHECK(aclrtCreateEvent(&start));
    CHECK(aclrtCreateEvent(&end));
    uint64_t ws = 0;
    aclOpExecutor *ex;
    CHECK(aclnnSiluBackwardGetWorkspaceSize(t_dy, t_x, t_out, &ws, &ex));
    CHECK(aclrtRecordEvent(start, stream));
    CHECK(aclnnSiluBackward(NULL, ws, ex, stream));
    CHECK(aclrtRecordEvent(end, stream));
    /* the bug: copying back without aclrtSynchronizeStream */
    CHECK(aclrtMemcpy(out, sizeof out, d_out, sizeof out, ACL_MEMCPY_DEVICE_TO_HOST));
    printf("unsynchronised:");
    for (int i = 0; i < n; i++) printf(" %.6f", out[i]);
    printf("\n");
    CHECK(aclrtSynchronizeStream(stream));
    CHECK(aclrtMemcpy(out, sizeof out, d_out, sizeof out, ACL_MEMCPY_DEVICE_TO_HOST));
    printf("synchronised:");
    for (int i = 0; i < n; i++) printf(" %.6f", out[i]);
    printf("\n");
    /* aclrtMemcpyAsync is ordered on the stream: queued behind a second launch */
    CHECK(aclnnSiluBackwardGetWorkspaceSize(t_x, t_x, t_out, &ws, &ex));
    CHECK(aclnnSiluBackward(NULL, ws, ex, stream));
    CHECK(aclrtMemcpyAsync(out, sizeof out, d_out, sizeof out, ACL_MEMCPY_DEVICE_TO_HOST, stream));
    CHECK(aclrtSynchronizeStream(stream));
    printf("async copy:");
    for (int i = 0; i < n; i++) printf(" %.6f", out[i]);
    printf("\n");
    CHECK(aclrtSynchronizeEvent(end));
    float ms = -1;
    CHECK(aclrtEventElapsedTime(&ms, start, end));
    printf("elapsed ms: %f\n", ms);
    CHECK(aclrtDestroyEvent(start));
    CHECK(aclrtDestroyEvent(end));
    aclDestroyTensor(t_dy);
    aclDestroyTensor(t_x);
    aclDestroyTensor(t_out);
    CHECK(aclrtFree(d_dy));
    CHECK(aclrtFree(d_x));
    CHECK(aclrtFree(d_out));
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    return 0;
}
"""


def silu_backward(dy, x):
    s = 1.0 / (1.0 + np.exp(-x))
    return dy * s * (1.0 + x * (1.0 - s))


def values(line):
    return np.array([float(v) for v in line.split(":")[1].split()])


@needs_gxx
def test_missing_synchronize_copies_back_stale_values(tmp_path):
    exe = build(PROGRAM, tmp_path, "missing_sync")
    # each queued job waits a second first: the unsynchronised copy runs long before it
    r = subprocess.run([exe], env=strict_env(ASCENDOPS_STRICT_STREAM_DELAY_US="1000000"),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = dict(line.split(":", 1) for line in r.stdout.splitlines())
    x = np.arange(1, 5, dtype=np.float64)
    assert values("u:" + lines["unsynchronised"]).tolist() == [0.0] * 4
    np.testing.assert_allclose(values("s:" + lines["synchronised"]), silu_backward(np.ones(4), x), atol=1e-6)
    np.testing.assert_allclose(values("a:" + lines["async copy"]), silu_backward(x, x), rtol=1e-6, atol=1e-6)
    assert float(lines["elapsed ms"]) >= 0.0
    # the same program on the plain CPU device (phase 2 runs in the call) shows no stale values
    plain = examples.set_env()
    r = subprocess.run([exe], env=plain, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = dict(line.split(":", 1) for line in r.stdout.splitlines())
    np.testing.assert_allclose(values("u:" + lines["unsynchronised"]), silu_backward(np.ones(4), x), atol=1e-6)


@needs_gxx
def test_host_dereference_of_an_acl_malloc_pointer_dies(tmp_path):
    exe = build(PROGRAM, tmp_path, "deref")
    r = subprocess.run([exe, "deref"], env=strict_env(), capture_output=True, text=True, timeout=120)
    assert r.returncode == -11, (r.returncode, r.stdout, r.stderr)
    assert r.stdout.strip() == "reading device memory on the host"
    # on the plain CPU device the same read works (which is why the strict device exists)
    r = subprocess.run([exe, "deref"], env=examples.set_env(), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


@needs_gxx
def test_memcpy_kind_mismatch_is_an_error_code(tmp_path):
    exe = build(PROGRAM, tmp_path, "kinds")
    r = subprocess.run([exe, "kinds"], env=strict_env(), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split("\n")[:2] == ["wrong kind: 100000", "host as device: 100000"]


CAT_PROGRAM = r"""
#include <stdio.h>
#include "acl/acl.h"
#include "aclnnop/aclnn_cat.h"
#define CHECK(x) do { aclError rc_ = (x); if (rc_ != 0) { printf("FAIL %s: %d %s\n", #x, rc_, aclGetRecentErrMsg()); return 1; } } while (0)

int main(void) {
    /* a: a (2, 3) view with row stride 4 of a (2, 4) block; b: (1, 3); out = cat([a, b], 0) */
    float a[8] = {1, 2, 3, -1, 4, 5, 6, -1}, b[3] = {7, 8, 9}, out[9] = {0};
    int64_t a_shape[2] = {2, 3}, a_strides[2] = {4, 1}, a_storage[1] = {8};
    int64_t b_shape[2] = {1, 3}, b_strides[2] = {3, 1}, b_storage[1] = {3};
    int64_t o_shape[2] = {3, 3}, o_strides[2] = {3, 1}, o_storage[1] = {9};
    void *d_a, *d_b, *d_out;
    aclrtStream stream;
    CHECK(aclInit(NULL));
    CHECK(aclrtSetDevice(0));
    CHECK(aclrtCreateStream(&stream));
    CHECK(aclrtMalloc(&d_a, sizeof a, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&d_b, sizeof b, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&d_out, sizeof out, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMemcpy(d_a, sizeof a, a, sizeof a, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK(aclrtMemcpy(d_b, sizeof b, b, sizeof b, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK(aclrtMemcpy(d_out, sizeof out, out, sizeof out, ACL_MEMCPY_HOST_TO_DEVICE));
    const aclTensor *items[2] = {
        aclCreateTensor(a_shape, 2, ACL_FLOAT, a_strides, 0, ACL_FORMAT_ND, a_storage, 1, d_a),
        aclCreateTensor(b_shape, 2, ACL_FLOAT, b_strides, 0, ACL_FORMAT_ND, b_storage, 1, d_b)};
    aclTensorList *list = aclCreateTensorList(items, 2);
    aclTensor *t_out = aclCreateTensor(o_shape, 2, ACL_FLOAT, o_strides, 0, ACL_FORMAT_ND, o_storage, 1, d_out);
    uint64_t ws = 0;
    aclOpExecutor *ex;
    CHECK(aclnnCatGetWorkspaceSize(list, 0, t_out, &ws, &ex));
    CHECK(aclnnCat(NULL, ws, ex, stream));
    /* as ggml-cann does: the list (and its tensors) destroyed while the launch is queued */
    CHECK(aclDestroyTensorList(list));
    CHECK(aclrtSynchronizeStream(stream));
    CHECK(aclrtMemcpy(out, sizeof out, d_out, sizeof out, ACL_MEMCPY_DEVICE_TO_HOST));
    printf("cat:");
    for (int i = 0; i < 9; i++) printf(" %g", out[i]);
    printf("\n");
    aclDestroyTensor(t_out);
    CHECK(aclrtFree(d_a));
    CHECK(aclrtFree(d_b));
    CHECK(aclrtFree(d_out));
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    return 0;
}
"""


@needs_gxx
def test_tensor_list_on_the_strict_device(tmp_path):
    """aclnnCat's aclTensorList of device tensors (one a strided view) on the strict
    device: the queued kernel reads each element through its kernel alias, after the
    program destroyed the list (each queued job waits first)."""
    exe = build(CAT_PROGRAM, tmp_path, "cat_list")
    r = subprocess.run([exe], env=strict_env(ASCENDOPS_STRICT_STREAM_DELAY_US="200000"), capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert values(r.stdout.strip()).tolist() == [1, 2, 3, 4, 5, 6, 7, 8, 9]


def test_bad_strict_flag_is_an_error_code(tmp_path):
    if GXX is None:
        pytest.skip("no g++")
    exe = build(PROGRAM, tmp_path, "flag")
    r = subprocess.run([exe], env=strict_env(ASCENDOPS_STRICT_DEVICE="yes"), capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 1 and "ASCENDOPS_STRICT_DEVICE='yes'" in r.stdout, r.stdout + r.stderr
