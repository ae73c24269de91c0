"""CANN's official example programs of the registered ops, compiled UNCHANGED with CANN's
own build line pointed at ascendops, run, and their printed values checked against a
numpy float64 reference computed from the inputs written in each program.

The programs lie verbatim in tests/capi/cann_examples/ (CANN Open Software License
Agreement Version 2.0: LICENSE and README.md there), from:
  hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921:
    activation/silu_grad/examples/test_aclnn_silu_grad.cpp
    activation/sigmoid_grad/examples/test_aclnn_sigmoid_grad.cpp
    activation/gelu_grad/examples/test_aclnn_gelu_backward.cpp
    activation/gelu_grad_v2/examples/test_aclnn_gelu_backward_v2.cpp
    activation/hard_swish_grad/examples/test_aclnn_hard_swish_backward.cpp
    activation/softmax_grad/examples/test_aclnn_softmax_grad.cpp
    activation/swish/docs/aclnnSilu.md: the doc's calling example (Silu has no examples/
      file), as aclnn_silu_doc_example.cpp below a comment naming it
  hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214:
    math/cast/examples/test_aclnn_cast.cpp
    math/cast/docs/aclnnCast.md: the doc's calling example, another program (FLOAT to
      DOUBLE), as aclnn_cast_doc_example.cpp below a comment naming it
(The other ops' doc examples are their examples/ files but for line breaks.)

CANN's build lines (same commits), with INCLUDE_PATH = `python -m ascendops.config
--includedir`, ACLNN_INCLUDE_PATH = INCLUDE_PATH/aclnn and both library paths =
`--libdir`:
  ops-nn build.sh, build_single_example:
    g++ ${file} -I ${INCLUDE_PATH} -I ${INCLUDE_PATH}/aclnnop -I ${ACLNN_INCLUDE_PATH}
        -L ${EAGER_LIBRARY_OPP_PATH} -L ${EAGER_LIBRARY_PATH}
        -lopapi_nn -lopapi_math -lascendcl -lnnopbase -o test_aclnn_${example}
    (-lacl_rt instead of -lascendcl where the CANN install has no libascendcl.so)
  ops-math scripts/build_example.sh, compile_eager_example_default:
    g++ ${source_file} -I ${INCLUDE_PATH} -I ${ACLNN_INCLUDE_PATH} -L ${EAGER_LIBRARY_PATH}
        -lopapi_math -lascendcl -lnnopbase -o ${executable_name}
The lines carry no rpath: CANN's set_env.sh puts its lib64 on LD_LIBRARY_PATH, and so do
these tests. Skipped where no g++ exists (the lines name g++)."""
import hashlib
import math
import os
import re
import shutil
import subprocess
import sys

import numpy as np
import pytest

from ascendops import config

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "cann_examples")
GXX = shutil.which("g++")
needs_gxx = pytest.mark.skipif(GXX is None, reason="no g++ on this machine (CANN's build line names g++)")

