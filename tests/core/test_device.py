"""The device model: Device objects, the current device, per-device caching
allocators, Tensor.device / Tensor.to / creation device=, and cpu:strict, the CPU
device that behaves like an NPU: memory the host cannot dereference (a PROT_NONE
address handed out, a read-write alias for the kernels), asynchronous streams, and
numpy-like calls that copy host arrays in and results out."""
import pickle
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn
from ascendops.ops.silu_backward import reference as silu_backward_ref

STRICT = "cpu:strict"


def data(shape=(4, 5), seed=0):
    rng = np.random.default_rng(seed)
    return rng.standard_normal(shape).astype(np.float32) * 3


def run_code(code, env=None, timeout=120):
    import os
    full_env = dict(os.environ)
    full_env.update(env or {})
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, timeout=timeout, env=full_env)


# -- Device objects and the current device ------------------------------------------------
def test_device_objects_are_canonical_and_compare_by_name():
    cpu, strict = ao.device("cpu"), ao.device(STRICT)
    assert ao.device("cpu:0") is cpu and ao.device(" CPU ") is cpu and ao.device(cpu) is cpu
    assert ao.device("cpu:strict") is strict
    assert str(cpu) == "cpu" and str(strict) == "cpu:strict" and repr(strict) == "device('cpu:strict')"
    assert cpu.type == strict.type == "cpu" and cpu.index == 0
    assert strict.strict and not cpu.strict
    assert cpu == "cpu:0" and cpu == "cpu" and strict == "cpu:strict" and strict != "cpu"
    assert len({cpu, strict, ao.device("cpu")}) == 2
    assert pickle.loads(pickle.dumps(strict)) is strict
    with pytest.raises(TypeError):
        ao.Device()


@pytest.mark.parametrize("spec", ["gpu", "cpu:1", "cpu:lenient", "npu:x", ""])
def test_device_refuses_what_is_not_a_device(spec):
    with pytest.raises(ValueError, match="device"):
        ao.device(spec)


def test_device_refuses_other_types():
    with pytest.raises(TypeError, match="device"):
        ao.device(0)


def test_current_device_context_and_setter():
    assert ao.get_device() is ao.device("cpu")
    with ao.device(STRICT) as d:
        assert d is ao.device(STRICT) and ao.get_device() is d
        with ao.device("cpu"):
            assert ao.get_device() == "cpu"
        assert ao.get_device() is d
        assert ao.empty(3).device is d
    assert ao.get_device() == "cpu" and ao.empty(3).device == "cpu"
    try:
        ao.set_device(STRICT)
        assert ao.get_device() == STRICT and ao.zeros(2).device == STRICT
    finally:
        ao.set_device("cpu")
    assert ao.get_device() == "cpu"


def test_current_device_is_per_thread():
    seen = {}
    entered, release = threading.Event(), threading.Event()

    def other():
        with ao.device(STRICT):
            entered.set()
            release.wait(10)
            seen["other"] = ao.get_device()

    th = threading.Thread(target=other)
    th.start()
    entered.wait(10)
    seen["main"] = ao.get_device()
    release.set()
    th.join()
    assert seen == {"main": ao.device("cpu"), "other": ao.device(STRICT)}


# -- memory: per-device allocators, kptr ------------------------------------------------
def test_each_device_has_its_own_caching_allocator():
    ao.synchronize()
    cpu_before, strict_before = ao.memory_allocated(), ao.memory_allocated(STRICT)
    t = ao.empty((1000,), device=STRICT)
    assert ao.memory_allocated(STRICT) - strict_before == 4096        # 4000 rounded to 512
    assert ao.memory_allocated() == cpu_before
    assert ao.memory_stats(STRICT)["allocated_bytes"] == ao.memory_allocated(STRICT)
    assert ao.device(STRICT).memory_stats() == ao.memory_stats(STRICT)
    hits = ao.memory_stats(STRICT)["num_cache_hits"]
    del t
    u = ao.empty((1000,), device=STRICT)      # the freed block, from the strict device's cache
    assert ao.memory_stats(STRICT)["num_cache_hits"] == hits + 1
    del u
    ao.empty_cache(STRICT)
    assert ao.memory_reserved(STRICT) == ao.memory_allocated(STRICT)


