"""The two-stage dispatcher: CANN's phase-1 check order and codes (aclnn-facts
sections 1, 2, 5, 6), executor lifetime, the executor cache."""
import threading

import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn
from ascendops.ops.silu_backward import reference

NULLPTR, INVALID = 161001, 161002


def t(shape=(2, 3), dtype="float32", seed=0):
    rng = np.random.default_rng(seed)
    return ao.tensor(rng.standard_normal(shape) * 3, dtype=dtype)


def phase1_status(*args, soc="host"):
    with ao.soc(soc):
        with pytest.raises(ao.AclnnError) as e:
            aclnn.silu_backward_get_workspace_size(*args)
    return e.value.status, str(e.value)


# -- section 6: codes -------------------------------------------------------------------
def test_status_codes_have_cann_values():
    assert (ao.ACLNN_SUCCESS, ao.ACLNN_ERR_PARAM_NULLPTR, ao.ACLNN_ERR_PARAM_INVALID) == (0, 161001, 161002)
    assert (ao.ACLNN_ERR_RUNTIME_ERROR, ao.ACLNN_ERR_INNER, ao.ACLNN_ERR_INNER_TILING_ERROR) == (361001, 561000, 561002)
    assert (ao.ACLNN_ERR_INNER_CREATE_EXECUTOR, ao.ACLNN_ERR_INNER_NULLPTR) == (561101, 561103)
    assert issubclass(ao.AclnnInvalidParamError, ao.AclnnError)


# -- section 1, step 3: null checks, in order ----------------------------------------------
@pytest.mark.parametrize("missing", [0, 1, 2])
def test_null_tensor_is_161001_naming_it(missing):
    args = [t(), t(), ao.empty((2, 3))]
    args[missing] = None
    status, msg = phase1_status(*args)
    assert status == NULLPTR and ("gradOutput", "self", "gradInput")[missing] in msg


def test_null_is_checked_before_dtype():
    status, msg = phase1_status(t(dtype="float64"), None, ao.empty((2, 3)))
    assert status == NULLPTR and "self" in msg


def test_non_tensor_is_a_type_error():
    with pytest.raises(TypeError, match="gradOutput"):
        aclnn.silu_backward_get_workspace_size(np.ones((2, 3), np.float32), t(), ao.empty((2, 3)))


# -- step 4: dtypes ------------------------------------------------------------------------
@pytest.mark.parametrize("position", [0, 1, 2])
@pytest.mark.parametrize("bad", ["float64", "int32", "int8", "bool_", "complex64"])
def test_unsupported_dtype_is_161002_in_tensor_order(position, bad):
    args = [t(), t(), ao.empty((2, 3))]
    args[position] = t(dtype=bad) if position < 2 else ao.empty((2, 3), bad)
    status, msg = phase1_status(*args)
    name = ("gradOutput", "self", "gradInput")[position]
    assert status == INVALID
    assert msg.startswith("Tensor %s not implemented for %s, should be in dtype support list "
                          "[DT_FLOAT16, DT_FLOAT, DT_BF16]." % (name, ao.as_dtype(bad).log_name))


def test_first_bad_tensor_is_reported():
    status, msg = phase1_status(t(dtype="float64"), t(dtype="int32"), ao.empty((2, 3)))
    assert "gradOutput" in msg and "DT_DOUBLE" in msg


def test_mixed_precision_on_regbase_requires_float_output():
    for soc in ("host", "Ascend950"):
        status, msg = phase1_status(t(dtype="float16"), t(), ao.empty((2, 3), "float16"), soc=soc)
        assert status == INVALID and "DT_FLOAT" in msg
        with ao.soc(soc):
            ws, ex = aclnn.silu_backward_get_workspace_size(t(dtype="float16"), t(dtype="bfloat16"),
                                                            ao.empty((2, 3), "float32"))
            assert ws == 0


@pytest.mark.parametrize("soc", ["Ascend910B", "Ascend910_93", "Ascend910", "Ascend310P"])
def test_no_mixed_precision_without_regbase(soc):
    status, msg = phase1_status(t(dtype="float16"), t(), ao.empty((2, 3)), soc=soc)
    assert status == INVALID and "should be the same as gradInput dtype" in msg


