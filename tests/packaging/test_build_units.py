"""The incremental build recompiles only what an op header edit touches: read from the
dependency rules gcc wrote beside the objects of this checkout's last build (-MMD,
setup.py parallel_compiles), each op math header src/ops/<op>.h is read by its own unit
of each ISA region (setup.py write_region_units), the three kernel tables and
src/wide.c, and by no other object. A unit that pulled in several op headers (the op
families did: the geglu family's edit took over 15 s on 2 cores), a source including the
ops list, or objects built without dependency rules (every edit then recompiles all or
nothing) fails here. The rebuild times themselves: tools/rebuild_times.py and
docs/testing.md, "Rebuild times".

Reads files only (a second); skips where this checkout has no built objects (a wheel's
test run)."""
import glob
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ISAS = ("baseline", "avx2", "avx512")


def rules():
    """{object path: the files its last compile read}, for every object of the last
    build whose source still exists (setup.py deletes the units of removed ops)."""
    found = {}
    for dep in glob.glob(os.path.join(ROOT, "build", "temp.*", "**", "*.o.d"), recursive=True):
        with open(dep) as f:
            text = f.read().replace("\\\n", " ")
        _, _, files = text.partition(": ")
        files = [os.path.normpath(os.path.join(ROOT, p.replace("\\ ", " ")))
                 for p in re.split(r"(?<!\\)\s+", files.strip()) if p]
        if files and os.path.isfile(files[0]):
            found[dep[:-len(".d")]] = set(files)
    return found


def test_each_op_header_is_read_by_its_units_the_tables_and_wide_c_only():
    headers = sorted(glob.glob(os.path.join(ROOT, "src", "ops", "*.h")))
    if not os.path.isfile(os.path.join(ROOT, "setup.py")) or not headers:
        pytest.skip("not a source checkout")
    deps = rules()
    objects = {os.path.basename(obj) for obj in deps}
    if "wide.o" not in objects or not any(o.endswith("__table.o") for o in objects):
        pytest.skip("no build of this checkout with dependency rules (python setup.py build_ext --inplace)")
    checked = 0
    for header in headers:
        op = os.path.splitext(os.path.basename(header))[0]
        units = {"%s_%s.o" % (isa, op) for isa in ISAS}
        if not units <= objects:
            continue   # added since the last build
        readers = {os.path.basename(obj) for obj, files in deps.items() if header in files}
        want = units | {"%s__table.o" % isa for isa in ISAS} | {"wide.o"}
        assert readers == want, "src/ops/%s.h: read also by %s; not by %s" % (
            op, sorted(readers - want), sorted(want - readers))
        checked += 1
    assert checked >= len(headers) // 2, "the last build's units do not match the op headers"
