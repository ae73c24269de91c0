"""Build of the ascendops extension: the Cython core plus the C engine and kernels under src/
(include/ holds only the public C headers: CANN's aclnn API, shipped with the package).

Environment:
  ASCENDOPS_DEBUG=1     C asserts on, -O1 -g, Cython's C division checks (bounds
                        checks are always on: the Cython layer only indexes Python objects).
  ASCENDOPS_SANITIZE=1  also -fsanitize=address,undefined (see tools/sanitize.sh).
  ASCENDOPS_BUILD_JOBS  compiler processes run at once (default: the CPU count).
  ASCENDOPS_QUICK_BUILD=1  -O0 and the baseline ISA region alone: a build that proves
                        the package builds, links and runs, not how fast (the sdist
                        test: the Cython core compiles in a tenth of -O3's compiler
                        time, and the AVX2 and AVX-512 regions, each as long as the
                        baseline's, are left out); the kernels run many times slower.

The op headers include/aclnnop/aclnn_<op>.h are generated, not kept in git: once the
core is built, its op declarations (ascendops/ops/) are imported with it and write them
(ascendops/_headers.py); libascendops.so is compiled from them, and they are installed
with the package (and written into the checkout's include/aclnnop for an in-place build).

Build speed: the C sources compile in parallel (one compiler process per source), an
object is recompiled only when its source or a header it includes changed (gcc's -MMD
files: parallel_compiles), the ISA regions compile one unit per op
(write_region_units), generated files are rewritten only when their text changes,
release builds carry no debug info (-g0: a quarter less time for the Cython output),
which compiles at -O2 (cython_output_flags), and the README's second
`pip install '.[test]'` reuses the first one's objects: see cythonized() and BuildExt.
Figures: README.md, "Set up".
"""
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from concurrent.futures import ThreadPoolExecutor

import numpy
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.modified import newer_group

HERE = os.path.dirname(os.path.abspath(__file__))
INCLUDE = os.path.join("include")  # public headers: CANN's aclnn C API
SRC = os.path.join("src")  # the implementation: engine, kernels, op math, C API shim
GENERATED = os.path.join("build", "generated")
GENERATED_ACLNNOP = os.path.join(GENERATED, "aclnnop")
# the op part of the type stubs (ascendops/_stubs.py): _ops.pyi, aclnn.pyi; not kept in git
GENERATED_STUBS = os.path.join(GENERATED, "stubs")
DEBUG = os.environ.get("ASCENDOPS_DEBUG", "") not in ("", "0")
SANITIZE = os.environ.get("ASCENDOPS_SANITIZE", "") not in ("", "0")
QUICK = os.environ.get("ASCENDOPS_QUICK_BUILD", "") not in ("", "0")

# Every compiled source, declared (MANIFEST.in ships the folders they live in). A
# source missing from the tree, or one present but not declared here, stops the build:
# a library built without its C API (an sdist that lost capi/*.cpp) links and imports
# fine and fails only in the user's linker.
CORE_SOURCES = ["ascendops/_core.pyx"] + [os.path.join(SRC, name) for name in (
    "attention.c",
    "cast.c",
    "engine.c",
    "kernels.c",
    "rows.c",
    "softmax.c",
    "wide.c",
    "channel.c",
    "axis.c",
    "norm.c",
    "reduce.c",
    "sort.c",
    "linalg.c",
    "gemm.c",
    "gemm_avx512.c",
    "gemm_avx2.c",
    "layout.c",
    "window.c",
    "conv.c",
    "concat.c",
    "mask.c",
    "index.c",
    "rope.c",
    "rrelu.c",
    "matmul.c",
    "nz.c",
    "quant_matmul.c",
)]
# The ISA regions (src/region.h under each region's target options): compiled not whole
# but as one unit per op and region plus one unit of the region's table
# (write_region_units).
REGION_SOURCES = [os.path.join(SRC, "region_%s.c" % isa) for isa in ("baseline", "avx2", "avx512")]
GENERATED_REGIONS = os.path.join(GENERATED, "regions")
CAPI_SOURCES = [os.path.join(SRC, "capi", name)
                for name in ("capi.cpp", "ops.cpp")]
# The npu device's CANN loader, compiled into the core (no build-time CANN: src/npu/cann.h).
NPU_SOURCES = [os.path.join(SRC, "npu", "cann.c")]
# The npu device's op-call trampolines: generated from the op declarations with the
# aclnnop headers (ascendops/_headers.py), compiled into libascendops_npu_calls.so.
NPU_CALLS_SOURCE = os.path.join(GENERATED, "ao_npu_calls.c")


