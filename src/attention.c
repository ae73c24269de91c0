/* Attention (plan_fn.h ao_attention_plan): out = softmax(scale * Q K^T + pse) V per
 * (batch, query head), the key / value head of a query head n being n / (N / Nkv) (GQA).
 * Every operand is read or written through its own element strides over (batch, head,
 * sequence, head dim) and its dtype (FLOAT, FLOAT16, BFLOAT16), so BSND, BNSD and BSH
 * are one walk; pse is read over (batch, head, query, key) (stride 0 broadcasts).
 *
 * Flash attention: the work is cut into tasks of (batch, key / value head, block of
 * AO_ATT_QB query rows), run on the engine's worker pool. A task's rows are the (query,
 * head) pairs of the G = N / Nkv query heads that share its key / value head, query by
 * query (a decode step's G heads are one block: each key and value is read once for all
 * of them). The rows are widened to float32 once; then the task walks the keys in blocks
 * of AO_ATT_KB (K transposed; widened to float32 once per block, or in the products'
 * registers where the task has a few rows), keeping per row a running max m, sum of exps
 * l and output O (online softmax, all float32):
 *   S = Q_blk K_blk^T;  S = S * scale + pse;  S = -inf where the mask or the band
 *   leaves a key out (a key block the band leaves out for every row is not read);
 *   m' = max(m, max_j S);  P = exp(S - m');  a = exp(m - m');
 *   l = l a + sum_j P;  O = O a + P V_blk;  m = m'
 * and at the end out = O / l, rounded once to out's dtype. No score matrix wider than one
 * key block exists. The block products and the softmax step are src/attention_math.h's,
 * compiled per ISA region (the engine's choice, ao_isa_current). Blocks are fixed by the
 * problem (AO_ATT_QB, AO_ATT_KB), never by the thread count, and each score and output
 * element is one chain of operations in a fixed order: the same bits on any number of
 * threads. A row whose every score is -inf (a fully masked row) writes zeros, as CANN's
 * row-invalid correction (innerPrecise 2 / 3) does. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "plan_fn.h"
#include "ao_internal.h"
#include "dtypes.h"
#include "ew_op.h"
#include "gemm.h"
#include "scalar_cvt.h"
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define AO_ATT_X86 1
#else
#define AO_ATT_X86 0
#endif

/* Keys per block (a multiple of 16 and of every region's kernel passes: 128 columns), and
 * query rows per task: enough rows that widening a key block is a small part of its
 * products, few enough that a prefill's (batch, head) gives several tasks. */
#define AO_ATT_KB 128
#define AO_ATT_QB 64
/* O's columns: the value head dim rounded up to a whole pass of every region's kernel */
#define AO_ATT_DV_ALIGN 64

/* A region's kernels (src/attention_math.h says what each computes). */
typedef struct ao_att_math {
    void (*qk)(float *S, const float *Q, int64_t ldq, const void *Kt, int dt, int64_t d, int64_t rows);
    void (*pv)(float *O, const float *alpha, const float *P, const void *V, int64_t ldv, int dt, int64_t kn,
               int64_t dvp, int64_t rows);
    void (*scale)(float *s, float scale);
    float (*step)(float *s, int64_t kn, float *m, float *l);
    int reads16;    /* qk and pv read float16 / bfloat16 K^T and V too */
} ao_att_math;

/* Rows up to which a task's products read the 16-bit K^T and V as they are (widened in
 * the registers, each element once per 4 rows) rather than widened once into float32
 * buffers: a decode step's few rows use each key once or a few times, and the widening
 * pass (a store and a reload of every element) cost more than its products. */
#define AO_ATT_FEW_ROWS 8

#define AO_ISA_INSTANCE "attention_math.h"
#include "isa_instances.h"

static const ao_att_math *ao_att_math_current(const ao_isa_impl *isa)
{
#if AO_ATT_X86
    if (isa->level >= 2)
        return &ao_att_math_avx512;
    if (isa->level == 1)
        return &ao_att_math_avx2;
#else
    (void)isa;
#endif
    return &ao_att_math_baseline;
}

