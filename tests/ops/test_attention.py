"""FusedInferAttentionScoreV2 (ascendops/ops/fused_infer_attention_score_v2.py) against a
numpy float64 attention (the declaration's reference: softmax(scale * Q K^T + pse) V by
einsum) and torch's scaled_dot_product_attention where torch is installed: the layouts
(BSH, BSND, BNSD), GQA, the attention mask and sparseMode 0..4, a pse broadcast over batch and over heads (stride 0, as llama.cpp
passes it), -inf scores (a masked row), float16 and bfloat16, strided operands, and the
statuses of what is not computed."""
import ml_dtypes
import numpy as np
import pytest

import ascendops as ao
from ascendops.ops.fused_infer_attention_score_v2 import FUSED_INFER_ATTENTION_SCORE_V2 as OP
from ascendops.ops.fused_infer_attention_score_v2 import _torch, reference

f = ao.fused_infer_attention_score_v2
try:
    import torch
except ImportError:      # pragma: no cover
    torch = None


def call(q, k, v, pse=None, mask=None, **kw):
    ins = {a: None for a in OP.args}
    ins["query"], ins["pse_shift_optional"], ins["atten_mask_optional"] = q, pse, mask
    r = f(**ins, key=[k], value=[v], **kw)
    return r[0] if isinstance(r, tuple) else r


def status(*args, **kw):
    with pytest.raises(ao.AclnnError) as e:
        call(*args, **kw)
    return e.value.status


def lay(x, layout):
    """A BSND array in `layout`."""
    if layout == "BNSD":
        return np.ascontiguousarray(x.transpose(0, 2, 1, 3))
    if layout == "BSH":
        return np.ascontiguousarray(x.reshape(x.shape[0], x.shape[1], -1))
    return x


def qkv(rng, b, n, nkv, s, skv, d, dtype=np.float16, dv=None):
    q = rng.standard_normal((b, s, n, d)).astype(dtype)
    k = rng.standard_normal((b, skv, nkv, d)).astype(dtype)
    v = rng.standard_normal((b, skv, nkv, dv or d)).astype(dtype)
    return q, k, v


def close(got, want, tol=2e-3):
    got = np.asarray(got).astype(np.float64)
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol)


@pytest.mark.parametrize("layout", ["BSND", "BNSD", "BSH"])
@pytest.mark.parametrize("n,nkv", [(4, 4), (4, 2), (4, 1)])
def test_layouts_and_gqa(layout, n, nkv):
    rng = np.random.default_rng(n * 10 + nkv)
    q, k, v = qkv(rng, 2, n, nkv, 5, 7, 16)
    pse = rng.standard_normal((2, n, 5, 7)).astype(np.float16)
    args = (lay(q, layout), lay(k, layout), lay(v, layout))
    got = call(*args, pse=pse, num_heads=n, scale_value=0.3, input_layout=layout, num_key_value_heads=nkv)
    close(got, reference(*args, pse, n, 0.3, layout, nkv))


def test_num_key_value_heads_zero_is_num_heads():
    rng = np.random.default_rng(1)
    q, k, v = qkv(rng, 1, 3, 3, 4, 6, 8)
    got = call(q, k, v, num_heads=3, scale_value=0.5, input_layout="BSND", num_key_value_heads=0)
    close(got, reference(q, k, v, None, 3, 0.5, "BSND", 3))


def test_decode_and_long_keys():
    """One query over many keys (decode) and many queries (blocks of the query dim)."""
    rng = np.random.default_rng(2)
    q, k, v = qkv(rng, 1, 8, 2, 1, 300, 32)
    close(call(q, k, v, num_heads=8, scale_value=32 ** -0.5, input_layout="BSND", num_key_value_heads=2),
          reference(q, k, v, None, 8, 32 ** -0.5, "BSND", 2))
    q, k, v = qkv(rng, 1, 2, 2, 150, 40, 16)
    close(call(q, k, v, num_heads=2, scale_value=0.25, input_layout="BSND", num_key_value_heads=2),
          reference(q, k, v, None, 2, 0.25, "BSND", 2))


def _blocks_case(rng, sq=150, skv=300):
    """GQA (2 query heads per key / value head) with more query rows than one task holds
    and keys over several key blocks, the last partial; the value head dim not a multiple
    of the kernels' column pass; a pse ramp along the keys, so that a later key block's
    max exceeds an earlier one's by far (the running output's rescaling)."""
    q, k, v = qkv(rng, 2, 4, 2, sq, skv, 32, dv=40)
    pse = (rng.standard_normal((1, 4, sq, skv)) + np.linspace(-30, 30, skv)).astype(np.float16)
    return q, k, v, pse