def check_sources(declared, pattern):
    """The declared sources exist, and `pattern` finds no undeclared one."""
    missing = [s for s in declared if not os.path.isfile(s)]
    if missing:
        sys.exit("setup.py: source files missing from this tree: %s (an incomplete sdist "
                 "or checkout?)" % ", ".join(missing))
    undeclared = sorted(set(glob.glob(pattern)) - set(declared))
    if undeclared:
        sys.exit("setup.py: %s not declared in setup.py's source lists" % ", ".join(undeclared))


def require_glob(pattern, what):
    """The files matching `pattern`, sorted; none found stops the build."""
    found = sorted(glob.glob(pattern))
    if not found:
        sys.exit("setup.py: no %s found (%s): an incomplete sdist or checkout?" % (what, pattern))
    return found


def write_include_list(root, folder, pattern, name):
    """A generated header with one #include per header of <root>/<folder> matching
    `pattern`, sorted: adding an op never edits a C table by hand."""
    os.makedirs(GENERATED, exist_ok=True)
    where = os.path.join(root, folder, pattern)
    headers = require_glob(where, "headers " + where)
    lines = ["/* generated by setup.py from the headers in %s/%s: do not edit */" % (root, folder)]
    lines += ['#include "%s/%s"' % (folder, os.path.basename(h)) for h in headers]
    text = "\n".join(lines) + "\n"
    path = os.path.join(GENERATED, name)
    if not os.path.exists(path) or open(path).read() != text:
        with open(path, "w") as f:
            f.write(text)


def write_ops_list():
    """The op math headers, compiled once per ISA region into the kernel table."""
    write_include_list(SRC, "ops", "*.h", "ascendops_ops_list.h")


def write_if_changed(path, text):
    """Writes `text` into `path` unless it holds that text already (an unchanged file
    keeps its time stamp: nothing that depends on it is rebuilt)."""
    try:
        with open(path) as f:
            if f.read() == text:
                return
    except OSError:
        pass
    with open(path, "w") as f:
        f.write(text)


def write_region_units():
    """The units the ISA regions compile as (src/region.h, "the ops"): for each region
    src/region_<isa>.c, one unit per op (AO_REGION_OPS names the op's header: its
    kernels) and one unit for the region's kernel table (AO_REGION_TABLE_ONLY), written
    into build/generated/regions. Editing one op header recompiles its three units, the
    three tables and src/wide.c (every op's float64, integer and complex bodies): seconds of
    compiler time, where whole regions are over a minute. A unit per op family (by the
    name's first word) would put up to four of the heaviest ops in one unit: the geglu
    family's edit is 23 s of compiler time. A unit costs about 0.4 s of compiler time
    besides its op (the parse of region.h and the intrinsics headers): docs/testing.md,
    "Rebuild times".
    Returns the units' paths; units of removed ops are deleted."""
    os.makedirs(GENERATED_REGIONS, exist_ok=True)
    ops = [os.path.splitext(os.path.basename(h))[0]
           for h in require_glob(os.path.join(SRC, "ops", "*.h"), "op headers")]
    head = "/* generated by setup.py (write_region_units): do not edit */\n"
    files = {}
    # a quick build compiles the baseline region alone (regions.h AO_ISA_LEVEL_MAX, extension())
    for region in REGION_SOURCES[:1] if QUICK else REGION_SOURCES:
        isa = os.path.splitext(os.path.basename(region))[0][len("region_"):]
        # "__table": no op name starts with an underscore
        files["%s__table.c" % isa] = head + ('#define AO_REGION_TABLE_ONLY 1\n#include "%s"\n'
                                             % os.path.basename(region))
        for op in ops:
            files["%s_%s.c" % (isa, op)] = head + ('#define AO_REGION_OPS "ops/%s.h"\n#include "%s"\n'
                                                   % (op, os.path.basename(region)))
    for name in os.listdir(GENERATED_REGIONS):
        if name.endswith((".c", ".h")) and name not in files:
            os.remove(os.path.join(GENERATED_REGIONS, name))
    for name, text in files.items():
        write_if_changed(os.path.join(GENERATED_REGIONS, name), text)
    return [os.path.join(GENERATED_REGIONS, name) for name in sorted(files)]


# -- the C API: libascendops.so (src/capi, docs/c-api.md) ---------------
def write_aclnnop_list():
    """The public op headers aclnnop/aclnn_*.h (generated into build/generated/aclnnop):
    each expands into that op's C entry points inside libascendops.so."""
    write_include_list(GENERATED, "aclnnop", "aclnn_*.h", "aclnnop_list.h")


def sanitizer_env():
    """The environment in which a Python process can import a sanitizer build of the
    core: the ASan/UBSan runtimes preloaded (as tools/sanitize.sh runs the tests)."""
    env = dict(os.environ)
    if SANITIZE:
        cc = os.environ.get("CC", "gcc")
        libs = [subprocess.run([cc, "-print-file-name=%s" % name], capture_output=True, text=True).stdout.strip()
                for name in ("libasan.so", "libubsan.so")]
        env["LD_PRELOAD"] = " ".join(libs + [env.get("LD_PRELOAD", "")]).strip()
        env["ASAN_OPTIONS"] = "detect_leaks=0:" + env.get("ASAN_OPTIONS", "")
    return env


