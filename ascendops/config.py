"""Compile and link flags for C/C++ programs written against CANN's aclnn headers,
like pkg-config:

    g++ example.cpp $(python -m ascendops.config --cflags --libs) -o example && ./example

--cflags   -I<include> -I<include>/aclnnop: CANN's two include folders (acl/acl.h,
           aclnn/acl_meta.h, aclnnop/aclnn_*.h; "aclnn_<op>.h" also without the prefix)
--libs     -L<lib> -lascendops, an rpath to it (no LD_LIBRARY_PATH needed), and libpython
--includedir / --libdir   the folders alone
--pkgconfigdir   the folder of ascendops.pc, for PKG_CONFIG_PATH
--cmakedir       the folder of ascendopsConfig.cmake, for -Dascendops_DIR=... (find_package)
--coverage FILE...   the aclnn APIs the programs or shared libraries FILE... import (their
           ELF dynamic symbols), each marked implemented, declared (CANN's signature is
           exported but the call returns 561003: not implemented in this version) or
           missing (a link against ascendops fails); exit status 1 where any is not
           implemented. (This one imports ascendops' compiled core, for its registry.)

Works for an installed package (ascendops/include, ascendops/lib) and for an in-place
build of a checkout (<checkout>/include, <checkout>/ascendops/lib). The library starts
an embedded Python configured like the interpreter that built it; the environment
variable ASCENDOPS_PYTHON (a python executable) overrides that at run time.

CANN's own build line works too, with its two paths pointed at ascendops: <lib> holds
CANN's library names (libopapi_nn.so, libopapi_math.so, libopapi.so, libascendcl.so,
libacl_rt.so, libnnopbase.so) as linker scripts that link libascendops.so, so

    g++ test_aclnn_x.cpp -I <include> -I <include>/aclnnop -L <lib>
        -lopapi_nn -lopapi_math -lascendcl -lnnopbase -o test_aclnn_x   (one line)
    LD_LIBRARY_PATH=<lib> ./test_aclnn_x      # as CANN's set_env.sh sets it

builds and runs (docs/c-api.md).

This module imports nothing from ascendops' compiled core (but for --coverage)."""
import os
import shlex
import sys
import sysconfig

_HERE = os.path.dirname(os.path.abspath(__file__))


def include_dir():
    shipped = os.path.join(_HERE, "include")
    if os.path.isfile(os.path.join(shipped, "acl", "acl.h")):
        return shipped
    return os.path.join(os.path.dirname(_HERE), "include")


def lib_dir():
    return os.path.join(_HERE, "lib")


def library_path():
    """The path of libascendops.so (it may not exist if the package was not built)."""
    return os.path.join(lib_dir(), "libascendops.so")


def pkgconfig_dir():
    """The folder of ascendops.pc (written by the build next to libascendops.so)."""
    return os.path.join(lib_dir(), "pkgconfig")


def cmake_dir():
    """The folder of ascendopsConfig.cmake: find_package(ascendops) with ascendops_DIR."""
    return os.path.join(lib_dir(), "cmake", "ascendops")


def cflags():
    # CANN's examples build with `-I ${INCLUDE_PATH} -I ${INCLUDE_PATH}/aclnnop` (hicann/ops-nn
    # build.sh, build_single_example): programs may include "aclnn_<op>.h" without the prefix
    return ["-I" + include_dir(), "-I" + os.path.join(include_dir(), "aclnnop")]


def libs():
    out = ["-L" + lib_dir(), "-lascendops", "-Wl,-rpath," + lib_dir()]
    pylibdir = sysconfig.get_config_var("LIBDIR")
    if sysconfig.get_config_var("Py_ENABLE_SHARED") and pylibdir:
        # libascendops.so links libpython itself; naming it here too keeps linkers that
        # want every needed library on the command line (--no-copy-dt-needed-entries) happy.
        out += ["-L" + pylibdir, "-lpython%s%s" % (sysconfig.get_config_var("VERSION"),
                                                  sysconfig.get_config_var("ABIFLAGS") or ""),
                "-Wl,-rpath," + pylibdir]
    else:
        # a static libpython: the executable carries Python and exports it to extensions
        pylib = sysconfig.get_config_var("LIBPL") or pylibdir
        out += ["-L" + pylib, "-lpython%s%s" % (sysconfig.get_config_var("VERSION"),
                                               sysconfig.get_config_var("ABIFLAGS") or "")]
        out += shlex.split(sysconfig.get_config_var("LIBS") or "")
        out += shlex.split(sysconfig.get_config_var("SYSLIBS") or "")
        out += shlex.split(sysconfig.get_config_var("LINKFORSHARED") or "")
    return out