OPS_NN = "e5c3fa9327ea95ba26d06227e746923580d10921"
OPS_MATH = "c41933244c31e44fd496e3bb3212164f8c48c214"
# file -> (repository, path, commit, sha256 of CANN's text): a vendored copy that drifts
# from CANN's is caught here, not trusted
SOURCES = {
    "test_aclnn_silu_grad.cpp": (
        "hicann/ops-nn", "activation/silu_grad/examples/test_aclnn_silu_grad.cpp", OPS_NN,
        "5f4353d043e1ed827415ccef00b1bef2df1d6acb4eda4a705fd54a42c117c636"),
    "test_aclnn_sigmoid_grad.cpp": (
        "hicann/ops-nn", "activation/sigmoid_grad/examples/test_aclnn_sigmoid_grad.cpp", OPS_NN,
        "64e2b9b5afb450efa5c0315a161030569f26409a23c6d04946b59915dcbd3e0b"),
    "test_aclnn_gelu_backward.cpp": (
        "hicann/ops-nn", "activation/gelu_grad/examples/test_aclnn_gelu_backward.cpp", OPS_NN,
        "a0aa21b4c98c6d898cbc0ace179fb9dec6a0122e667ade3e0bfb286bc3deac4d"),
    "test_aclnn_gelu_backward_v2.cpp": (
        "hicann/ops-nn", "activation/gelu_grad_v2/examples/test_aclnn_gelu_backward_v2.cpp", OPS_NN,
        "d741279bfd8435c5b0721c8dedf443c163f0bff52e77e139d6a20058148b01f3"),
    "test_aclnn_hard_swish_backward.cpp": (
        "hicann/ops-nn", "activation/hard_swish_grad/examples/test_aclnn_hard_swish_backward.cpp", OPS_NN,
        "e04e8275c37f2fef4db8ad36eb867d7e90b9d48597ff16aa7dd537b8e806fbb3"),
    "test_aclnn_softmax_grad.cpp": (
        "hicann/ops-nn", "activation/softmax_grad/examples/test_aclnn_softmax_grad.cpp", OPS_NN,
        "a5a9a6976359e254ded5e354c67ec985674ddba89e18dafcb2c3b3024bc91698"),
    "aclnn_silu_doc_example.cpp": (
        "hicann/ops-nn", "activation/swish/docs/aclnnSilu.md (its C++ block with main)", OPS_NN,
        "358a4ae1f82a53b48e0d8b68ec8b648d8f34343b303043c023ce98053c50fc0d"),
    "test_aclnn_cast.cpp": (
        "hicann/ops-math", "math/cast/examples/test_aclnn_cast.cpp", OPS_MATH,
        "7ab607b7653a22e0005b08046efdb22a6a356d1f8b3923711944d5adda0d4365"),
    "aclnn_cast_doc_example.cpp": (
        "hicann/ops-math", "math/cast/docs/aclnnCast.md (its C++ block with main)", OPS_MATH,
        "c2aee1e08f17476e2e9a3d3e6d64b82c231eaaf8b21fc3fa2140d9dfdf5b8bad"),
}


def cann_text(name):
    """The program as CANN publishes it: the file, less the provenance comment above a
    doc example's code block."""
    with open(os.path.join(EXAMPLES, name), "rb") as f:
        data = f.read()
    if name.endswith("_doc_example.cpp"):
        data = data[data.index(b"#include"):]
    return data


def test_vendored_examples_are_cann_s_text():
    assert sorted(os.listdir(EXAMPLES)) == sorted(list(SOURCES) + ["LICENSE", "README.md"])
    for name, (_, _, _, sha) in SOURCES.items():
        assert hashlib.sha256(cann_text(name)).hexdigest() == sha, name
    with open(os.path.join(EXAMPLES, "LICENSE")) as f:
        assert f.readline().strip() == "CANN Open Software License Agreement Version 2.0"
    readme = open(os.path.join(EXAMPLES, "README.md")).read()
    for name, (repo, path, commit, _) in SOURCES.items():
        assert name in readme and repo in readme and path.split(" ")[0] in readme and commit in readme


# -- CANN's build lines ---------------------------------------------------------------------
def ops_nn_line(source, exe, runtime_lib="ascendcl"):
    inc, lib = config.include_dir(), config.lib_dir()
    return [GXX, source, "-I", inc, "-I", inc + "/aclnnop", "-I", inc + "/aclnn", "-L", lib, "-L", lib,
            "-lopapi_nn", "-lopapi_math", "-l" + runtime_lib, "-lnnopbase", "-o", exe]


def ops_math_line(source, exe):
    inc, lib = config.include_dir(), config.lib_dir()
    return [GXX, source, "-I", inc, "-I", inc + "/aclnn", "-L", lib,
            "-lopapi_math", "-lascendcl", "-lnnopbase", "-o", exe]