@pytest.mark.parametrize("soc, allowed", [("Ascend910B", True), ("Ascend950", True), ("host", True),
                                          ("Ascend910", False), ("Ascend310P", False)])
def test_bf16_per_soc(soc, allowed):
    args = (t(dtype="bfloat16"), t(dtype="bfloat16"), ao.empty((2, 3), "bfloat16"))
    if allowed:
        with ao.soc(soc):
            aclnn.silu_backward_get_workspace_size(*args)
    else:
        status, msg = phase1_status(*args, soc=soc)
        assert status == INVALID and "DT_BF16" in msg


def test_dtype_is_checked_before_shape():
    status, msg = phase1_status(t((4,), "float64"), t((5,)), ao.empty((7,)))
    assert status == INVALID and "DT_DOUBLE" in msg


# -- step 5: shapes ---------------------------------------------------------------------------
@pytest.mark.parametrize("position", [0, 1])
def test_nine_dims_is_161002(position):
    shape9 = (1,) * 8 + (2,)
    args = [t(shape9), t(shape9), ao.empty(shape9)]
    args[position] = t(shape9)
    status, msg = phase1_status(*args)
    assert status == INVALID and "9 dims" in msg


def test_eight_and_zero_dims_are_allowed():
    for shape in [(), (1, 2, 1, 2, 1, 2, 1, 2)]:
        ws, ex = aclnn.silu_backward_get_workspace_size(t(shape), t(shape), ao.empty(shape))
        aclnn.silu_backward(None, ws, ex)


@pytest.mark.parametrize("soc", ["Ascend910B", "Ascend910", "Ascend310P"])
def test_no_broadcast_without_regbase(soc):
    status, msg = phase1_status(t((2, 1)), t((2, 3)), ao.empty((2, 3)), soc=soc)
    assert status == INVALID and "gradOutput" in msg


@pytest.mark.parametrize("soc", ["host", "Ascend950"])
def test_broadcast_on_regbase(soc):
    with ao.soc(soc):
        ws, ex = aclnn.silu_backward_get_workspace_size(t((2, 1)), t((2, 3)), ao.empty((2, 3)))
    status, msg = phase1_status(t((2, 2)), t((2, 3)), ao.empty((2, 3)), soc=soc)
    assert status == INVALID and "broadcast" in msg
    status, msg = phase1_status(t((2, 1)), t((2, 3)), ao.empty((3, 3)), soc=soc)
    assert status == INVALID and "gradInput" in msg


# -- step 6: empty tensors ----------------------------------------------------------------------
def test_empty_returns_zero_workspace_and_a_runnable_executor():
    ws, ex = aclnn.silu_backward_get_workspace_size(t((0, 4)), t((0, 4)), ao.empty((0, 4)))
    assert ws == 0 and ex.tiling is None
    aclnn.silu_backward(None, 0, ex)


def test_empty_check_comes_after_shape_checks():
    status, _ = phase1_status(t((16, 16)), t((0,)), ao.empty((16, 16)), soc="Ascend910B")
    assert status == INVALID


# -- step 8/9: output dtype and ViewCopy ----------------------------------------------------------
def test_output_dtype_rule_in_numpy_like_api():
    assert ao.silu_backward(t(dtype="float16"), t(dtype="float16")).dtype == ao.float16
    assert ao.silu_backward(t(dtype="float16"), t(dtype="bfloat16")).dtype == ao.float32


# -- section 5: executor lifetime and workspace --------------------------------------------------------
def test_executor_is_single_use():
    ws, ex = aclnn.silu_backward_get_workspace_size(t(), t(), ao.empty((2, 3)))
    aclnn.silu_backward(None, ws, ex)
    with pytest.raises(ao.AclnnError) as e:
        aclnn.silu_backward(None, ws, ex)
    assert e.value.status == 561103 and "set_repeatable" in str(e.value)


def test_null_executor_is_161001():
    with pytest.raises(ao.AclnnError) as e:
        aclnn.silu_backward(None, 0, None)
    assert e.value.status == NULLPTR


