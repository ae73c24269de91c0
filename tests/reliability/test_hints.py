"""A dtype refusal's hint comes from the rule that refused: following it is accepted."""
import re

import numpy as np
import pytest

import ascendops


def test_group_index_hint_asks_for_what_the_check_wants():
    x = np.random.default_rng(0).standard_normal((4, 8)).astype(np.float32)
    group_index_optional = np.array([2], np.int32)
    with pytest.raises(ascendops.AclnnInvalidParamError) as err:
        ascendops.clipped_swiglu(x, group_index_optional)
    e = err.value
    assert e.status == 161002 and "DT_INT64" in e.message
    assert "int64" in e.hint and "float32" not in e.hint, e.hint
    # follow the hint's own example
    example = re.search(r"e\.g\. (group_index_optional\.astype\(np\.\w+\))", e.hint).group(1)
    fixed = eval(example, {"np": np, "group_index_optional": group_index_optional})
    out = ascendops.clipped_swiglu(x, fixed)
    assert out.shape == (4, 4)


@pytest.mark.parametrize("op_name", ["clipped_swiglu_grad"])
def test_group_index_hint_of_the_gradient(op_name):
    rng = np.random.default_rng(1)
    dy = rng.standard_normal((4, 4)).astype(np.float32)
    x = rng.standard_normal((4, 8)).astype(np.float32)
    with pytest.raises(ascendops.AclnnInvalidParamError) as err:
        getattr(ascendops, op_name)(dy, x, np.array([2], np.int32))
    assert "int64" in err.value.hint and "float32" not in err.value.hint, err.value.hint