def write_aclnnop_headers(core_path):
    """Generates aclnnop/aclnn_<snake>.h of every op into build/generated/aclnnop:
    imports the op declarations (ascendops/ops/) with the core just built (`core_path`),
    from a copy of the package's Python files beside it (build/headergen), in a fresh
    interpreter, and runs ascendops/_headers.py. A header whose text is unchanged keeps
    its time stamp, so libascendops.so is rebuilt only when a signature changed. Skipped
    (a second of a no-change build) when the package's Python files and the core are
    byte for byte those of the last run and its outputs are there."""
    digest = hashlib.sha256(repr(SANITIZE).encode())
    for folder, dirs, names in os.walk("ascendops"):
        dirs[:] = sorted(d for d in dirs if d not in ("lib", "include", "__pycache__"))
        for name in sorted(names):
            if name.endswith((".py", ".typed")):   # what the stage imports (stubs excluded: outputs)
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    digest.update(path.encode() + b"\0" + f.read() + b"\0")
    with open(core_path, "rb") as f:
        digest.update(f.read())
    stamp = os.path.join(GENERATED, "headergen.sha256")
    outputs = [GENERATED_ACLNNOP, NPU_CALLS_SOURCE, GENERATED_STUBS]
    try:
        with open(stamp) as f:
            if f.read() == digest.hexdigest() and all(os.path.exists(p) for p in outputs):
                return
    except OSError:
        pass
    stage = os.path.join("build", "headergen")
    if os.path.exists(stage):
        shutil.rmtree(stage)
    shutil.copytree("ascendops", os.path.join(stage, "ascendops"),
                    ignore=shutil.ignore_patterns("*.so", "*.c", "*.h", "*.pyx", "*.pxi", "*.pxd", "lib",
                                                  "include", "__pycache__"))
    shutil.copy2(core_path, os.path.join(stage, "ascendops"))
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from ascendops import _headers, _stubs; "
            "_headers.write_headers(sys.argv[2]); _headers.write_npu_calls(sys.argv[3]); "
            "_stubs.write_stubs(sys.argv[4])")
    r = subprocess.run([sys.executable, "-c", code, os.path.abspath(stage), os.path.abspath(GENERATED_ACLNNOP),
                        os.path.abspath(NPU_CALLS_SOURCE), os.path.abspath(GENERATED_STUBS)],
                       cwd=stage, env=sanitizer_env(), capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("setup.py: generating the aclnnop headers from the op declarations (ascendops/ops/) "
                 "failed:\n%s%s" % (r.stdout, r.stderr))
    with open(stamp, "w") as f:
        f.write(digest.hexdigest())


def install_generated_stubs(package_dir):
    """Copies the generated stubs (_ops.pyi, aclnn.pyi) into `package_dir` (the built
    package, or the checkout's ascendops/ for an in-place build)."""
    for name in sorted(os.listdir(GENERATED_STUBS)):
        src, out = os.path.join(GENERATED_STUBS, name), os.path.join(package_dir, name)
        with open(src) as f:
            text = f.read()
        if os.path.exists(out):
            with open(out) as f:
                if f.read() == text:
                    continue
        shutil.copy2(src, out)


def install_aclnnop_headers(include_dir):
    """Copies the generated aclnnop headers into `include_dir`/aclnnop (the installed
    package's include/, or the checkout's for an in-place build): a header of an op that
    no longer exists is removed, a changed one replaced, an unchanged one left with its
    time stamp (the core's build depends on include/**.h: no rebuild for nothing)."""
    dst = os.path.join(include_dir, "aclnnop")
    os.makedirs(dst, exist_ok=True)
    names = set(os.listdir(GENERATED_ACLNNOP))
    for name in os.listdir(dst):
        if name not in names:
            os.remove(os.path.join(dst, name))
    for name in sorted(names):
        src, out = os.path.join(GENERATED_ACLNNOP, name), os.path.join(dst, name)
        with open(src, "rb") as f:
            text = f.read()
        if os.path.exists(out):
            with open(out, "rb") as f:
                if f.read() == text:
                    continue
        shutil.copy2(src, out)


def python_link_args():
    """libpython's -l and -L (also the rpath) where Python is a shared library (the C API
    starts an embedded interpreter); nothing otherwise: the executable carries Python."""
    libdir = sysconfig.get_config_var("LIBDIR")
    if sysconfig.get_config_var("Py_ENABLE_SHARED") and libdir:
        name = "python%s%s" % (sysconfig.get_config_var("VERSION"), sysconfig.get_config_var("ABIFLAGS") or "")
        return [name], [libdir]
    return [], []


def build_capi(cmd):
    """Compiles the C/C++ shim with the extension's compiler into ascendops/lib/libascendops.so,
    next to the built ascendops._core (in place or in build/lib*). It links libpython
    (where Python is a shared library) to start an embedded interpreter in C programs.
    Skipped when the library is newer than its sources and headers (unless forced)."""
    write_aclnnop_list()
    out = os.path.join(os.path.dirname(cmd.get_ext_fullpath("ascendops._core")), "lib", "libascendops.so")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    headers = glob.glob(os.path.join(INCLUDE, "**", "*.h"), recursive=True)
    headers += glob.glob(os.path.join(SRC, "**", "*.h"), recursive=True)
    headers += glob.glob(os.path.join(GENERATED, "*.h")) + glob.glob(os.path.join(GENERATED_ACLNNOP, "*.h"))
    headers += [os.path.join("ascendops", "_core_api.h")]  # Cython's, rewritten with _core.c
    if not cmd.force and not newer_group(CAPI_SOURCES + headers, out):
        print("libascendops.so is up to date")
        return
    flags = ["-std=c++11", "-fPIC", "-fvisibility=hidden", "-Wno-unused-function"]
    flags += ["-O1", "-g"] if DEBUG or SANITIZE else ["-O0" if QUICK else "-O2", "-g0"]
    objects = cmd.compiler.compile(
        CAPI_SOURCES, output_dir=os.path.join(cmd.build_temp, "capi"),
        # GENERATED first: its aclnnop/*.h (this build's), not a checkout's older copies in include/
        include_dirs=[GENERATED, SRC, INCLUDE, HERE],
        macros=[("AO_BUILD_PYTHON", '"%s"' % sys.executable.replace("\\", "/"))],
        extra_postargs=flags)
    libs, libdirs = python_link_args()
    cmd.compiler.link_shared_object(objects, out, libraries=libs, library_dirs=libdirs,
                                    runtime_library_dirs=libdirs, extra_postargs=["-ldl"],
                                    target_lang="c++")


def build_npu_calls(cmd):
    """Compiles the generated npu trampolines (NPU_CALLS_SOURCE, src/npu/npu_calls.h) into
    ascendops/lib/libascendops_npu_calls.so next to libascendops.so. A library of its own:
    the trampolines include the aclnnop headers, which exist only once the core is built.
    It links nothing (the aclnn functions it calls are pointers found with dlsym)."""
    out = os.path.join(os.path.dirname(cmd.get_ext_fullpath("ascendops._core")), "lib",
                       "libascendops_npu_calls.so")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    headers = glob.glob(os.path.join(INCLUDE, "**", "*.h"), recursive=True)
    headers += glob.glob(os.path.join(SRC, "npu", "*.h")) + glob.glob(os.path.join(GENERATED_ACLNNOP, "*.h"))
    if not cmd.force and not newer_group([NPU_CALLS_SOURCE] + headers, out):
        print("libascendops_npu_calls.so is up to date")
        return
    flags = ["-std=gnu11", "-fPIC", "-fvisibility=hidden", "-Wall", "-Werror=incompatible-pointer-types",
             "-Werror=int-conversion"]
    flags += ["-O1", "-g"] if DEBUG or SANITIZE else ["-O0" if QUICK else "-O2", "-g0"]
    objects = cmd.compiler.compile(
        [NPU_CALLS_SOURCE], output_dir=os.path.join(cmd.build_temp, "npu"),
        include_dirs=[GENERATED, SRC, INCLUDE], extra_postargs=flags)
    cmd.compiler.link_shared_object(objects, out, target_lang="c")


# -- pkg-config and CMake package files for the C API ---------------------------------------
def package_version():
    """__version__ of ascendops/__init__.py (pyproject.toml reads the same line)."""
    import ast
    with open(os.path.join(HERE, "ascendops", "__init__.py")) as f:
        for node in ast.parse(f.read()).body:
            if (isinstance(node, ast.Assign) and len(node.targets) == 1
                    and getattr(node.targets[0], "id", None) == "__version__"):
                return node.value.value
    sys.exit("setup.py: no __version__ in ascendops/__init__.py")


PC_TEMPLATE = """\
# generated by ascendops' setup.py; paths relative to this file
prefix=${pcfiledir}/../..
includedir=${prefix}/@INCLUDE@
libdir=${prefix}/lib

Name: ascendops
Description: CANN's aclnn C API (acl/acl.h, aclnn/acl_meta.h, aclnnop/aclnn_*.h) on the CPU device
Version: @VERSION@
Cflags: -I${includedir} -I${includedir}/aclnnop
Libs: -L${libdir} -lascendops -Wl,-rpath,${libdir} @PYLIBS@
"""

CMAKE_CONFIG_TEMPLATE = """\
# generated by ascendops' setup.py. find_package(ascendops) defines the imported target
# ascendops::ascendops: CANN's aclnn headers and libascendops.so. Paths are relative to
# this file (<package>/lib/cmake/ascendops), so the package may be installed anywhere.
get_filename_component(_ascendops_pkg "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
get_filename_component(ascendops_INCLUDE_DIRS "${_ascendops_pkg}/@INCLUDE@" ABSOLUTE)
set(ascendops_LIBRARY "${_ascendops_pkg}/lib/libascendops.so")
unset(_ascendops_pkg)
if(NOT EXISTS "${ascendops_LIBRARY}" OR NOT EXISTS "${ascendops_INCLUDE_DIRS}/acl/acl.h")
  set(ascendops_FOUND FALSE)
  set(ascendops_NOT_FOUND_MESSAGE
      "${ascendops_LIBRARY} or ${ascendops_INCLUDE_DIRS}/acl/acl.h is missing: rebuild ascendops")
  return()
endif()
if(NOT TARGET ascendops::ascendops)
  add_library(ascendops::ascendops SHARED IMPORTED)
  set_target_properties(ascendops::ascendops PROPERTIES
    IMPORTED_LOCATION "${ascendops_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${ascendops_INCLUDE_DIRS};${ascendops_INCLUDE_DIRS}/aclnnop"
    INTERFACE_LINK_LIBRARIES "@PYLIBS@")
endif()
set(ascendops_LIBRARIES ascendops::ascendops)
"""

CMAKE_VERSION_TEMPLATE = """\
# generated by ascendops' setup.py: compatible when at least the version asked for and
# the same major version (for 0.x, the same minor version too)
set(PACKAGE_VERSION "@VERSION@")
if(PACKAGE_FIND_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
  if(NOT PACKAGE_VERSION VERSION_LESS PACKAGE_FIND_VERSION
     AND PACKAGE_FIND_VERSION_MAJOR EQUAL @MAJOR@
     AND (NOT @MAJOR@ EQUAL 0 OR PACKAGE_FIND_VERSION_MINOR EQUAL @MINOR@))
    set(PACKAGE_VERSION_COMPATIBLE TRUE)
  endif()
  if(PACKAGE_VERSION VERSION_EQUAL PACKAGE_FIND_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
endif()
"""


def fill(template, **values):
    for key, value in values.items():
        template = template.replace("@%s@" % key, value)
    return template


def write_c_package_files(lib_dir, include_from_package):
    """ascendops.pc (pkg-config) and the CMake package config next to libascendops.so,
    relocatable: their paths are relative to where they lie, so one wheel serves every
    install location. `include_from_package`: the headers' folder relative to the
    package folder (include for an installed package, ../include for an in-place build)."""
    version = package_version()
    libs, libdirs = python_link_args()
    major, minor = (version.split(".") + ["0"])[:2]
    pylibs = " ".join(["-L%s" % d for d in libdirs] + ["-l%s" % n for n in libs]
                      + ["-Wl,-rpath,%s" % d for d in libdirs])
    pylib_files = ";".join(os.path.join(d, "lib%s.so" % n) for d, n in zip(libdirs, libs))
    files = {
        os.path.join("pkgconfig", "ascendops.pc"):
            fill(PC_TEMPLATE, INCLUDE=include_from_package, VERSION=version, PYLIBS=pylibs),
        os.path.join("cmake", "ascendops", "ascendopsConfig.cmake"):
            fill(CMAKE_CONFIG_TEMPLATE, INCLUDE=include_from_package, PYLIBS=pylib_files),
        os.path.join("cmake", "ascendops", "ascendopsConfigVersion.cmake"):
            fill(CMAKE_VERSION_TEMPLATE, VERSION=version, MAJOR=major, MINOR=minor),
    }
    for name, text in files.items():
        path = os.path.join(lib_dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)


# CANN's library names, as its examples link them (hicann/ops-nn build.sh: -lopapi_nn
# -lopapi_math -lascendcl|-lacl_rt -lnnopbase; hicann/ops-cv: -lopapi_cv; ops-transformer:
# -lopapi -lopapi_transformer; older examples: -lopapi), all ascendops.
CANN_LIBRARY_NAMES = ("ascendcl", "acl_rt", "nnopbase", "opapi", "opapi_nn", "opapi_math", "opapi_cv",
                      "opapi_transformer")


def write_cann_library_aliases(lib_dir):
    """lib<name>.so for each of CANN's library names next to libascendops.so, so that
    CANN's own build line links ascendops (docs/c-api.md). Each is a GNU ld script,
    INPUT(-lascendops), not a symlink: wheels store a symlink as a copy of the file, and a
    program linked against copies would load libascendops.so several times over, each copy
    with its own runtime state. The executable records libascendops.so itself as needed."""
    for name in CANN_LIBRARY_NAMES:
        text = ("/* generated by ascendops' setup.py: CANN's lib%s.so is libascendops.so\n"
                "   (a linker script: -l%s links -lascendops from the same -L folder) */\n"
                "INPUT(-lascendops)\n" % (name, name))
        path = os.path.join(lib_dir, "lib%s.so" % name)
        if os.path.islink(path):
            os.remove(path)
        with open(path, "w") as f:
            f.write(text)


def replace_file(src, dst):
    """Copies src to dst as a new file: dst is unlinked first, so a process that has the
    old library mapped (a test run, a C program through the C ABI) keeps its pages.
    Copying over it in place rewrites the pages under that process: SIGBUS or SIGSEGV."""
    if os.path.lexists(dst):
        os.unlink(dst)
    shutil.copyfile(src, dst)


def copy_capi_to_source(cmd):
    """--inplace / editable builds: libascendops.so next to the in-place ascendops._core,
    with pkg-config and CMake files that point at the checkout's include/."""
    built = os.path.join(cmd.build_lib, "ascendops", "lib", "libascendops.so")
    dst = os.path.join(HERE, "ascendops", "lib", "libascendops.so")
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    replace_file(built, dst)
    calls = os.path.join(cmd.build_lib, "ascendops", "lib", "libascendops_npu_calls.so")
    replace_file(calls, os.path.join(os.path.dirname(dst), "libascendops_npu_calls.so"))
    write_c_package_files(os.path.dirname(dst), "../include")
    write_cann_library_aliases(os.path.dirname(dst))
    install_aclnnop_headers(os.path.join(HERE, INCLUDE))   # include/aclnnop: generated, not in git
    install_generated_stubs(os.path.join(HERE, "ascendops"))  # _ops.pyi, aclnn.pyi: likewise


def dependency_file(obj):
    """The make rule gcc / clang write beside `obj` with -MMD: the object's source and
    every header it includes (system headers aside)."""
    return obj + ".d"


def object_is_current(obj):
    """True when `obj` exists and is newer than its source and every header of this
    checkout its last compile read (the -MMD rule beside it); a missing rule or header:
    False. Headers outside the checkout (numpy's, Python's: pip builds in a fresh
    isolated environment each time, at another path) are the build settings' business
    (build_settings: their versions), not their paths' or times'."""
    try:
        with open(dependency_file(obj)) as f:
            rule = f.read()
        built = os.path.getmtime(obj)
    except OSError:
        return False
    rule = rule.replace("\\\n", " ")
    _, _, deps = rule.partition(": ")
    for dep in re.split(r"(?<!\\)\s+", deps.strip()):
        dep = dep.replace("\\ ", " ")
        if not dep or not os.path.abspath(dep).startswith(HERE + os.sep):
            continue
        try:
            if os.path.getmtime(dep) > built:
                return False
        except OSError:
            return False
    return True


def parallel_compiles(compiler, jobs, source_flags=None):
    """Makes compiler.compile() run one compiler process per source, at most `jobs` at
    once across every caller (the core's sources and the C API's are compiled from two
    threads), largest source first: the Cython output alone is most of the build.
    `source_flags` maps a source to flags of its own, after the extension's.

    Each object is compiled only when out of date: gcc writes the headers it really
    included beside it (-MMD, dependency_file), and an object newer than its source and
    those headers is kept. (setuptools recompiles every source of an extension when any
    of its `depends` changed: a comment in one op header recompiled the whole core.)"""
    pool = ThreadPoolExecutor(max_workers=jobs)
    serial = compiler.compile
    tracks = compiler.compiler_type == "unix"   # gcc / clang: -MMD -MF

    def compile(sources, output_dir=None, macros=None, include_dirs=None, debug=0,
                extra_preargs=None, extra_postargs=None, depends=None):
        objects = compiler.object_filenames(sources, output_dir=output_dir)
        # the object folders first: distutils' mkpath is not safe to race
        for obj in objects:
            os.makedirs(os.path.dirname(obj) or ".", exist_ok=True)
        futures = {}
        for src, obj in sorted(zip(sources, objects), key=lambda so: -os.path.getsize(so[0])):
            post = list(extra_postargs or []) + list((source_flags or {}).get(src, []))
            if tracks:
                if not compiler.force and object_is_current(obj):
                    continue
                post += ["-MMD", "-MF", dependency_file(obj)]
            futures[src] = pool.submit(serial, [src], output_dir, macros, include_dirs,
                                       debug, extra_preargs, post, depends)
        # wait for every job before raising the first failure
        errors = [futures[src].exception() for src in sources if src in futures]
        for e in errors:
            if e is not None:
                raise e
        return objects

    compiler.compile = compile
    return pool


def build_jobs(parallel):
    """ASCENDOPS_BUILD_JOBS, else build_ext's --parallel, else the CPU count."""
    text = os.environ.get("ASCENDOPS_BUILD_JOBS", "").strip()
    if not text:
        return max(1, int(parallel or 0) or os.cpu_count() or 1)
    if not text.isdigit() or int(text) < 1:
        sys.exit("setup.py: ASCENDOPS_BUILD_JOBS=%r: expected a whole number >= 1 of compiler "
                 "processes" % text)
    return int(text)


def build_settings():
    """What the objects depend on besides the sources' file times: the build flags, the
    compiler, the Python and numpy they were built for."""
    return repr((DEBUG, SANITIZE, QUICK, sysconfig.get_config_var("CC"), sys.version, numpy.__version__))


def build_settings_changed(build_temp):
    """True when the previous build in this build folder used other settings (e.g.
    ASCENDOPS_DEBUG=1, then a release build): setuptools compares file times only."""
    try:
        with open(os.path.join(build_temp, "ascendops-build-settings.txt")) as f:
            return f.read() != build_settings()
    except OSError:
        return False  # a first build: everything is compiled anyway


def save_build_settings(build_temp):
    os.makedirs(build_temp, exist_ok=True)
    with open(os.path.join(build_temp, "ascendops-build-settings.txt"), "w") as f:
        f.write(build_settings())


def cython_output_flags(extensions):
    """-O2 for the Cython output (a release build's other sources are -O3): it is glue,
    the hot loops are the C engine's, and the cached call measured the same at -O2 and
    -O3 (benchmarks/callpath.py, within 2%; -O1 was 10% slower), where -O2 compiles the
    22 MB of C in two thirds of -O3's compiler time (120 s against 186 s, AMD Zen 3): it
    is the longest single compile of the build. So no kernel may live in a header the
    Cython unit includes: RReluWithNoise's did (src/rrelu.h), and at -O2 gcc left its
    float32 loop scalar, 47x slower, until it moved to src/rrelu.c."""
    if DEBUG or SANITIZE or QUICK:
        return {}
    return {src: ["-O2"] for ext in extensions for src in ext.sources
            if os.path.isfile(os.path.splitext(src)[0] + ".pyx")}


class BuildExt(build_ext):
    def build_extensions(self):
        jobs = build_jobs(self.parallel)
        write_ops_list()
        # Cython runs here, not when setup.py is loaded: pip loads it three times per
        # install, and an sdist needs no generated C
        units = write_region_units()
        # the generated lists too: removing an op header rewrites them and nothing else
        generated = glob.glob(os.path.join(GENERATED, "*.h"))
        for ext in self.extensions:
            ext.sources = cythonized(ext)[0].sources
            if not any(s in units for s in ext.sources):
                ext.sources += units
            ext.depends = sorted(set(ext.depends) | set(generated))
        if build_settings_changed(self.build_temp):
            print("build settings changed: rebuilding everything")
            self.force = self.compiler.force = True
        # The kernels run on the engine's own pthread worker pool, not OpenMP (whose
        # threads do not survive fork(): src/engine.c).
        if sys.platform != "win32":
            for ext in self.extensions:
                ext.extra_compile_args.append("-pthread")
                ext.extra_link_args.append("-pthread")
        pool = parallel_compiles(self.compiler, jobs, cython_output_flags(self.extensions))
        try:
            # setuptools' own parallel mode runs whole extensions at once: sources do here
            self.parallel = None
            super().build_extensions()
            # The C API after the core: its op headers come from the declarations, read
            # with the core just built (a second or two: the shim is two small sources)
            write_aclnnop_headers(self.get_ext_fullpath("ascendops._core"))
            build_capi(self)
            build_npu_calls(self)
        finally:
            pool.shutdown()
        install_aclnnop_headers(os.path.join(self.build_lib, "ascendops", "include"))
        install_generated_stubs(os.path.join(self.build_lib, "ascendops"))
        write_c_package_files(os.path.join(self.build_lib, "ascendops", "lib"), "include")
        write_cann_library_aliases(os.path.join(self.build_lib, "ascendops", "lib"))
        save_build_settings(self.build_temp)

    def copy_extensions_to_source(self):
        # the in-place extension as a new file, for the reason replace_file gives
        for ext in self.extensions:
            inplace = os.path.join(HERE, self.get_ext_filename(ext.name))
            if os.path.lexists(inplace):
                os.unlink(inplace)
        super().copy_extensions_to_source()
        copy_capi_to_source(self)


class BuildPy(build_py):
    """Ship the public C headers (include/: CANN's aclnn API) inside the package, for
    ascendops.get_include() and ascendops.config."""

    def run(self):
        super().run()
        dst = os.path.join(self.build_lib, "ascendops", "include")
        if os.path.exists(dst):
            shutil.rmtree(dst)
        shutil.copytree(INCLUDE, dst, ignore=shutil.ignore_patterns("aclnnop"))
        # the op headers are build_ext's (generated from the declarations with the built core)
        if os.path.isdir(GENERATED_ACLNNOP):
            install_aclnnop_headers(dst)
        if os.path.isdir(GENERATED_STUBS):
            install_generated_stubs(os.path.join(self.build_lib, "ascendops"))


def extension():
    cflags = ["-std=gnu11", "-fno-math-errno", "-fno-trapping-math", "-ffp-contract=off",
              "-Wno-unused-function"]
    ldflags = ["-ldl"]   # the npu device dlopens CANN (src/npu/cann.c)
    if DEBUG or SANITIZE:
        cflags += ["-O1", "-g", "-UNDEBUG", "-fno-omit-frame-pointer"]
    else:
        # -g0 cancels Python's own -g (sysconfig's CFLAGS): the same code without debug
        # info, a quarter less time for the Cython output
        cflags += ["-O0" if QUICK else "-O3", "-DNDEBUG", "-g0"]
    if QUICK:
        cflags += ["-DAO_ISA_LEVEL_MAX=0"]     # write_region_units: the baseline's units alone
    if SANITIZE:
        cflags += ["-fsanitize=address,undefined"]
        ldflags += ["-fsanitize=address,undefined"]
    check_sources(CORE_SOURCES + REGION_SOURCES, os.path.join(SRC, "*.c"))
    check_sources(CAPI_SOURCES, os.path.join(SRC, "capi", "*.cpp"))
    check_sources(NPU_SOURCES, os.path.join(SRC, "npu", "*.c"))
    return Extension(
        "ascendops._core",
        sources=list(CORE_SOURCES) + NPU_SOURCES,
        include_dirs=[SRC, INCLUDE, GENERATED, numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=cflags,
        extra_link_args=ldflags,
        depends=sorted(glob.glob(os.path.join(SRC, "**", "*.h"), recursive=True)
                       + glob.glob(os.path.join(INCLUDE, "**", "*.h"), recursive=True)),
    )


CYTHON_OPTIONS = dict(
    language_level=3,
    compiler_directives={
        # The Cython layer indexes Python tuples and lists (shapes, strides); with
        # checks off, a bad index there would read out of bounds instead of raising.
        # The hot loops are C (src/), so the checks cost nothing.
        "boundscheck": True,
        "wraparound": True,
        "initializedcheck": True,
        "cdivision": not DEBUG,
        "embedsignature": True,
    },
)


def cythonized(ext):
    """cythonize(), decided by content rather than file times. cythonize() regenerates
    _core.c whenever a .pxd it cimports (Cython's libc/cpython ones, numpy's) is newer
    than _core.c, and pip installs Cython and numpy afresh into every isolated build
    environment: so the README's second command, `pip install '.[test]'`, regenerated
    _core.c and recompiled everything. Here _core.c is regenerated only when the Cython
    sources, the options, or Cython's or numpy's version changed."""
    import Cython  # here, not at the top: sdist and metadata steps need no Cython
    from Cython.Build import cythonize
    pyx = [s for s in ext.sources if s.endswith(".pyx")]
    inputs = sorted(p for ext_ in ("pyx", "pxi", "pxd")
                    for p in require_glob(os.path.join("ascendops", "*." + ext_), "ascendops/*." + ext_))
    digest = hashlib.sha256(repr((Cython.__version__, numpy.__version__, CYTHON_OPTIONS)).encode())
    for path in inputs:
        with open(path, "rb") as f:
            digest.update(path.encode() + b"\0" + f.read() + b"\0")
    stamp = os.path.join(GENERATED, "_core.c.sha256")
    # the C files and the C API header (`cdef api`, included by capi.cpp) Cython writes
    c_files = [os.path.splitext(p)[0] + suffix for p in pyx for suffix in (".c", "_api.h")]
    try:
        with open(stamp) as f:
            current = f.read() == digest.hexdigest() and all(os.path.isfile(c) for c in c_files)
    except OSError:
        current = False
    if current:
        ext.sources = [os.path.splitext(s)[0] + ".c" if s in pyx else s for s in ext.sources]
        return [ext]
    exts = cythonize([ext], force=True, **CYTHON_OPTIONS)
    os.makedirs(GENERATED, exist_ok=True)
    with open(stamp, "w") as f:
        f.write(digest.hexdigest())
    return exts


setup(
    ext_modules=[extension()],
    cmdclass={"build_ext": BuildExt, "build_py": BuildPy},
    package_data={"ascendops": ["*.pxd", "*.pyx", "*.pxi", "*.pyi", "py.typed"]},
)