def set_env():
    """The environment CANN's set_env.sh gives a program: its library folder on
    LD_LIBRARY_PATH; nothing else of this test run (no PYTHONPATH, no SoC override)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LD_LIBRARY_PATH", "ASCENDOPS_SOC")}
    env["LD_LIBRARY_PATH"] = config.lib_dir()
    return env


def build_and_run(line, cwd):
    made = subprocess.run(line, cwd=cwd, capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, "CANN's build line failed: %s\n%s" % (" ".join(line), made.stderr)
    exe = line[line.index("-o") + 1]
    return subprocess.run([exe], cwd=cwd, env=set_env(), capture_output=True, text=True, timeout=120)


# -- what each program computes, read from its source ---------------------------------------
_C_TYPES = {"float": np.float32, "double": np.float64, "int": np.int32, "int32_t": np.int32,
            "int64_t": np.int64}
_ACL_DTYPES = {"ACL_FLOAT": np.float32, "ACL_DOUBLE": np.float64, "ACL_INT32": np.int32,
               "ACL_INT64": np.int64, "ACL_FLOAT16": np.float16}


def _numbers(text):
    return [float(v) for v in text.replace(" ", "").split(",") if v]


def program_inputs(source):
    """{tensor variable: numpy array} for each aclCreateTensor of the program: its host
    vector's bytes (C type as written) read as the aclDataType it is created with, in its
    shape; and the program's plain attribute variables (int64_t dim = 0, char* s = "...")."""
    text = re.sub(r"\s+", " ", source)
    vectors = {}
    for ctype, name, init in re.findall(r"std::vector<(\w+)> (\w+) = \{([^}]*)\};", text):
        vectors[name] = np.array(_numbers(init), _C_TYPES[ctype])
    for ctype, name, count, value in re.findall(r"std::vector<(\w+)> (\w+)\((\d+), ([-\d.]+)\);", text):
        vectors[name] = np.full(int(count), float(value), _C_TYPES[ctype])
    tensors = {}
    for args in re.findall(r"= CreateAclTensor\(([^;]*)\);", text):
        args = [a.strip().lstrip("&") for a in args.split(",")]
        dtype = [a for a in args if a.startswith("aclDataType::")]
        assert len(dtype) == 1, args
        host, shape = vectors[args[0]], vectors[args[1]].astype(np.int64)
        data = np.frombuffer(host.tobytes(), _ACL_DTYPES[dtype[0][len("aclDataType::"):]])
        tensors[args[-1]] = data[:int(np.prod(shape))].reshape(tuple(shape))
    attrs = {name: int(v) for name, v in re.findall(r"int64_t (\w+) = (-?\d+);", text)}
    attrs.update(re.findall(r"char\* (\w+) = \"([^\"]*)\";", text))
    call = re.search(r"aclnn(\w+)GetWorkspaceSize\(([^;]*)\);", text)
    args = [a.strip() for a in call.group(2).split(",")][:-2]   # less workspaceSize, executor
    values = []
    for a in args:
        a = re.sub(r"\.get\(\)$", "", a)
        if a in tensors:
            values.append(tensors[a])
        elif a in attrs:
            values.append(attrs[a])
        elif a.startswith("aclDataType::"):
            values.append(_ACL_DTYPES[a[len("aclDataType::"):]])
        else:
            raise AssertionError("argument %r of aclnn%s: not understood" % (a, call.group(1)))
    return call.group(1), values


def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


_erf = np.vectorize(math.erf, otypes=[np.float64])


def _f64(*arrays):
    return [np.asarray(a, np.float64) for a in arrays]


def _gelu_grad_erf(x):
    return 0.5 * (1.0 + _erf(x / math.sqrt(2.0))) + x * np.exp(-0.5 * x * x) / math.sqrt(2.0 * math.pi)


def _gelu_grad_tanh(x):
    k = math.sqrt(2.0 / math.pi)
    t = np.tanh(k * (x + 0.044715 * x ** 3))
    return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * k * (1.0 + 3.0 * 0.044715 * x * x)


def _silu_backward(dy, x, out):
    dy, x = _f64(dy, x)
    s = _sigmoid(x)
    return dy * s * (1.0 + x * (1.0 - s))


def _silu(x, out):
    x, = _f64(x)
    return x * _sigmoid(x)


def _sigmoid_backward(dy, y, out):
    dy, y = _f64(dy, y)
    return dy * y * (1.0 - y)


def _gelu_backward(dy, x, out):
    dy, x = _f64(dy, x)
    return dy * _gelu_grad_erf(x)


