"""Compile and link flags for C/C++ programs written against CANN's aclnn headers,
like pkg-config:

    g++ example.cpp $(python -m ascendops.config --cflags --libs) -o example && ./example

--cflags   -I<the folder with acl/acl.h, aclnn/acl_meta.h, aclnnop/aclnn_*.h>
--libs     -L<lib> -lascendops, an rpath to it (no LD_LIBRARY_PATH needed), and libpython
--includedir / --libdir   the folders alone

Works for an installed package (ascendops/include, ascendops/lib) and for an in-place
build of a checkout (<checkout>/include, <checkout>/ascendops/lib). The library starts
an embedded Python configured like the interpreter that built it; the environment
variable ASCENDOPS_PYTHON (a python executable) overrides that at run time.
This module imports nothing from ascendops' compiled core."""
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


def cflags():
    return ["-I" + include_dir()]


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


def main(argv=None):
    args = sys.argv[1:] if argv is None else list(argv)
    known = {"--cflags", "--libs", "--includedir", "--libdir", "--help", "-h"}
    if not args or any(a not in known for a in args) or "--help" in args or "-h" in args:
        print(__doc__.strip())
        return 0 if args and ("--help" in args or "-h" in args) else 2
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
    print(" ".join(shlex.quote(x) for x in out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
