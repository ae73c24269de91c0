"""A whole model through llama.cpp's CANN backend on ascendops: a tiny llama-architecture
GGUF (grouped-query attention, random weights of a fixed seed, FLOAT16 and Q8_0 weights,
written with llama.cpp's own gguf-py) is greedy-decoded for 32 tokens by llama.cpp
(tools/llama_decode.cpp on llama.h) with every layer on CANN0 (ascendops), and with ggml's
CPU backend alone: the same tokens, logits within tools/llama_cpp.DECODE_TOLERANCE of each
other, and both near a numpy float64 forward pass of the same weights. The decodes are
tier 2: they build llama.cpp's llama library besides ggml (minutes on 2 cores; cached with
the ggml build in ASCENDOPS_LLAMA_CACHE while ascendops' headers and the driver are
unchanged); the comparison's own test is plain."""
import os
import runpy
import shutil

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
N_PREDICT = 32

# one worker runs the module (.ci/run's --dist loadgroup): its module fixtures (the llama
# build under the cache's lock, each model's CPU-backend decode) are per worker, and a
# second worker would wait on the lock and decode the same models again
pytestmark = pytest.mark.xdist_group("llama_decode")


@pytest.fixture(scope="module")
def tool():
    return runpy.run_path(os.path.join(ROOT, "tools", "llama_cpp.py"))


@pytest.fixture(scope="module")
def built(tool):
    if shutil.which("cmake") is None:
        pytest.skip("cmake is needed to build llama.cpp")
    try:
        tool["fetch"]()
    except Exception as e:      # no sdist in the cache and no index to download it from
        pytest.skip("the llama-cpp-python sdist is not available: %s" % e)
    return tool["build_decode"]()


@pytest.fixture(scope="module", params=["f16", "q8_0"])
def model(tool, tmp_path_factory, request):
    path = str(tmp_path_factory.mktemp("gguf") / ("tiny-llama-%s.gguf" % request.param))
    return request.param, path, tool["write_tiny_llama"](path, request.param)


@pytest.fixture(scope="module")
def cpu_run(tool, built, model):
    exe, cann = built
    run = tool["run_decode"](exe, cann, model[1], "cpu", N_PREDICT)
    assert "error" not in run, run["error"]
    return run


@pytest.mark.slow
def test_tiny_model_on_the_cpu_backend_is_the_llama_graph(tool, model, cpu_run):
    """The GGUF holds what the float64 reference computes: ggml's CPU backend decodes 32
    tokens, its logits at every step within DECODE_TOLERANCE of max |logit| of numpy float64
    (FLOAT16 weights: the activations rounded to FLOAT16, 5e-4; Q8_0: to Q8_0 blocks, 1.5e-2),
    each token the reference's argmax (or one of two logits within that rounding)."""
    ftype, _path, weights = model
    prompt = tool["PROMPT"]
    assert len(cpu_run["tokens"]) == N_PREDICT and cpu_run["logits"].shape == (N_PREDICT + 1, 320)
    assert len(set(cpu_run["tokens"])) > N_PREDICT // 2
    ref = tool["reference_logits"](weights, prompt + tuple(cpu_run["tokens"]))[len(prompt) - 1:]
    assert tool["reference_difference"](weights, prompt, cpu_run) <= tool["DECODE_TOLERANCE"][ftype]
    c = tool["compare_decodes"]({"tokens": list(ref[:-1].argmax(1)), "logits": ref}, cpu_run)
    assert not c["unexplained"], c


@pytest.mark.slow
@pytest.mark.parametrize("weight_nz", ["on", "off"], ids=["weight-nz", "weight-nd"])
@pytest.mark.parametrize("strict", [False, True], ids=["cpu", "strict"])
def test_decode_on_cann_matches_the_cpu_backend(tool, built, model, cpu_run, strict, weight_nz):
    """Every layer on CANN0, fed the CPU backend's tokens (so that both see the same inputs
    at every step): its greedy token is the CPU backend's at every step (or one of two
    logits within the difference measured), its logits within DECODE_TOLERANCE of max |logit|
    of the CPU backend's and of numpy float64's. With the backend's default
    GGML_CANN_WEIGHT_NZ=on (the FLOAT16 matmul weights laid out in FRACTAL_NZ by
    aclnnTransMatmulWeight, read so by Mm) and with it off (ND weights)."""
    exe, cann = built
    ftype, path, weights = model
    got = tool["run_decode"](exe, cann, path, "CANN0", N_PREDICT, strict=strict, force=cpu_run["tokens"],
                             env=tool["WEIGHT_NZ"][weight_nz])
    assert "error" not in got, got["error"]
    c = tool["compare_decodes"](cpu_run, got)
    assert not c["unexplained"], c
    assert c["rel"] <= tool["DECODE_TOLERANCE"][ftype], c
    fed = {"tokens": cpu_run["tokens"], "logits": got["logits"]}
    assert tool["reference_difference"](weights, tool["PROMPT"], fed) <= tool["DECODE_TOLERANCE"][ftype]


@pytest.mark.slow
@pytest.mark.parametrize("strict", [False, True], ids=["cpu", "strict"])
def test_decode_with_flash_attention_on_cann(tool, built, tmp_path_factory, strict):
    """The f16 model with attention as ggml's FLASH_ATTN_EXT on both backends (on CANN0:
    FusedInferAttentionScoreV2 over the FLOAT16 KV cache)."""
    exe, cann = built
    ftype = "f16"
    path = str(tmp_path_factory.mktemp("gguf") / "tiny-llama-f16.gguf")
    weights = tool["write_tiny_llama"](path, ftype)
    ref = tool["run_decode"](exe, cann, path, "cpu", N_PREDICT, flash_attn=True)
    assert "error" not in ref, ref["error"]
    got = tool["run_decode"](exe, cann, path, "CANN0", N_PREDICT, strict=strict, force=ref["tokens"],
                             flash_attn=True)
    assert "error" not in got, got["error"]
    c = tool["compare_decodes"](ref, got)
    assert not c["unexplained"], c
    assert c["rel"] <= tool["DECODE_TOLERANCE"][ftype], c
    fed = {"tokens": ref["tokens"], "logits": got["logits"]}
    assert tool["reference_difference"](weights, tool["PROMPT"], fed) <= tool["DECODE_TOLERANCE"][ftype]


def test_compare_decodes_tells_ties_from_differences(tool):
    """compare_decodes (plain tier, no build): a differing greedy token is a tie only where
    the reference's top two logits lie within twice the measured difference."""
    rng = np.random.default_rng(0)
    logits = rng.standard_normal((4, 10)).astype(np.float32)
    logits[1, 3], logits[1, 7] = 5.0, 4.999          # step 1: a near-tie between 3 and 7
    ref = {"tokens": [int(t) for t in logits[:3].argmax(1)], "logits": logits}
    got = {"tokens": list(ref["tokens"]), "logits": logits + np.float32(1e-3)}
    c = tool["compare_decodes"](ref, got)
    assert (c["same"], c["ties"], c["unexplained"]) == (3, [], []) and abs(c["diff"] - 1e-3) < 1e-6
    got["tokens"][1] = 7 if ref["tokens"][1] == 3 else 3
    c = tool["compare_decodes"](ref, got)
    assert (c["same"], c["ties"], c["unexplained"]) == (2, [1], [])
    got["tokens"][0] = (ref["tokens"][0] + 1) % 10    # step 0's top two are far apart
    c = tool["compare_decodes"](ref, got)
    assert c["unexplained"] == [0] and c["rel"] == pytest.approx(1e-3 / np.abs(logits).max(), rel=1e-3)
