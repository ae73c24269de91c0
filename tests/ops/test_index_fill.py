"""aclnnInplaceIndexFillTensor (IndexOp mode="fill", src/index.c AO_INDEX_FILL) against
numpy's fancy assignment, bit for bit: every dtype, dims (negative ones), negative and
duplicate indices, 0-d and strided selfRef, the value converted to selfRef's dtype; indices
outside [-size, size) refused at phase 1 with nothing written; both phases."""
import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn
from ascendops.ops.index_fill_tensor import DTYPE_910B_SUPPORT_LIST, reference
from ao_test_helpers import bits

fill = ao.inplace_index_fill_tensor


@pytest.mark.parametrize("dtype", DTYPE_910B_SUPPORT_LIST)
def test_index_fill_dtypes(dtype):
    rng = np.random.default_rng(1)
    npd = np.dtype(ao.as_dtype(dtype).numpy)
    x = (rng.integers(0, 2, (3, 5, 4)) if npd.kind == "b" else rng.integers(-50, 50, (3, 5, 4))).astype(npd)
    with ao.soc("Ascend910B"):
        for dim, index, value in ((1, [0, 4, -2], 7.0), (0, [2], -3), (-1, [3, 3, 0], True), (2, [1], 2.75)):
            want = reference(x, dim, index, value)
            y = x.copy()
            assert fill(y, dim, index, value) is y
            np.testing.assert_array_equal(bits(y), bits(want))


def test_index_fill_views_and_0d():
    x = np.arange(48, dtype=np.float32).reshape(6, 8)
    v = x[::2, 1::2]                      # a strided selfRef
    before = x.copy()
    fill(v, 1, [0, -1], -1.0)
    want = before.copy()
    want[::2, 1] = -1.0
    want[::2, 7] = -1.0
    np.testing.assert_array_equal(x, want)
    s = np.array(3.0, np.float32)
    fill(s, -1, [-1], 9.0)
    assert s == 9.0


def test_index_fill_big_and_threads():
    """Several worker chunks: a (64, 896) FLOAT tensor filled at every other column (the
    backend's use: -1 at the even positions of the last dim)."""
    x = np.ones((64, 896), np.float32)
    idx = list(range(0, 896, 2))
    fill(x, 1, idx, -1.0)
    want = np.ones((64, 896), np.float32)
    want[:, ::2] = -1.0
    np.testing.assert_array_equal(x, want)


@pytest.mark.parametrize("dim, index", [(1, [4]), (1, [-5]), (0, [0, 3]), (2, [0]), (-3, [0])])
def test_index_fill_out_of_range_writes_nothing(dim, index):
    x = np.zeros((3, 4), np.float32)
    with pytest.raises(ao.AclnnError) as e:
        fill(x, dim, index, 1.0)
    assert e.value.status == ao.ACLNN_ERR_PARAM_INVALID
    assert not x.any()


def test_index_fill_two_phase():
    x = ao.tensor(np.zeros((2, 3), np.float32))
    ws, ex = aclnn.inplace_index_fill_tensor_get_workspace_size(x, 1, [0, 2], 1.5)
    aclnn.inplace_index_fill_tensor(None, ws, ex)
    np.testing.assert_array_equal(np.asarray(x), [[1.5, 0, 1.5], [1.5, 0, 1.5]])


def test_docstring_example_runs():
    import doctest
    test = doctest.DocTestParser().get_doctest(fill.__doc__, {}, "inplace_index_fill_tensor", None, 0)
    assert len(test.examples) == 3
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test, out=lambda s: None)
    assert runner.failures == 0
