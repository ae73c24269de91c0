"""The numpy-like functions' vectorcall fast path (_api.pxi _numpy_like_vectorcall)
binds exactly as their __call__ (tp_call) does: same results, same outputs written,
same errors, for every way of passing arguments."""
import functools
import platform
import sys

import numpy as np
import pytest

import ascendops as ao

# Py_TPFLAGS_HAVE_VECTORCALL (CPython's Include/object.h)
HAVE_VECTORCALL = 1 << 11


@pytest.mark.skipif(platform.python_implementation() != "CPython" or sys.version_info < (3, 9),
                    reason="PEP 590 vectorcall of a C type: CPython >= 3.9")
def test_numpy_like_functions_have_vectorcall():
    # Without it every call goes through tp_call: a dict for the keywords, copied again
    # by Cython's **kwargs (benchmarks/callpath.py: ~170 ns of a 600 ns call).
    assert type(ao.silu_backward).__flags__ & HAVE_VECTORCALL


def _inputs():
    rng = np.random.default_rng(7)
    dy = rng.standard_normal(6).astype(np.float32)
    x = (4 * rng.standard_normal(6)).astype(np.float32)
    return dy, x


def _outcome(fn):
    """('ok', result bits) or (exception type, message)."""
    try:
        r = fn()
    except Exception as e:      # noqa: BLE001 -- compared between the two paths
        return type(e), str(e)
    if isinstance(r, tuple):
        return "ok", tuple(np.asarray(v).tobytes() for v in r)
    return "ok", np.asarray(r).tobytes(), type(r)


def _cases():
    dy, x = _inputs()
    t_dy, t_x = ao.from_numpy(dy), ao.from_numpy(x)
    s = np.abs(x) / np.abs(x).sum()
    return [
        ("silu_backward", (dy, x), {}),
        ("silu_backward", (t_dy, t_x), {}),
        ("silu_backward", (dy,), {"x": x}),
        ("silu_backward", (), {"grad_output": dy, "x": x}),
        ("silu_backward", (), {"x": x, "grad_output": dy}),
        ("silu_backward", (dy, x), {"foo": 1}),
        ("silu_backward", (dy,), {}),
        ("silu_backward", (dy, x, x), {}),
        ("silu_backward", (dy, x), {"x": x}),
        ("silu_backward", (dy, x), {"out": 3}),
        ("silu_backward", (dy, None), {}),
        ("silu_backward", (1.0, x), {}),
        ("gelu_backward_v2", (dy, x), {}),
        ("gelu_backward_v2", (dy, x, "tanh"), {}),
        ("gelu_backward_v2", (dy, x), {"approximate": "tanh"}),
        ("gelu_backward_v2", (dy,), {"x": x, "approximate": "bad"}),
        ("softmax_backward", (dy, s), {"dim": 0}),
        ("softmax_backward", (dy, s, 0), {}),
        ("cast", (x, "float16"), {}),
        ("cast", (x,), {"dtype": np.float16}),
        ("cast", (x,), {}),
        ("silu", (x,), {}),
        ("silu", (), {"x": x}),
    ]


@pytest.mark.parametrize("k", range(len(_cases())))
@pytest.mark.parametrize("with_out", [False, True])
def test_vectorcall_binds_as_tp_call(k, with_out):
    name, args, kwargs = _cases()[k]
    f = getattr(ao, name)
    outs = []

    def call(via):
        kw = dict(kwargs)
        if with_out and "out" not in kw:
            try:
                like = f(*args, **kwargs)
            except Exception:       # noqa: BLE001 -- the call itself fails: no out= to make
                like = None
            if like is not None:
                kw["out"] = np.zeros_like(np.asarray(like))
                outs.append(kw["out"])
        return _outcome(lambda: via(*args, **kw))

    fast = call(f)                                  # vectorcall (CPython >= 3.9)
    slow = call(f.__call__)                         # tp_call: the method-wrapper
    dict_call = call(functools.partial(f))          # PyObject_Call with a kwargs dict
    assert fast == slow == dict_call
    if len(outs) == 3:
        assert outs[0].tobytes() == outs[1].tobytes() == outs[2].tobytes()


def test_uninitialised_function_refuses_on_both_paths():
    f = ao._core._NumpyLike.__new__(ao._core._NumpyLike)
    dy, x = _inputs()
    for via in (f, f.__call__):
        with pytest.raises(TypeError):
            via(dy, x, x=x)


def test_vectorcall_out_is_returned_and_written():
    dy, x = _inputs()
    out = np.empty_like(dy)
    r = ao.silu_backward(dy, x, out=out)
    assert r is out
    sig = 1 / (1 + np.exp(-x.astype(np.float64)))
    ref = dy * sig * (1 + x * (1 - sig))
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-6)
