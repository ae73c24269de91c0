"""`python -m ascendops.config` and the C package files the build ships next to
libascendops.so: ascendops.pc (pkg-config) and ascendopsConfig.cmake (find_package),
each used to build and run examples/silu_backward.cpp, and docs/c-api.md's CMake
snippets, verbatim but for the python they run. The pkg-config and CMake tests skip
where those tools are not installed."""
import os
import re
import shutil
import subprocess
import sys

import numpy as np
import pytest

import ascendops
from ascendops import config
from ascendops.ops.silu_backward import reference

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "examples", "silu_backward.cpp")
PKG_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(ascendops.__file__)))
CXX = os.environ.get("CXX") or shutil.which("g++") or shutil.which("clang++") or shutil.which("c++")
needs_cxx = pytest.mark.skipif(CXX is None, reason="no C++ compiler (g++, clang++, c++ or $CXX)")
needs_pkg_config = pytest.mark.skipif(shutil.which("pkg-config") is None,
                                      reason="pkg-config is not installed (apt-get install pkg-config)")
needs_cmake = pytest.mark.skipif(shutil.which("cmake") is None,
                                 reason="cmake is not installed (apt-get install cmake)")


def run_config(*args):
    env = dict(os.environ, PYTHONPATH=PKG_PARENT)
    return subprocess.run([sys.executable, "-m", "ascendops.config"] + list(args), env=env, cwd="/",
                          capture_output=True, text=True, timeout=60)


