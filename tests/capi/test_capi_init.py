"""The C API outside aclInit .. aclFinalize: the runtime calls
answer ACL_ERROR_UNINITIALIZE (100001) and change nothing, phase 2 answers
ACLNN_ERR_RUNTIME_ERROR (361001) without running, aclInit / aclFinalize return CANN's
codes (hicann/runtime src/acl/aclrt_impl/acl.cpp), and a second aclInit makes the
runtime and the resources created before aclFinalize usable again.
The checks are made by tests/capi/capi_init_checks.cpp, a C++ program of its own (the
state is per process)."""
import re

from test_capi import needs_cxx, run_check_program


@needs_cxx
def test_runtime_refused_outside_init_and_finalize(tmp_path):
    r = run_check_program("capi_init_checks", tmp_path)
    # every runtime call was checked in each of the three uninitialized states
    for when in ("before aclInit", "finalized before aclInit", "after aclFinalize"):
        refused = re.findall(r"^CHECK ok %s: aclrt\w+.* got 100001 expected 100001$" % when, r.stdout, re.M)
        assert len(refused) >= 9, (when, refused)
    assert len(re.findall(r"^CHECK ok after aclFinalize: aclrt", r.stdout, re.M)) >= 16