@pytest.mark.parametrize("sparse", [0, 2, 3, 4])
def test_blocks_and_bands(sparse):
    """Many query rows and key blocks, with each band (a block of keys the band leaves out
    for every row of a task is not read)."""
    rng = np.random.default_rng(21)
    q, k, v, pse = _blocks_case(rng)
    i, j = np.arange(150)[:, None], np.arange(300)[None, :]
    mask = None if sparse == 0 else np.triu(np.ones((2048, 2048), np.bool_), 1)
    keep = {0: np.ones((150, 300), bool), 2: j <= i, 3: j - i <= 150,
            4: (j - i >= 150 - 70) & (j - i <= 150 + 5)}[sparse]
    got = call(q, k, v, pse=pse, mask=mask, num_heads=4, scale_value=32 ** -0.5, input_layout="BSND",
               num_key_value_heads=2, sparse_mode=sparse, pre_tokens=70, next_tokens=5)
    close(got, masked_reference(q, k, v, keep, 4, 32 ** -0.5, 2, pse))


@pytest.mark.parametrize("sq", [1, 150])
def test_results_do_not_depend_on_the_thread_count(sq):
    """Tasks and blocks are fixed by the problem: the same bits on 1, 3 and many threads."""
    rng = np.random.default_rng(22)
    q, k, v, pse = _blocks_case(rng, sq=sq)
    mask = np.triu(np.ones((2048, 2048), np.bool_), 1)
    kw = dict(pse=pse, mask=mask, num_heads=4, scale_value=32 ** -0.5, input_layout="BSND",
              num_key_value_heads=2, sparse_mode=3)
    n = ao.get_num_threads()
    try:
        outs = []
        for t in (1, 3, max(n, 4)):
            ao.set_num_threads(t)
            outs.append(np.asarray(call(q, k, v, **kw)))
    finally:
        ao.set_num_threads(n)
    for o in outs[1:]:
        np.testing.assert_array_equal(outs[0].view(np.uint16), o.view(np.uint16))


@pytest.mark.parametrize("dtype", [np.float16, ml_dtypes.bfloat16])
def test_decode_reads_16_bit_keys_and_values_in_place(dtype):
    """A decode step (a few rows per task) with a head dim of whole kernel passes: the
    products read the 16-bit K^T and V themselves (widened in the registers)."""
    rng = np.random.default_rng(23)
    q, k, v = (x.astype(dtype) for x in qkv(rng, 2, 8, 2, 1, 300, 64, dtype=np.float32))
    got = call(q, k, v, num_heads=8, scale_value=0.125, input_layout="BSND", num_key_value_heads=2)
    close(got, reference(q, k, v, None, 8, 0.125, "BSND", 2), tol=2e-2 if dtype is not np.float16 else 2e-3)


def test_pse_broadcast_head_stride_zero_and_larger():
    """llama.cpp's pse: batch 1, the head dim a stride-0 view, its (S, Skv) larger than the
    query's and key's (the leading block is read)."""
    rng = np.random.default_rng(3)
    q, k, v = qkv(rng, 2, 4, 2, 3, 5, 16)
    base = rng.standard_normal((1, 1, 4, 6)).astype(np.float16)
    pse = np.broadcast_to(base, (1, 4, 4, 6))
    assert pse.strides[1] == 0
    got = call(q, k, v, pse=pse, num_heads=4, scale_value=0.25, input_layout="BSND", num_key_value_heads=2)
    close(got, reference(q, k, v, np.broadcast_to(base, (2, 4, 4, 6)), 4, 0.25, "BSND", 2))


def test_masked_scores():
    """-inf in pse (llama.cpp's mask): those keys get no weight; a row of -inf writes 0."""
    rng = np.random.default_rng(4)
    q, k, v = qkv(rng, 1, 2, 2, 3, 4, 8)
    pse = np.zeros((1, 2, 3, 4), np.float16)
    pse[..., 0, 2:] = -np.inf
    pse[..., 1, :] = -np.inf
    got = np.asarray(call(q, k, v, pse=pse, num_heads=2, scale_value=1.0, input_layout="BSND",
                          num_key_value_heads=2)).astype(np.float64)
    want = reference(q, k, v, pse, 2, 1.0, "BSND", 2)
    assert np.all(got[0, 1] == 0) and np.all(want[0, 1] == 0)
    close(got, want)
    assert np.isfinite(got).all()


def test_strided_operands():
    rng = np.random.default_rng(5)
    q, k, v = qkv(rng, 2, 2, 2, 4, 6, 16)
    qs = np.zeros((2, 4, 2, 32), np.float16)
    qs[..., ::2] = q
    got = call(qs[..., ::2], k[:, ::-1], v[:, ::-1], num_heads=2, scale_value=0.2, input_layout="BSND",
               num_key_value_heads=2)
    close(got, reference(q, k[:, ::-1], v[:, ::-1], None, 2, 0.2, "BSND", 2))