OPTIONS = ("--cflags", "--libs", "--includedir", "--libdir", "--pkgconfigdir", "--cmakedir")


def blas_library():
    """The path of the OpenBLAS the matrix products run on (ao_gemm, src/gemm.c), or None
    for the engine's portable kernel. ASCENDOPS_BLAS=off: none; =<path>: that library;
    unset or auto: the OpenBLAS numpy was built with (numpy's PyPI wheels ship one:
    numpy.libs/libscipy_openblas64_*.so; a distribution's numpy links libopenblas), found
    among the libraries this process has loaded, else in numpy's wheel folders. The
    engine checks what it is given and falls back to the portable kernel if unusable
    (ascendops.show_config() says which runs)."""
    env = os.environ.get("ASCENDOPS_BLAS", "auto").strip()
    if env.lower() in ("off", "0", "none", "portable"):
        return None
    if env and env.lower() != "auto":
        return env
    import glob
    import numpy
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                path = line.split(None, 5)[-1].strip()
                if "openblas" in os.path.basename(path).lower():
                    return path
    except OSError:
        pass
    root = os.path.dirname(os.path.dirname(numpy.__file__))
    for pattern in ("numpy.libs/libscipy_openblas*", "numpy/.dylibs/libscipy_openblas*", "numpy.libs/libopenblas*"):
        found = sorted(glob.glob(os.path.join(root, pattern)))
        if found:
            return found[0]
    return None


def coverage(paths):
    """{API name: "implemented" | "declared" | "missing"} of the aclnn APIs (names without
    the prefix, one entry for both phases) the ELF files `paths` import."""
    from ascendops import _cann_api, _elf, registered_ops, registered_single_calls
    needed = set()
    for path in paths:
        undefined, _ = _elf.dynamic_symbols(path)
        for sym in undefined:
            if sym.startswith("aclnn") and sym[5:6].isupper():
                needed.add(sym[5:-len("GetWorkspaceSize")] if sym.endswith("GetWorkspaceSize") else sym[5:])
    implemented = {op.name for op in registered_ops().values()}
    implemented |= {api.name for api in registered_single_calls().values()}
    return {n: "implemented" if n in implemented else "declared" if n in _cann_api.APIS else "missing"
            for n in sorted(needed)}


def _print_coverage(paths):
    try:
        table = coverage(paths)
    except (OSError, ValueError) as e:
        sys.stderr.write("ascendops.config: %s\n" % e)
        return 2
    for state in ("implemented", "declared", "missing"):
        names = [n for n, s in table.items() if s == state]
        print("%-12s %3d  %s" % (state, len(names), " ".join(names)))
    done = sum(1 for s in table.values() if s == "implemented")
    print("%d of %d aclnn APIs implemented" % (done, len(table)))
    return 0 if done == len(table) else 1


def main(argv=None):
    """Prints the flags asked for, in the order asked, on one line. Errors and usage
    go to stderr with exit status 2: this runs inside $(...) on compiler lines, where
    anything printed to stdout becomes compiler arguments."""
    args = sys.argv[1:] if argv is None else list(argv)
    usage = ("usage: python -m ascendops.config [%s] ... | --coverage FILE... | --help"
             % " | ".join(OPTIONS))
    if "--help" in args or "-h" in args:
        print(__doc__.strip())
        return 0
    if args and args[0] == "--coverage":
        if len(args) < 2:
            sys.stderr.write("ascendops.config: error: --coverage needs the programs or libraries to read\n")
            return 2
        return _print_coverage(args[1:])
    unknown = [a for a in args if a not in OPTIONS]
    if unknown or not args:
        problem = ("unknown option %s" % ", ".join(repr(a) for a in unknown) if unknown
                   else "no option given")
        sys.stderr.write("ascendops.config: error: %s\n%s\n" % (problem, usage))
        return 2
    out = []
    for a in args:
        if a == "--cflags":
            out += cflags()
        elif a == "--libs":
            if not os.path.isfile(library_path()):
                sys.stderr.write("ascendops.config: %s is missing; build ascendops first "
                                 "(pip install . or python setup.py build_ext --inplace)\n" % library_path())
            out += libs()
        elif a == "--includedir":
            out.append(include_dir())
        elif a == "--libdir":
            out.append(lib_dir())
        elif a == "--pkgconfigdir":
            out.append(pkgconfig_dir())
        elif a == "--cmakedir":
            out.append(cmake_dir())
    print(" ".join(shlex.quote(x) for x in out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