def test_repeatable_executor_runs_many_times_and_repoints():
    dy, x, out = t(seed=1), t(seed=2), ao.empty((2, 3))
    ws, ex = aclnn.silu_backward_get_workspace_size(dy, x, out)
    ex.set_repeatable()
    for _ in range(3):
        aclnn.silu_backward(None, ws, ex)
    np.testing.assert_allclose(out.numpy(), reference(dy.numpy(), x.numpy()), rtol=1e-5)
    x2, out2 = t(seed=3), ao.empty((2, 3))
    ex.set_input_tensor_addr(1, x2)
    ex.set_output_tensor_addr(0, out2)
    aclnn.silu_backward(None, ws, ex)
    np.testing.assert_allclose(out2.numpy(), reference(dy.numpy(), x2.numpy()), rtol=1e-5)
    for bad in (lambda: ex.set_input_tensor_addr(2, x2), lambda: ex.set_input_tensor_addr(-1, x2),
                lambda: ex.set_output_tensor_addr(1, out2)):
        with pytest.raises(ao.AclnnError) as e:
            bad()
        assert e.value.status == INVALID
    with pytest.raises(ao.AclnnError) as e:
        ex.set_input_tensor_addr(0, t((3, 2)))
    assert e.value.status == INVALID and "does not match" in str(e.value)
    ex.destroy()
    with pytest.raises(ao.AclnnError) as e:
        aclnn.silu_backward(None, ws, ex)
    assert e.value.status == 561103
    with pytest.raises(ao.AclnnError):
        ex.set_input_tensor_addr(0, dy)


def test_repeatable_context_manager_destroys():
    ws, ex = aclnn.silu_backward_get_workspace_size(t(), t(), ao.empty((2, 3)))
    with ex.set_repeatable() as e:
        aclnn.silu_backward(None, ws, e)
    assert ex.destroyed


def test_set_repeatable_after_run_is_refused():
    ws, ex = aclnn.silu_backward_get_workspace_size(t(), t(), ao.empty((2, 3)))
    aclnn.silu_backward(None, ws, ex)
    with pytest.raises(ao.AclnnError):
        ex.set_repeatable()


def test_repeatable_refused_for_viewcopy_onto_an_input():
    buf = t((20,))
    ws, ex = aclnn.silu_backward_get_workspace_size(t((10,)), buf[0:10], buf[5:15])
    assert ws > 0
    with pytest.raises(ao.AclnnError):
        ex.set_repeatable()


def test_workspace_checks():
    buf = t((20,))
    ws, ex = aclnn.silu_backward_get_workspace_size(t((10,)), buf[0:10], buf[5:15])
    with pytest.raises(ao.AclnnError) as e:
        aclnn.silu_backward(None, ws, ex)
    assert e.value.status == NULLPTR
    with pytest.raises(ao.AclnnError) as e:
        aclnn.silu_backward(ao.empty((ws - 1,), "uint8"), ws, ex)
    assert e.value.status == INVALID
    with pytest.raises(ao.AclnnError) as e:
        aclnn.silu_backward(ao.empty((ws,), "uint8"), ws - 4, ex)
    assert e.value.status == INVALID
    aclnn.silu_backward(ao.empty((ws,), "uint8"), ws, ex)


def test_stream_argument():
    s = ao.Stream()
    dy, x, out = t(), t(seed=1), ao.empty((2, 3))
    ws, ex = aclnn.silu_backward_get_workspace_size(dy, x, out)
    aclnn.silu_backward(None, ws, ex, s)
    s.synchronize()
    np.testing.assert_allclose(out.numpy(), reference(dy.numpy(), x.numpy()), rtol=1e-5)
    with pytest.raises(TypeError, match="stream"):
        aclnn.silu_backward(None, 0, aclnn.silu_backward_get_workspace_size(dy, x, out)[1], "s")


def test_read_only_output_rejected():
    a = np.zeros((2, 3), np.float32)
    a.flags.writeable = False
    with pytest.raises(ao.AclnnError) as e:
        ao.silu_backward(t(), t(), out=a)
    assert e.value.status == INVALID