def test_strict_capacity_and_out_of_memory():
    try:
        ao.set_device_capacity("1M", device=STRICT)
        assert ao.get_device_capacity(STRICT) == 1 << 20 and ao.get_device_capacity() is None
        with pytest.raises(ao.OutOfMemoryError) as e:
            ao.empty((1 << 20,), device=STRICT)
        assert e.value.status == 200000 and "cpu:strict" in str(e.value)
    finally:
        ao.set_device_capacity(None, device=STRICT)


def test_strict_memory_has_a_separate_kernel_alias():
    t = ao.tensor(np.arange(6, dtype=np.float32), device=STRICT)
    assert t.device is ao.device(STRICT) and t.storage.device is t.device
    assert t.storage.kptr_int != t.storage.ptr_int and t.data_ptr == t.storage.ptr_int
    c = ao.tensor(np.arange(6, dtype=np.float32))
    assert c.storage.kptr_int == c.storage.ptr_int == c.data_ptr


def test_host_dereference_of_strict_memory_faults():
    """A host read through data_ptr (what a C program or ctypes would do with a device
    pointer) dies with SIGSEGV at once, as on an NPU; the same read of a cpu tensor works."""
    code = """
        import ctypes, numpy as np, ascendops as ao
        c = ao.tensor(np.array([1.5], np.float32))
        print(ctypes.c_float.from_address(c.data_ptr).value, flush=True)
        t = ao.tensor(np.array([1.5], np.float32), device="cpu:strict")
        print(ctypes.c_float.from_address(t.data_ptr).value, flush=True)
        print("not reached", flush=True)
    """
    r = run_code(code)
    assert r.returncode == -11, (r.returncode, r.stdout, r.stderr)
    assert r.stdout.split() == ["1.5"]


# -- host interop and copies ----------------------------------------------------------------
def test_to_and_numpy_copy_between_devices():
    x = data()
    t = ao.tensor(x, device=STRICT)
    assert t.device == STRICT
    np.testing.assert_array_equal(t.numpy(), x)
    np.testing.assert_array_equal(np.asarray(t), x)
    back = t.to("cpu")
    assert back.device == "cpu" and np.array_equal(back.numpy(), x)
    assert t.to(STRICT) is t and back.to("cpu") is back
    view = t[1:, ::2].T                      # a strided view copies as its values
    np.testing.assert_array_equal(view.to("cpu").numpy(), x[1:, ::2].T)
    np.testing.assert_array_equal(view.numpy(), x[1:, ::2].T)
    np.testing.assert_array_equal(ao.tensor(view, device="cpu").numpy(), x[1:, ::2].T)
    converted = t.to(STRICT, "float16")
    assert converted.device == STRICT and converted.dtype == ao.float16
    np.testing.assert_array_equal(converted.numpy(), x.astype(np.float16))
    assert t.to(dtype="float64", device="cpu").device == "cpu"
    np.testing.assert_array_equal(pickle.loads(pickle.dumps(view)).numpy(), x[1:, ::2].T)


def test_creation_functions_take_a_device():
    for make in (lambda d: ao.zeros((2, 3), device=d), lambda d: ao.ones((2, 3), device=d),
                 lambda d: ao.full((2, 3), 7, device=d), lambda d: ao.tensor([[1, 2, 3]] * 2, "float32", device=d)):
        s, c = make(STRICT), make("cpu")
        assert s.device == STRICT and c.device == "cpu"
        np.testing.assert_array_equal(s.numpy(), c.numpy())


def test_copy_and_setitem_on_strict():
    t = ao.zeros((3, 4), device=STRICT)
    t[1] = np.arange(4, dtype=np.float32)
    t[2].copy_(ao.tensor(np.full(4, 5, np.float32)))       # from the cpu device
    expected = np.zeros((3, 4), np.float32)
    expected[1], expected[2] = np.arange(4), 5
    np.testing.assert_array_equal(t.numpy(), expected)
    np.testing.assert_array_equal(t.clone().numpy(), expected)
    assert t.clone().device == STRICT


def test_host_views_and_dlpack_of_strict_tensors_are_refused():
    t = ao.ones(3, device=STRICT)
    with pytest.raises(ValueError, match="cpu:strict"):
        t.__array__(copy=False)
    with pytest.raises(BufferError, match="DLPack has no device type"):
        t.__dlpack__()
    with pytest.raises(BufferError, match="cpu:strict"):
        t.__dlpack_device__()
    with pytest.raises(BufferError):
        np.from_dlpack(t)


