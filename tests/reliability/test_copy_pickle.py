"""Copying, pickling and un-initialised objects: Tensor's copy is
a view and its deepcopy/pickle a copy of the values; Executor refuses both; no public
class of the core crashes when made with X.__new__(X). Every case that crashed the
interpreter on the old code runs in a subprocess."""
import copy
import functools
import inspect
import os
import pickle
import subprocess
import sys

import numpy as np
import pytest

import ascendops
from ascendops import _core, aclnn


def _views():
    base = ascendops.tensor(np.arange(24, dtype=np.float32).reshape(4, 6))
    return {
        "contiguous": base,
        "transposed": base.T,
        "strided": base[1:, ::2],
        "offset": base[2],
        "broadcast": base[1:2].expand(3, 6),
        "scalar": base[1, 2],
        "empty": base[:0],
        "float16": ascendops.tensor(np.linspace(-1, 1, 10, dtype=np.float16)),
        "bfloat16": ascendops.tensor(np.linspace(-1, 1, 10, dtype=np.float32), dtype="bfloat16"),
    }


@pytest.mark.parametrize("name", list(_views()))
def test_copy_is_a_view_of_the_same_storage(name):
    t = _views()[name]
    c = copy.copy(t)
    assert c is not t
    assert c.data_ptr == t.data_ptr and c.storage is t.storage
    assert (c.shape, c.strides, c.storage_offset(), c.dtype) == (t.shape, t.strides, t.storage_offset(), t.dtype)
    np.testing.assert_array_equal(c.numpy(), t.numpy())


def test_copy_writes_through_as_numpy_copy_view_does(run_python):
    # A shallow copy used as out= wrote through the b'' singleton (SIGSEGV): subprocess.
    out = run_python("""
        import copy, numpy as np, ascendops
        x = np.linspace(-3, 3, 64, dtype=np.float32)
        dst = ascendops.zeros((64,))
        ascendops.silu(x, out=copy.copy(dst))
        ref = x / (1 + np.exp(-x.astype(np.float64)))
        np.testing.assert_allclose(dst.numpy(), ref, rtol=1e-5, atol=1e-6)
        print("ok")
    """)
    assert out == "ok"


@pytest.mark.parametrize("name", list(_views()))
def test_deepcopy_is_new_storage_with_equal_values(name):
    t = _views()[name]
    before = t.numpy().copy()
    d = copy.deepcopy(t)
    assert d.storage is not t.storage
    assert d.shape == t.shape and d.dtype is t.dtype
    np.testing.assert_array_equal(d.numpy(), before)
    if d.numel:
        d.copy_(np.zeros(d.shape, d.dtype.numpy))
        np.testing.assert_array_equal(t.numpy(), before)     # the original is untouched


@pytest.mark.parametrize("name", list(_views()))
def test_pickle_round_trips_values_dtype_shape_and_strides(name):
    t = _views()[name]
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        u = pickle.loads(pickle.dumps(t, protocol))
        assert u.storage is not t.storage
        assert (u.shape, u.dtype, u.format) == (t.shape, t.dtype, t.format)
        if t.numel:
            assert u.strides == t.strides
        np.testing.assert_array_equal(u.numpy(), t.numpy())
        assert not u.storage.readonly


def test_pickle_of_a_read_only_tensor_and_a_format():
    ro = np.arange(6, dtype=np.int32)
    ro.flags.writeable = False
    t = ascendops.from_numpy(ro)
    u = pickle.loads(pickle.dumps(t))
    np.testing.assert_array_equal(u.numpy(), ro)
    n = ascendops.tensor(np.ones((1, 2, 3, 4), np.float32), format="NCHW")
    assert pickle.loads(pickle.dumps(n)).format == ascendops.Format.NCHW


def test_pickle_keeps_the_device():
    # a cpu:strict tensor unpickles on cpu:strict (it came back on cpu), a cpu one on cpu
    base = ascendops.tensor(np.arange(12, dtype=np.float32).reshape(3, 4), device="cpu:strict")
    for t in (base, base.T, base[1:, ::2]):
        u = pickle.loads(pickle.dumps(t))
        assert u.device == t.device == ascendops.device("cpu:strict")
        assert (u.shape, u.strides, u.dtype) == (t.shape, t.strides, t.dtype)
        np.testing.assert_array_equal(u.numpy(), t.numpy())
    assert pickle.loads(pickle.dumps(ascendops.zeros((2,)))).device == ascendops.device("cpu")


