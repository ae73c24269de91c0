"""Every case of CANN's op_api unit tests of the registered ops (ported as data in
tests/ops/cann_ut/, each module naming its source repository, path and commit) gets
CANN's status from the two-stage API: ascendops.aclnn.<op>_get_workspace_size with the
UT's tensors (shape, dtype, format, strides, offset, storage shape; nullptr as None)
and attributes, on the UT's SoC."""
import importlib

import pytest

from cann_ut import MODULES

from cann_calls import VALID_STATUSES, status_of as _status


def _cases(mod_name):
    """(op name, case) of one ported UT module, each with the status ascendops must give:
    CANN's, or for a case in the module's NOT_MODELLED the status ascendops gives instead
    and why (dtypes the fp32 engine has no kernel for)."""
    mod = importlib.import_module("cann_ut." + mod_name)
    not_modelled = getattr(mod, "NOT_MODELLED", {})
    for case in mod.CASES:
        if case.name in not_modelled:
            status, why = not_modelled[case.name]
            assert status != case.status and why, case.name
            case = case._replace(status=status)
        yield case.op or mod.OP, case


@pytest.mark.parametrize("mod_name", MODULES)
def test_cann_ut_file(mod_name):
    """Every case of one UT file; the failure names each case that did not get its
    status, with the status it got."""
    wrong, ran = [], 0
    for op_name, case in _cases(mod_name):
        status = _status(op_name, case)
        if status is None:
            continue
        ran += 1
        if not (status in VALID_STATUSES if case.status is None else status == case.status):
            wrong.append("%s-%s: got %s, CANN's %s" % (op_name, case.name, status, case.status))
    assert ran > 0, "%s: no case ran" % mod_name
    assert not wrong, "%d of %d cases of %s:\n  %s" % (len(wrong), ran, mod_name, "\n  ".join(wrong))
