"""Bad input through every public entry point: each gives a clear exception, none
crashes, hangs or leaks device memory."""
import gc

import numpy as np
import pytest

import ascendops
from ascendops import aclnn

E = ascendops.AclnnError
f32 = np.float32


def _t(shape, dtype="float32", fill=0.5):
    return ascendops.full(shape, fill, dtype) if ascendops.as_dtype(dtype).numpy is not None \
        else ascendops.tensor(np.full(shape, fill, f32), dtype=dtype)


# (callable, expected exception type, expected aclnn status or None)
def _cases():
    a, b = _t((4, 4)), _t((4, 4))
    o = ascendops.empty((4, 4))
    cases = {
        # numpy-like API
        "np_str_arg": (lambda: ascendops.silu_backward("abc", a), TypeError, None),
        "np_dict_arg": (lambda: ascendops.silu_backward({}, a), TypeError, None),
        "np_bool_arg": (lambda: ascendops.silu_backward(True, a), TypeError, None),
        "np_none_dy": (lambda: ascendops.silu_backward(None, a), E, 161001),
        "np_none_x": (lambda: ascendops.silu_backward(a, None), E, 161001),
        "np_missing_arg": (lambda: ascendops.silu_backward(a), TypeError, None),
        "np_extra_arg": (lambda: ascendops.silu_backward(a, b, b), TypeError, None),
        "np_bad_kw": (lambda: ascendops.silu_backward(a, b, alpha=1), TypeError, None),
        "np_out_str": (lambda: ascendops.silu_backward(a, b, out="x"), TypeError, None),
        "np_out_shape": (lambda: ascendops.silu_backward(a, b, out=ascendops.empty((3, 4))), E, 161002),
        "np_out_dtype": (lambda: ascendops.silu_backward(a, b, out=ascendops.empty((4, 4), "float16")), E, 161002),
        "np_out_int": (lambda: ascendops.silu_backward(a, b, out=ascendops.empty((4, 4), "int32")), E, 161002),
        "np_out_readonly": (lambda: ascendops.silu_backward(a, b, out=_readonly((4, 4))), E, 161002),
        "np_nobroadcast": (lambda: ascendops.silu_backward(_t((4, 3)), _t((4, 4))), E, 161002),
        "np_float64": (lambda: ascendops.silu_backward(np.ones(3), np.ones(3)), E, 161002),
        "np_int32": (lambda: ascendops.silu_backward(np.ones(3, np.int32), np.ones(3, np.int32)), E, 161002),
        "np_bool_dtype": (lambda: ascendops.silu_backward(np.ones(3, bool), np.ones(3, bool)), E, 161002),
        "np_complex": (lambda: ascendops.silu_backward(np.ones(3, np.complex64), np.ones(3, np.complex64)), E, 161002),
        "np_object": (lambda: ascendops.silu_backward(np.array([object()]), np.ones(1, f32)), TypeError, None),
        "np_9d": (lambda: ascendops.silu_backward(np.ones((1,) * 9, f32), np.ones((1,) * 9, f32)), E, 161002),
        "np_9d_x": (lambda: ascendops.silu_backward(np.ones((1,) * 8, f32), np.ones((1,) * 9, f32)), E, 161002),
        # two-stage API
        "ws_arity": (lambda: aclnn.silu_backward_get_workspace_size(a, b), TypeError, None),
        "ws_none_dy": (lambda: aclnn.silu_backward_get_workspace_size(None, b, o), E, 161001),
        "ws_none_x": (lambda: aclnn.silu_backward_get_workspace_size(a, None, o), E, 161001),
        "ws_none_out": (lambda: aclnn.silu_backward_get_workspace_size(a, b, None), E, 161001),
        "ws_numpy_arg": (lambda: aclnn.silu_backward_get_workspace_size(np.ones(3, f32), b, o), TypeError, None),
        "ws_int_arg": (lambda: aclnn.silu_backward_get_workspace_size(a, 3, o), TypeError, None),
        "ws_shape": (lambda: aclnn.silu_backward_get_workspace_size(a, _t((2, 8)), o), E, 161002),
        "ws_9d": (lambda: aclnn.silu_backward_get_workspace_size(_t((1,) * 9), _t((1,) * 9), ascendops.empty((1,) * 9)),
                  E, 161002),
        "ws_dtype_f64": (lambda: aclnn.silu_backward_get_workspace_size(_t((4, 4), "float64"), b, o), E, 161002),
        "ws_dtype_i8": (lambda: aclnn.silu_backward_get_workspace_size(a, b, ascendops.empty((4, 4), "int8")), E, 161002),
        "run_none_exec": (lambda: aclnn.silu_backward(None, 0, None), E, 161001),
        "run_bad_exec": (lambda: aclnn.silu_backward(None, 0, "executor"), TypeError, None),
        "run_bad_ws_size": (lambda: aclnn.silu_backward(None, -1, _executor()[1]), TypeError, None),
        "run_float_ws_size": (lambda: aclnn.silu_backward(None, 0.5, _executor()[1]), TypeError, None),
        "run_bool_ws_size": (lambda: aclnn.silu_backward(None, True, _executor()[1]), TypeError, None),
        "run_bad_stream": (lambda: aclnn.silu_backward(None, 0, _executor()[1], stream=3), TypeError, None),
        "run_bad_ws_type": (lambda: aclnn.silu_backward(np.zeros(64, np.uint8), 64, _executor()[1]), TypeError, None),
        "run_ws_missing": (lambda: aclnn.silu_backward(None, 0, _overlap_executor()[1]), E, 161001),
        "run_ws_too_small": (lambda: _run_small_ws(), E, 161002),
        "run_ws_size_lie": (lambda: _run_ws_size_lie(), E, 161002),
        "run_ws_noncontig": (lambda: _run_ws_noncontig(), E, 161002),
        "run_consumed": (lambda: _run_twice(), E, 561103),
        "run_destroyed": (lambda: _run_destroyed(), E, 561103),
        "repeatable_after_run": (lambda: _repeatable_after_run(), E, 561102),
        "repoint_shape": (lambda: _repoint(_t((2, 8))), E, 161002),
        "repoint_dtype": (lambda: _repoint(_t((4, 4), "float16")), E, 161002),
        "repoint_strides": (lambda: _repoint(ascendops.as_strided(_t((16,)), (4, 4), (1, 4), 0)), E, 161002),
        "repoint_none": (lambda: _repoint(None), (E, TypeError), None),
        "repoint_index": (lambda: _executor()[1].set_input_tensor_addr(2, a), E, 161002),
        "repoint_neg_index": (lambda: _executor()[1].set_input_tensor_addr(-1, a), E, 161002),
        "repoint_out_index": (lambda: _executor()[1].set_output_tensor_addr(1, o), E, 161002),
        "repoint_destroyed": (lambda: _destroyed().set_input_tensor_addr(0, a), E, 561103),
        "repoint_out_readonly": (lambda: _executor()[1].set_output_tensor_addr(0, _readonly((4, 4))), E, 161002),
        "executor_ctor": (lambda: ascendops.Executor(), TypeError, None),
        # tensor constructors
        "empty_overflow": (lambda: ascendops.empty((2 ** 62,), "float32"), ValueError, None),
        "empty_overflow_product": (lambda: ascendops.empty((2 ** 32, 2 ** 32), "float16"), ValueError, None),
        "empty_overflow_int64": (lambda: ascendops.empty((2 ** 64,)), (ValueError, OverflowError), None),
        "empty_negative": (lambda: ascendops.empty((-1, 3)), ValueError, None),
        "empty_str_shape": (lambda: ascendops.empty("abc"), TypeError, None),
        "empty_float_shape": (lambda: ascendops.empty((2.5,)), TypeError, None),
        "empty_none_shape": (lambda: ascendops.empty(None), TypeError, None),
        "empty_bad_dtype": (lambda: ascendops.empty((2,), "float128x"), TypeError, None),
        "empty_dtype_obj": (lambda: ascendops.empty((2,), object), TypeError, None),
        "empty_bad_format": (lambda: ascendops.empty((2,), format="NOPE"), ValueError, None),
        "empty_bad_format_int": (lambda: ascendops.empty((2,), format=12345), ValueError, None),
        "empty_bad_format_type": (lambda: ascendops.empty((2,), format=2.5), TypeError, None),
        "empty_too_big": (lambda: ascendops.empty((2 ** 58,), "uint8"), (ascendops.OutOfMemoryError, ValueError), None),
        "tensor_str": (lambda: ascendops.tensor("abc"), TypeError, None),
        "tensor_ragged": (lambda: ascendops.tensor([[1, 2], [3]]), (TypeError, ValueError), None),
        "tensor_obj": (lambda: ascendops.tensor(object()), TypeError, None),
        "tensor_int_overflow": (lambda: ascendops.tensor([2 ** 70], "int32"), (ValueError, TypeError), None),
        "from_numpy_list": (lambda: ascendops.from_numpy([1.0]), TypeError, None),
        "from_numpy_none": (lambda: ascendops.from_numpy(None), TypeError, None),
        "from_dlpack_obj": (lambda: ascendops.from_dlpack(object()), TypeError, None),
        "from_dlpack_none": (lambda: ascendops.from_dlpack(None), TypeError, None),
        "from_dlpack_neg_strides": (lambda: ascendops.from_dlpack(np.arange(8, dtype=f32)[::-1]), BufferError, None),
        "from_dlpack_readonly_out": (lambda: _readonly_dlpack_out(), E, 161002),
        # views
        "strided_negative": (lambda: ascendops.as_strided(_t((16,)), (4,), (-1,), 15), ValueError, None),
        "strided_out_of_storage": (lambda: ascendops.as_strided(_t((16,)), (4, 4), (4, 2), 0), ValueError, None),
        "strided_offset_oob": (lambda: ascendops.as_strided(_t((16,)), (4,), (1,), 13), ValueError, None),
        "strided_neg_offset": (lambda: ascendops.as_strided(_t((16,)), (4,), (1,), -1), ValueError, None),
        "strided_huge_stride": (lambda: ascendops.as_strided(_t((16,)), (2,), (2 ** 62,), 0), ValueError, None),
        "strided_stride_overflow": (lambda: ascendops.as_strided(_t((16,)), (2,), (2 ** 63,), 0), (ValueError, OverflowError), None),
        "strided_span_overflow": (lambda: ascendops.as_strided(_t((16,)), (2 ** 40, 2 ** 40), (2 ** 30, 2 ** 30), 0), ValueError, None),
        "strided_len": (lambda: ascendops.as_strided(_t((16,)), (4, 4), (4,), 0), ValueError, None),
        "strided_not_tensor": (lambda: ascendops.as_strided(np.ones(4, f32), (4,), (1,), 0), TypeError, None),
        "strided_str_size": (lambda: ascendops.as_strided(_t((16,)), "ab", (1,), 0), TypeError, None),
        "strided_float_offset": (lambda: ascendops.as_strided(_t((16,)), (4,), (1,), 0.5), TypeError, None),
        "index_oob": (lambda: _t((4,))[10], IndexError, None),
        "index_too_many": (lambda: _t((4,))[0, 0], IndexError, None),
        "index_float": (lambda: _t((4,))[0.5], TypeError, None),
        "view_bad": (lambda: _t((4, 4)).view(5, 3), ValueError, None),
        "reshape_bad": (lambda: _t((4, 4)).reshape(-1, -1), ValueError, None),
        "permute_bad": (lambda: _t((4, 4)).permute(0, 0), ValueError, None),
        "transpose_bad": (lambda: _t((4, 4)).transpose(0, 5), IndexError, None),
        "expand_bad": (lambda: _t((4, 3)).expand(4, 4), ValueError, None),
        "len_0d": (lambda: len(_t(())), TypeError, None),
        "item_many": (lambda: _t((3,)).item(), ValueError, None),
        "memcpy_kind": (lambda: ascendops.memcpy(ascendops.empty((4,)), ascendops.empty((4,)), kind=99),
                        ascendops.AclError, None),
        "memcpy_shape": (lambda: ascendops.memcpy(ascendops.empty((4,)), ascendops.empty((5,))), ValueError, None),
        "capacity_negative": (lambda: ascendops.set_device_capacity(-5), (ValueError, TypeError), None),
        "soc_unknown": (lambda: ascendops.soc("Ascend9999").__enter__(), (ValueError, KeyError), None),
    }
    return cases


