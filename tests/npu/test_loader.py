"""The CANN loader (src/npu/cann.c) and ascendops.npu: found as CANN's set_env.sh leaves
it, loaded only when asked, clear errors when it is missing or incomplete. Every case
runs in a subprocess: the loader's state is per process."""
import os

import pytest

from npu_env import clean_env, run, run_code


def test_without_cann_nothing_is_loaded_and_the_error_says_where_it_looked(tmp_path):
    if os.path.isdir("/usr/local/Ascend/ascend-toolkit/latest/lib64"):
        pytest.skip("CANN is installed on this machine")
    empty = tmp_path / "no-cann"
    empty.mkdir()
    env = clean_env(ASCEND_HOME_PATH=str(empty), HOME=str(tmp_path))
    r = run_code("""
        import numpy as np, ascendops
        from ascendops import _core
        ascendops.silu_backward(np.ones(3, np.float32), np.ones(3, np.float32))
        print(_core._npu_dlopen_attempts())
        print(ascendops.npu.is_available(), ascendops.npu.device_count(), ascendops.npu.version())
        print(_core._npu_dlopen_attempts())
        try:
            ascendops.npu.load()
        except ascendops.npu.NpuUnavailableError as e:
            print("ERROR", e)
        """, env)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "0"
    assert lines[1] == "False 0 None"
    assert lines[2] == "0"      # no lib64/ anywhere: nothing to dlopen
    text = r.stdout[r.stdout.index("ERROR"):]
    for expected in (str(empty), "$ASCEND_HOME_PATH", "/usr/local/Ascend/ascend-toolkit/latest",
                     str(tmp_path / "Ascend" / "ascend-toolkit" / "latest"), "libascendcl.so",
                     "libacl_rt.so", "libnnopbase.so", "libopapi.so", "set_env.sh"):
        assert expected in text, (expected, text)


def test_import_and_cpu_ops_load_nothing_even_with_cann_present(make_standin):
    root, env = make_standin()
    r = run_code("""
        import numpy as np, ascendops
        from ascendops import _core
        ascendops.silu_backward(np.ones(3, np.float32), np.ones(3, np.float32))
        maps = open("/proc/self/maps").read()
        print(_core._npu_dlopen_attempts(), "libascendops.so" in maps, "libascendops_npu_calls" in maps)
        print(ascendops.npu.is_available())
        maps = open("/proc/self/maps").read()
        print(_core._npu_dlopen_attempts() > 0, "libascendops.so" in maps)
        """, env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["0 False False", "True", "True True"]


@pytest.mark.parametrize("layout,runtime", [("opapi", "libascendcl.so"), ("split", "libacl_rt.so")])
def test_standin_loads_with_either_library_layout(make_standin, layout, runtime):
    root, env = make_standin(layout)
    r = run_code("""
        import ascendops
        info = ascendops.npu.info()
        print(ascendops.npu.is_available(), ascendops.npu.device_count())
        print(info["home"]); print(info["runtime"]); print(ascendops.npu.version())
        print(info["op_libraries"])
        """, env)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "True 1"
    assert lines[1] == root
    assert lines[2] == os.path.join(root, "lib64", runtime)
    assert lines[3].startswith("ascendops-standin-")    # the version file the stand-in writes
    # the op libraries, in search order: the per-repository ones with ops-cv's and
    # ops-transformer's (UpsampleNearest2d, RotaryPositionEmbedding live there)
    assert lines[4] == ("('libopapi.so',)" if layout == "opapi" else
                        "('libopapi_nn.so', 'libopapi_math.so', 'libopapi_cv.so', 'libopapi_transformer.so')")


def test_search_order_home_path_before_toolkit_home(make_standin):
    """set_env.sh's ASCEND_HOME_PATH wins over ASCEND_TOOLKIT_HOME; the toolkit home is
    used when the first has no lib64/."""
    first, env = make_standin(name="first")
    second, _ = make_standin(name="second")
    code = "import ascendops; print(ascendops.npu.info()['home'])"
    env["ASCEND_TOOLKIT_HOME"] = second
    r = run_code(code, env)
    assert r.returncode == 0 and r.stdout.strip() == first, r.stderr
    env["ASCEND_HOME_PATH"] = os.path.join(first, "missing")
    r = run_code(code, env)
    assert r.returncode == 0 and r.stdout.strip() == second, r.stderr


def test_incomplete_installation_names_the_missing_library(make_standin):
    root, env = make_standin()
    os.remove(os.path.join(root, "lib64", "libnnopbase.so"))
    r = run_code("""
        import ascendops
        print(ascendops.npu.is_available())
        try:
            ascendops.npu.load()
        except ascendops.npu.NpuUnavailableError as e:
            print(e)
        """, env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("False\n")
    assert os.path.join(root, "lib64", "libnnopbase.so") + ": not found" in r.stdout


def _libm_path():
    for line in open("/proc/self/maps"):
        path = line.split()[-1]
        if os.path.basename(path).startswith("libm.so"):
            return path
    pytest.skip("libm is not mapped in this process")


def test_an_op_missing_from_cann_names_the_symbol_and_the_version(make_standin):
    """An op library without the op (a real ELF library that dlopen loads, libm here):
    the call fails naming aclnn<Op>GetWorkspaceSize and the CANN version found."""
    root, env = make_standin()
    opapi = os.path.join(root, "lib64", "libopapi.so")
    os.remove(opapi)
    os.symlink(_libm_path(), opapi)
    r = run_code("""
        import ascendops
        from ascendops import _core
        op = ascendops.registered_ops()["silu_backward"]
        addr = _core._npu_malloc_raw(64)
        t = _core._npu_tensor_at(addr, 64, (4,), "float32")
        try:
            _core._npu_call_raw(op, (t, t, t), (), [addr] * 3)
        except NotImplementedError as e:
            print(e)
        """, env)
    assert r.returncode == 0, r.stderr
    assert "aclnnSiluBackwardGetWorkspaceSize" in r.stdout
    assert "ascendops-standin-" in r.stdout and root in r.stdout


def test_standin_command_and_set_env_sh(tmp_path):
    """python -m ascendops.standin DIR; sourcing DIR/set_env.sh makes CANN available."""
    root = tmp_path / "cann"
    r = run(["-m", "ascendops.standin", str(root)], clean_env())
    assert r.returncode == 0, r.stderr
    assert (root / "set_env.sh").is_file()
    for name in ("libascendcl.so", "libnnopbase.so", "libopapi.so"):
        path = root / "lib64" / name
        assert path.is_symlink() and os.path.basename(os.path.realpath(path)) == "libascendops.so"
    import subprocess
    import sys
    script = ". %s && %s -c 'import ascendops, os; print(ascendops.npu.is_available(), " \
             "os.environ[\"ASCENDOPS_STRICT_DEVICE\"])'" % (root / "set_env.sh", sys.executable)
    p = subprocess.run(["bash", "-c", script], env=clean_env(), capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "True 1"