# -- ops on a device --------------------------------------------------------------------
def test_numpy_like_call_on_strict_copies_in_and_out():
    dy, x = data(seed=1), data(seed=2)
    with ao.device(STRICT):
        before = ao.memory_stats(STRICT)["num_allocs"]
        r = ao.silu_backward(dy, x)
        assert ao.memory_stats(STRICT)["num_allocs"] > before      # it ran on the strict device
    assert isinstance(r, np.ndarray)
    np.testing.assert_allclose(r, silu_backward_ref(dy.astype(np.float64), x.astype(np.float64)),
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(r, ao.silu_backward(dy, x))


def test_numpy_like_call_with_strict_tensors_stays_on_device():
    dy, x = data(seed=3), data(seed=4)
    tdy, tx = ao.tensor(dy, device=STRICT), ao.tensor(x, device=STRICT)
    out = ao.silu_backward(tdy, tx)                 # no current device needed: the tensors decide
    assert isinstance(out, ao.Tensor) and out.device == STRICT
    np.testing.assert_array_equal(out.numpy(), ao.silu_backward(dy, x))
    # a Python scalar and a host array beside strict tensors are copied in
    np.testing.assert_array_equal(ao.silu_backward(1.0, tx).numpy(), ao.silu_backward(1.0, x))
    host_out = np.empty_like(x)
    assert ao.silu_backward(tdy, tx, out=host_out) is host_out
    np.testing.assert_array_equal(host_out, ao.silu_backward(dy, x))


def test_tensors_on_different_devices_are_refused_naming_both():
    dy, x = ao.tensor(data()), ao.tensor(data(), device=STRICT)
    with pytest.raises(ValueError, match=r"grad_output is on cpu but x is on cpu:strict"):
        ao.silu_backward(dy, x)
    with pytest.raises(ValueError, match=r"out is on cpu"):
        ao.silu_backward(x, x, out=ao.empty(x.shape))
    with pytest.raises(ValueError, match="gradOutput is on cpu but self is on cpu:strict"):
        aclnn.silu_backward_get_workspace_size(dy, x, ao.empty(x.shape, device=STRICT))


@pytest.mark.parametrize("name,args,kw", [
    ("softmax_backward", 2, {"dim": 1}),          # a RowReduceOp
    ("cast", 1, {"dtype": "float16"}),             # a CastOp
    ("gelu", 1, {}),
])
def test_other_op_kinds_run_on_strict(name, args, kw):
    arrays = [data(seed=10 + i) for i in range(args)]
    f = getattr(ao, name)
    on_cpu = f(*arrays, **kw)
    tensors = [ao.tensor(a, device=STRICT) for a in arrays]
    on_strict = f(*tensors, **kw)
    assert on_strict.device == STRICT
    np.testing.assert_array_equal(on_strict.numpy(), on_cpu)


def test_cast_step_and_overlap_path_on_strict():
    # mixed dtypes: the float16 input is cast into the workspace first (the cast step)
    dy, x = data(seed=5).astype(np.float16), data(seed=6)
    on_cpu = ao.silu_backward(dy, x)
    got = ao.silu_backward(ao.tensor(dy, device=STRICT), ao.tensor(x, device=STRICT))
    np.testing.assert_array_equal(got.numpy(), on_cpu)
    # an output that overlaps an input (shifted by one element): the workspace + ViewCopy path
    base = data((12,), seed=7)
    expect = base.copy()
    expect[1:] = ao.silu_backward(base[:-1], base[:-1])
    t = ao.tensor(base, device=STRICT)
    ao.silu_backward(t[:-1], t[:-1], out=t[1:])
    np.testing.assert_array_equal(t.numpy(), expect)


def test_inplace_op_with_a_host_array_on_strict():
    x = data(seed=8)
    expect = ao.relu(x)
    with ao.device(STRICT):
        got = x.copy()
        assert ao.inplace_relu(got) is got
    np.testing.assert_array_equal(got, expect)


# -- asynchronous streams ---------------------------------------------------------------------
def test_strict_stream_is_asynchronous_and_synchronize_waits():
    """Phase 2 on cpu:strict only enqueues: while the stream is held, the output keeps
    its old values (what a missing aclrtSynchronizeStream shows on an NPU); reading it
    through numpy() synchronises first."""
    dy, x = data(seed=11), data(seed=12)
    tdy, tx = ao.tensor(dy, device=STRICT), ao.tensor(x, device=STRICT)
    out = ao.zeros(x.shape, device=STRICT)
    stream = ao.default_stream(STRICT)
    assert stream.device == STRICT and stream is ao.default_stream(STRICT)
    with stream._hold():
        ao.silu_backward(tdy, tx, out=out)
        # the kernel alias, read behind the device's back: still the zeros
        import ctypes
        raw = np.ctypeslib.as_array((ctypes.c_float * x.size).from_address(out.storage.kptr_int))
        assert not raw.any()
    stream.synchronize()
    np.testing.assert_array_equal(raw.reshape(x.shape), ao.silu_backward(dy, x))
    np.testing.assert_array_equal(out.numpy(), ao.silu_backward(dy, x))


def test_two_stage_api_on_a_strict_stream():
    dy, x = data(seed=13), data(seed=14)
    tdy, tx = ao.tensor(dy, device=STRICT), ao.tensor(x, device=STRICT)
    out = ao.zeros(x.shape, device=STRICT)
    s = ao.Stream(device=STRICT)
    assert s.device == STRICT and "cpu:strict" in repr(s)
    ws, ex = aclnn.silu_backward_get_workspace_size(tdy, tx, out)
    with s._hold():
        aclnn.silu_backward(None, ws, ex, s)
        del tdy, tx              # the queued launch keeps its tensors alive
    s.synchronize()
    np.testing.assert_array_equal(out.numpy(), ao.silu_backward(dy, x))
    with pytest.raises(ao.AclError, match="stream is on cpu:strict"):
        ws, ex = aclnn.silu_backward_get_workspace_size(ao.tensor(dy), ao.tensor(x), ao.empty(x.shape))
        aclnn.silu_backward(None, ws, ex, s)
    s.destroy()
    assert s.destroyed


def test_stream_waits_for_an_event_recorded_on_another_stream():
    """Stream.wait_event (aclrtStreamWaitEvent): work queued on b after the wait runs once
    a has reached the event, not before; an unrecorded event is nothing to wait for."""
    import ctypes
    import time
    x = data(seed=21)
    a, b = ao.Stream(device=STRICT), ao.Stream(device=STRICT)
    tx = ao.tensor(x, device=STRICT)
    mid, out = ao.zeros(x.shape, device=STRICT), ao.zeros(x.shape, device=STRICT)
    e = ao.Event()
    b.wait_event(e)                         # never recorded: no wait
    with a._hold():
        with a:
            ao.relu(tx, out=mid)
        e.record(a)
        b.wait_event(e)
        with b:
            ao.sigmoid(mid, out=out)
        time.sleep(0.05)                    # b's thread has long reached its wait
        raw = np.ctypeslib.as_array((ctypes.c_float * x.size).from_address(out.storage.kptr_int))
        assert not e.query() and not raw.any()
    b.synchronize()
    assert e.query()
    np.testing.assert_array_equal(out.numpy(), ao.sigmoid(np.maximum(x, 0)))
    with pytest.raises(TypeError, match="Event"):
        b.wait_event(None)
    a.destroy()
    b.destroy()
    with pytest.raises(ao.AclError, match="destroyed"):
        b.wait_event(e)


def test_missing_synchronize_is_visible_with_the_default_delay():
    """Without _hold: the default ASCENDOPS_STRICT_STREAM_DELAY_US delays each job, and a
    long one makes a read that skips synchronisation deterministic: stale."""
    code = """
        import ctypes, numpy as np, ascendops as ao
        x = np.arange(1, 9, dtype=np.float32)
        t = ao.tensor(x, device="cpu:strict")
        out = ao.zeros(8, device="cpu:strict")
        ao.relu(t, out=out)
        raw = (ctypes.c_float * 8).from_address(out.storage.kptr_int)
        print("before", list(raw))
        ao.synchronize()
        print("after", list(raw))
    """
    r = run_code(code, env={"ASCENDOPS_STRICT_STREAM_DELAY_US": "2000000"})
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "before " + str([0.0] * 8)
    assert lines[1] == "after " + str([float(i) for i in range(1, 9)])


def test_bad_strict_delay_is_refused():
    r = run_code("import ascendops as ao; ao.Stream(device='cpu:strict')",
                 env={"ASCENDOPS_STRICT_STREAM_DELAY_US": "soon"})
    assert r.returncode != 0 and "ASCENDOPS_STRICT_STREAM_DELAY_US='soon'" in r.stderr