def _readonly(shape):
    arr = np.zeros(shape, f32)
    arr.flags.writeable = False
    return ascendops.from_numpy(arr)


def _readonly_dlpack_out():
    arr = np.ones(4, f32)
    arr.flags.writeable = False
    t = ascendops.from_dlpack(arr)
    ascendops.silu_backward(t, t, out=t)


def _executor(shape=(4, 4)):
    return aclnn.silu_backward_get_workspace_size(_t(shape), _t(shape), ascendops.empty(shape))


def _overlap_executor():
    """An executor whose output partially overlaps an input: it needs a workspace."""
    base = _t((32,))
    x = ascendops.as_strided(base, (16,), (1,), 0)
    out = ascendops.as_strided(base, (16,), (1,), 1)
    ws, ex = aclnn.silu_backward_get_workspace_size(_t((16,)), x, out)
    assert ws > 0
    return ws, ex


def _run_small_ws():
    ws, ex = _overlap_executor()
    aclnn.silu_backward(ascendops.empty((ws - 1,), "uint8"), ws - 1, ex)


def _run_ws_size_lie():
    ws, ex = _overlap_executor()
    aclnn.silu_backward(ascendops.empty((ws // 2,), "uint8"), ws, ex)


def _run_ws_noncontig():
    ws, ex = _overlap_executor()
    wt = ascendops.as_strided(ascendops.empty((2 * ws,), "uint8"), (ws,), (2,), 0)
    aclnn.silu_backward(wt, ws, ex)


def _run_twice():
    ws, ex = _executor()
    aclnn.silu_backward(None, ws, ex)
    aclnn.silu_backward(None, ws, ex)


def _run_destroyed():
    ws, ex = _executor()
    ex.set_repeatable()
    aclnn.silu_backward(None, ws, ex)
    ex.destroy()
    aclnn.silu_backward(None, ws, ex)


def _destroyed():
    ex = _executor()[1]
    ex.destroy()
    return ex


def _repeatable_after_run():
    ws, ex = _executor()
    aclnn.silu_backward(None, ws, ex)
    ex.set_repeatable()


def _repoint(t):
    ws, ex = _executor()
    ex.set_repeatable()
    ex.set_input_tensor_addr(0, t)


CASES = _cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input_raises_clearly(name):
    fn, exc, status = CASES[name]
    with pytest.raises(exc) as info:
        fn()
    msg = str(info.value)
    assert len(msg) > 10, "unclear message %r" % msg
    if status is not None:
        assert info.value.status == status, msg
    if isinstance(info.value, ascendops.AclnnError):
        assert str(status or info.value.status) in msg


def test_bad_inputs_do_not_leak():
    """Every bad case, 20 times over: device memory back where it started, no growth
    of live Python objects."""
    cases = _cases()

    def sweep():
        for fn, exc, _ in cases.values():
            try:
                fn()
            except exc:
                pass
    sweep()
    gc.collect()
    base_alloc = ascendops.memory_allocated()
    base_objs = len(gc.get_objects())
    for _ in range(20):
        sweep()
    gc.collect()
    assert ascendops.memory_allocated() == base_alloc
    assert len(gc.get_objects()) - base_objs < 200


def test_executor_repointed_runs_on_new_data():
    """A repeatable executor re-pointed at a same-view tensor computes on it; a bad
    re-point leaves the executor usable with its previous tensors."""
    from ascendops.ops.silu_backward import reference
    rng = np.random.default_rng(0)
    a, b = (ascendops.from_numpy(rng.standard_normal((4, 4)).astype(f32)) for _ in range(2))
    out = ascendops.empty((4, 4))
    ws, ex = aclnn.silu_backward_get_workspace_size(a, b, out)
    ex.set_repeatable()
    c = ascendops.from_numpy(rng.standard_normal((4, 4)).astype(f32))
    with pytest.raises(ascendops.AclnnError):
        ex.set_input_tensor_addr(1, _t((2, 8)))
    aclnn.silu_backward(None, ws, ex)
    np.testing.assert_allclose(out.numpy(), reference(a.numpy(), b.numpy()), rtol=1e-5, atol=1e-6)
    ex.set_input_tensor_addr(1, c)
    aclnn.silu_backward(None, ws, ex)
    np.testing.assert_allclose(out.numpy(), reference(a.numpy(), c.numpy()), rtol=1e-5, atol=1e-6)
    ex.destroy()
    ex.destroy()


CRASHY = """
import ascendops, numpy as np
from ascendops import aclnn
t = ascendops.empty((16,))
for size, stride, off in [((2**31, 2**31), (2**31, 2**31), 0), ((2**62,), (1,), 0), ((3,), (2**62,), 0),
                          ((2,), (1,), 2**63 - 1)]:
    try:
        ascendops.as_strided(t, size, stride, off)
    except (ValueError, OverflowError, TypeError) as e:
        pass
    else:
        raise SystemExit("accepted %r %r %r" % (size, stride, off))
assert ascendops.as_strided(t, (1,) * 64, (1,) * 64, 0).ndim == 64   # a valid view, not an op input
z = ascendops.empty((0,) * 9)
for args in [(z, z, z), (ascendops.empty((1,)*9), ascendops.empty((1,)*9), ascendops.empty((1,)*9))]:
    try:
        aclnn.silu_backward_get_workspace_size(*args)
    except ascendops.AclnnError as e:
        assert e.status == 161002
    else:
        raise SystemExit("9-d accepted")
assert ascendops.from_dlpack(np.empty((0, 5), np.float32)).numel == 0
print("ok")
"""

# dlpack of views with strides and of empty tensors, read by torch
CRASHY_DLPACK_TORCH = """
import ascendops, torch
v = ascendops.as_strided(ascendops.zeros((64,)), (4, 4), (1, 8), 3)
assert torch.from_dlpack(v).shape == (4, 4)
e = ascendops.empty((0, 3))
assert torch.from_dlpack(e).numel() == 0
print("ok")
"""


def test_crashy_inputs_in_subprocess(run_python):
    assert run_python(CRASHY) == "ok"


def test_crashy_dlpack_views_into_torch_in_subprocess(run_python):
    # torch is optional (README): skip here rather than fail inside the subprocess
    pytest.importorskip("torch")
    assert run_python(CRASHY_DLPACK_TORCH) == "ok"


@pytest.mark.parametrize("make_out", [
    lambda: np.zeros((4, 4), f32)[::-1],                 # negative strides: no aclTensor view
    lambda: np.zeros((4, 4), ">f4"),                     # byte-swapped
    lambda: np.zeros((4, 8), f32)[:, ::-2],              # negative step
    lambda: np.zeros((4, 4), f32).T,                     # expressible: a view (control)
    lambda: np.zeros(4 * 4 * 4 + 1, np.uint8)[1:].view(f32).reshape(4, 4),   # misaligned: copied (UBSan)
], ids=["neg_strides", "byteswapped", "neg_step", "transposed", "unaligned"])
def test_numpy_out_that_needs_a_copy_receives_the_result(make_out):
    """Regression: the numpy-like API converted such an `out` to a private copy and
    returned the caller's array untouched (a silent wrong answer)."""
    a = np.linspace(-3, 3, 16, dtype=f32).reshape(4, 4)
    b = np.linspace(-7, 2, 16, dtype=f32).reshape(4, 4)
    want = ascendops.silu_backward(a, b)
    out = make_out()
    got = ascendops.silu_backward(a, b, out=out)
    assert got is out
    np.testing.assert_array_equal(np.asarray(out, f32), want)


def test_numpy_in_place_with_negative_strides():
    a = np.linspace(-3, 3, 16, dtype=f32)[::-1]
    b = np.linspace(-7, 2, 16, dtype=f32)
    want = ascendops.silu_backward(a.copy(), b)
    ascendops.silu_backward(a, b, out=a)
    np.testing.assert_array_equal(a, want)


def test_refused_repoint_leaves_executor_unchanged():
    """Regression: a repeatable executor whose set_output_tensor_addr was refused (the
    new output overlaps an input) kept the refused tensor and needed a workspace."""
    from ascendops.ops.silu_backward import reference
    base = ascendops.from_numpy(np.linspace(-1, 1, 32, dtype=f32))
    x = ascendops.as_strided(base, (16,), (1,), 0)
    dy, out = ascendops.full((16,), 1.0), ascendops.empty((16,))
    ws, ex = aclnn.silu_backward_get_workspace_size(dy, x, out)
    ex.set_repeatable()
    with pytest.raises(ascendops.AclnnError) as info:
        ex.set_output_tensor_addr(0, ascendops.as_strided(base, (16,), (1,), 1))
    assert info.value.status == 161002
    aclnn.silu_backward(None, ws, ex)
    np.testing.assert_allclose(out.numpy(), reference(dy.numpy(), x.numpy()), rtol=1e-5, atol=1e-7)
    ex.destroy()


def test_misaligned_numpy_inputs_are_copied():
    """Regression (found by tools/sanitize.sh, UBSan: store to misaligned address in the
    kernel): misaligned numpy arrays were borrowed as they are; they are now copied
    (inputs) or copied and written back (out=)."""
    raw = np.zeros(4 * 16 + 1, np.uint8)[1:].view(f32)
    raw[:] = np.linspace(-3, 3, 16, dtype=f32)
    assert not raw.flags.aligned
    want = ascendops.silu_backward(raw.copy(), raw.copy())
    np.testing.assert_array_equal(ascendops.silu_backward(raw, raw), want)
    assert ascendops.from_numpy(raw).data_ptr % 4 == 0