def test_unpickling_a_forged_view_outside_its_bytes_is_refused():
    t = ascendops.tensor(np.arange(4, dtype=np.float32))
    fn, (data, code, shape, strides, fmt) = t.__reduce__()
    with pytest.raises(ValueError, match="needs"):
        fn(data, code, (5,), strides, fmt)
    with pytest.raises(ValueError, match="needs"):
        fn(data, code, shape, (2,), fmt)


@pytest.mark.parametrize("how", ["copy", "deepcopy", "pickle", "pickle_proto0", "reduce_ex"])
def test_executor_refuses_copy_and_pickle(run_python, how):
    # The old auto-generated __reduce__ segfaulted: subprocess.
    out = run_python("""
        import copy, pickle, ascendops
        from ascendops import aclnn
        a, b, o = ascendops.ones((4,)), ascendops.ones((4,)), ascendops.empty((4,))
        ex = aclnn.silu_backward_get_workspace_size(a, b, o)[1]
        how = %r
        f = {"copy": copy.copy, "deepcopy": copy.deepcopy, "pickle": pickle.dumps,
             "pickle_proto0": lambda e: pickle.dumps(e, 0), "reduce_ex": lambda e: e.__reduce_ex__(2)}[how]
        try:
            f(ex)
        except TypeError as e:
            assert "Executor" in str(e) and ("copied" in str(e) or "pickled" in str(e)), e
            print("refused")
        # the executor is unharmed and still runs
        aclnn.silu_backward(None, 0, ex)
        print(o.numpy().round(4).tolist())
    """ % how)
    refused, values = out.splitlines()
    assert refused == "refused"
    ref = 1 / (1 + np.exp(-1.0)) * (1 + 1.0 * (1 - 1 / (1 + np.exp(-1.0))))
    np.testing.assert_allclose(eval(values), [ref] * 4, rtol=1e-4)


def _pickle_refused_or_round_trips(obj):
    try:
        data = pickle.dumps(obj)
    except TypeError:
        return "refused"
    return pickle.loads(data)


def test_other_classes_never_auto_pickle():
    # Objects holding C pointers or locks refuse; DType and registered ops round-trip
    # to the same object; nothing is copied field by field.
    assert _pickle_refused_or_round_trips(ascendops.float16) is ascendops.float16
    op = ascendops.registered_ops()["silu_backward"]
    assert _pickle_refused_or_round_trips(op) is op
    assert copy.deepcopy(op) is op
    x = ascendops.ones((3,))
    p = aclnn.silu_get_workspace_size(x, ascendops.empty((3,)))[1].plan
    for obj in (x.storage, p, ascendops.Stream(), _core._CachingAllocator(), _core._StreamLock(),
                _core._DLPackOwner(), _core._ExecutorCache(4)):
        assert _pickle_refused_or_round_trips(obj) == "refused", type(obj)
        with pytest.raises(TypeError):
            copy.copy(obj)
    unregistered = ascendops.ElementwiseOp("X", "x_unregistered", op.params[1:], ("float32",),
                                           kernel="silu", tiling=op.tiling)
    with pytest.raises(TypeError, match="not registered"):
        pickle.dumps(unregistered)


def _core_classes():
    """Every class of the core (exported by ascendops or ascendops._core) that is a
    Cython extension type (a static type; Python classes such as SocProfile, the errors
    and the enums are heap types)."""
    names = set()
    for mod in (ascendops, _core):
        for name in dir(mod):
            c = getattr(mod, name)
            if (inspect.isclass(c) and c.__module__ == "ascendops._core"
                    and not c.__flags__ & (1 << 9)):       # not Py_TPFLAGS_HEAPTYPE: a cdef class
                names.add(c.__name__)
    return sorted(names)


def test_the_generic_sweep_covers_the_public_classes():
    found = set(_core_classes())
    for name in ("Tensor", "Executor", "Memory", "Stream", "Plan", "DType", "OpDef", "ElementwiseOp",
                 "SoftmaxBackwardOp", "CastOp", "_NumpyLike"):
        assert name in found


