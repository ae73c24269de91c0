"""torch's lazy bits: a tensor whose negative bit is set exports its un-negated memory
through DLPack; ascendops refuses it (BufferError, as torch refuses the conjugate bit),
never computing on the wrong sign."""
import numpy as np
import pytest

import ascendops

torch = pytest.importorskip("torch")


def test_negative_bit_is_refused_as_input():
    x = torch.tensor([1.0, -2.0, 3.0])
    neg = x._neg_view()
    assert neg.is_neg()
    with pytest.raises(BufferError, match="negative bit"):
        ascendops.relu(neg)
    with pytest.raises(BufferError, match="negative bit"):
        ascendops.from_dlpack(neg)
    # resolved, it is an ordinary tensor and computes on the negated values
    np.testing.assert_array_equal(ascendops.relu(neg.resolve_neg()).numpy(), [0.0, 2.0, 0.0])


def test_negative_bit_is_refused_as_out():
    x = torch.tensor([1.0, -2.0, 3.0])
    out = torch.zeros(3)._neg_view()
    with pytest.raises(BufferError, match="negative bit"):
        ascendops.relu(x, out=out)


def test_conjugate_bit_is_refused():
    z = torch.tensor([1 + 2j, 3 - 1j]).conj()
    with pytest.raises(BufferError):
        ascendops.from_dlpack(z)
