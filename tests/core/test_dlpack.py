"""DLPack: zero-copy exchange with numpy and PyTorch, capsule protocol, lifetimes."""
import gc

import numpy as np
import pytest

import ascendops as ao

DL_DTYPES = ["float32", "float16", "float64", "bfloat16", "int8", "int16", "int32", "int64",
             "uint8", "uint16", "uint32", "uint64", "bool_", "complex64", "complex128"]


class Producer:
    """Hands out a prepared capsule, like a foreign library would."""
    def __init__(self, capsule, device=(1, 0)):
        self.capsule, self.device = capsule, device

    def __dlpack__(self, **kwargs):
        return self.capsule

    def __dlpack_device__(self):
        return self.device


def test_numpy_from_dlpack_is_zero_copy():
    t = ao.tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    a = np.from_dlpack(t)
    assert a.ctypes.data == t.data_ptr
    a[1, 1] = -5
    assert t.numpy()[1, 1] == -5
    v = np.from_dlpack(t.T[1:, ::2])
    np.testing.assert_array_equal(v, t.numpy().T[1:, ::2])


def test_from_dlpack_of_numpy_is_zero_copy():
    a = np.arange(24, dtype=np.int32).reshape(4, 6)[:, 1::2]
    t = ao.from_dlpack(a)
    assert t.data_ptr == a.ctypes.data and t.strides == (6, 2)
    a[0, 0] = 100
    assert t.numpy()[0, 0] == 100
    del a
    gc.collect()
    assert t.numpy()[0, 0] == 100


def test_from_dlpack_negative_strides_never_misread():
    a = np.arange(6.0)[::-1]
    try:
        t = ao.from_dlpack(a)
    except BufferError as e:
        assert "negative" in str(e)
    else:
        np.testing.assert_array_equal(t.numpy(), a)
    np.testing.assert_array_equal(ao.tensor(a).numpy(), a)


def test_capsules_are_renamed_when_consumed():
    t = ao.tensor([1.0, 2.0])
    for kwargs, name in (({}, "dltensor"), ({"max_version": (1, 0)}, "dltensor_versioned")):
        cap = t.__dlpack__(**kwargs)
        assert ('"%s"' % name) in repr(cap)
        u = ao.from_dlpack(Producer(cap))
        assert ('"used_%s"' % name) in repr(cap)
        assert u.data_ptr == t.data_ptr
        with pytest.raises(BufferError):
            ao.from_dlpack(Producer(cap))      # a consumed capsule cannot be used twice


def test_unconsumed_capsules_release_the_tensor():
    gc.collect()
    base = ao.memory_allocated()
    t = ao.zeros((1000,))
    for kwargs in ({}, {"max_version": (1, 0)}):
        cap = t.__dlpack__(**kwargs)
        del cap
    del t
    gc.collect()
    assert ao.memory_allocated() == base


def test_memory_kept_alive_both_ways():
    gc.collect()
    base = ao.memory_allocated()
    t = ao.tensor(np.arange(1000.0))
    a = np.from_dlpack(t[10:])
    del t
    gc.collect()
    assert ao.memory_allocated() > base
    assert a[0] == 10.0
    u = ao.from_dlpack(a)          # numpy array of an ascendops tensor, back again
    del a
    gc.collect()
    assert u.numpy()[5] == 15.0
    del u
    gc.collect()
    assert ao.memory_allocated() == base


def test_dlpack_arguments():
    t = ao.tensor([1.0])
    assert t.__dlpack_device__() == (1, 0)
    with pytest.raises(BufferError):
        t.__dlpack__(dl_device=(2, 0))
    c = np.from_dlpack(t, copy=True)
    c[0] = 9
    assert t.item() == 1.0
    with pytest.raises(BufferError):
        ao.empty((2,), "complex32").__dlpack__()
    with pytest.raises(TypeError):
        ao.from_dlpack([1, 2])
    with pytest.raises(BufferError):
        ao.from_dlpack(Producer(t.__dlpack__(), device=(2, 0)))
    with pytest.raises(BufferError):
        ao.from_dlpack(Producer("not a capsule"))


def test_readonly_is_carried():
    ro = np.arange(3.0)
    ro.flags.writeable = False
    t = ao.from_dlpack(ro)
    assert t.storage.readonly
    with pytest.raises(ValueError):
        t.copy_(0.0)


@pytest.mark.parametrize("name", DL_DTYPES)
def test_torch_round_trip_zero_copy(name):
    torch = pytest.importorskip("torch")
    d = getattr(ao, name)
    host = (np.arange(12) % 3).astype(d.numpy).reshape(3, 4)
    t = ao.tensor(host)
    tt = torch.from_dlpack(t)
    assert tt.data_ptr() == t.data_ptr and tuple(tt.shape) == (3, 4)
    assert str(tt.dtype).replace("torch.", "") == {"bool_": "bool", "float32": "float32"}.get(name, name)
    back = ao.from_dlpack(tt)
    assert back.data_ptr == t.data_ptr and back.dtype is d
    assert back.numpy().tobytes() == host.tobytes()


def test_torch_bfloat16_and_non_contiguous():
    torch = pytest.importorskip("torch")
    x = torch.arange(24, dtype=torch.bfloat16).reshape(4, 6).t()[1::2]
    t = ao.from_dlpack(x)
    assert t.dtype is ao.bfloat16 and t.shape == (3, 4)
    assert t.strides == tuple(x.stride()) and t.data_ptr == x.data_ptr()
    np.testing.assert_array_equal(t.numpy().astype(np.float32), x.float().numpy())
    x[0, 0] = 99
    assert float(t.numpy()[0, 0]) == 99
    e = ao.from_dlpack(torch.ones(3).expand(2, 3))
    assert e.strides == (0, 1)
    tv = torch.from_dlpack(ao.tensor(np.arange(12.0).reshape(3, 4)).T[::2])
    np.testing.assert_array_equal(tv.numpy(), np.arange(12.0).reshape(3, 4).T[::2])


def test_torch_lifetimes():
    torch = pytest.importorskip("torch")
    gc.collect()
    base = ao.memory_allocated()
    t = ao.tensor(np.arange(100.0))
    tt = torch.from_dlpack(t[::5])
    del t
    gc.collect()
    assert tt[3].item() == 15.0 and ao.memory_allocated() > base
    del tt
    gc.collect()
    assert ao.memory_allocated() == base
    x = torch.arange(10.0)
    u = ao.from_dlpack(x)
    del x
    gc.collect()
    assert u.numpy()[7] == 7.0
    torch_zero_d = ao.from_dlpack(torch.tensor(2.5))
    assert torch_zero_d.shape == () and torch_zero_d.item() == 2.5
    assert ao.from_dlpack(torch.zeros(0, 3)).shape == (0, 3)
    assert tuple(torch.from_dlpack(ao.zeros((0, 3))).shape) == (0, 3)


def test_tensor_from_dlpack_producer_copies():
    torch = pytest.importorskip("torch")
    x = torch.arange(4.0)
    t = ao.tensor(x)
    assert t.data_ptr != x.data_ptr()
    np.testing.assert_array_equal(t.numpy(), [0, 1, 2, 3])