@pytest.mark.skipif(torch is None, reason="torch not installed")
@pytest.mark.parametrize("layout", ["BSND", "BNSD"])
def test_against_torch_sdpa(layout):
    rng = np.random.default_rng(6)
    q, k, v = qkv(rng, 2, 4, 2, 6, 9, 32)
    pse = rng.standard_normal((1, 4, 6, 9)).astype(np.float16)
    args = tuple(lay(x, layout) for x in (q, k, v))
    got = call(*args, pse=pse, num_heads=4, scale_value=0.2, input_layout=layout, num_key_value_heads=2)
    tt = [torch.from_numpy(x.astype(np.float32)).double() for x in args]
    want = _torch(torch, *tt, pse=torch.from_numpy(pse.astype(np.float64)), num_heads=4, scale=0.2, layout=layout,
                  num_kv_heads=2).numpy()
    close(got, want)


def test_bfloat16():
    rng = np.random.default_rng(7)
    bf16 = ml_dtypes.bfloat16
    q, k, v = (x.astype(bf16) for x in qkv(rng, 1, 2, 1, 3, 5, 16, dtype=np.float32))
    got = call(q, k, v, num_heads=2, scale_value=0.25, input_layout="BSND", num_key_value_heads=1)
    assert np.asarray(got).dtype == bf16
    close(np.asarray(got).astype(np.float64), reference(q, k, v, None, 2, 0.25, "BSND", 1), tol=1.6e-2)


def masked_reference(q, k, v, keep, n, scale, nkv, pse=None):
    """The reference with the keys where keep is False at -inf (keep: (B, N or 1, Sq, Skv))."""
    s = np.zeros(np.broadcast_shapes(keep.shape, (q.shape[0], n, q.shape[1], k.shape[1])))
    if pse is not None:
        s = s + pse.astype(np.float64)
    s = np.where(keep, s, -np.inf)
    return reference(q, k, v, s, n, scale, "BSND", nkv)


@pytest.mark.parametrize("shape", [(5, 7), (2, 5, 7), (1, 5, 7), (2, 1, 5, 7), (1, 1, 8, 9)])
def test_mask_sparse_mode_0(shape):
    """A mask (nonzero: left out) of each of CANN's shapes; preTokens / nextTokens band it."""
    rng = np.random.default_rng(9)
    q, k, v = qkv(rng, 2, 2, 1, 5, 7, 8)
    mask = rng.uniform(size=shape) < 0.3
    got = call(q, k, v, mask=mask, num_heads=2, scale_value=0.5, input_layout="BSND", num_key_value_heads=1)
    m = (mask[:, None] if mask.ndim == 3 else mask.reshape((1,) * (4 - mask.ndim) + mask.shape))[..., :5, :7]
    close(got, masked_reference(q, k, v, ~m, 2, 0.5, 1))
    i, j = np.arange(5)[:, None], np.arange(7)[None, :]
    got = call(q, k, v, mask=mask.astype(np.uint8), num_heads=2, scale_value=0.5, input_layout="BSND",
               num_key_value_heads=1, pre_tokens=1, next_tokens=2)
    close(got, masked_reference(q, k, v, ~m & (j - i >= -1) & (j - i <= 2), 2, 0.5, 1))


def test_mask_decode():
    """One query: a (B, Skv) mask; preTokens / nextTokens have no effect."""
    rng = np.random.default_rng(10)
    q, k, v = qkv(rng, 2, 2, 2, 1, 9, 8)
    mask = rng.uniform(size=(2, 9)) < 0.4
    got = call(q, k, v, mask=mask, num_heads=2, scale_value=0.5, input_layout="BSND", num_key_value_heads=2,
               pre_tokens=0, next_tokens=0)
    close(got, masked_reference(q, k, v, ~mask[:, None, None, :], 2, 0.5, 2))


@pytest.mark.parametrize("sparse", [1, 2, 3, 4])
def test_sparse_modes(sparse):
    rng = np.random.default_rng(11)
    q, k, v = qkv(rng, 1, 2, 2, 4, 6, 8)
    i, j = np.arange(4)[:, None], np.arange(6)[None, :]
    if sparse == 1:
        mask = rng.uniform(size=(4, 6)) < 0.3
        keep = ~mask
    else:
        mask = np.triu(np.ones((2048, 2048), np.bool_), 1)
        keep = {2: j <= i, 3: j - i <= 2, 4: (j - i >= 2 - 1) & (j - i <= 2 + 1)}[sparse]
    pse = rng.standard_normal((1, 2, 4, 6)).astype(np.float16)
    got = call(q, k, v, pse=pse, mask=mask, num_heads=2, scale_value=0.5, input_layout="BSND",
               num_key_value_heads=2, sparse_mode=sparse, pre_tokens=1, next_tokens=1)
    close(got, masked_reference(q, k, v, keep, 2, 0.5, 2, pse))