_SWEEP = r'''
import copy, pickle, sys
import numpy as np
import ascendops
from ascendops import _core, aclnn


def sweep(cls):
    try:
        obj = cls.__new__(cls)
    except TypeError:
        obj = cls.__new__(cls, 4)        # __cinit__ with a required argument
    good = ascendops.zeros((2, 3))
    arg_sets = [(), (0,), (1,), (-1,), (good,), (0, good), (1, 1), ((2, 3), (3, 1)), ((),), (None,), ("x",)]
    skip = {"__new__", "__init__", "__init_subclass__", "__subclasshook__", "__class__", "__setstate__",
            "__delattr__", "__setattr__", "__getattribute__", "__dealloc__"}
    for attr in sorted(set(dir(cls)) - skip):
        try:
            v = getattr(obj, attr)
        except Exception:
            continue
        if callable(v):
            for args in arg_sets:
                try:
                    v(*args)
                except Exception:
                    pass
    for f in (repr, str, len, hash, bool, copy.copy, copy.deepcopy, pickle.dumps, np.asarray, list):
        try:
            f(obj)
        except Exception:
            pass
    for snake, op in ascendops.registered_ops().items():     # as every argument, the output, the op
        fn = getattr(ascendops, snake)
        n = len(op.inputs)
        for call in (lambda: fn(*[obj] * n), lambda: fn(*[good] * n, out=obj),
                     lambda: getattr(aclnn, snake + "_get_workspace_size")(*([obj] * (n + 1 + len(op.attrs))))):
            try:
                call()
            except Exception:
                pass
    for call in (lambda: _core.run(None, 0, obj), lambda: _core.run(obj, 8, obj, obj),
                 lambda: ascendops.memcpy(obj, good), lambda: ascendops.memcpy(good, obj),
                 lambda: ascendops.from_dlpack(obj), lambda: ascendops.tensor(obj),
                 lambda: ascendops.as_strided(obj, (1,), (1,)), lambda: ascendops.register(obj),
                 lambda: ascendops.set_soc(obj)):
        try:
            call()
        except Exception:
            pass


for name in sys.argv[1:]:
    print("begin", name, flush=True)
    sweep(getattr(_core, name))
    print("survived", name, flush=True)
'''


@functools.lru_cache(maxsize=None)
def _sweep_outcomes():
    """name -> "survived", or how the interpreter sweeping it died. The classes are swept
    in one interpreter, in turn; a crash ends it, and the classes after the one that
    crashed are swept in a new one."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(ascendops.__file__)))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    pending, outcomes = list(_core_classes()), {}
    while pending:
        proc = subprocess.run([sys.executable, "-c", _SWEEP] + pending, cwd=root, env=env, capture_output=True,
                              text=True, timeout=600)
        lines = proc.stdout.split("\n")
        done = [ln.split()[1] for ln in lines if ln.startswith("survived ")]
        outcomes.update((name, "survived") for name in done)
        pending = pending[len(done):]
        if proc.returncode == 0 or not pending:
            break
        outcomes[pending[0]] = "exit %d: %s" % (proc.returncode, proc.stderr[-2000:])
        pending = pending[1:]
    return outcomes


@pytest.mark.parametrize("name", _core_classes())
def test_uninitialised_instances_never_crash(name):
    # X.__new__(X) skips every factory; then repr, every method and property with a few
    # argument patterns, copy/pickle, and every op with it as input, output or executor.
    assert _sweep_outcomes().get(name) == "survived", _sweep_outcomes().get(name)


def test_uninitialised_executor_and_tensor_give_clear_errors(run_python):
    # repr of Executor.__new__(Executor) segfaulted before: subprocess.
    out = run_python("""
        import pytest, ascendops
        from ascendops import _core
        ex = ascendops.Executor.__new__(ascendops.Executor)
        assert "not made by phase 1" in repr(ex)
        for call in (ex.set_repeatable, lambda: ex.set_input_tensor_addr(0, ascendops.ones((1,))),
                     lambda: _core.run(None, 0, ex)):
            with pytest.raises(ascendops.AclnnError, match="phase 1") as e:
                call()
            assert e.value.status == ascendops.ACLNN_ERR_INNER_NULLPTR
        t = ascendops.Tensor.__new__(ascendops.Tensor)
        assert (t.shape, t.numel, t.dtype, t.nbytes) == ((0,), 0, ascendops.float32, 0)
        assert t.numpy().shape == (0,)
        f = _core._NumpyLike.__new__(_core._NumpyLike)
        with pytest.raises(TypeError, match="not made from an op"):
            f(1)
        print("ok")
    """)
    assert out == "ok"
