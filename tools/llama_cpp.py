"""llama.cpp's CANN backend on ascendops: fetch the pinned llama.cpp, build its CANN
backend and ggml's test-backend-ops against `python -m ascendops.standin`'s CANN layout,
and run test-backend-ops on the CANN0 backend (ascendops) against ggml's CPU backend.

    python tools/llama_cpp.py build                  # fetch + stand-in + build (cached)
    python tools/llama_cpp.py test [-o OPS] [--device cpu|strict|both] [--perf]
    python tools/llama_cpp.py test --perf            # CANN0 against ggml's CPU backend, per case
    python tools/llama_cpp.py test --perf -o MUL_MAT -p "type_a=q8_0.*n=1,"   # the cases -p's regex finds
    python tools/llama_cpp.py coverage               # the aclnn APIs the backend imports
    python tools/llama_cpp.py decode [--type f16|q8_0] [--device cpu|strict|both] [--model F.gguf]
                                     [--weight-nz on|off|both]
                                                     # a llama model greedy-decoded on CANN0 and on CPU

llama.cpp comes from the PyPI sdist llama-cpp-python==0.3.36 (vendor/llama.cpp, llama.cpp
commit 0c1e570 as its CMake reports it); nothing in it is changed. The build is ggml's own
CMake (GGML_CANN=on, CANN_INSTALL_DIR = the stand-in, SOC_TYPE=Ascend910B3) for the ggml
libraries, and test-backend-ops.cpp (which needs ggml alone) compiled against them; for
`decode`, also the llama library and tools/llama_decode.cpp (a greedy decoder on llama.h). The
cache (ASCENDOPS_LLAMA_CACHE, default ~/.cache/ascendops/llama-cpp) keeps the sdist and a
build per version of ascendops' headers. docs/llama-cpp.md says what this proves and what
it does not."""
import argparse
import contextlib
import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)     # the checkout's ascendops (an in-place build) where none is installed
SDIST = "llama-cpp-python==0.3.36"
SDIST_FILE = "llama_cpp_python-0.3.36.tar.gz"
SOC_TYPE = "Ascend910B3"

# test-backend-ops' op names that run on ascendops: elementwise ops, norms, copies, reductions,
# sorts, layouts, windows, convolutions, masks (every aclnn API each calls is implemented)
OPS = ("ABS", "SGN", "NEG", "STEP", "TANH", "ELU", "RELU", "SIGMOID", "GELU", "GELU_QUICK", "SILU", "HARDSWISH",
       "HARDSIGMOID", "EXP", "SOFTPLUS", "GELU_ERF", "REGLU", "GEGLU", "SWIGLU", "GEGLU_ERF", "GEGLU_QUICK",
       "ADD", "ADD1", "SUB", "MUL", "DIV", "SQR", "SQRT", "LOG", "SIN", "COS", "SCALE", "CLAMP", "LEAKY_RELU",
       "SOFT_MAX", "RMS_NORM", "NORM", "GROUP_NORM", "L2_NORM", "CPY", "CONT", "DUP", "ARANGE", "FILL",
       "SUM", "SUM_ROWS", "MEAN", "ARGMAX", "COUNT_EQUAL", "CROSS_ENTROPY_LOSS", "CUMSUM",
       "ARGSORT", "SOLVE_TRI",
       "REPEAT", "PAD", "PAD_REFLECT_1D",
       "UPSCALE", "POOL_2D", "IM2COL",
       "SSM_CONV", "CONV_TRANSPOSE_1D", "CONV_1D_DW",
       "TRI", "DIAG_MASK_INF", "ACC", "SET", "DIAG", "CONCAT", "TIMESTEP_EMBEDDING", "GET_ROWS", "SET_ROWS",
       "SWIGLU_CLAMP", "ROPE",
       "MUL_MAT", "MUL_MAT_ID", "MUL_MAT_HADAMARD", "OUT_PROD", "GATED_LINEAR_ATTN", "FLASH_ATTN_EXT")