# -- section 2: SoC profiles ------------------------------------------------------------------------
def test_soc_profiles_as_data():
    p = ao.SOC_PROFILES
    assert (p["Ascend910B"].arch, p["Ascend910B"].bf16, p["Ascend910B"].regbase) == ("DAV_2201", True, False)
    assert (p["Ascend950"].arch, p["Ascend950"].bf16, p["Ascend950"].regbase) == ("DAV_3510", True, True)
    assert (p["Ascend910"].arch, p["Ascend910"].bf16, p["Ascend910"].regbase) == ("DAV_1001", False, False)
    assert (p["Ascend310P"].arch, p["Ascend310P"].bf16, p["Ascend310P"].regbase) == ("DAV_2002", False, False)
    assert (p["Ascend910B"].core_num, p["Ascend910B"].ub_size) == (48, 196608)
    assert ao.get_soc().name == "host"
    with ao.soc("Ascend910B"):
        assert ao.get_soc().name == "Ascend910B"
    assert ao.get_soc().name == "host"
    with pytest.raises(ValueError, match="unknown SoC"):
        ao.set_soc("Ascend9000")


# -- the executor cache --------------------------------------------------------------------------------
def test_cache_miss_then_hit():
    ao.clear_cache()
    dy, x = t(seed=4), t(seed=5)
    ao.silu_backward(dy, x)
    info = ao.cache_info()
    assert (info.hits, info.misses, info.size) == (0, 1, 1)
    r = ao.silu_backward(t(seed=6), t(seed=7))   # same views, other data: a hit
    assert ao.cache_info().hits == 1 and ao.cache_info().misses == 1
    np.testing.assert_allclose(r.numpy(), reference(t(seed=6).numpy(), t(seed=7).numpy()), rtol=1e-5)


def test_stride_soc_and_dtype_change_miss():
    ao.clear_cache()
    a = t((4, 4))
    ao.silu_backward(a, a)
    ao.silu_backward(a, a.T)                      # other strides
    with ao.soc("Ascend910B"):
        ao.silu_backward(a, a)                    # other SoC
    ao.silu_backward(a[1:], a[1:])                # other offset and shape
    ao.silu_backward(t((4, 4), "float16"), t((4, 4), "float16"))
    assert ao.cache_info().misses == 5 and ao.cache_info().hits == 0


def test_cache_is_bounded_lru():
    ao.clear_cache()
    old = ao.cache_info().maxsize
    try:
        ao.set_cache_size(3)
        for n in range(1, 6):
            ao.silu_backward(t((n,)), t((n,)))
        assert ao.cache_info().size == 3
        ao.silu_backward(t((5,)), t((5,)))
        assert ao.cache_info().hits == 1
        ao.silu_backward(t((1,)), t((1,)))        # evicted long ago
        assert ao.cache_info().misses == 6
    finally:
        ao.set_cache_size(old)


def test_concurrent_threads_agree():
    ao.clear_cache()
    shapes = [(7,), (3, 5), (64, 33), (1000,)]
    inputs = {s: (t(s, seed=1), t(s, seed=2)) for s in shapes}
    expected = {s: reference(dy.numpy(), x.numpy()) for s, (dy, x) in inputs.items()}
    errors = []

    def work(k):
        try:
            for i in range(50):
                s = shapes[(k + i) % len(shapes)]
                got = ao.silu_backward(*inputs[s]).numpy()
                np.testing.assert_allclose(got, expected[s], rtol=1e-5, atol=1e-6)
        except Exception as e:   # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    info = ao.cache_info()
    assert info.hits + info.misses == 400 and info.size == len(shapes)


def test_key_includes_format():
    ao.clear_cache()
    a = t((2, 3))
    ao.silu_backward(a, a)
    ao.silu_backward(ao.tensor(a, format="NCHW"), a)
    assert ao.cache_info().misses == 2


def test_numpy_like_errors_name_arguments():
    with pytest.raises(TypeError, match="grad_output"):
        ao.silu_backward("abc", t())
    with pytest.raises(ao.AclnnError) as e:
        ao.silu_backward(None, t())
    assert e.value.status == NULLPTR
    with pytest.raises(TypeError):
        ao.silu_backward(t())
