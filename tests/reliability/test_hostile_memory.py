"""Odd memory and odd state: read-only buffers as workspace or
output, the executor cache under custom SoC profiles, the legacy DLPack export of a
read-only tensor, misaligned and forged DLPack producers, the C ABI's aclCreateTensor
on misaligned or overflowing storage, consumed executors, destroyed streams and sizes
that overflow. Each refusal is checked for its status and for naming what is wrong."""
import ctypes
import os
import subprocess
import sys

import numpy as np
import pytest

import ascendops
from ascendops import aclnn

E = ascendops.AclnnError


def _silu_bw_ref(dy, x):
    s = 1 / (1 + np.exp(-x.astype(np.float64)))
    return dy * s * (1 + x * (1 - s))


def _readonly(values):
    a = np.array(values, np.float32)
    a.flags.writeable = False
    return a


def _overlap_executor():
    """A SiluBackward executor whose output overlaps its input by one element, so that
    phase 1 asks for a workspace (the kernel writes there, then a ViewCopy)."""
    base = ascendops.tensor(np.linspace(-1, 1, 9, dtype=np.float32))
    dy = ascendops.ones((8,))
    size, ex = aclnn.silu_backward_get_workspace_size(dy, base[:8], base[1:])
    assert size > 0
    return size, ex, base


