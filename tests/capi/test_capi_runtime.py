"""The runtime functions llama.cpp's CANN backend calls (tests/capi/capi_runtime_checks.cpp):
aclrtGetSocName, aclrtGetMemInfo, events with flags and aclrtStreamWaitEvent, peer access,
virtual memory management (a round trip through aclCreateTensor, aclnnRelu and the copies,
and the error paths with CANN's codes), tensor lists, and the destroy functions typed as
ggml's deleters take them. One program, run on the cpu device, on the strict device
(ASCENDOPS_STRICT_DEVICE=1) and under a device capacity."""
import os
import re
import subprocess

import pytest

from test_capi import CXX, HERE, build, flags, needs_cxx, run


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    if CXX is None:
        pytest.skip("no C++ compiler")
    exe = str(tmp_path_factory.mktemp("runtime") / "capi_runtime_checks")
    build(CXX, os.path.join(HERE, "capi_runtime_checks.cpp"), exe, flags(), "-std=c++11")
    return exe


def checked(r):
    failed = [line for line in r.stdout.splitlines() if line.startswith("CHECK FAIL")]
    assert not failed, "\n".join(failed) + "\n" + r.stderr
    assert r.returncode == 0 and r.stdout.rstrip().endswith("DONE 0"), r.stdout + r.stderr
    assert len(re.findall(r"^CHECK ok", r.stdout, re.M)) > 150
    return dict(re.findall(r"^VAL (\w+) (.*)$", r.stdout, re.M))


@needs_cxx
@pytest.mark.parametrize("strict", ["0", "1"])
def test_runtime_functions(program, strict):
    vals = checked(run(program, os.path.dirname(program), ASCENDOPS_STRICT_DEVICE=strict))
    assert vals["soc"] == "host"
    assert int(vals["total"]) > 0


@needs_cxx
def test_runtime_functions_under_a_capacity_and_soc(program):
    """aclrtGetMemInfo's total is the device capacity, which bounds aclrtMallocPhysical;
    aclrtGetSocName names the profile ASCENDOPS_SOC selects."""
    vals = checked(run(program, os.path.dirname(program), ASCENDOPS_DEVICE_CAPACITY="64M",
                       ASCENDOPS_SOC="Ascend910B"))
    assert vals["soc"] == "Ascend910B" and int(vals["total"]) == 64 << 20


@needs_cxx
def test_host_read_of_mapped_memory(program):
    """Mapped memory is device memory: readable on the host on cpu, a fault on the strict
    device (as aclrtMalloc's)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LD_LIBRARY_PATH", "ASCENDOPS_SOC")}
    r = subprocess.run([program, "deref"], env=dict(env, ASCENDOPS_STRICT_DEVICE="0"), capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0 and "value 1.50" in r.stdout, r.stdout + r.stderr
    r = subprocess.run([program, "deref"], env=dict(env, ASCENDOPS_STRICT_DEVICE="1"), capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == -11 and r.stdout.strip() == "reading mapped memory on the host", (r.returncode, r.stdout,
                                                                                           r.stderr)