typedef struct ao_attn_job {
    const ao_attention_plan *p;
    char *const *data;
    const ao_isa_impl *isa;
    const ao_att_math *km;
    int64_t g;                  /* query heads per key / value head */
    int64_t nrb;                /* row blocks per (batch, key / value head) */
    int64_t dvp;                /* O's row length */
    volatile int failed;
} ao_attn_job;

/* n elements of a 16-bit (dt) or float array, element stride st, as float32 */
static void ao_att_widen(const ao_isa_impl *isa, float *dst, int dt, const char *src, int64_t st, int64_t n)
{
    if (st == 1 && dt == AO_DT_FLOAT16)
        isa->f16_to_f32(dst, (const uint16_t *)src, n);
    else if (st == 1 && dt == AO_DT_BF16)
        isa->bf16_to_f32(dst, (const uint16_t *)src, n);
    else if (st == 1 && dt == AO_DT_FLOAT)
        memcpy(dst, src, (size_t)n * sizeof(float));
    else
        for (int64_t i = 0; i < n; i++)
            dst[i] = ao_s_load_f32(dt, src, i * st);
}

/* The block's K^T (d x AO_ATT_KB: element (t, c) key c's head-dim element t, of the kn
 * keys from `k`, key stride ks, head-dim stride ts) for the products: 16-bit keys with a
 * contiguous head dim transposed as 16-bit into tmp, read so by the products where
 * `keep16` (*dt the keys'), else widened into Kt (*dt AO_DT_FLOAT). Columns kn.. hold
 * whatever they held (their scores are replaced: ao_att_step); tmp and Kt are zeroed at
 * a task's start. */
static const void *ao_att_load_kt(const ao_isa_impl *isa, float *Kt, uint16_t *tmp, int *dt, const char *k,
                                  int64_t ks, int64_t ts, int64_t kn, int64_t d, int keep16)
{
    if (ts == 1 && (*dt == AO_DT_FLOAT16 || *dt == AO_DT_BF16)) {
        isa->transpose16(tmp, AO_ATT_KB, (const uint16_t *)k, ks, d, kn);
        if (keep16)
            return tmp;
        ao_att_widen(isa, Kt, *dt, (const char *)tmp, 1, d * AO_ATT_KB);
    } else {
        for (int64_t c = 0; c < kn; c++)
            for (int64_t t = 0; t < d; t++)
                Kt[t * AO_ATT_KB + c] = ao_s_load_f32(*dt, k, c * ks + t * ts);
    }
    *dt = AO_DT_FLOAT;
    return Kt;
}

