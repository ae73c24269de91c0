"""The check-sequence probes (tests/ops/probes/): each gets the status CANN's op_api
source gives it; and every registered API declares its check sequence, with its
source, and has probes."""
import importlib

import pytest

import ascendops
from cann_calls import status_of
from probes import Probe, modules

MODULES = modules()


def _probes(mod_name):
    """(API name, probe) of one module, each with the status ascendops must give: CANN's,
    or for a probe in the module's DEVIATIONS the status ascendops gives instead (a
    documented deviation, docs/fidelity.md)."""
    mod = importlib.import_module("probes." + mod_name)
    assert isinstance(mod.SOURCE, tuple) and len(mod.SOURCE) == 3, mod_name
    deviations = getattr(mod, "DEVIATIONS", {})
    names = [p.name for p in mod.PROBES]
    assert len(set(names)) == len(names), "%s: probe names repeat" % mod_name
    assert set(deviations) <= set(names), "%s: DEVIATIONS names no probe: %s" % (mod_name, set(deviations) - set(names))
    for p in mod.PROBES:
        assert isinstance(p, Probe) and p.cite, (mod_name, p)
        if p.name in deviations:
            status, why = deviations[p.name]
            assert status != p.status and why, (mod_name, p.name)
            p = p._replace(status=status)
        yield p.op or mod.OP, p


@pytest.mark.parametrize("mod_name", MODULES)
def test_probe_file(mod_name):
    """Every probe of one module; the failure names each probe that did not get CANN's
    status, with the status it got and the source line it cites."""
    wrong, ran = [], 0
    for op_name, probe in _probes(mod_name):
        status = status_of(op_name, probe)
        assert status is not None, "%s: %s is not registered" % (mod_name, op_name)
        ran += 1
        if status != probe.status:
            wrong.append("%s %r on %s: got %s, CANN's %s (%s)"
                         % (op_name, probe.name, probe.soc, status, probe.status, probe.cite))
    assert ran > 0
    assert not wrong, "%d of %d probes of %s:\n  %s" % (len(wrong), ran, mod_name, "\n  ".join(wrong))


def test_every_api_declares_its_sequence():
    """Every registered API's declaration carries a check sequence with its CANN source."""
    missing = sorted(op.name for op in ascendops.registered_ops().values()
                     if op.check_steps is None or op.checks is None)
    assert not missing, "no check sequence: %s" % ", ".join(missing)


def test_every_api_has_probes():
    probed = {op_name for m in MODULES for op_name, _ in _probes(m)}
    missing = sorted(op.name for op in ascendops.registered_ops().values() if op.name not in probed)
    assert not missing, "no probes: %s" % ", ".join(missing)


def test_fidelity_doc_is_current():
    """docs/fidelity.md's tables (sources, steps, probes, deviations) are the registry's
    and the probes' (tools/fidelity_table.py --write regenerates them)."""
    import os
    import runpy
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    tool = runpy.run_path(os.path.join(root, "tools", "fidelity_table.py"))
    with open(tool["DOC"]) as f:
        text = f.read()
    assert tool["render"](text, tool["sections"]()) == text, \
        "docs/fidelity.md is stale: run python tools/fidelity_table.py --write"
