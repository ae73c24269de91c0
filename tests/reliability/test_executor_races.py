"""An executor destroyed or re-pointed while another thread runs it.

Phase 2 runs with the GIL released and the stream lock held, so another thread can
reach the executor mid-run. The rule (Executor's docstring): a run keeps its tensors
and addresses until it returns; destroy() and set_*_tensor_addr() during a run are
refused with 161002 and change nothing. Before, destroy + empty_cache freed the memory
under the kernel (heap-use-after-free), and in C aclDestroyAclOpExecutor during
aclnnSiluBackward released the handle twice. Each case runs in a subprocess: the old
failure mode is a crash."""

# Large enough that a run takes milliseconds (so the other thread lands inside it),
# small enough for a 2-core CI machine.
N = 1 << 22


def test_destroy_during_a_run_never_frees_memory_under_the_kernel(run_python):
    out = run_python("""
        import threading
        import numpy as np
        import ascendops
        from ascendops import aclnn
        N = %d
        refused = destroyed_runs = 0
        for rep in range(25):
            # the tensors live only in the executor: a destroy drops the last references
            ex = aclnn.silu_backward_get_workspace_size(
                ascendops.full((N,), 0.5), ascendops.full((N,), 1.0), ascendops.empty((N,)))[1]
            ex.set_repeatable()
            started = threading.Event()
            errors = []
            def runner():
                global destroyed_runs
                started.set()
                for _ in range(4):
                    try:
                        aclnn.silu_backward(None, 0, ex)
                    except ascendops.AclnnError as e:
                        if e.status != 561103 or "destroyed" not in str(e):
                            errors.append(e)
                        destroyed_runs += 1
                        return
            t = threading.Thread(target=runner)
            t.start()
            started.wait()
            while True:
                try:
                    ex.destroy()
                    break
                except ascendops.AclnnError as e:
                    assert e.status == 161002 and "running on another thread" in str(e), e
                    refused += 1
            ascendops.empty_cache()     # returns freed blocks to the OS: a use after free faults
            t.join()
            assert not errors, errors
            assert ex.destroyed
        print("ok", refused, destroyed_runs)
    """ % N)
    print(out)
    assert out.startswith("ok"), out


def test_repoint_during_a_run_is_refused_and_no_run_is_torn(run_python):
    # Each run writes one whole output: the one bound when it started. A re-point that
    # landed mid-run used to switch addresses under the kernel (a torn write) and let the
    # old output be freed while written.
    out = run_python("""
        import threading, time
        import numpy as np
        import ascendops
        from ascendops import aclnn
        N = %d
        dy = np.linspace(-2, 2, N, dtype=np.float32)
        x = np.linspace(-4, 4, N, dtype=np.float32)
        s = 1 / (1 + np.exp(-x.astype(np.float64)))
        ref = (dy * s * (1 + x * (1 - s))).astype(np.float32)
        refused = 0
        for rep in range(10):
            outs = [ascendops.zeros((N,)) for _ in range(3)]
            ex = aclnn.silu_backward_get_workspace_size(ascendops.tensor(dy), ascendops.tensor(x), outs[0])[1]
            ex.set_repeatable()
            done = threading.Event()
            def runner():
                for _ in range(6):
                    aclnn.silu_backward(None, 0, ex)
                done.set()
            t = threading.Thread(target=runner)
            t.start()
            k = 0
            while not done.is_set():
                k += 1
                # bind a temporary, let a run start on it, then re-point away from it and
                # free it: a run still writing it would write freed memory
                tmp = ascendops.zeros((N,))
                for target in (tmp, outs[k %% 3]):
                    while not done.is_set():
                        try:
                            ex.set_output_tensor_addr(0, target)
                            break
                        except ascendops.AclnnError as e:
                            assert e.status == 161002 and "running on another thread" in str(e), e
                            refused += 1
                    time.sleep(0.001)
                del tmp
                ascendops.empty_cache()
            t.join()
            for o in outs:
                v = o.numpy()
                assert not v.any() or np.allclose(v, ref, rtol=1e-5, atol=1e-6), "a torn or partial write"
            ex.destroy()
        print("ok", refused)
    """ % N)
    print(out)
    assert out.startswith("ok"), out