# -- item 5: read-only memory as workspace or output --------------------------------------
def test_read_only_bytes_refused_as_workspace_and_left_unchanged():
    size, ex, _ = _overlap_executor()
    raw = bytes(range(256)) * ((size + 255) // 256)
    ws = ascendops.from_numpy(np.frombuffer(raw, np.uint8))
    with pytest.raises(E, match="workspace is read-only") as e:
        aclnn.silu_backward(ws, size, ex)
    assert e.value.status == 161002
    assert raw == bytes(range(256)) * ((size + 255) // 256)
    aclnn.silu_backward(ascendops.empty((size,), "uint8"), size, ex)   # the executor was not used up


def test_read_only_memmap_refused_as_workspace(run_python, tmp_path):
    # Writing into a mode='r' mapping faults (SIGSEGV before the fix): subprocess.
    path = str(tmp_path / "ws.bin")
    np.zeros(4096, np.uint8).tofile(path)
    out = run_python("""
        import numpy as np, ascendops
        from ascendops import aclnn
        base = ascendops.tensor(np.linspace(-1, 1, 9, dtype=np.float32))
        size, ex = aclnn.silu_backward_get_workspace_size(ascendops.ones((8,)), base[:8], base[1:])
        ws = ascendops.from_numpy(np.memmap(%r, np.uint8, mode="r"))
        try:
            aclnn.silu_backward(ws, size, ex)
        except ascendops.AclnnError as e:
            print(e.status, "workspace" in str(e))
    """ % path)
    assert out == "161002 True"
    assert not np.fromfile(path, np.uint8).any()


def test_read_only_outputs_refused_everywhere(tmp_path):
    x = np.linspace(-1, 1, 6, dtype=np.float32)
    path = str(tmp_path / "out.bin")
    np.zeros(6, np.float32).tofile(path)
    ro_map = ascendops.from_numpy(np.memmap(path, np.float32, mode="r"))
    ro_bytes = ascendops.from_numpy(np.frombuffer(bytes(24), np.float32))
    ro_x = ascendops.from_numpy(_readonly(x))
    ro_dlpack = ascendops.from_dlpack(ro_x)     # versioned capsule: read-only flag kept
    assert ro_dlpack.storage.readonly
    calls = {
        "out_numpy": lambda: ascendops.silu(x, out=_readonly(np.zeros(6))),
        "out_memmap": lambda: ascendops.silu(x, out=ro_map),
        "out_bytes": lambda: ascendops.silu(x, out=ro_bytes),
        "in_place": lambda: ascendops.silu(ro_x, out=ro_x),
        "out_dlpack": lambda: ascendops.silu(x, out=ro_dlpack),
        "two_stage": lambda: aclnn.silu_get_workspace_size(ascendops.tensor(x), ro_map),
        "two_stage_cast": lambda: aclnn.cast_get_workspace_size(ascendops.tensor(x), ascendops.float32, ro_bytes),
    }
    for name, call in calls.items():
        with pytest.raises(E, match="read-only") as e:
            call()
        assert e.value.status == 161002, name
    ex = aclnn.silu_get_workspace_size(ascendops.tensor(x), ascendops.empty((6,)))[1]
    ex.set_repeatable()
    with pytest.raises(E, match="output tensor is read-only") as e:
        ex.set_output_tensor_addr(0, ro_map)
    assert e.value.status == 161002
    assert not np.fromfile(path, np.float32).any()


# -- item 7: the executor cache and the SoC profile's rules -------------------------------
def _bf16():
    return ascendops.tensor(np.linspace(-1, 1, 8, dtype=np.float32), dtype="bfloat16")


@pytest.mark.parametrize("warm", [False, True])
def test_custom_profile_named_like_a_builtin_is_not_served_its_plans(warm):
    strict = ascendops.SocProfile("host", "CPU", bf16=False, regbase=False, host=True)
    b = _bf16()
    ascendops.clear_cache()
    if warm:
        ascendops.silu_backward(b, b)       # accepted by the real host profile
    with ascendops.soc(strict):
        with pytest.raises(E, match="DT_BF16") as e:
            ascendops.silu_backward(b, b)
        assert e.value.status == 161002
        with pytest.raises(E, match="should be the same as") as e:     # no broadcast without regbase
            ascendops.silu_backward(ascendops.ones((2, 4)), ascendops.ones((4,)), out=ascendops.empty((2, 4)))


def test_mutated_profile_rejects_warm_what_it_rejects_cold():
    prof = ascendops.SocProfile("custom", "DAV_X", bf16=True, regbase=True)
    b = _bf16()
    with ascendops.soc(prof):
        ascendops.silu_backward(b, b)
        ascendops.silu_backward(ascendops.ones((2, 4)), ascendops.ones((4,)), out=ascendops.empty((2, 4)))
        prof.bf16 = False
        prof.regbase = False
        for _ in range(2):
            with pytest.raises(E, match="DT_BF16"):
                ascendops.silu_backward(b, b)
            with pytest.raises(E, match="should be the same as"):
                ascendops.silu_backward(ascendops.ones((2, 4)), ascendops.ones((4,)), out=ascendops.empty((2, 4)))
        prof.bf16 = True          # (SiluBackward's BF16 rule: DAV_2201 or a regbase SoC)
        prof.regbase = True
        ascendops.silu_backward(b, b)


# -- item 8: legacy DLPack export of a read-only tensor -----------------------------------
def test_legacy_dlpack_of_read_only_tensor_refused_like_numpy():
    ro = _readonly([1, 2, 3])
    with pytest.raises(BufferError):
        ro.__dlpack__()                         # numpy's behaviour, the reference
    t = ascendops.from_numpy(ro)
    with pytest.raises(BufferError, match="read-only"):
        t.__dlpack__()
    # the versioned capsule carries the flag; numpy gets a read-only array
    a = np.from_dlpack(t)
    assert not a.flags.writeable
    np.testing.assert_array_equal(a, ro)
    # a copy is writable, so its legacy export is allowed
    t.__dlpack__(copy=True)
    ascendops.ones((3,)).__dlpack__()


# -- item 9: misaligned data ------------------------------------------------------------
def test_from_dlpack_copies_misaligned_data_to_aligned_memory():
    buf = np.zeros(4 * 64 + 1, np.uint8)
    a = np.ndarray((64,), np.float32, buffer=buf, offset=1)    # data pointer = 1 mod 4
    a[:] = np.linspace(-3, 3, 64, dtype=np.float32)
    assert a.ctypes.data % 4 == 1
    t = ascendops.from_dlpack(a)
    assert t.data_ptr % 4 == 0
    np.testing.assert_array_equal(t.numpy(), a)
    got = ascendops.silu_backward(t, t)
    np.testing.assert_allclose(np.asarray(got), _silu_bw_ref(a, a), rtol=1e-5, atol=1e-6)
    # strided misaligned views keep their strides in the copy
    s = np.ndarray((4, 8), np.float32, buffer=buf, offset=1, strides=(64, 4))
    ts = ascendops.from_dlpack(s)
    assert ts.data_ptr % 4 == 0
    np.testing.assert_array_equal(ts.numpy(), s)


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class _DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", _DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p)]


class _ForgedProducer:
    """A legacy DLPack producer describing whatever it is told (no deleter)."""

    def __init__(self, shape, data, code=2, bits=32):
        self.buf = data
        self.shape = (ctypes.c_int64 * len(shape))(*shape)
        self.m = _DLManagedTensor()
        self.m.dl_tensor.data = data.ctypes.data
        self.m.dl_tensor.device = _DLDevice(1, 0)
        self.m.dl_tensor.ndim = len(shape)
        self.m.dl_tensor.dtype = _DLDataType(code, bits, 1)
        self.m.dl_tensor.shape = self.shape

    def __dlpack__(self, **kw):
        new = ctypes.pythonapi.PyCapsule_New
        new.restype, new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        return new(ctypes.addressof(self.m), b"dltensor", None)

    def __dlpack_device__(self):
        return (1, 0)


def test_forged_dlpack_shape_whose_element_count_overflows_is_refused():
    data = np.zeros(16, np.float32)
    for shape in [(2 ** 32, 2 ** 32), (2 ** 62, 4), (3, 2 ** 62, 2 ** 2)]:
        with pytest.raises(BufferError, match="int64"):
            ascendops.from_dlpack(_ForgedProducer(shape, data))
    with pytest.raises(BufferError, match="int64"):     # elements fit, bytes do not
        ascendops.from_dlpack(_ForgedProducer((2 ** 62,), data))
    with pytest.raises(BufferError, match="negative"):
        ascendops.from_dlpack(_ForgedProducer((-1, 4), data))
    t = ascendops.from_dlpack(_ForgedProducer((4, 4), data))   # the same producer, honest
    assert t.shape == (4, 4)


def test_allocation_size_overflow_is_a_clear_out_of_memory():
    for n, dt in [(2 ** 63 - 1, "int8"), (2 ** 62 + 1, "int8"), (2 ** 61, "float16")]:
        with pytest.raises(ascendops.OutOfMemoryError, match=str(n * np.dtype(dt).itemsize)) as e:
            ascendops.empty((n,), dt)
        assert "-" not in str(e.value).split("(aclError")[0]     # no wrapped, negative size
    before = ascendops.memory_allocated()
    ascendops.empty((1024,), "int8")
    assert ascendops.memory_allocated() == before


# -- items 10, 11: consumed executors, destroyed streams -----------------------------------
def test_repoint_of_a_consumed_executor_is_561103():
    x = ascendops.ones((4,))
    ex = aclnn.silu_get_workspace_size(x, ascendops.empty((4,)))[1]
    aclnn.silu(None, 0, ex)
    for call in (lambda: ex.set_input_tensor_addr(0, x), lambda: ex.set_output_tensor_addr(0, ascendops.empty((4,)))):
        with pytest.raises(E, match="already run") as e:
            call()
        assert e.value.status == 561103


def test_running_on_a_destroyed_stream_is_an_acl_error():
    s = ascendops.Stream()
    s.destroy()
    x = ascendops.ones((4,))
    o = ascendops.zeros((4,))
    ex = aclnn.silu_get_workspace_size(x, o)[1]
    with pytest.raises(ascendops.AclError, match="destroyed") as e:
        aclnn.silu(None, 0, ex, s)
    assert e.value.status == ascendops.ACL_ERROR_INVALID_PARAM
    assert not o.numpy().any()
    aclnn.silu(None, 0, ex, ascendops.Stream())    # refused before the executor was used up
    assert o.numpy().all()
    with s:
        with pytest.raises(ascendops.AclError, match="destroyed"):
            ascendops.silu(np.ones(4, np.float32))


# -- the C ABI: aclCreateTensor and phase 2 ------------------------------------------------
_C_ABI = r"""
import ctypes, sys
import numpy as np
import ascendops
from ascendops import config
lib = ctypes.CDLL(config.library_path())
P = ctypes.c_void_p
lib.aclCreateTensor.restype = P
lib.aclCreateTensor.argtypes = [P, ctypes.c_uint64, ctypes.c_int, P, ctypes.c_int64, ctypes.c_int, P,
                                ctypes.c_uint64, P]
lib.aclGetRecentErrMsg.restype = ctypes.c_char_p
lib.aclnnSiluBackwardGetWorkspaceSize.argtypes = [P, P, P, P, P]
lib.aclnnSiluBackward.argtypes = [P, ctypes.c_uint64, P, P]
assert lib.aclInit(None) in (0, 100002)
assert lib.aclrtSetDevice(0) == 0
def dims(*d):
    return (ctypes.c_int64 * len(d))(*d)
p = P()
assert lib.aclrtMalloc(ctypes.byref(p), ctypes.c_size_t(1024), 0) == 0
case = sys.argv[1]
if case == "misaligned":
    for dtype, item in ((0, 4), (1, 2), (11, 8)):
        t = lib.aclCreateTensor(dims(8), 1, dtype, None, 0, 2, dims(8), 1, P(p.value + 1))
        print(t is None, lib.aclGetRecentErrMsg().decode())
    ok = lib.aclCreateTensor(dims(8), 1, 0, None, 0, 2, dims(8), 1, P(p.value + 4))
    print(ok is not None)
    # re-pointing an executor's tensor at a misaligned address is refused the same way
    x = lib.aclCreateTensor(dims(8), 1, 0, None, 0, 2, dims(8), 1, p)
    out = lib.aclCreateTensor(dims(8), 1, 0, None, 0, 2, dims(8), 1, P(p.value + 64))
    ws, ex = ctypes.c_uint64(), P()
    lib.aclnnSiluGetWorkspaceSize.argtypes = [P, P, P, P]
    lib.aclSetAclOpExecutorRepeatable.argtypes = [P]
    lib.aclSetInputTensorAddr.argtypes = [P, ctypes.c_size_t, P, P]
    lib.aclSetOutputTensorAddr.argtypes = [P, ctypes.c_size_t, P, P]
    assert lib.aclnnSiluGetWorkspaceSize(x, out, ctypes.byref(ws), ctypes.byref(ex)) == 0
    assert lib.aclSetAclOpExecutorRepeatable(ex) == 0
    for fn, t in ((lib.aclSetInputTensorAddr, x), (lib.aclSetOutputTensorAddr, out)):
        rc = fn(ex, 0, t, P(p.value + 130))
        print(rc, lib.aclGetRecentErrMsg().decode())
elif case == "past_storage":
    # llama.cpp's CANN backend dequantises Q8_0 this way: 3 rows of 2 blocks of 32 int8
    # weights, then the 6 FLOAT16 scales after them; the scales' view starts 192 bytes in
    # (offset 96 elements) with storageDims [6], the extent without the offset
    w = (np.arange(192) % 251 - 125).astype(np.int8)
    sc = np.array([0.5, -2, 0.125, 3, -0.25, 1.5], np.float16)
    host = np.concatenate([w.view(np.uint8), sc.view(np.uint8)])
    lib.aclrtMemcpy.argtypes = [P, ctypes.c_size_t, P, ctypes.c_size_t, ctypes.c_int]
    assert lib.aclrtMemcpy(p, 1024, host.ctypes.data, host.nbytes, 1) == 0
    q = P()
    assert lib.aclrtMalloc(ctypes.byref(q), ctypes.c_size_t(768), 0) == 0
    weight = lib.aclCreateTensor(dims(3, 2, 32), 3, 2, dims(64, 32, 1), 0, 2, dims(192), 1, p)
    scale = lib.aclCreateTensor(dims(3, 2, 1), 3, 1, dims(2, 1, 1), 96, 2, dims(6), 1, p)
    out = lib.aclCreateTensor(dims(3, 2, 32), 3, 0, dims(64, 32, 1), 0, 2, dims(192), 1, q)
    print(weight is not None, scale is not None, out is not None)
    lib.aclnnMulGetWorkspaceSize.argtypes = [P, P, P, P, P]
    lib.aclnnMul.argtypes = [P, ctypes.c_uint64, P, P]
    ws, ex = ctypes.c_uint64(), P()
    assert lib.aclnnMulGetWorkspaceSize(weight, scale, out, ctypes.byref(ws), ctypes.byref(ex)) == 0
    wsp = P()
    if ws.value:
        assert lib.aclrtMalloc(ctypes.byref(wsp), ctypes.c_size_t(ws.value), 0) == 0
    assert lib.aclnnMul(wsp, ws.value, ex, None) == 0 and lib.aclrtSynchronizeDevice() == 0
    got = np.empty(192, np.float32)
    assert lib.aclrtMemcpy(got.ctypes.data, got.nbytes, q, got.nbytes, 2) == 0
    want = w.astype(np.float64).reshape(3, 2, 32) * sc.astype(np.float64).reshape(3, 2, 1)
    print(np.array_equal(got.reshape(3, 2, 32), want.astype(np.float32)))
    # a view reaching past the aclrtMalloc block (1024 bytes padded to 1056) is refused
    t = lib.aclCreateTensor(dims(3, 2, 1), 3, 1, dims(2, 1, 1), 524, 2, dims(6), 1, p)
    print(t is None, lib.aclGetRecentErrMsg().decode())
elif case == "overflow":
    t = lib.aclCreateTensor(dims(4), 1, 11, None, 0, 2, dims(2 ** 61), 1, p)
    print(t is None, lib.aclGetRecentErrMsg().decode())
elif case == "workspace_size_0":
    # input x = floats [0, 8), output = floats [1, 9) of one block: phase 1 asks for a workspace
    dy = lib.aclCreateTensor(dims(8), 1, 0, None, 0, 2, dims(16), 1, p)
    x = lib.aclCreateTensor(dims(8), 1, 0, None, 0, 2, dims(9), 1, p)
    out = lib.aclCreateTensor(dims(8), 1, 0, None, 1, 2, dims(9), 1, p)
    ws, ex = ctypes.c_uint64(), P()
    assert lib.aclnnSiluBackwardGetWorkspaceSize(dy, x, out, ctypes.byref(ws), ctypes.byref(ex)) == 0
    assert ws.value > 0
    q = P()
    assert lib.aclrtMalloc(ctypes.byref(q), ctypes.c_size_t(ws.value), 0) == 0
    rc = lib.aclnnSiluBackward(q, 0, ex, None)
    print(rc, lib.aclGetRecentErrMsg().decode())
    print(lib.aclnnSiluBackward(q, ws.value, ex, None))       # the same executor, a big enough size
"""


def _c_abi(case):
    root = os.path.dirname(os.path.dirname(os.path.abspath(ascendops.__file__)))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-c", _C_ABI, case], cwd=root, env=env, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.strip().splitlines()


def test_c_create_tensor_refuses_misaligned_data():
    lines = _c_abi("misaligned")
    for line, name in zip(lines[:3], ("DT_FLOAT", "DT_FLOAT16", "DT_DOUBLE")):
        assert line.startswith("True") and "not aligned" in line and name in line, line
    assert lines[3] == "True"
    for line in lines[4:6]:
        assert line.startswith("161002 ") and "not aligned" in line, line


def test_c_create_tensor_view_past_storage_dims_inside_the_block():
    # CANN's aclTensor keeps storageDims apart from the view (llama.cpp's Q8_0 GET_ROWS
    # relies on it); the bytes the view reaches must still lie in one aclrtMalloc block
    lines = _c_abi("past_storage")
    assert lines[:2] == ["True True True", "True"], lines
    assert lines[2].startswith("True") and "not inside one block from aclrtMalloc" in lines[2], lines


def test_c_create_tensor_storage_overflow_message_in_aclnn_terms():
    (line,) = _c_abi("overflow")
    assert line.startswith("True") and "storage size overflows" in line, line
    assert "OverflowError" not in line and "Python int" not in line


def test_c_non_null_workspace_of_size_zero_reports_the_size():
    lines = _c_abi("workspace_size_0")
    status, _, message = lines[0].partition(" ")
    assert status == "161002", lines
    assert "workspace_size 0" in message and "null" not in message
    assert lines[1] == "0"