def _gelu_backward_v2(dy, x, approximate, out):
    dy, x = _f64(dy, x)
    return dy * (_gelu_grad_tanh(x) if approximate == "tanh" else _gelu_grad_erf(x))


def _hardswish_backward(dy, x, out):
    # CANN's aclnnHardswishBackward doc: 0 below -3, x/3 + 0.5 on [-3, 3], 1 above 3
    dy, x = _f64(dy, x)
    return dy * np.where(x < -3, 0.0, np.where(x <= 3, x / 3.0 + 0.5, 1.0))


def _softmax_backward(dy, y, dim, out):
    dy, y = _f64(dy, y)
    return y * (dy - np.sum(dy * y, axis=dim, keepdims=True))


def _cast(x, dtype, out):
    return np.asarray(x).astype(dtype).astype(np.float64)


REFERENCES = {"SiluBackward": _silu_backward, "Silu": _silu, "SigmoidBackward": _sigmoid_backward,
              "GeluBackward": _gelu_backward, "GeluBackwardV2": _gelu_backward_v2,
              "HardswishBackward": _hardswish_backward, "SoftmaxBackward": _softmax_backward,
              "Cast": _cast}


def check_printed_values(name, stdout):
    op, args = program_inputs(cann_text(name).decode())
    expected = REFERENCES[op](*args).ravel()
    got = [float(v) for v in re.findall(r"result\[\d+\] is: (\S+)", stdout)]
    assert len(got) == expected.size, stdout
    # %f prints 6 decimals: half a unit of the last one, plus the float32 result's rounding
    np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-6, err_msg=stdout)
    return op, expected


def _example_params():
    for name in sorted(SOURCES):
        # GeluBackward's example calls it with an INT32 gradOutput and a FLOAT self: CANN's
        # PromoteType gives FLOAT, CheckPromoteTypeGeluBackward checks only that, and the
        # INT32 input is cast to it before the kernel (tests/ops/test_promotion.py)
        yield pytest.param(name, id=name[:-4])