_C_RACE = r"""
import ctypes, sys, threading
import numpy as np
import ascendops
from ascendops import config
lib = ctypes.CDLL(config.library_path())    # ctypes drops the GIL around each call
P = ctypes.c_void_p
lib.aclCreateTensor.restype = P
lib.aclCreateTensor.argtypes = [P, ctypes.c_uint64, ctypes.c_int, P, ctypes.c_int64, ctypes.c_int, P,
                                ctypes.c_uint64, P]
lib.aclnnSiluBackwardGetWorkspaceSize.argtypes = [P, P, P, P, P]
lib.aclnnSiluBackward.argtypes = [P, ctypes.c_uint64, P, P]
lib.aclDestroyAclOpExecutor.argtypes = [P]
lib.aclSetAclOpExecutorRepeatable.argtypes = [P]
lib.aclDestroyTensor.argtypes = [P]
lib.aclrtFree.argtypes = [P]
lib.aclGetRecentErrMsg.restype = ctypes.c_char_p
assert lib.aclInit(None) in (0, 100002)
assert lib.aclrtSetDevice(0) == 0
N = int(sys.argv[1])
REPEATABLE = sys.argv[2] == "repeatable"
dims = (ctypes.c_int64 * 1)(N)
def device_tensor(values):
    p = P()
    assert lib.aclrtMalloc(ctypes.byref(p), ctypes.c_size_t(4 * N), 0) == 0
    if values is not None:
        assert lib.aclrtMemcpy(p, ctypes.c_size_t(4 * N), values.ctypes.data_as(P), ctypes.c_size_t(4 * N), 1) == 0
    t = lib.aclCreateTensor(dims, 1, 0, None, 0, 2, dims, 1, p)
    assert t, lib.aclGetRecentErrMsg()
    return p, t
x = np.linspace(-4, 4, N, dtype=np.float32)
dy = np.ones(N, np.float32)
s = 1 / (1 + np.exp(-x.astype(np.float64)))
ref = (dy * s * (1 + x * (1 - s))).astype(np.float32)
outcomes = {}
for rep in range(30):
    (pdy, tdy), (px, tx), (po, to) = device_tensor(dy), device_tensor(x), device_tensor(None)
    ws, ex = ctypes.c_uint64(), P()
    assert lib.aclnnSiluBackwardGetWorkspaceSize(tdy, tx, to, ctypes.byref(ws), ctypes.byref(ex)) == 0
    if REPEATABLE:
        assert lib.aclSetAclOpExecutorRepeatable(ex) == 0
    started = threading.Event()
    run_status = []
    def runner():
        started.set()
        for _ in range(3 if REPEATABLE else 1):
            rc = lib.aclnnSiluBackward(None, 0, ex, None)
            run_status.append(rc)
            if rc:
                break
    t = threading.Thread(target=runner)
    t.start()
    started.wait()
    while True:
        rc = lib.aclDestroyAclOpExecutor(ex)
        outcomes[rc] = outcomes.get(rc, 0) + 1
        if rc != 161002:          # 161002: running on thread A; try again after
            break
    # what A's run used: the handles and the blocks, released while it may still run
    for h in (tdy, tx):
        assert lib.aclDestroyTensor(h) == 0
    for p in (pdy, px):
        assert lib.aclrtFree(p) == 0
    ascendops.empty_cache()
    t.join()
    # destroyed (0) before or between runs, or already released by its only run (561103)
    assert rc in (0, 561103), (rc, lib.aclGetRecentErrMsg())
    assert all(r in (0, 561103) for r in run_status), run_status
    if run_status and run_status[0] == 0:
        got = np.empty(N, np.float32)
        assert lib.aclrtMemcpy(got.ctypes.data_as(P), ctypes.c_size_t(4 * N), po, ctypes.c_size_t(4 * N), 2) == 0
        np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-6)
    assert lib.aclDestroyTensor(to) == 0 and lib.aclrtFree(po) == 0
print("ok", sorted(outcomes.items()))
"""


def _run_c_race(mode):
    import os
    import subprocess
    import sys
    import ascendops
    root = os.path.dirname(os.path.dirname(os.path.abspath(ascendops.__file__)))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-c", _C_RACE, str(N), mode], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)
    print(proc.stdout)
    assert proc.returncode == 0 and proc.stdout.startswith("ok"), (proc.returncode, proc.stdout, proc.stderr[-3000:])


def test_c_abi_destroy_during_a_single_use_run():
    # The old shim released the handle in aclDestroyAclOpExecutor, then again when the
    # consumed run returned: a double free.
    _run_c_race("single")


def test_c_abi_destroy_during_repeatable_runs():
    _run_c_race("repeatable")
