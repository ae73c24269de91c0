"""Tensor as a Python number, with numpy 2's rules: bool() of a 1-element
tensor only, float()/int()/complex() of a 0-d tensor, operator.index() of a 0-d integer
tensor, str() shows the values only. numpy arrays of the same data are the reference
(where the installed numpy has numpy 2's rules), besides the rules written out."""
import operator

import ml_dtypes
import numpy as np
import pytest

import ascendops as ao

NUMPY_2_2 = tuple(int(p) for p in np.__version__.split(".")[:2]) >= (2, 2)

CASES = [
    np.array(2.5, np.float32), np.array(-0.0, np.float32), np.array(0.0, np.float16),
    np.array(3, np.int8), np.array(0, np.int64), np.array(7, np.uint16), np.array(True),
    np.array(False), np.array(1.75, ml_dtypes.bfloat16),
    np.array([3.5], np.float32), np.array([[0]], np.int32), np.array([1.0, 2.0], np.float32),
    np.zeros((2, 3), np.int64), np.zeros((0,), np.float32), np.zeros((2, 0), np.int8),
]
CONVERSIONS = [bool, float, int, complex, operator.index]


def outcome(fn, value):
    try:
        return "ok", fn(value)
    except (TypeError, ValueError) as e:
        return type(e).__name__, None


def expected(fn, arr):
    """numpy 2's rule, written out (numpy 1.x still converted 1-element arrays)."""
    if fn is bool:
        return ("ok", bool(arr.reshape(-1)[0])) if arr.size == 1 else ("ValueError", None)
    if fn is operator.index:
        ok = arr.ndim == 0 and arr.dtype.kind in "iu"
        return ("ok", int(arr[()])) if ok else ("TypeError", None)
    return ("ok", fn(arr[()])) if arr.ndim == 0 else ("TypeError", None)


@pytest.mark.parametrize("arr", CASES, ids=lambda a: "%s%r" % (a.dtype, a.shape))
@pytest.mark.parametrize("fn", CONVERSIONS, ids=lambda f: f.__name__)
def test_number_conversions_follow_numpy(fn, arr):
    t = ao.tensor(arr)
    got = outcome(fn, t)
    want = expected(fn, arr)
    assert got[0] == want[0], "%s(%r): %s, numpy 2 gives %s" % (fn.__name__, arr, got[0], want[0])
    if want[0] == "ok":
        assert got[1] == want[1] and type(got[1]) is type(want[1])
    if NUMPY_2_2:
        assert got[0] == outcome(fn, arr)[0]    # the installed numpy agrees


def test_multi_element_bool_message_is_numpy_like():
    with pytest.raises(ValueError, match="more than one element is ambiguous"):
        bool(ao.tensor([1.0, 2.0]))
    with pytest.raises(ValueError, match="empty"):
        if ao.zeros((0,)):
            pass
    with pytest.raises(TypeError, match="item"):
        float(ao.tensor([3.5]))


def test_indexing_a_list_and_the_issues_example():
    t = ao.tensor([[1.5, 2.0], [3.0, 4.0]], dtype="float32")
    assert float(t[0, 0]) == 1.5 and int(t[1, 0]) == 3
    i = ao.tensor(2, dtype="int32")
    assert ["a", "b", "c"][i] == "c" and list(range(5))[i:] == [2, 3, 4]
    with pytest.raises(TypeError):
        ["a", "b", "c"][ao.tensor(1.0)]


@pytest.mark.parametrize("arr", [np.array([1.0, 2.5], np.float32), np.arange(6, dtype=np.int16).reshape(2, 3),
                                 np.array(2.5), np.array([True, False]),
                                 np.array([1.0, 2.0], ml_dtypes.bfloat16)],
                         ids=lambda a: "%s%r" % (a.dtype, a.shape))
def test_str_is_the_values_repr_the_tensor(arr):
    t = ao.tensor(arr)
    assert str(t) == str(arr)
    assert str(t) != repr(t) and repr(t).startswith("tensor(") and "dtype=" in repr(t)


def test_str_of_a_dtype_without_numpy():
    t = ao.empty((2, 3), "hifloat8")
    assert str(t) == "<6 hifloat8 values>"
    assert repr(t) != str(t)