@needs_gxx
@pytest.mark.parametrize("name", list(_example_params()))
def test_official_example_with_cann_s_build_line(name, tmp_path):
    """Each example, unchanged, with its repository's build line; it exits 0 and prints the
    op's values for the inputs written in it."""
    repo = SOURCES[name][0]
    source = str(tmp_path / name)
    with open(source, "wb") as f:
        f.write(cann_text(name))
    exe = str(tmp_path / name[:-4])
    line = ops_math_line(source, exe) if repo == "hicann/ops-math" else ops_nn_line(source, exe)
    r = build_and_run(line, str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    check_printed_values(name, r.stdout)


@needs_gxx
@pytest.mark.parametrize("runtime_lib", ["acl_rt", "ascendcl"])
def test_ops_nn_line_with_either_runtime_library(runtime_lib, tmp_path):
    """ops-nn's build.sh links -lacl_rt where CANN has no libascendcl.so; and ops-math's
    example builds with ops-nn's line too (CANN's ops-nn line is the one most programs copy)."""
    for name in ("test_aclnn_cast.cpp", "test_aclnn_softmax_grad.cpp"):
        exe = str(tmp_path / (name[:-4] + "_" + runtime_lib))
        r = build_and_run(ops_nn_line(os.path.join(EXAMPLES, name), exe, runtime_lib), str(tmp_path))
        assert r.returncode == 0, r.stdout + r.stderr
        check_printed_values(name, r.stdout)


# -- CANN's library names -------------------------------------------------------------------
CANN_LIBRARIES = ("ascendcl", "acl_rt", "nnopbase", "opapi", "opapi_nn", "opapi_math")


def test_cann_library_names_are_linker_scripts_for_libascendops():
    """Regular files (a wheel stores a symlink as a copy of the library, and a program
    linked against copies would load several libascendops.so), each linking -lascendops."""
    for name in CANN_LIBRARIES:
        path = os.path.join(config.lib_dir(), "lib%s.so" % name)
        assert os.path.isfile(path) and not os.path.islink(path), path
        with open(path) as f:
            text = f.read()
        assert re.sub(r"/\*.*?\*/", "", text, flags=re.S).split() == ["INPUT(-lascendops)"], text


@needs_gxx
def test_programs_need_libascendops_once_and_no_cann_name(tmp_path):
    """Linked with all of CANN's names, the program needs libascendops.so alone (one copy
    of the runtime); without LD_LIBRARY_PATH (CANN's line has no rpath) it does not start,
    as a CANN program does not without set_env.sh."""
    readelf = shutil.which("readelf")
    if readelf is None:
        pytest.skip("readelf is not installed (binutils)")
    inc, lib = config.include_dir(), config.lib_dir()
    exe = str(tmp_path / "silu_grad")
    line = [GXX, os.path.join(EXAMPLES, "test_aclnn_silu_grad.cpp"), "-I", inc, "-I", inc + "/aclnnop",
            "-L", lib] + ["-l" + n for n in CANN_LIBRARIES] + ["-o", exe]
    made = subprocess.run(line, capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stderr
    dynamic = subprocess.run([readelf, "-d", exe], capture_output=True, text=True, check=True).stdout
    needed = re.findall(r"\(NEEDED\).*\[(.*)\]", dynamic)
    assert "libascendops.so" in needed
    assert not [n for n in needed if any(n == "lib%s.so" % c for c in CANN_LIBRARIES)], needed
    env = set_env()
    del env["LD_LIBRARY_PATH"]
    r = subprocess.run([exe], cwd=str(tmp_path), env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode != 0 and "libascendops.so" in r.stderr
    r = subprocess.run([exe], cwd=str(tmp_path), env=set_env(), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    check_printed_values("test_aclnn_silu_grad.cpp", r.stdout)


@needs_gxx
def test_installed_layout(tmp_path):
    """The package as pip lays it out (site/ascendops with include/ and lib/ inside): CANN's
    line pointed at its --includedir and --libdir works there too (the scripts name
    -lascendops, found on the same -L path: nothing absolute)."""
    import ascendops
    site = tmp_path / "site"
    pkg = site / "ascendops"
    shutil.copytree(os.path.dirname(ascendops.__file__), str(pkg),
                    ignore=shutil.ignore_patterns("__pycache__", "*.c", "*.pyx", "*.pxi", "*.pxd", "*.h"))
    shutil.copytree(config.include_dir(), str(pkg / "include"), dirs_exist_ok=True)
    env = dict(os.environ, PYTHONPATH=str(site))
    dirs = subprocess.run([sys.executable, "-m", "ascendops.config", "--includedir", "--libdir"], env=env,
                          cwd="/", capture_output=True, text=True, check=True).stdout.split()
    assert dirs == [str(pkg / "include"), str(pkg / "lib")]
    inc, lib = dirs
    exe = str(tmp_path / "cast")
    line = [GXX, os.path.join(EXAMPLES, "test_aclnn_cast.cpp"), "-I", inc, "-I", inc + "/aclnnop",
            "-L", lib, "-lopapi_nn", "-lopapi_math", "-lascendcl", "-lnnopbase", "-o", exe]
    made = subprocess.run(line, capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stderr
    run_env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "ASCENDOPS_SOC")}
    run_env["LD_LIBRARY_PATH"] = lib
    r = subprocess.run([exe], cwd=str(tmp_path), env=run_env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    check_printed_values("test_aclnn_cast.cpp", r.stdout)


# -- acl/acl.h's error codes ----------------------------------------------------------------
# Every `static const int ACL_ERROR_*` (and ACL_SUCCESS) of hicann/runtime
# include/external/acl/acl_base_rt.h, commit 681ef7610df13c8128982901142a2c869ddbb53e, in order.
ACL_BASE_RT_CODES = [
    ("ACL_ERROR_NONE", 0), ("ACL_SUCCESS", 0),
    ("ACL_ERROR_INVALID_PARAM", 100000), ("ACL_ERROR_UNINITIALIZE", 100001),
    ("ACL_ERROR_REPEAT_INITIALIZE", 100002), ("ACL_ERROR_INVALID_FILE", 100003),
    ("ACL_ERROR_WRITE_FILE", 100004), ("ACL_ERROR_INVALID_FILE_SIZE", 100005),
    ("ACL_ERROR_PARSE_FILE", 100006), ("ACL_ERROR_FILE_MISSING_ATTR", 100007),
    ("ACL_ERROR_FILE_ATTR_INVALID", 100008), ("ACL_ERROR_INVALID_DUMP_CONFIG", 100009),
    ("ACL_ERROR_INVALID_PROFILING_CONFIG", 100010), ("ACL_ERROR_INVALID_MODEL_ID", 100011),
    ("ACL_ERROR_DESERIALIZE_MODEL", 100012), ("ACL_ERROR_PARSE_MODEL", 100013),
    ("ACL_ERROR_READ_MODEL_FAILURE", 100014), ("ACL_ERROR_MODEL_SIZE_INVALID", 100015),
    ("ACL_ERROR_MODEL_MISSING_ATTR", 100016), ("ACL_ERROR_MODEL_INPUT_NOT_MATCH", 100017),
    ("ACL_ERROR_MODEL_OUTPUT_NOT_MATCH", 100018), ("ACL_ERROR_MODEL_NOT_DYNAMIC", 100019),
    ("ACL_ERROR_OP_TYPE_NOT_MATCH", 100020), ("ACL_ERROR_OP_INPUT_NOT_MATCH", 100021),
    ("ACL_ERROR_OP_OUTPUT_NOT_MATCH", 100022), ("ACL_ERROR_OP_ATTR_NOT_MATCH", 100023),
    ("ACL_ERROR_OP_NOT_FOUND", 100024), ("ACL_ERROR_OP_LOAD_FAILED", 100025),
    ("ACL_ERROR_UNSUPPORTED_DATA_TYPE", 100026), ("ACL_ERROR_FORMAT_NOT_MATCH", 100027),
    ("ACL_ERROR_BIN_SELECTOR_NOT_REGISTERED", 100028), ("ACL_ERROR_KERNEL_NOT_FOUND", 100029),
    ("ACL_ERROR_BIN_SELECTOR_ALREADY_REGISTERED", 100030), ("ACL_ERROR_KERNEL_ALREADY_REGISTERED", 100031),
    ("ACL_ERROR_INVALID_QUEUE_ID", 100032), ("ACL_ERROR_REPEAT_SUBSCRIBE", 100033),
    ("ACL_ERROR_STREAM_NOT_SUBSCRIBE", 100034), ("ACL_ERROR_THREAD_NOT_SUBSCRIBE", 100035),
    ("ACL_ERROR_WAIT_CALLBACK_TIMEOUT", 100036), ("ACL_ERROR_REPEAT_FINALIZE", 100037),
    ("ACL_ERROR_NOT_STATIC_AIPP", 100038), ("ACL_ERROR_COMPILING_STUB_MODE", 100039),
    ("ACL_ERROR_GROUP_NOT_SET", 100040), ("ACL_ERROR_GROUP_NOT_CREATE", 100041),
    ("ACL_ERROR_PROF_ALREADY_RUN", 100042), ("ACL_ERROR_PROF_NOT_RUN", 100043),
    ("ACL_ERROR_DUMP_ALREADY_RUN", 100044), ("ACL_ERROR_DUMP_NOT_RUN", 100045),
    ("ACL_ERROR_PROF_REPEAT_SUBSCRIBE", 148046), ("ACL_ERROR_PROF_API_CONFLICT", 148047),
    ("ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG", 148048), ("ACL_ERROR_INVALID_OPP_PATH", 148049),
    ("ACL_ERROR_OP_UNSUPPORTED_DYNAMIC", 148050), ("ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED", 148051),
    ("ACL_ERROR_UNSUPPORTED_JPEG", 148052), ("ACL_ERROR_INVALID_BUNDLE_MODEL_ID", 148053),
    ("ACL_ERROR_BAD_ALLOC", 200000), ("ACL_ERROR_API_NOT_SUPPORT", 200001),
    ("ACL_ERROR_INVALID_DEVICE", 200002), ("ACL_ERROR_MEMORY_ADDRESS_UNALIGNED", 200003),
    ("ACL_ERROR_RESOURCE_NOT_MATCH", 200004), ("ACL_ERROR_INVALID_RESOURCE_HANDLE", 200005),
    ("ACL_ERROR_FEATURE_UNSUPPORTED", 200006), ("ACL_ERROR_PROF_MODULES_UNSUPPORTED", 200007),
    ("ACL_ERROR_STORAGE_OVER_LIMIT", 300000),
    ("ACL_ERROR_INTERNAL_ERROR", 500000), ("ACL_ERROR_FAILURE", 500001),
    ("ACL_ERROR_GE_FAILURE", 500002), ("ACL_ERROR_RT_FAILURE", 500003),
    ("ACL_ERROR_DRV_FAILURE", 500004), ("ACL_ERROR_PROFILING_FAILURE", 500005),
]


def test_acl_h_has_every_error_code_of_cann_s_runtime_header():
    """Regression: acl.h had 11 of these; test_aclnn_cast.cpp returns ACL_ERROR_FAILURE and
    did not compile. The values as the preprocessor sees them (no compiler needed)."""
    assert len(ACL_BASE_RT_CODES) == 71
    with open(os.path.join(config.include_dir(), "acl", "acl.h")) as f:
        header = f.read()
    defined = dict(re.findall(r"^#define (ACL_(?:ERROR_\w+|SUCCESS)) (-?\d+)$", header, re.M))
    missing = [n for n, _ in ACL_BASE_RT_CODES if n not in defined]
    assert not missing, missing
    wrong = [(n, defined[n], v) for n, v in ACL_BASE_RT_CODES if int(defined[n]) != v]
    assert not wrong, wrong


@needs_gxx
def test_acl_h_error_codes_compile_to_cann_s_values(tmp_path):
    """The same table through the compiler, as C++ and as C (gcc through g++ -x c)."""
    body = "".join('    printf("%s %%d\\n", (int)%s);\n' % (n, n) for n, _ in ACL_BASE_RT_CODES)
    for lang, std in (("c++", "-std=c++11"), ("c", "-std=c11")):
        src = tmp_path / ("codes." + ("cpp" if lang == "c++" else "c"))
        src.write_text('#include <stdio.h>\n#include "acl/acl.h"\nint main(void) {\n%s    return 0;\n}\n' % body)
        exe = str(tmp_path / ("codes_" + lang.replace("+", "x")))
        made = subprocess.run([GXX, "-x", lang, std, "-Wall", "-Werror", str(src), "-I", config.include_dir(),
                               "-o", exe], capture_output=True, text=True, timeout=120)
        assert made.returncode == 0, made.stderr
        out = subprocess.run([exe], capture_output=True, text=True, timeout=60, check=True).stdout
        assert [tuple(l.split()) for l in out.splitlines()] == [(n, str(v)) for n, v in ACL_BASE_RT_CODES]


# -- docs/c-api.md ----------------------------------------------------------------------------
@needs_gxx
def test_doc_build_line_snippet(tmp_path):
    """docs/c-api.md's "CANN's own build line" snippet, verbatim but for the python it runs,
    in a folder holding the example it names."""
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash")
    with open(os.path.join(os.path.dirname(os.path.dirname(HERE)), "docs", "c-api.md")) as f:
        doc = f.read()
    section = doc[doc.index("## CANN's own build line"):]
    snippet = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    assert snippet.count("python -m ascendops.config") == 2
    snippet = snippet.replace("python -m ascendops.config", "%s -m ascendops.config" % sys.executable)
    shutil.copy(os.path.join(EXAMPLES, "test_aclnn_silu_grad.cpp"), str(tmp_path))
    env = {k: v for k, v in os.environ.items() if k not in ("LD_LIBRARY_PATH", "ASCENDOPS_SOC")}
    # the python that runs the tests finds this ascendops (an in-place build or installed)
    import ascendops
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(os.path.abspath(ascendops.__file__)))
    r = subprocess.run([bash, "-e", "-c", snippet], cwd=str(tmp_path), env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    check_printed_values("test_aclnn_silu_grad.cpp", r.stdout)