# The ops of OPS that run a part of their cases (test-backend-ops -p: a regex over a case's
# params), the others failing against CANN as well. CONCAT's quantised cases (Q4_0, Q4_1,
# Q5_0, Q5_1, Q8_0): ggml-cann's supports_op accepts every CONCAT, and ggml_cann_concat passes
# Q4_0 as ACL_INT4 (Cat lists no INT4: 161002, here as on CANN), Q4_1 and Q5_x as
# ACL_DT_UNDEFINED, Q8_0 as INT8 with ggml's element counts over its 34-byte blocks (Cat
# copies the wrong bytes): the backend aborts or differs.
# GET_ROWS' Q8_0 cases of a view into a padded tensor (vs0=1): ggml_cann_get_rows reads the
# view's scales at its data + nelements(view), bytes of other rows. SET_ROWS' FLOAT16 sources
# into FLOAT: ggml_cann_set_rows hands the source's bytes to InplaceIndexCopy as FLOAT,
# uncast (wrong values; a misaligned FLOAT address where ne0 = 33: a null source, 161001).
# ROPE's gemma4 E2B case (f32 [256, 8, 512, 1], n_dims 256, neox) after the qwen3.5 imrope
# ones: aclnn_rope_cache_init reallocates its sin/cos cache only when the position count
# grows, not when rope_dims does, so the case writes 128 * 512 * 2 floats into the cache
# the 32 * 512 * 2 floats of n_dims 64 made (here aclCreateTensor refuses the view past the
# allocation: a null out, 161001); run on its own it passes. The case after it (E4B, [512, 8,
# 512, 1], n_dims 128) is filtered with it: in a run it follows the same cache.
# MUL_MAT_ID's Q8_0 / Q4_0 cases of activations up to 1e5 (amax=100000): ggml-cann casts
# the FLOAT activations to FLOAT16 for WeightQuantBatchMatmulV2 (ggml_cann_mul_mat_quant),
# whose largest value is 65504: inf, and the sums NaN, as on CANN.
# docs/llama-cpp.md says more.
CASES = {"CONCAT": r"^type=(f32|f16|bf16|i8|i16|i32|i64),",
         "GET_ROWS": r"^(?!type=q8_0.*vs0=1)",
         "SET_ROWS": r"^(?!type_src=f16,type_dst=f32)",
         "ROPE": r"^(?!type=f32,ne_a=\[(256|512),8,512,1\],n_dims=(256|128),mode=2,)",
         "MUL_MAT_ID": r"^(?!type_a=(q8_0|q4_0),.*amax=100000)"}
# Those of OPS whose cases do not run yet, with the aclnn API each still needs (it returns
# 561003, and the backend aborts on it; python tools/llama_cpp.py coverage lists them all)
NOT_YET = {}
# the ops whose cases run on ascendops today: every aclnn API each calls is implemented
PASSING = tuple(op for op in OPS if op not in NOT_YET)


def cache_dir():
    return os.environ.get("ASCENDOPS_LLAMA_CACHE") or os.path.join(
        os.path.expanduser("~"), ".cache", "ascendops", "llama-cpp")


def _run(cmd, **kw):
    print("+ " + " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)


def fetch():
    """The extracted llama.cpp tree (vendor/llama.cpp of the pinned sdist), downloaded once."""
    cache = cache_dir()
    os.makedirs(cache, exist_ok=True)
    tree = os.path.join(cache, "llama_cpp_python-0.3.36", "vendor", "llama.cpp")
    if os.path.isfile(os.path.join(tree, "tests", "test-backend-ops.cpp")):
        return tree
    archive = os.path.join(cache, SDIST_FILE)
    if not os.path.isfile(archive):
        _run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", "llama-cpp-python",
              SDIST, "-d", cache])
    with tarfile.open(archive) as tar:
        members = [m for m in tar.getmembers() if "/vendor/llama.cpp/" in m.name or m.name.endswith("/PKG-INFO")]
        tar.extractall(cache, members=members, filter="data")
    return tree


def standin():
    """A fresh stand-in CANN layout in the cache (headers and library links of this ascendops)."""
    from ascendops import standin as sd
    path = os.path.join(cache_dir(), "cann")
    sd.create(path)
    return path


def _headers_key(cann):
    h = hashlib.sha256()
    for folder, _dirs, files in sorted(os.walk(os.path.join(cann, "include"))):
        for name in sorted(files):
            with open(os.path.join(folder, name), "rb") as f:
                h.update(name.encode() + b"\0" + f.read())
    return h.hexdigest()[:16]


