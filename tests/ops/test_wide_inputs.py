"""ElementwiseOp's input_dtypes / input_cast (CANN's input support list wider than the
kernels'): the ops whose op_api accepts integer or BOOL inputs and casts them to a float
compute dtype before the kernel (hicann/ops-nn e5c3fa93):
- activation/sigmoid/op_api/aclnn_sigmoid.cpp: self outside DTYPE_OUT_LIST is cast to
  out's dtype (castDtype);
- activation/erfinv/op_api/aclnn_erfinv.cpp: a non-float self is cast to FLOAT, then
  CanCast(FLOAT, out);
- activation/relu/op_api/aclnn_add_relu.cpp: each input in the list (integers too), the
  promoted dtype computed (DoAdd casts both to it).
Values against a numpy float64 reference of the cast inputs."""
import math

import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn
from ascendops._core import ElementwiseOp, Input, Output


def _sigmoid64(x):
    return 1.0 / (1.0 + np.exp(-np.asarray(x, np.float64)))


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64", "uint8", "bool"])
def test_sigmoid_casts_an_integer_self_to_out_s_dtype(dtype):
    x = np.array([-7, -1, 0, 1, 3, 100], np.int64).astype(dtype)
    out = ao.empty(x.shape, "float32")
    got = np.asarray(ao.sigmoid(x, out=out))
    np.testing.assert_allclose(got, _sigmoid64(x.astype(np.float64)), rtol=2e-7, atol=0)


def test_sigmoid_double_self_with_float_out_is_cast_to_it():
    """CANN runs Sigmoid in DOUBLE then casts; here the DOUBLE self is cast to out's FLOAT
    first (no float64 kernel): the same status, and the float32 result within an ulp."""
    x = np.array([-30.0, -1.5, 0.0, 0.1, 7.25], np.float64)
    got = np.asarray(ao.sigmoid(x, out=ao.empty((5,), "float32")))
    np.testing.assert_allclose(got, _sigmoid64(x), rtol=2.5e-7, atol=0)


def test_sigmoid_integer_self_with_float16_out_computes_in_float16_out_s_dtype():
    x = np.array([-3, 0, 2, 5], np.int32)
    got = np.asarray(ao.sigmoid(x, out=ao.empty((4,), "float16")))
    assert got.dtype == np.float16
    np.testing.assert_allclose(got.astype(np.float64), _sigmoid64(x), rtol=1e-3)


def test_sigmoid_integer_out_stays_refused_double_out_computes():
    x = ao.empty((4,), "int32")
    with pytest.raises(ao.AclnnError) as e:   # out outside DTYPE_OUT_LIST
        aclnn.sigmoid_get_workspace_size(x, ao.empty((4,), "int32"))
    assert e.value.status == 161002
    # an integer self with a DOUBLE out: Cast to DOUBLE, Sigmoid in float64 (src/wide.c)
    got = np.asarray(ao.sigmoid(np.array([-2, 0, 3], np.int32), out=ao.empty((3,), "float64")))
    np.testing.assert_allclose(got, 1.0 / (1.0 + np.exp(-np.array([-2.0, 0.0, 3.0]))), rtol=4e-16)
    with pytest.raises(ao.AclnnError) as e:   # not in CANN's list at all
        aclnn.sigmoid_get_workspace_size(ao.empty((4,), "uint16"), ao.empty((4,), "float32"))
    assert e.value.status == 161002 and "uint16" in str(e.value).lower()


def test_inplace_sigmoid_keeps_refusing_an_integer_self_ref():
    """aclnnInplaceSigmoid: selfRef must be in the output list (CheckInplaceDtypeValid)."""
    with pytest.raises(ao.AclnnError) as e:
        aclnn.inplace_sigmoid_get_workspace_size(ao.empty((4,), "int16"))
    assert e.value.status == 161002


@pytest.mark.parametrize("dtype", ["int64", "bool", "uint8"])
def test_erfinv_casts_a_non_float_self_to_float(dtype):
    x = np.array([0, 1, 0, 1, 0, 1], np.int64).astype(dtype)
    got = np.asarray(ao.erfinv(x, out=ao.empty(x.shape, "float32")))
    want = np.where(x.astype(np.float64) == 1.0, math.inf, 0.0)
    np.testing.assert_array_equal(got, want)


def test_erfinv_integer_self_needs_an_output_float_can_cast_to():
    with pytest.raises(ao.AclnnError) as e:
        aclnn.erfinv_get_workspace_size(ao.empty((2,), "int32"), ao.empty((2,), "int32"))
    assert e.value.status == 161002


def test_add_relu_float_plus_integer_other_promotes_to_float():
    x = np.array([[-2.5, 0.25, 1.0], [3.0, -0.5, 0.0]], np.float32)
    other = np.array([[1], [-4]], np.int32)          # broadcast, cast to FLOAT first
    got = np.asarray(ao.add_relu(x, other, 2.5, out=ao.empty((2, 3), "float32")))
    want = np.maximum(x.astype(np.float64) + 2.5 * other.astype(np.float64), 0.0)
    np.testing.assert_allclose(got, want, rtol=2e-7, atol=0)


def test_inplace_add_relu_with_integer_other():
    x = np.array([-1.0, 0.5, 2.0, -3.0], np.float32)
    other = np.array([2, -1, 0, 1], np.int64)
    ao.inplace_add_relu(x, other, 1.0)
    np.testing.assert_array_equal(x, [1.0, 0.0, 2.0, 0.0])


def test_add_relu_integer_promotion_computes_and_unlisted_inputs_are_refused():
    # INT32 + INT32 runs in int32 (add_relu.h's integer body; test_wide_compute.py)
    got = ao.add_relu(np.array([3, -9], np.int32), np.array([2, 4], np.int32), 1)
    assert got.dtype == np.int32
    np.testing.assert_array_equal(got, [5, 0])
    # BOOL and UINT16 are outside CANN's list for each input
    for dtype in ("bool", "uint16"):
        with pytest.raises(ao.AclnnError) as e:
            aclnn.add_relu_get_workspace_size(ao.empty((2,), "float32"), ao.empty((2,), dtype), 1.0,
                                              ao.empty((2,), "float32"))
        assert e.value.status == 161002


def test_input_dtypes_declaration_is_validated():
    with pytest.raises(ValueError, match="input_cast needs input_dtypes"):
        ElementwiseOp(name="Bad", snake="bad", params=(Input("self"), Output("out")), dtypes=("float32",),
                      kernel="relu", tiling=None, input_cast="out")
    with pytest.raises(ValueError, match="input_dtypes goes with"):
        ElementwiseOp(name="Bad", snake="bad", params=(Input("self"), Output("out")), dtypes=("float32",),
                      kernel="relu", tiling=None, input_dtypes=("int32",), mixed="soc")
