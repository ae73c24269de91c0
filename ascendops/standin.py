"""A stand-in CANN installation backed by ascendops' own C API, for machines without
an Ascend NPU:

    python -m ascendops.standin DIR [--layout opapi|split]
    . DIR/set_env.sh
    python -c "import ascendops; print(ascendops.npu.is_available())"     # True

DIR/lib64/ holds CANN's library names -- the runtime (libascendcl.so, or libacl_rt.so with
--layout split), libnnopbase.so and the op libraries (libopapi.so and libacl_op_compiler.so,
or libopapi_nn.so, libopapi_math.so, libopapi_cv.so and libopapi_transformer.so) -- each a
symbolic link to this package's
lib/libascendops.so, which implements CANN's runtime, aclnn base API and every registered
op's aclnn functions. DIR/include/ holds CANN's headers (acl/acl.h, aclnn/aclnn_base.h,
aclnnop/aclnn_<op>.h), so that a program's CANN build (CMake's CANN_INSTALL_DIR) compiles
and links against the stand-in unchanged.
The npu backend loads them with dlopen/dlsym exactly as it loads CANN. DIR/set_env.sh
exports what CANN's own set_env.sh does (ASCEND_HOME_PATH, ASCEND_TOOLKIT_HOME,
LD_LIBRARY_PATH) and ASCENDOPS_STRICT_DEVICE=1, so the C API's device is cpu:strict: its
memory is not host accessible (a host dereference of device memory faults) and its
streams are asynchronous (a missing aclrtSynchronizeStream leaves stale results).

Links, not copies: the dynamic loader identifies a library by its file, so every name
(and the package's own libascendops.so, if something else loads it) is one instance with
one runtime state -- an aclTensor made through libnnopbase.so is valid in libopapi.so,
as in CANN. Copies would be separate instances, each with its own handles.

What this proves and what it does not: docs/npu.md."""
import argparse
import os
import sys

LAYOUTS = {
    # CANN up to 8.0: one runtime, one op library (and the op compiler library that
    # programs such as llama.cpp's CANN backend link by name)
    "opapi": ("libascendcl.so", "libnnopbase.so", "libopapi.so", "libacl_op_compiler.so"),
    # newer CANN: the runtime split out, the op libraries by repository
    "split": ("libacl_rt.so", "libnnopbase.so", "libopapi_nn.so", "libopapi_math.so", "libopapi_cv.so",
              "libopapi_transformer.so"),
}


def library():
    """The package's libascendops.so (the C API every stand-in name links to)."""
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "lib", "libascendops.so")
    if not os.path.isfile(path):
        raise FileNotFoundError("%s is missing: build ascendops (pip install ., or "
                                "python setup.py build_ext --inplace)" % path)
    return os.path.realpath(path)


def environment(root, strict=True):
    """The variables DIR/set_env.sh exports, as a dict (for subprocess env=)."""
    root = os.path.abspath(root)
    env = {"ASCEND_HOME_PATH": root, "ASCEND_TOOLKIT_HOME": root,
           "LD_LIBRARY_PATH": os.path.join(root, "lib64") + (
               os.pathsep + os.environ["LD_LIBRARY_PATH"] if os.environ.get("LD_LIBRARY_PATH") else "")}
    if strict:
        env["ASCENDOPS_STRICT_DEVICE"] = "1"
    return env


def create(root, layout="opapi", strict=True):
    """Lays out the stand-in under `root`; returns `root`'s absolute path."""
    if layout not in LAYOUTS:
        raise ValueError("layout: expected one of %s, got %r" % (", ".join(LAYOUTS), layout))
    root = os.path.abspath(root)
    lib = library()
    lib64 = os.path.join(root, "lib64")
    os.makedirs(lib64, exist_ok=True)
    for names in LAYOUTS.values():      # a re-run with another layout leaves no stale names
        for name in names:
            path = os.path.join(lib64, name)
            if name not in LAYOUTS[layout] and (os.path.islink(path) or os.path.exists(path)):
                os.remove(path)
    for name in LAYOUTS[layout]:
        # replaced by a rename, never removed first: a program another process starts from
        # this layout meanwhile (a test beside this one) always finds the library
        tmp = os.path.join(lib64, ".%s.%d" % (name, os.getpid()))
        if os.path.islink(tmp) or os.path.exists(tmp):
            os.remove(tmp)
        os.symlink(lib, tmp)
        os.replace(tmp, os.path.join(lib64, name))
    _copy_headers(os.path.join(root, "include"))
    from ascendops import __version__
    os.makedirs(os.path.join(root, "runtime"), exist_ok=True)
    with open(os.path.join(root, "runtime", "version.info"), "w") as f:
        f.write("Version=ascendops-standin-%s\n" % __version__)
    lines = ["# CANN stand-in made by `python -m ascendops.standin` (ascendops %s): source it" % __version__,
             "# as CANN's set_env.sh. Its libraries are links to %s." % lib,
             "export ASCEND_HOME_PATH=%s" % _quote(root),
             "export ASCEND_TOOLKIT_HOME=%s" % _quote(root),
             'export LD_LIBRARY_PATH=%s${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}' % _quote(lib64)]
    if strict:
        lines.append("# the C API's device is cpu:strict: device memory not host accessible, streams asynchronous")
        lines.append("export ASCENDOPS_STRICT_DEVICE=1")
    with open(os.path.join(root, "set_env.sh"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return root


def _copy_headers(dest):
    """CANN's include/ layout: acl/acl.h, aclnn/aclnn_base.h and acl_meta.h, and
    aclnnop/aclnn_<op>.h for every registered op and every API of CANN's that
    ascendops declares without implementing yet (their calls return 561003), with the
    ascendops/capi/ header they expand from. Copies (a build system may read them long
    after): a re-run replaces them."""
    import shutil
    from ascendops import config
    src = config.include_dir()
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    shutil.copytree(src, dest)


def _quote(text):
    return "'" + text.replace("'", "'\\''") + "'"


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m ascendops.standin", description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", help="the folder to lay the stand-in out in (created)")
    parser.add_argument("--layout", choices=sorted(LAYOUTS), default="opapi",
                        help="CANN's library names: opapi (libascendcl.so, libopapi.so; default) or split "
                             "(libacl_rt.so, libopapi_nn.so, _math, _cv, _transformer)")
    parser.add_argument("--no-strict", action="store_true",
                        help="leave ASCENDOPS_STRICT_DEVICE out of set_env.sh (device memory host accessible)")
    args = parser.parse_args(argv)
    try:
        root = create(args.dir, args.layout, not args.no_strict)
    except (OSError, ValueError) as e:
        sys.exit("ascendops.standin: %s" % e)
    print("CANN stand-in in %s; use it with:\n  . %s" % (root, os.path.join(root, "set_env.sh")))


if __name__ == "__main__":
    main()
