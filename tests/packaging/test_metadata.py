"""Packaging metadata and setup.py's source checks, without building anything: one
version source, the SPDX license with its LICENSE file, and a build that stops when a
declared source is missing (the sdist once lost the C API's sources and still built a
library without it) or when a source exists that no list declares."""
import os
import re
import shutil
import subprocess
import sys

import pytest

import ascendops

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
checkout_only = pytest.mark.skipif(not os.path.isfile(os.path.join(ROOT, "pyproject.toml")),
                                   reason="not a source checkout (no pyproject.toml)")


def read(*parts):
    with open(os.path.join(ROOT, *parts)) as f:
        return f.read()


@checkout_only
def test_one_version_source():
    pyproject = read("pyproject.toml")
    project = pyproject.split("\n[project]\n", 1)[1].split("\n[", 1)[0]
    assert re.search(r'^dynamic = \["version"\]', project, re.M)
    assert not re.search(r"^version\s*=", project, re.M)   # written once: ascendops/__init__.py
    assert 'version = {attr = "ascendops.__version__"}' in pyproject


def test_installed_metadata_matches_the_package():
    from importlib import metadata
    try:
        dist = metadata.distribution("ascendops")
    except metadata.PackageNotFoundError:
        pytest.skip("ascendops is not installed (an in-place build)")
    # the installed copy may be another version than an in-place build under test
    installed = os.path.realpath(str(dist.locate_file("ascendops")))
    if installed != os.path.realpath(os.path.dirname(ascendops.__file__)):
        pytest.skip("the ascendops under test is not the installed one")
    assert dist.version == ascendops.__version__
    assert dist.metadata["License-Expression"] == "Apache-2.0"
    assert "ascendops developers" in (dist.metadata["Author"] or "")
    assert any(f.name == "LICENSE" for f in dist.files)


@checkout_only
def test_license_is_apache_2():
    text = read("LICENSE")
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION" in text
    pyproject = read("pyproject.toml")
    assert 'license = "Apache-2.0"' in pyproject and 'license-files = ["LICENSE"]' in pyproject


def setup_tree(tmp_path):
    """A copy of what setup.py reads when it starts: itself, the package's
    __init__.py and Cython sources, include/ and src/."""
    dst = tmp_path / "tree"
    dst.mkdir()
    for name in ("setup.py", "pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(os.path.join(ROOT, name), str(dst / name))
    shutil.copytree(os.path.join(ROOT, "include"), str(dst / "include"))
    shutil.copytree(os.path.join(ROOT, "src"), str(dst / "src"))
    shutil.copytree(os.path.join(ROOT, "ascendops"), str(dst / "ascendops"),
                    ignore=shutil.ignore_patterns("*.so", "lib", "include", "_core.c", "__pycache__"))
    return dst


def needs_build_setuptools():
    """setup.py needs the build's setuptools (>=77, pyproject.toml's build-system; the dev
    extra installs it): a venv's bundled setuptools refuses the SPDX license string."""
    setuptools = pytest.importorskip("setuptools")
    if int(setuptools.__version__.split(".")[0]) < 77:
        pytest.skip("setuptools %s < 77: pip install '.[dev]' for setup.py's own checks"
                    % setuptools.__version__)


def run_setup(src):
    # setup.py loads with numpy (a runtime dependency) and setuptools: no Cython needed here
    return subprocess.run([sys.executable, "setup.py", "--name"], cwd=str(src), capture_output=True,
                          text=True, timeout=120)


@checkout_only
def test_setup_stops_on_a_missing_source(tmp_path):
    needs_build_setuptools()
    src = setup_tree(tmp_path)
    assert run_setup(src).returncode == 0   # control: the complete tree loads
    os.remove(str(src / "src" / "capi" / "ops.cpp"))
    r = run_setup(src)
    assert r.returncode != 0
    assert "src/capi/ops.cpp" in r.stderr and "missing" in r.stderr


@checkout_only
def test_setup_stops_on_an_undeclared_source(tmp_path):
    needs_build_setuptools()
    src = setup_tree(tmp_path)
    (src / "src" / "extra.c").write_text("int ao_extra;\n")
    r = run_setup(src)
    assert r.returncode != 0
    assert "src/extra.c" in r.stderr and "not declared" in r.stderr


@checkout_only
def test_setup_stops_when_a_header_list_comes_out_empty(tmp_path):
    needs_build_setuptools()
    src = setup_tree(tmp_path)
    # (include/aclnnop is no longer a source: the build generates it from the op declarations)
    for name in (os.path.join("src", "ops"),):
        shutil.rmtree(str(src / name))
        # stops before compiling anything
        r = subprocess.run([sys.executable, "setup.py", "build_ext"], cwd=str(src), capture_output=True,
                           text=True, timeout=120)
        assert r.returncode != 0
        assert "no headers %s/" % name in r.stderr, r.stderr[-2000:]
        shutil.copytree(os.path.join(ROOT, name), str(src / name))


@checkout_only
@pytest.mark.parametrize("value", ["zero", "0", "-2"])
def test_setup_refuses_a_bad_build_jobs_count(tmp_path, value):
    needs_build_setuptools()
    src = setup_tree(tmp_path)
    env = dict(os.environ, ASCENDOPS_BUILD_JOBS=value)
    # stops before compiling anything
    r = subprocess.run([sys.executable, "setup.py", "build_ext"], cwd=str(src), env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode != 0
    assert "ASCENDOPS_BUILD_JOBS=%r" % value in r.stderr, r.stderr[-2000:]
