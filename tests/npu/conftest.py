"""The npu tests' fixture: a stand-in CANN installation (npu_env.py has the helpers)."""
import pytest

from ascendops import standin
from npu_env import clean_env


@pytest.fixture
def make_standin(tmp_path):
    """make_standin(layout="opapi", strict=False) -> (root, env): a stand-in CANN under
    tmp_path and the environment its set_env.sh exports."""
    def make(layout="opapi", strict=False, name="cann"):
        root = standin.create(str(tmp_path / name), layout=layout, strict=strict)
        return root, clean_env(**standin.environment(root, strict=strict))
    return make