def test_actual_seq_lengths_kv():
    """Batch b reads its first actualSeqLengthsKv[b] keys (0: zeros); one value for all."""
    rng = np.random.default_rng(12)
    q, k, v = qkv(rng, 3, 2, 1, 2, 6, 8)
    j = np.arange(6)
    for lens in ([4, 6, 0], [3]):
        full = lens * 3 if len(lens) == 1 else lens
        keep = (j[None, :] < np.array(full)[:, None])[:, None, None, :]
        got = call(q, k, v, num_heads=2, scale_value=0.5, input_layout="BSND", num_key_value_heads=1,
                   actual_seq_lengths_kv_optional=lens)
        close(got, masked_reference(q, k, v, keep, 2, 0.5, 1))
    kw = dict(num_heads=2, scale_value=0.5, input_layout="BSND", num_key_value_heads=1)
    assert status(q, k, v, **dict(kw, actual_seq_lengths_kv_optional=[1, 2])) == 561002
    assert status(q, k, v, **dict(kw, actual_seq_lengths_kv_optional=[7])) == 561002
    mask = np.triu(np.ones((2048, 2048), np.bool_), 1)
    assert status(q, k, v, mask=mask, **dict(kw, actual_seq_lengths_kv_optional=[3], sparse_mode=3)) == 561103


def test_lists_rebound_on_each_call():
    """The cached plan of one shape binds each call's key and value elements afresh."""
    rng = np.random.default_rng(13)
    q, k, v = qkv(rng, 1, 2, 2, 3, 4, 8)
    kw = dict(num_heads=2, scale_value=0.5, input_layout="BSND", num_key_value_heads=2)
    first = np.asarray(call(q, k, v, **kw)).copy()
    k2, v2 = (-k).copy(), (v * 2).copy()
    close(call(q, k2, v2, **kw), reference(q, k2, v2, None, 2, 0.5, "BSND", 2))
    close(first, reference(q, k, v, None, 2, 0.5, "BSND", 2))


def test_out_overlapping_a_list_element():
    """attentionOut sharing memory with the value list's element: 161002 (_bind_list)."""
    rng = np.random.default_rng(14)
    q, k, v = qkv(rng, 1, 2, 2, 3, 3, 8)
    t = ao.from_numpy(v)
    ins = {a: None for a in OP.args}
    ins["query"] = q
    with pytest.raises(ao.AclnnError) as e:
        f(**ins, key=[k], value=[t], num_heads=2, scale_value=0.5, input_layout="BSND", num_key_value_heads=2,
          out=(t, ao.from_numpy(np.zeros((0,), np.float32))))
    assert e.value.status == 161002


def test_statuses():
    rng = np.random.default_rng(8)
    q, k, v = qkv(rng, 1, 2, 2, 3, 4, 8)
    kw = dict(num_heads=2, scale_value=0.25, input_layout="BSND", num_key_value_heads=2)
    assert status(q, k, v, **dict(kw, actual_seq_lengths_optional=[3])) == 561103   # not computed
    assert status(q, k, v, **dict(kw, sparse_mode=5)) == 561002                   # sparseMode 0..4
    assert status(q, k, v, **dict(kw, sparse_mode=2)) == 561002                   # a mask needed
    assert status(q, k, v, mask=np.zeros((3, 3), np.bool_), **kw) == 561002       # mask narrower than Skv
    assert status(q, k, v, mask=np.zeros((3, 4), np.bool_), **dict(kw, sparse_mode=3)) == 561002   # not 2048
    assert status(q, k, v, **dict(kw, input_layout="TND")) == 561103              # TND: not computed
    assert status(q, k, v, **dict(kw, input_layout="ABC")) == 561002              # CheckSingleParaLayout
    assert status(q, k, v, **dict(kw, inner_precise=5)) == 561002                 # CheckSingleParaInnerPrecise
    assert status(q.astype(np.float32), k, v, **kw) == 561002                     # query FLOAT
    assert status(q, k, v, **dict(kw, num_heads=3, num_key_value_heads=3)) == 561002   # heads not the shape's
    assert status(q, k, v, **dict(kw, num_key_value_heads=1)) == 561002           # key heads not numKeyValueHeads
    assert status(q, k[:, :3], v, **kw) == 561002                                 # key / value sequences differ
    assert status(q, k, v, **dict(kw, softmax_lse_flag=True)) == 561103          # softmaxLse: not computed