def clean_env(**extra):
    """No PYTHONPATH or LD_LIBRARY_PATH: the programs find everything through their rpath."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LD_LIBRARY_PATH", "ASCENDOPS_SOC")}
    env.update(extra)
    return env


def check_example_runs(exe, cwd):
    r = subprocess.run([exe], cwd=cwd, env=clean_env(), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    got = [float(v) for v in re.findall(r"out result\[\d+\] is: (-?[0-9.]+)", r.stdout)]
    assert len(got) == 6, r.stdout
    ref = reference(np.ones(6), np.arange(1, 7, dtype=np.float64))
    np.testing.assert_allclose(got, ref, rtol=0, atol=1.5e-6)   # printed with %f


# -- the command line ---------------------------------------------------------------------
def test_mistyped_option_is_an_error_on_stderr_only():
    """Regression: `--cflag` printed the whole help to stdout (inside $(...) it landed on
    the compiler line) and never named the bad option."""
    r = run_config("--cflag")
    assert r.returncode == 2
    assert r.stdout == ""
    assert "'--cflag'" in r.stderr and "usage:" in r.stderr


def test_a_bad_option_among_good_ones_prints_no_flags():
    r = run_config("--cflags", "--lib")
    assert r.returncode == 2 and r.stdout == "" and "'--lib'" in r.stderr


def test_no_option_is_an_error():
    r = run_config()
    assert r.returncode == 2 and r.stdout == "" and "usage:" in r.stderr


def test_help_goes_to_stdout():
    r = run_config("--help")
    assert r.returncode == 0 and "--cflags" in r.stdout and "--cmakedir" in r.stdout


def test_flags_in_the_order_asked():
    r = run_config("--libdir", "--includedir", "--pkgconfigdir", "--cmakedir")
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == [config.lib_dir(), config.include_dir(), config.pkgconfig_dir(),
                                config.cmake_dir()]


def test_cflags_are_cann_s_two_include_folders():
    """CANN's examples build with `-I ${INCLUDE_PATH} -I ${INCLUDE_PATH}/aclnnop` (hicann/ops-nn
    build.sh, build_single_example, commit e5c3fa93): "aclnn_<op>.h" resolves without the
    aclnnop/ prefix too. Regression: --cflags gave the first folder only."""
    r = run_config("--cflags")
    assert r.returncode == 0, r.stderr
    inc = config.include_dir()
    assert r.stdout.split() == ["-I" + inc, "-I" + os.path.join(inc, "aclnnop")]
    assert os.path.isfile(os.path.join(inc, "acl", "acl.h"))
    assert os.path.isfile(os.path.join(inc, "aclnnop", "aclnn_silu_backward.h"))


@needs_cxx
def test_cflags_find_op_headers_without_the_aclnnop_prefix(tmp_path):
    src = tmp_path / "prefixless.cpp"
    src.write_text('#include "acl/acl.h"\n#include "aclnn_silu_backward.h"\n'
                   "int main() { return aclnnSiluBackwardGetWorkspaceSize == nullptr; }\n")
    r = run_config("--cflags", "--libs")
    assert r.returncode == 0, r.stderr
    exe = str(tmp_path / "prefixless")
    made = subprocess.run([CXX, "-std=c++11", str(src)] + r.stdout.split() + ["-o", exe],
                          capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    assert subprocess.run([exe], env=clean_env(), timeout=60).returncode == 0


def test_package_files_are_shipped_next_to_the_library():
    assert os.path.isfile(os.path.join(config.pkgconfig_dir(), "ascendops.pc"))
    assert os.path.isfile(os.path.join(config.cmake_dir(), "ascendopsConfig.cmake"))
    assert os.path.isfile(os.path.join(config.cmake_dir(), "ascendopsConfigVersion.cmake"))
    assert os.path.isfile(config.library_path())


# -- pkg-config -----------------------------------------------------------------------------
@needs_pkg_config
def test_pkg_config_describes_this_build():
    env = clean_env(PKG_CONFIG_PATH=config.pkgconfig_dir())
    version = subprocess.run(["pkg-config", "--modversion", "ascendops"], env=env,
                             capture_output=True, text=True, check=True).stdout.strip()
    assert version == ascendops.__version__
    cflags = subprocess.run(["pkg-config", "--cflags", "ascendops"], env=env,
                            capture_output=True, text=True, check=True).stdout.split()
    include = [f[2:] for f in cflags if f.startswith("-I")]
    inc = os.path.realpath(config.include_dir())
    assert [os.path.realpath(p) for p in include] == [inc, os.path.join(inc, "aclnnop")]


@needs_cxx
@needs_pkg_config
def test_pkg_config_builds_the_example(tmp_path):
    env = clean_env(PKG_CONFIG_PATH=config.pkgconfig_dir())
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "ascendops"], env=env,
                           capture_output=True, text=True, check=True).stdout.split()
    exe = str(tmp_path / "silu_backward")
    r = subprocess.run([CXX, "-std=c++11", EXAMPLE] + flags + ["-o", exe], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    check_example_runs(exe, str(tmp_path))


# -- CMake ----------------------------------------------------------------------------------
def doc_cmake_snippets():
    with open(os.path.join(ROOT, "docs", "c-api.md")) as f:
        return re.findall(r"```cmake\n(.*?)```", f.read(), re.S)


def cmake_build(tmp_path, cmakelists, extra_args=()):
    src = tmp_path / "src"
    src.mkdir()
    (src / "CMakeLists.txt").write_text(cmakelists)
    shutil.copy(EXAMPLE, str(src / "silu_backward.cpp"))
    build = tmp_path / "build"
    env = clean_env()
    if CXX:
        env["CXX"] = CXX
    configure = subprocess.run(["cmake", "-S", str(src), "-B", str(build)] + list(extra_args),
                               env=env, capture_output=True, text=True, timeout=300)
    if configure.returncode != 0:
        return configure, None
    made = subprocess.run(["cmake", "--build", str(build)], env=env, capture_output=True, text=True,
                          timeout=300)
    return configure, made


def with_this_python(snippet):
    """The snippet runs `python`; here, the interpreter that runs the tests."""
    assert "COMMAND python -m ascendops.config" in snippet
    return snippet.replace("COMMAND python -m", "COMMAND %s -m" % sys.executable)


@needs_cxx
@needs_cmake
def test_find_package_builds_the_example(tmp_path):
    cmakelists = (
        "cmake_minimum_required(VERSION 3.12)\nproject(app CXX)\n"
        "find_package(ascendops %s REQUIRED)\n"
        "add_executable(app silu_backward.cpp)\n"
        "target_link_libraries(app PRIVATE ascendops::ascendops)\n" % ascendops.__version__)
    configure, made = cmake_build(tmp_path, cmakelists, ["-Dascendops_DIR=" + config.cmake_dir()])
    assert configure.returncode == 0, configure.stdout + configure.stderr
    assert made.returncode == 0, made.stdout + made.stderr
    check_example_runs(str(tmp_path / "build" / "app"), str(tmp_path))


@needs_cmake
def test_find_package_refuses_an_incompatible_version(tmp_path):
    major = int(ascendops.__version__.split(".")[0])
    cmakelists = ("cmake_minimum_required(VERSION 3.12)\nproject(app CXX)\n"
                  "find_package(ascendops %d.0 REQUIRED)\n" % (major + 1))
    configure, _ = cmake_build(tmp_path, cmakelists, ["-Dascendops_DIR=" + config.cmake_dir()])
    assert configure.returncode != 0
    assert "ascendops" in configure.stderr and ascendops.__version__ in configure.stderr


@needs_cxx
@needs_cmake
@pytest.mark.slow      # tier 2: cmake configures and builds (the other tests here build the example)
@pytest.mark.parametrize("which", [0, 1], ids=["find_package", "flags"])
def test_doc_cmake_snippet_builds_the_example(tmp_path, which):
    """docs/c-api.md's snippets. Regression: the flags one used target_link_options, which
    put -lascendops before the objects, so the link failed."""
    snippets = doc_cmake_snippets()
    assert len(snippets) == 2
    configure, made = cmake_build(tmp_path, with_this_python(snippets[which]))
    assert configure.returncode == 0, configure.stdout + configure.stderr
    assert made.returncode == 0, made.stdout + made.stderr
    check_example_runs(str(tmp_path / "build" / "app"), str(tmp_path))


@needs_cmake
@pytest.mark.slow      # tier 2: cmake configures and builds (the other tests here build the example)
@pytest.mark.parametrize("which", [0, 1], ids=["find_package", "flags"])
def test_doc_cmake_snippet_stops_when_the_config_command_fails(tmp_path, which):
    """Regression: the snippet ignored a failing execute_process and configured anyway."""
    snippet = with_this_python(doc_cmake_snippets()[which])
    # a mistyped option: the command exits with status 2 and prints nothing
    snippet = snippet.replace("-m ascendops.config --", "-m ascendops.config --bogus-")
    configure, _ = cmake_build(tmp_path, snippet)
    assert configure.returncode != 0
    assert "python -m ascendops.config failed" in configure.stderr


def test_coverage_reads_the_aclnn_apis_a_library_imports(tmp_path):
    """--coverage marks each aclnn API an ELF file imports: implemented (a registered op),
    declared (CANN's signature exported, 561003) or missing; exit status 1 unless all are
    implemented."""
    cc = shutil.which(os.environ.get("CC", "gcc")) or shutil.which("cc")
    if cc is None:
        pytest.skip("no C compiler")
    src = tmp_path / "uses.c"
    src.write_text("extern int aclnnSiluGetWorkspaceSize(); extern int aclnnSilu(); "
                   "extern int aclnnAddcdivGetWorkspaceSize(); extern int aclnnNoSuchOpGetWorkspaceSize();\n"
                   "int use(void) { return aclnnSiluGetWorkspaceSize() + aclnnSilu() + "
                   "aclnnAddcdivGetWorkspaceSize() + aclnnNoSuchOpGetWorkspaceSize(); }\n")
    lib = tmp_path / "libuses.so"
    subprocess.run([cc, "-shared", "-fPIC", str(src), "-o", str(lib)], check=True)
    assert config.coverage([str(lib)]) == {"Silu": "implemented", "Addcdiv": "declared", "NoSuchOp": "missing"}
    p = subprocess.run([sys.executable, "-m", "ascendops.config", "--coverage", str(lib)],
                       capture_output=True, text=True)
    assert p.returncode == 1 and "1 of 3 aclnn APIs implemented" in p.stdout
    p = subprocess.run([sys.executable, "-m", "ascendops.config", "--coverage", str(src)],
                       capture_output=True, text=True)
    assert p.returncode == 2 and "not an ELF file" in p.stderr