@contextlib.contextmanager
def _cache_locked():
    """The cache held by one process at a time: two test processes (pytest-xdist workers)
    building at once would compile into the same build folder, and a new build removes
    the old ones."""
    os.makedirs(cache_dir(), exist_ok=True)
    with open(os.path.join(cache_dir(), ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def build(jobs=2):
    """(test-backend-ops, stand-in root): built against the stand-in, reused while
    ascendops' headers are unchanged."""
    with _cache_locked():
        return _build(jobs)


def _configured_here(build_dir):
    """Whether CMake configured `build_dir` where it is: a build folder copied or moved from
    another cache still names the old one (its CMakeCache.txt and Makefiles build there)."""
    try:
        with open(os.path.join(build_dir, "CMakeCache.txt")) as f:
            m = re.search(r"^CMAKE_CACHEFILE_DIR:INTERNAL=(.*)$", f.read(), re.M)
    except OSError:
        return False
    return bool(m) and os.path.realpath(m.group(1)) == os.path.realpath(build_dir)


def _build(jobs):
    tree = fetch()
    cann = standin()
    build_dir = os.path.join(cache_dir(), "build-" + _headers_key(cann))
    exe = os.path.join(build_dir, "test-backend-ops")
    if os.path.isfile(exe) and _configured_here(build_dir):
        return exe, cann
    for old in os.listdir(cache_dir()):
        if old.startswith("build-"):
            shutil.rmtree(os.path.join(cache_dir(), old), ignore_errors=True)
    cmake = shutil.which("cmake")
    if cmake is None:
        raise SystemExit("cmake is needed (pip install cmake)")
    _run([cmake, "-S", tree, "-B", build_dir, "-DGGML_CANN=on", "-DCANN_INSTALL_DIR=" + cann,
          "-DSOC_TYPE=" + SOC_TYPE, "-DCMAKE_BUILD_TYPE=Release", "-DLLAMA_CURL=OFF", "-DLLAMA_BUILD_TESTS=OFF",
          "-DLLAMA_BUILD_EXAMPLES=OFF", "-DLLAMA_BUILD_SERVER=OFF", "-DLLAMA_BUILD_TOOLS=OFF"],
         stdout=subprocess.DEVNULL)
    _run([cmake, "--build", build_dir, "-j", str(jobs), "--target", "ggml", "ggml-cann", "ggml-cpu"],
         stdout=subprocess.DEVNULL)
    libs = os.path.join(build_dir, "bin")
    _run([os.environ.get("CXX", "g++"), "-O2", "-std=c++17", "-I" + os.path.join(tree, "ggml", "include"),
          os.path.join(tree, "tests", "test-backend-ops.cpp"), "-L" + libs, "-lggml", "-lggml-base",
          "-Wl,-rpath," + libs, "-lpthread", "-o", exe])
    return exe, cann


def build_decode(jobs=2):
    """(llama_decode driver, stand-in root): the ggml build of build() plus llama.cpp's
    llama library and tools/llama_decode.cpp linked against it, in the same cached build
    folder (rebuilt where the driver's source is newer)."""
    with _cache_locked():
        _exe, cann = _build(jobs)
        build_dir = os.path.dirname(_exe)
        tree = fetch()
        src = os.path.join(ROOT, "tools", "llama_decode.cpp")
        exe = os.path.join(build_dir, "llama-decode")
        if os.path.isfile(exe) and os.path.getmtime(exe) >= os.path.getmtime(src):
            return exe, cann
        _run([shutil.which("cmake"), "--build", build_dir, "-j", str(jobs), "--target", "llama"],
             stdout=subprocess.DEVNULL)
        libs = os.path.join(build_dir, "bin")
        _run([os.environ.get("CXX", "g++"), "-O2", "-std=c++17", "-I" + os.path.join(tree, "include"),
              "-I" + os.path.join(tree, "ggml", "include"), src, "-L" + libs, "-lllama", "-lggml", "-lggml-base",
              "-Wl,-rpath," + libs, "-Wl,-rpath-link," + os.path.join(cann, "lib64"), "-lpthread", "-o", exe])
        return exe, cann


def gguf_module():
    """llama.cpp's own gguf-py (vendor/llama.cpp/gguf-py of the sdist): its writer, constants
    and quantisers, loaded as a private package without gguf/__init__.py (whose model-card
    metadata needs PyYAML, unused here)."""
    import importlib
    import types
    name = "_llama_cpp_gguf"
    if name not in sys.modules:
        pkg = types.ModuleType(name)
        pkg.__path__ = [os.path.join(fetch(), "gguf-py", "gguf")]
        sys.modules[name] = pkg
    return types.SimpleNamespace(**{m: importlib.import_module(name + "." + m)
                                    for m in ("constants", "gguf_writer", "quants")})


# The model `decode` writes: llama architecture, grouped-query attention (2 KV heads for 4
# query heads), random weights of a fixed seed; its vocabulary is a SentencePiece ("llama")
# one: <unk> <s> </s>, the 256 byte tokens <0x00>..<0xFF>, then word pieces. With this seed
# and PROMPT, float64's top two logits lie at least 4e-3 of max |logit| apart at each of the
# 32 greedy steps (random logits over 320 tokens often come closer: a tie no backend decides).
TINY_LLAMA = dict(n_vocab=320, n_embd=256, n_head=4, n_head_kv=2, n_ff=512, n_layer=3, n_ctx=256,
                  rms_eps=1e-5, rope_base=10000.0, seed=1249)
# `decode --wide`: the tiny model at Llama-3.2-1B's widths (n_embd 2048, 32 query heads and
# 8 KV heads of 64, n_ff 8192), 2 layers
WIDE_LLAMA = dict(n_embd=2048, n_head=32, n_head_kv=8, n_ff=8192, n_layer=2)
# max |logit difference| between CANN0 and the CPU backend, relative to max |logit|: FLOAT16
# weights meet FLOAT16-rounded activations with float32 sums on both (each 5e-4..8e-4 from
# float64); for Q8_0 the CPU backend quantises the activations to Q8_0 (1.5e-2 from float64)
# where CANN's WeightQuantBatchMatmulV2 keeps them FLOAT16 (docs/llama-cpp.md)
DECODE_TOLERANCE = {"f16": 0.005, "q8_0": 0.05}
# a fixed prompt of token ids: <s> then byte and word-piece tokens
PROMPT = (1, 300, 75, 104, 105, 116, 290, 33, 261, 270, 3, 301)


def write_tiny_llama(path, ftype="f16", **over):
    """A tiny llama-architecture GGUF at `path`: TINY_LLAMA's shapes, weight matrices in
    FLOAT16 or Q8_0 (gguf-py's quantiser), norms FLOAT32."""
    import numpy as np
    g = gguf_module()
    c = g.constants
    hp = dict(TINY_LLAMA, **over)
    nv, ne, nh, nkv, nff = hp["n_vocab"], hp["n_embd"], hp["n_head"], hp["n_head_kv"], hp["n_ff"]
    hd = ne // nh
    rng = np.random.default_rng(hp["seed"])
    w = g.gguf_writer.GGUFWriter(path, "llama")
    w.add_context_length(hp["n_ctx"])
    w.add_embedding_length(ne)
    w.add_block_count(hp["n_layer"])
    w.add_feed_forward_length(nff)
    w.add_head_count(nh)
    w.add_head_count_kv(nkv)
    w.add_rope_dimension_count(hd)
    w.add_rope_freq_base(hp["rope_base"])
    w.add_layer_norm_rms_eps(hp["rms_eps"])
    w.add_vocab_size(nv)
    w.add_file_type({"f16": c.LlamaFileType.MOSTLY_F16, "q8_0": c.LlamaFileType.MOSTLY_Q8_0}[ftype])
    words = ["\u2581" + "".join(chr(97 + (i * 7 + k * 3) % 26) for k in range(1 + i % 4)) for i in range(nv - 259)]
    words = list(dict.fromkeys(words))
    words += ["<w%d>" % i for i in range(nv - 259 - len(words))]
    tokens = ["<unk>", "<s>", "</s>"] + ["<0x%02X>" % b for b in range(256)] + words
    types_ = ([c.TokenType.UNKNOWN, c.TokenType.CONTROL, c.TokenType.CONTROL] + [c.TokenType.BYTE] * 256
              + [c.TokenType.NORMAL] * len(words))
    w.add_tokenizer_model("llama")
    w.add_token_list(tokens)
    w.add_token_scores([0.0] * 259 + [-float(i) for i in range(len(words))])
    w.add_token_types(types_)
    w.add_bos_token_id(1)
    w.add_eos_token_id(2)
    w.add_unk_token_id(0)

    weights = {}

    def mat(name, rows, cols, std):
        a = (rng.standard_normal((rows, cols)) * std).astype(np.float32)
        if ftype == "q8_0":
            q = c.GGMLQuantizationType.Q8_0
            data = g.quants.quantize(a, q)
            w.add_tensor(name, data, raw_dtype=q)
            weights[name] = g.quants.dequantize(data, q).astype(np.float64)
        else:
            w.add_tensor(name, a.astype(np.float16))
            weights[name] = a.astype(np.float16).astype(np.float64)

    def norm(name):
        a = (1 + 0.1 * rng.standard_normal(ne)).astype(np.float32)
        w.add_tensor(name, a)
        weights[name] = a.astype(np.float64)

    mat("token_embd.weight", nv, ne, 1.0)
    for i in range(hp["n_layer"]):
        b = "blk.%d." % i
        norm(b + "attn_norm.weight")
        mat(b + "attn_q.weight", nh * hd, ne, ne ** -0.5)
        mat(b + "attn_k.weight", nkv * hd, ne, ne ** -0.5)
        mat(b + "attn_v.weight", nkv * hd, ne, ne ** -0.5)
        mat(b + "attn_output.weight", ne, nh * hd, (nh * hd) ** -0.5)
        norm(b + "ffn_norm.weight")
        mat(b + "ffn_gate.weight", nff, ne, ne ** -0.5)
        mat(b + "ffn_up.weight", nff, ne, ne ** -0.5)
        mat(b + "ffn_down.weight", ne, nff, nff ** -0.5)
    norm("output_norm.weight")
    mat("output.weight", nv, ne, 3 * ne ** -0.5)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    return weights


def reference_logits(weights, tokens, **over):
    """numpy float64 logits of every position of `tokens` through the tiny llama model of
    `weights` (write_tiny_llama's, as stored): llama.cpp's llama graph (RMS norm, RoPE of
    adjacent pairs, causal grouped-query attention scaled by 1/sqrt(head_dim), SwiGLU)."""
    import numpy as np
    hp = dict(TINY_LLAMA, **over)
    nh, nkv = hp["n_head"], hp["n_head_kv"]
    n = len(tokens)

    def rms(x, wt):
        return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + hp["rms_eps"]) * wt

    def rope(x):                           # (n, heads, hd): pairs (2i, 2i+1) rotated by pos * base^(-2i/hd)
        hd = x.shape[-1]
        ang = np.arange(n)[:, None] * hp["rope_base"] ** (-np.arange(0, hd, 2) / hd)[None, :]
        cos, sin = np.cos(ang)[:, None, :], np.sin(ang)[:, None, :]
        x0, x1 = x[..., 0::2], x[..., 1::2]
        out = np.empty_like(x)
        out[..., 0::2] = x0 * cos - x1 * sin
        out[..., 1::2] = x0 * sin + x1 * cos
        return out

    x = weights["token_embd.weight"][list(tokens)]
    for i in range(hp["n_layer"]):
        b = "blk.%d." % i
        h = rms(x, weights[b + "attn_norm.weight"])
        q = rope((h @ weights[b + "attn_q.weight"].T).reshape(n, nh, -1))
        k = rope((h @ weights[b + "attn_k.weight"].T).reshape(n, nkv, -1))
        v = (h @ weights[b + "attn_v.weight"].T).reshape(n, nkv, -1)
        k, v = np.repeat(k, nh // nkv, axis=1), np.repeat(v, nh // nkv, axis=1)
        s = np.einsum("qhd,khd->hqk", q, k) / np.sqrt(q.shape[-1])
        s = np.where(np.tril(np.ones((n, n), bool)), s, -np.inf)
        p = np.exp(s - s.max(-1, keepdims=True))
        p /= p.sum(-1, keepdims=True)
        x = x + np.einsum("hqk,khd->qhd", p, v).reshape(n, -1) @ weights[b + "attn_output.weight"].T
        h = rms(x, weights[b + "ffn_norm.weight"])
        gate, up = h @ weights[b + "ffn_gate.weight"].T, h @ weights[b + "ffn_up.weight"].T
        x = x + (gate / (1 + np.exp(-gate)) * up) @ weights[b + "ffn_down.weight"].T
    return rms(x, weights["output_norm.weight"]) @ weights["output.weight"].T


# The backend's weight layouts for `decode`: ggml-cann lays its FLOAT16 / FLOAT matmul weights
# (attn_q / k / v / output, ffn_gate / up / down, output) out as FRACTAL_NZ by default
# (GGML_CANN_WEIGHT_NZ=on: aclnnCalculateMatmulWeightSizeV2 sizes their memory,
# aclnnTransMatmulWeight lays them out at load, Mm / BatchMatMul / Matmul read them); off,
# they stay ND. DECODE_ENV is the backend's default; WEIGHT_NZ the settings a decode can take.
WEIGHT_NZ = {"on": {"GGML_CANN_WEIGHT_NZ": "on"}, "off": {"GGML_CANN_WEIGHT_NZ": "off"}}
DECODE_ENV = WEIGHT_NZ["on"]


def run_decode(exe, cann, model, device, n_predict=32, prompt=PROMPT, strict=False, threads=1, force=None,
               flash_attn=False, env=DECODE_ENV, timeout=1800):
    """One greedy decode of `model` on `device` ("cpu": ggml's CPU backend alone; "CANN0"),
    fed its own argmax at each step or the tokens `force` (another run's):
    {"tokens" (each step's argmax), "logits" ((n_predict + 1) x n_vocab float32: the
    prompt's last position, then each fed token's), "prompt_ms", "token_ms"}, or
    {"error": text, "tokens"}. One thread: ggml's CPU threads spin while they wait, which
    on a shared 2-core machine costs far more than it gains."""
    import numpy as np
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "logits.f32")
        cmd = [exe, model, device, str(n_predict), ",".join(map(str, prompt)), out, "-t", str(threads)]
        if force is not None:
            cmd += ["--force", ",".join(map(str, force))]
        if flash_attn:
            cmd.append("-fa")
        full_env = environment(cann, strict)
        full_env["GGML_NO_BACKTRACE"] = "1"      # an abort's message, not gdb's backtrace
        full_env.update(env or {})
        p = subprocess.run(cmd, env=full_env, capture_output=True, text=True, timeout=timeout)
        tokens = [int(t) for t in re.findall(r"^token (\d+)$", p.stdout, re.M)]
        if p.returncode != 0:
            lines = [line.strip() for line in (p.stdout + p.stderr).splitlines() if line.strip()]
            tail = [line for line in lines if re.search(r"error|abort|assert", line, re.I)][-4:] or lines[-6:]
            return {"error": "exit status %d after %d tokens: %s" % (p.returncode, len(tokens), " | ".join(tail)),
                    "tokens": tokens}
        logits = np.fromfile(out, dtype=np.float32).reshape(n_predict + 1, -1)
    times = dict(re.findall(r"^(prompt_ms|token_ms) ([\d.]+)$", p.stdout, re.M))
    return {"tokens": tokens, "logits": logits, "prompt_ms": float(times["prompt_ms"]),
            "token_ms": float(times["token_ms"])}


def reference_difference(weights, prompt, run, **over):
    """max |logit difference| of a decode `run` from reference_logits over the prompt and the
    run's own tokens, relative to max |reference logit|, every step (`over`: the model's
    TINY_LLAMA overrides, as given to write_tiny_llama)."""
    import numpy as np
    ref = reference_logits(weights, tuple(prompt) + tuple(run["tokens"]), **over)[len(prompt) - 1:]
    return float(np.max(np.abs(run["logits"] - ref)) / np.max(np.abs(ref)))


def compare_decodes(ref, got):
    """`got` a run fed `ref`'s tokens (run_decode's force): {"same": the steps whose greedy
    token is ref's, "ties": the steps whose token differs where ref's top two logits are
    within 2 * diff of each other (rounding can order them either way), "unexplained": the
    other differing steps, "diff": max |logit difference| over every step, "rel": diff
    relative to max |logit| of ref}."""
    import numpy as np
    a, b = ref["logits"].astype(np.float64), got["logits"].astype(np.float64)
    diff = float(np.max(np.abs(a - b)))
    top2 = np.sort(a, axis=1)[:, -2:]
    out = {"same": 0, "ties": [], "unexplained": [], "diff": diff, "rel": diff / float(np.max(np.abs(a)))}
    for i, (r, g) in enumerate(zip(ref["tokens"], got["tokens"])):
        if r == g:
            out["same"] += 1
        else:
            out["ties" if top2[i, 1] - top2[i, 0] <= 2 * diff else "unexplained"].append(i)
    return out


def environment(cann, strict):
    from ascendops import standin as sd
    env = dict(os.environ)
    env.update(sd.environment(cann, strict=strict))
    if not strict:
        env.pop("ASCENDOPS_STRICT_DEVICE", None)
    return env


_RESULT = re.compile(r"^\s+(\w+)\(.*\): .*?(OK|FAIL|not supported)", re.M)
_TOTAL = re.compile(r"(\d+)/(\d+) tests passed")


def run_ops(exe, cann, ops, strict, mode="test", timeout=1800, backend="CANN0"):
    """{op: (passed, run, failed case lines, problem or None, perf text)} of
    test-backend-ops [perf] -b CANN0 (or `backend`)."""
    out = {}
    for op in ops:
        names = op.split(",")
        plain = ",".join(n for n in names if n not in CASES)
        # an op of CASES runs on its own (-p filters every op of a run)
        runs = ([(plain, None)] if plain else []) + [(n, CASES[n]) for n in names if n in CASES]
        passed, ran, fails, problems, texts = 0, 0, [], [], []
        for names_arg, cases in runs:
            args = [exe] + ([mode] if mode != "test" else []) + ["-b", backend, "-o", names_arg]
            if cases:
                args += ["-p", cases]
            p = subprocess.run(args, env=environment(cann, strict), capture_output=True, text=True,
                               timeout=timeout)
            text = p.stdout + p.stderr
            m = _TOTAL.search(text)
            passed += int(m.group(1)) if m else 0
            ran += int(m.group(2)) if m else 0
            fails += [line.strip() for line in text.splitlines() if "FAIL" in line and "(" in line]
            if p.returncode != 0:
                tail = [line for line in text.splitlines() if line.strip()][-3:]
                problems.append("exit status %d: %s" % (p.returncode, " | ".join(tail)))
            texts.append(text)
        out[op] = (passed, ran, fails, "; ".join(problems) or None, "\n".join(texts) if mode == "perf" else None)
    return out


_PERF = re.compile(r"^\s+(\w+\(.*\)):\s+\d+ runs -\s+([\d.]+) us/run", re.M)


def case_filter(op, pattern=None):
    """test-backend-ops' -p regex for `op`'s cases: CASES' own (the cases that run) and,
    with `pattern`, only those whose params it finds too (a lookahead: both must hold)."""
    own = CASES.get(op)
    if pattern is None:
        return own
    if own is None:
        return pattern
    return "^(?=.*(?:%s))%s" % (pattern, own[1:])      # every CASES regex starts with ^


def _perf_lines(args, env, timeout, on_case):
    """Runs test-backend-ops perf, calling on_case(case, us) for each case's line as it
    is printed (line-buffered through stdbuf where there is one: the tool's printf is
    otherwise held until it exits); returns (exit status, the whole output)."""
    import threading
    if shutil.which("stdbuf"):
        args = ["stdbuf", "-oL", "-eL"] + args
    proc = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    lines = []
    try:
        for line in proc.stdout:
            lines.append(line)
            m = _PERF.match(line)
            if m:
                on_case(m.group(1), float(m.group(2)))
        rc = proc.wait()
    finally:
        timer.cancel()
    return rc, "".join(lines)


def _geomean(rs):
    import math
    return math.exp(sum(map(math.log, rs)) / len(rs))


def perf_table(exe, cann, ops, strict=False, pattern=None, timeout=1800, out=None):
    """test-backend-ops perf on CANN0 (ascendops, phase 1 included: ggml-cann builds an
    executor per call) and on ggml's CPU backend, op by op (each op's cases on CANN0,
    then on the CPU backend): every case's line printed to `out` as it comes (`CANN0` /
    `CPU` us/run, and the ratio once both are in), then markdown rows of each case's
    us/run and the speed ratio CPU time / CANN0 time, and the geometric mean per op and
    over all cases. `pattern`: test-backend-ops' -p (a regex searched in each case's
    params). The ops without perf cases in test-backend-ops are left out."""
    out = out or sys.stdout
    env = environment(cann, strict)
    times, problems = {}, []
    for op in ops:
        cases = case_filter(op, pattern)
        for backend in ("CANN0", "CPU"):
            timed_here = []
            if backend == "CPU" and not ran_on_cann:
                # nothing to compare against (the backend supports none of the op's perf cases)
                print("%s: no perf case ran on CANN0; the CPU backend's are not timed" % op, file=out, flush=True)
                break

            def on_case(case, us, backend=backend, timed_here=timed_here):
                timed_here.append(case)
                t = times.setdefault(case, {})
                t[backend] = us
                ratio = "  CPU / CANN0 %.2f" % (t["CPU"] / t["CANN0"]) if "CPU" in t and "CANN0" in t else ""
                print("%-5s %10.1f us/run  %s%s" % (backend, us, case, ratio), file=out, flush=True)
            args = [exe, "perf", "-b", backend, "-o", op] + (["-p", cases] if cases else [])
            rc, text = _perf_lines(args, env, timeout, on_case)
            if rc != 0:
                tail = [line for line in text.splitlines() if line.strip()][-3:]
                problems.append("%s on %s: exit status %d: %s" % (op, backend, rc, " | ".join(tail)))
                print("%s on %s: exit status %d" % (op, backend, rc), file=out, flush=True)
            if backend == "CANN0":
                ran_on_cann = bool(timed_here)
    rows, per_op = [], {}
    for case, t in times.items():
        if "CANN0" in t and "CPU" in t:
            ratio = t["CPU"] / t["CANN0"]
            rows.append("| `%s` | %.1f | %.1f | %.2f |" % (case, t["CANN0"], t["CPU"], ratio))
            per_op.setdefault(case.split("(")[0], []).append(ratio)
    lines = ["", "| case | CANN0 us/run | CPU us/run | CPU / CANN0 |", "|---|---|---|---|"] + rows + [""]
    lines += ["| op | cases | geometric mean | min |", "|---|---|---|---|"]
    every = []
    for op, rs in sorted(per_op.items()):
        every += rs
        lines.append("| %s | %d | %.2f | %.2f |" % (op, len(rs), _geomean(rs), min(rs)))
    if every:
        lines.append("| all | %d | %.2f | %.2f |" % (len(every), _geomean(every), min(every)))
    lines += ["problems: %s" % p for p in problems]
    return "\n".join(lines)


def decode_main(args):
    import tempfile
    exe, cann = build_decode()
    prompt = tuple(int(t) for t in args.prompt.split(","))
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        if args.model:
            models = [(os.path.basename(args.model), args.model, args.tolerance or 0.05)]
        else:
            types = ("f16", "q8_0") if args.type == "both" else (args.type,)
            over = WIDE_LLAMA if args.wide else {}
            models = [(t, os.path.join(tmp, "tiny-llama-%s.gguf" % t), args.tolerance or DECODE_TOLERANCE[t])
                      for t in types]
            weights = {t: write_tiny_llama(os.path.join(tmp, "tiny-llama-%s.gguf" % t), t, **over) for t in types}
        for label, path, tol in models:
            ref = run_decode(exe, cann, path, "cpu", args.n_predict, prompt, flash_attn=args.flash_attn)
            if "error" in ref:
                print("%-12s CPU backend: %s" % (label, ref["error"]))
                bad += 1
                continue
            vs64 = ""
            if not args.model:
                vs64 = ", %.3g of max |logit| from numpy float64" % reference_difference(weights[label], prompt, ref,
                                                                                        **over)
            print("%-12s CPU backend: tokens %s  %.2f ms/token%s" % (label, " ".join(map(str, ref["tokens"])),
                                                                   ref["token_ms"], vs64))
            nz_modes = ("on", "off") if args.weight_nz == "both" else (args.weight_nz,)
            for strict, nz in [(s, m) for s in {"cpu": (False,), "strict": (True,), "both": (False, True)}[args.device]
                               for m in nz_modes]:
                dev = "%s device, weight NZ %s" % ("strict" if strict else "cpu", nz)
                got = run_decode(exe, cann, path, "CANN0", args.n_predict, prompt, strict=strict,
                                 force=ref["tokens"], flash_attn=args.flash_attn, env=WEIGHT_NZ[nz])
                if "error" in got:
                    print("%-12s CANN0 (%s): %s" % (label, dev, got["error"]))
                    bad += 1
                    continue
                c = compare_decodes(ref, got)
                ok = not c["unexplained"] and c["rel"] <= tol
                bad += not ok
                vs64 = ""
                if not args.model:
                    vs64 = ", %.3g from numpy float64" % reference_difference(
                        weights[label], prompt, {"tokens": ref["tokens"], "logits": got["logits"]}, **over)
                print("%-12s CANN0 (%s): %d/%d tokens the same%s, max |logit difference| %.3g "
                      "(%.3g of max |logit|, tolerance %.3g%s)  %.2f ms/token  %s"
                      % (label, dev, c["same"], len(ref["tokens"]),
                         (", near-ties at steps %s" % c["ties"] if c["ties"] else "")
                         + (", DIFFERENT at steps %s" % c["unexplained"] if c["unexplained"] else ""),
                         c["diff"], c["rel"], tol, vs64, got["token_ms"], "ok" if ok else "DIFFERS"))
    return 1 if bad else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("build")
    t = sub.add_parser("test")
    t.add_argument("-o", "--ops", default=",".join(PASSING), help="comma-separated test-backend-ops op names "
                   "(default: the ops that run on ascendops today)")
    t.add_argument("--each", action="store_true", help="one test-backend-ops run per op (an abort stops one op)")
    t.add_argument("--device", choices=("cpu", "strict", "both"), default="both")
    t.add_argument("--perf", action="store_true", help="test-backend-ops perf: CANN0 against ggml's CPU "
                   "backend, case by case (each case's line as it runs, then a markdown table; the cpu device "
                   "unless --device strict)")
    t.add_argument("-p", "--pattern", help="test-backend-ops' -p: only the cases whose params this regex finds "
                   "(with --perf; for an op of CASES, of the cases that run)")
    sub.add_parser("coverage")
    d = sub.add_parser("decode", help="greedy-decode a llama model on CANN0 (every layer) and on ggml's CPU "
                       "backend: the same tokens, logits within DECODE_TOLERANCE")
    d.add_argument("--type", choices=("f16", "q8_0", "both"), default="both",
                   help="the tiny model's weight type (written with a fixed seed)")
    d.add_argument("--model", help="a GGUF model file to decode instead of the tiny model")
    d.add_argument("--wide", action="store_true", help="the tiny model at Llama-3.2-1B's widths (WIDE_LLAMA)")
    d.add_argument("--device", choices=("cpu", "strict", "both"), default="both")
    d.add_argument("-n", "--n-predict", type=int, default=32)
    d.add_argument("--prompt", default=",".join(map(str, PROMPT)), help="comma-separated token ids")
    d.add_argument("--flash-attn", action="store_true", help="attention as ggml's FLASH_ATTN_EXT (on CANN0: "
                   "FusedInferAttentionScoreV2) on both backends")
    d.add_argument("--weight-nz", choices=("on", "off", "both"), default="on",
                   help="GGML_CANN_WEIGHT_NZ on CANN0: the matmul weights in FRACTAL_NZ (on, the backend's "
                   "default) or ND (off)")
    d.add_argument("--tolerance", type=float, help="max |logit difference| relative to max |logit| "
                   "(default: DECODE_TOLERANCE of the type; 0.05 for --model)")
    args = ap.parse_args(argv)
    if args.cmd == "decode":
        return decode_main(args)
    exe, cann = build()
    if args.cmd == "build":
        print(exe)
        return 0
    if args.cmd == "coverage":
        from ascendops import config
        lib = os.path.join(os.path.dirname(exe), "bin", "libggml-cann.so")
        return config._print_coverage([lib])
    ops = [o for o in args.ops.split(",") if o]
    if args.perf:
        print(perf_table(exe, cann, ops, strict=args.device == "strict", pattern=args.pattern))
        return 0
    groups = [[o] for o in ops] if args.each else [ops]
    bad = 0
    for strict in {"cpu": (False,), "strict": (True,), "both": (False, True)}[args.device]:
        res = {}
        for group in groups:
            res.update(run_ops(exe, cann, [",".join(group)], strict))
        for op, (passed, ran, fails, problem, _) in res.items():
            ok = problem is None and not fails and passed == ran
            bad += not ok
            print("%-6s %-12s %4d/%-4d %s" % ("strict" if strict else "cpu", op, passed, ran,
                                             "ok" if ok else (problem or "; ".join(fails[:3]))))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
