"""FusedInferAttentionScoreV2 against torch.nn.functional.scaled_dot_product_attention, in
one process, alternating: decode (1 query over 512 and over 4096 keys), prefill (512
queries over 512 keys) and causal prefill (sparseMode 3 against torch's is_causal), float16,
32 heads, head dim 128, BSND; minima and medians, the ratios torch / ours of the minima and
of the medians (above 1: ascendops faster) and the largest difference of the two results.

    python benchmarks/attention.py [--reps N] [--threads T] [--smoke]

--smoke: small shapes, two repeats (the tests run it). torch is the peer only.

Measured 2026-12-06, AMD EPYC (Zen 4), 2 cores, isa() avx512, torch 2.13.0+cpu, load
12-13 (other builds and tests on the 2 cores: wall times noisy; each ratio from one
process' alternating runs), --reps 9, torch / ours of the minima and of the medians:

    case (32 heads, D 128, float16)     1 thread          2 threads
    decode 1 x 512                      13.9x / 2.9x      13.9x / 5.7x
    decode 1 x 4096                     22.9x / 9.5x      6.7x / 5.9x
    prefill 512 x 512                   2.6x / 2.6x       2.5x / 2.5x
    causal prefill 512 x 512            4.0x / 4.3x       3.3x / 3.1x

docs/performance.md ("Fused attention") has the kernel's shape and the thread CPU times."""
import argparse
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import ascendops as ao  # noqa: E402

CASES = (("decode", 1, 32, 1, 512, 128, False), ("decode", 1, 32, 1, 4096, 128, False),
         ("prefill", 1, 32, 512, 512, 128, False), ("causal", 1, 32, 512, 512, 128, True))
SMOKE = (("decode", 1, 4, 1, 64, 16, False), ("prefill", 1, 4, 16, 16, 16, False),
         ("causal", 1, 4, 16, 16, 16, True))


def run_case(torch, name, b, n, sq, skv, d, causal, reps):
    rng = np.random.default_rng(0)
    q, k, v = (rng.standard_normal((b, s, n, d)).astype(np.float16) for s in (sq, skv, skv))
    op = ao.registered_ops()["fused_infer_attention_score_v2"]
    inputs = {a: None for a in op.args}
    inputs.update(query=q, key=[k], value=[v], num_heads=n, scale_value=d ** -0.5, input_layout="BSND",
                  num_key_value_heads=n, inner_precise=0 if sq == 1 else 2)
    if causal:
        # rightDownCausal (keys j <= i + Skv - Sq: torch's is_causal where Sq == Skv); its
        # mask is CANN's (2048, 2048) lower triangle, computed by rule
        inputs.update(atten_mask_optional=np.triu(np.ones((2048, 2048), np.bool_), 1), sparse_mode=3)

    def ours():
        return ao.fused_infer_attention_score_v2(**inputs)[0]

    tq, tk, tv = (torch.from_numpy(x).transpose(1, 2) for x in (q, k, v))

    def theirs():
        return torch.nn.functional.scaled_dot_product_attention(tq, tk, tv, scale=d ** -0.5, is_causal=causal)

    ours(), theirs()
    t_ours, t_torch = [], []
    for _ in range(reps):
        s = time.perf_counter()
        ours()
        t_ours.append(time.perf_counter() - s)
        s = time.perf_counter()
        theirs()
        t_torch.append(time.perf_counter() - s)
    diff = np.abs(np.asarray(ours(), np.float64) - theirs().transpose(1, 2).numpy().astype(np.float64)).max()
    mo, mt = statistics.median(t_ours), statistics.median(t_torch)
    print("%-8s B=%d N=%d Sq=%d Skv=%d D=%d  ascendops min %.3f ms median %.3f | torch min %.3f ms median %.3f"
          " | torch/ours min %.2f median %.2f | max diff %.1e"
          % (name, b, n, sq, skv, d, min(t_ours) * 1e3, mo * 1e3, min(t_torch) * 1e3, mt * 1e3,
             min(t_torch) / min(t_ours), mt / mo, diff))
    return diff


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--reps", type=int, default=9)
    p.add_argument("--threads", type=int, default=0, help="both libraries' threads (0: ascendops' default)")
    p.add_argument("--smoke", action="store_true")
    args = p.parse_args(argv)
    import torch
    if args.threads:
        ao.set_num_threads(args.threads)
    torch.set_num_threads(ao.get_num_threads())
    print("isa() = %s, %d threads, torch %s" % (ao.isa(), ao.get_num_threads(), torch.__version__))
    for case in SMOKE if args.smoke else CASES:
        assert run_case(torch, *case, 2 if args.smoke else args.reps) < 1e-2


if __name__ == "__main__":
    main()