static void ao_attn_item(void *arg, int64_t item)
{
    ao_attn_job *j = (ao_attn_job *)arg;
    const ao_attention_plan *p = j->p;
    char *const *data = j->data;
    const ao_isa_impl *isa = j->isa;
    const ao_att_math *km = j->km;
    const int64_t g = j->g, d = p->d, dv = p->dv, dvp = j->dvp;
    const int64_t rb = item % j->nrb, bh = item / j->nrb;
    const int64_t hkv = bh % p->nkv, b = bh / p->nkv;
    /* rows r0 .. r1 - 1 of this (batch, key / value head): row r is query r / g of
     * query head hkv * g + r % g */
    const int64_t r0 = rb * AO_ATT_QB, r1 = r0 + AO_ATT_QB < g * p->sq ? r0 + AO_ATT_QB : g * p->sq;
    const int64_t rows = r1 - r0;
    /* this batch's keys: the first kv_lens[b] where the plan lists them */
    const int64_t skv = p->kv_lens ? ((const int64_t *)(p + 1))[b] : p->skv;
    const int esz_q = ao_dtype_itemsize(p->dtype[1]);
    const int esz_k = ao_dtype_itemsize(p->dtype[2]), esz_v = ao_dtype_itemsize(p->dtype[3]);
    const size_t nq = (size_t)(AO_ATT_QB * d), ns = AO_ATT_QB * AO_ATT_KB, no = (size_t)(AO_ATT_QB * dvp);
    const size_t nkt = (size_t)(d * AO_ATT_KB), nv = (size_t)(AO_ATT_KB * dvp), ntmp = (nkt + 1) / 2;
    float *Q = ao_gemm_scratch(3, nq + ns + no + nkt + nv + ntmp + 3 * AO_ATT_QB);
    if (!Q) {
        j->failed = 1;
        return;
    }
    float *S = Q + nq, *O = S + ns, *Kt = O + no, *V = Kt + nkt, *tmp = V + nv;
    float *m = tmp + ntmp, *l = m + AO_ATT_QB, *alpha = l + AO_ATT_QB;
    /* widened once: the block's query rows; O, and the padding that the kernels read */
    for (int64_t r = 0; r < rows; r++) {
        const int64_t i = (r0 + r) / g, n = hkv * g + (r0 + r) % g;
        ao_att_widen(isa, Q + r * d, p->dtype[1],
                     data[1] + (b * p->q_st[0] + n * p->q_st[1] + i * p->q_st[2]) * esz_q, p->q_st[3], d);
        m[r] = -INFINITY;
        l[r] = 0.0f;
    }
    memset(O, 0, (size_t)rows * dvp * sizeof(float));
    memset(Kt, 0, nkt * sizeof(float));
    memset(tmp, 0, ntmp * sizeof(float));
    memset(V, 0, nv * sizeof(float));
    /* the keys any row of the block may see: the band's union over its queries */
    const int64_t i_lo = r0 / g, i_hi = (r1 - 1) / g;
    int64_t k_lo = 0, k_hi = skv;
    if (p->band) {
        if (i_lo + p->band_lo > k_lo)
            k_lo = i_lo + p->band_lo;
        if (i_hi + p->band_hi + 1 < k_hi)
            k_hi = i_hi + p->band_hi + 1;
    }
    const char *kbase = ((char *const *)data[p->key_k])[0] + (b * p->k_st[0] + hkv * p->k_st[1]) * esz_k;
    const char *vbase = ((char *const *)data[p->value_k])[0] + (b * p->v_st[0] + hkv * p->v_st[1]) * esz_v;
    const float scale = p->scale;
    const int few = rows <= AO_ATT_FEW_ROWS && km->reads16;
    for (int64_t j0 = k_lo < k_hi ? k_lo / AO_ATT_KB * AO_ATT_KB : k_hi; j0 < k_hi; j0 += AO_ATT_KB) {
        const int64_t kn = skv - j0 < AO_ATT_KB ? skv - j0 : AO_ATT_KB;
        int kdt = p->dtype[2], vdt = p->dtype[3];
        const void *kt = ao_att_load_kt(isa, Kt, (uint16_t *)tmp, &kdt, kbase + j0 * p->k_st[2] * esz_k,
                                        p->k_st[2], p->k_st[3], kn, d, few);
        const void *vb = V;
        int64_t ldv = dvp;
        if (few && (vdt == AO_DT_FLOAT16 || vdt == AO_DT_BF16) && p->v_st[3] == 1 && dv == dvp) {
            vb = vbase + j0 * p->v_st[2] * esz_v, ldv = p->v_st[2];
        } else {
            for (int64_t c = 0; c < kn; c++)
                ao_att_widen(isa, V + c * dvp, vdt, vbase + (j0 + c) * p->v_st[2] * esz_v, p->v_st[3], dv);
            vdt = AO_DT_FLOAT;
        }
        km->qk(S, Q, d, kt, kdt, d, rows);
        for (int64_t r = 0; r < rows; r++) {
            float *restrict s = S + r * AO_ATT_KB;
            const int64_t i = (r0 + r) / g, n = hkv * g + (r0 + r) % g;
            km->scale(s, scale);
            if (p->pse_k) {
                const char *pse = data[p->pse_k];
                const int64_t base = b * p->pse_st[0] + n * p->pse_st[1] + i * p->pse_st[2], st = p->pse_st[3];
                for (int64_t c = 0; c < kn; c++)
                    s[c] += ao_s_load_f32(p->dtype[4], pse, base + (j0 + c) * st);
            }
            if (p->mask_k) {
                const uint8_t *mask = (const uint8_t *)data[p->mask_k];
                const int64_t base = b * p->mask_st[0] + i * p->mask_st[1], st = p->mask_st[2];
                for (int64_t c = 0; c < kn; c++)
                    if (mask[base + (j0 + c) * st])
                        s[c] = -INFINITY;
            }
            if (p->band) {
                /* keys j with j - i in [band_lo, band_hi] are kept: columns [c_lo, c_hi) */
                const int64_t c_lo = i + p->band_lo - j0, c_hi = i + p->band_hi + 1 - j0;
                for (int64_t c = 0; c < kn && c < c_lo; c++)
                    s[c] = -INFINITY;
                for (int64_t c = c_hi > 0 ? c_hi : 0; c < kn; c++)
                    s[c] = -INFINITY;
            }
            alpha[r] = km->step(s, kn, m + r, l + r);
        }
        km->pv(O, alpha, S, vb, ldv, vdt, kn, dvp, rows);
    }
    const int dto = p->dtype[0], esz_o = ao_dtype_itemsize(dto);
    for (int64_t r = 0; r < rows; r++) {
        const int64_t i = (r0 + r) / g, n = hkv * g + (r0 + r) % g;
        const float inv = l[r] == 0.0f ? 0.0f : 1.0f / l[r];
        const int64_t base = b * p->out_st[0] + n * p->out_st[1] + i * p->out_st[2];
        float *o = O + r * dvp;
        for (int64_t c = 0; c < dv; c++)
            o[c] *= inv;
        char *dst = data[0] + base * esz_o;
        if (p->out_st[3] == 1 && dto == AO_DT_FLOAT16)
            isa->f32_to_f16((uint16_t *)dst, o, dv);
        else if (p->out_st[3] == 1 && dto == AO_DT_BF16)
            isa->f32_to_bf16((uint16_t *)dst, o, dv);
        else
            for (int64_t c = 0; c < dv; c++)
                ao_s_store_f32(dto, dst, c * p->out_st[3], o[c]);
    }
}

int ao_attention_run(const void *plan, char *const *data, int nthreads)
{
    const ao_attention_plan *p = (const ao_attention_plan *)plan;
    if (!p || !data || !data[0] || !data[1] || (p->pse_k && !data[p->pse_k]) || (p->mask_k && !data[p->mask_k]) || p->key_k < 2 || p->value_k < 2 ||
        !data[p->key_k] || !data[p->value_k] || p->b <= 0 || p->n <= 0 || p->nkv <= 0 || p->n % p->nkv ||
        p->sq <= 0 || p->skv < 0 || p->d <= 0 || p->dv <= 0)
        return -1;
    if (!((char *const *)data[p->key_k])[0] || !((char *const *)data[p->value_k])[0])
        return -1;
    if (p->kv_lens)
        for (int64_t b = 0; b < p->b; b++)
            if (((const int64_t *)(p + 1))[b] < 0 || ((const int64_t *)(p + 1))[b] > p->skv)
                return -1;
    int nt = ao_effective_threads(nthreads);
    const int64_t g = p->n / p->nkv;
    ao_attn_job job;
    memset(&job, 0, sizeof(job));
    job.p = p, job.data = data, job.isa = ao_isa_current(), job.g = g;
    job.km = ao_att_math_current(job.isa);
    job.nrb = (g * p->sq + AO_ATT_QB - 1) / AO_ATT_QB;
    job.dvp = (p->dv + AO_ATT_DV_ALIGN - 1) / AO_ATT_DV_ALIGN * AO_ATT_DV_ALIGN;
    const int64_t total = p->b * p->nkv * job.nrb;
    ao_parallel_for(total, total < 2 ? 1 : nt, ao_attn_item, &job);
    return job.failed ? -1 : 0;
}
