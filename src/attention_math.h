/* Per-ISA block kernels of the fused attention (src/attention.c). NO include guard:
 * attention.c includes this once per ISA region (as softmax.c includes row_math.h),
 * with AO_SUFFIX and AO_ISA_LEVEL defined and, for AVX2 / AVX-512, inside #pragma GCC
 * target, so that the products below run on the region's registers and the exps are
 * the elementwise ops' (vmath.h).
 *
 * A task holds a block of query rows (float32, Q: rows x d), one block of AO_ATT_KB keys
 * at a time as K^T (d x AO_ATT_KB, float32) and V (AO_ATT_KB x dvp, float32), the block's
 * scores S (rows x AO_ATT_KB) and the running output O (rows x dvp). Every score and
 * output element is one chain of fused multiply-adds in a fixed order (S over the head
 * dim, O over the block's keys), whichever kernel (4 rows or 1) computes its row: a
 * row's bits do not depend on the rows beside it, so not on how the work is split. */
#include "vmath.h"

#undef AT_V
#undef AT_W
#undef AT_CV
#undef AT_LOAD
#undef AT_STORE
#undef AT_SET1
#undef AT_FMA
#undef AT_MUL
#undef AT_ZERO
/* AT_CV vectors of AT_W floats: the columns one pass of a 4-row kernel holds in
 * registers (4 x AT_CV accumulators; a 1-row pass 2 AT_CV). AO_ATT_KB and
 * AO_ATT_DV_ALIGN are multiples of 2 AT_CV AT_W and AT_CV AT_W in every region. */
#if AO_ISA_LEVEL >= 2
#define AT_V __m512
#define AT_W 16
#define AT_CV 4
#define AT_LOAD(p) _mm512_loadu_ps(p)
#define AT_STORE(p, v) _mm512_storeu_ps((p), (v))
#define AT_SET1(x) _mm512_set1_ps(x)
#define AT_FMA(a, b, c) _mm512_fmadd_ps((a), (b), (c))
#define AT_MUL(a, b) _mm512_mul_ps((a), (b))
#define AT_ZERO() _mm512_setzero_ps()
#elif AO_ISA_LEVEL == 1
#define AT_V __m256
#define AT_W 8
#define AT_CV 2
#define AT_LOAD(p) _mm256_loadu_ps(p)
#define AT_STORE(p, v) _mm256_storeu_ps((p), (v))
#define AT_SET1(x) _mm256_set1_ps(x)
#define AT_FMA(a, b, c) _mm256_fmadd_ps((a), (b), (c))
#define AT_MUL(a, b) _mm256_mul_ps((a), (b))
#define AT_ZERO() _mm256_setzero_ps()
#elif defined(__SSE2__)
/* no FMA in the baseline region: a product and a sum, each rounded */
#define AT_V __m128
#define AT_W 4
#define AT_CV 4
#define AT_LOAD(p) _mm_loadu_ps(p)
#define AT_STORE(p, v) _mm_storeu_ps((p), (v))
#define AT_SET1(x) _mm_set1_ps(x)
#define AT_FMA(a, b, c) _mm_add_ps(_mm_mul_ps((a), (b)), (c))
#define AT_MUL(a, b) _mm_mul_ps((a), (b))
#define AT_ZERO() _mm_setzero_ps()
#else
#define AT_V float
#define AT_W 1
#define AT_CV 4
#define AT_LOAD(p) (*(p))
#define AT_STORE(p, v) (*(p) = (v))
#define AT_SET1(x) (x)
#define AT_FMA(a, b, c) ((a) * (b) + (c))
#define AT_MUL(a, b) ((a) * (b))
#define AT_ZERO() 0.0f
#endif

/* AT_W floats from element i of p: float32 (dt AO_DT_FLOAT), or float16 / bfloat16
 * widened in the register (exact), in the regions that have the instructions (AVX2 with
 * F16C, AVX-512; the baseline region reads float32 only). */
static inline __attribute__((always_inline)) AT_V AO_SFX(ao_att_ld)(const void *p, int64_t i, const int dt)
{
#if AO_ISA_LEVEL >= 2
    if (dt == AO_DT_FLOAT16)
        return _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)((const uint16_t *)p + i)));
    if (dt == AO_DT_BF16)
        return _mm512_castsi512_ps(_mm512_slli_epi32(
            _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)((const uint16_t *)p + i))), 16));
#elif AO_ISA_LEVEL == 1
    if (dt == AO_DT_FLOAT16)
        return _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)((const uint16_t *)p + i)));
    if (dt == AO_DT_BF16)
        return _mm256_castsi256_ps(_mm256_slli_epi32(
            _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)((const uint16_t *)p + i))), 16));
#endif
    (void)dt;
    return AT_LOAD((const float *)p + i);
}

/* S[r][c] = sum_t Q[r][t] Kt[t][c] for R rows (4, or 1 with twice the columns per pass:
 * one row's chains alone are too few to hide the latency of a multiply-add), c <
 * AO_ATT_KB; S and Kt rows AO_ATT_KB apart (Kt of dtype dt), Q rows ldq apart. */
static inline __attribute__((always_inline)) void AO_SFX(ao_att_qk_t)(float *S, const float *Q, int64_t ldq,
                                                                      const void *Kt, int64_t d, const int R,
                                                                      const int CV, const int dt)
{
    for (int c0 = 0; c0 < AO_ATT_KB; c0 += CV * AT_W) {
        AT_V acc[4][2 * AT_CV];
#pragma GCC unroll 4
        for (int r = 0; r < R; r++)
#pragma GCC unroll 8
            for (int c = 0; c < CV; c++)
                acc[r][c] = AT_ZERO();
        for (int64_t t = 0; t < d; t++) {
            AT_V kv[2 * AT_CV];
#pragma GCC unroll 8
            for (int c = 0; c < CV; c++)
                kv[c] = AO_SFX(ao_att_ld)(Kt, t * AO_ATT_KB + c0 + c * AT_W, dt);
#pragma GCC unroll 4
            for (int r = 0; r < R; r++) {
                const AT_V qb = AT_SET1(Q[r * ldq + t]);
#pragma GCC unroll 8
                for (int c = 0; c < CV; c++)
                    acc[r][c] = AT_FMA(qb, kv[c], acc[r][c]);
            }
        }
#pragma GCC unroll 4
        for (int r = 0; r < R; r++)
#pragma GCC unroll 8
            for (int c = 0; c < CV; c++)
                AT_STORE(S + r * AO_ATT_KB + c0 + c * AT_W, acc[r][c]);
    }
}

#define AO_ATT_QK_ROWS(DT)                                                                              \
    do {                                                                                                \
        int64_t r = 0;                                                                                  \
        for (; r + 4 <= rows; r += 4)                                                                   \
            AO_SFX(ao_att_qk_t)(S + r * AO_ATT_KB, Q + r * ldq, ldq, Kt, d, 4, AT_CV, DT);              \
        for (; r < rows; r++)                                                                           \
            AO_SFX(ao_att_qk_t)(S + r * AO_ATT_KB, Q + r * ldq, ldq, Kt, d, 1, 2 * AT_CV, DT);          \
    } while (0)

static void AO_SFX(ao_att_qk)(float *S, const float *Q, int64_t ldq, const void *Kt, int dt, int64_t d,
                              int64_t rows)
{
    (void)dt;
#if AO_ISA_LEVEL >= 1
    if (dt == AO_DT_FLOAT16) {
        AO_ATT_QK_ROWS(AO_DT_FLOAT16);
        return;
    }
    if (dt == AO_DT_BF16) {
        AO_ATT_QK_ROWS(AO_DT_BF16);
        return;
    }
#endif
    AO_ATT_QK_ROWS(AO_DT_FLOAT);
}
#undef AO_ATT_QK_ROWS

/* O[r][c] = alpha[r] O[r][c] + sum_{j < kn} P[r][j] V[j][c] for R rows, c in [c0, c1)
 * in passes of CV vectors (c1 - c0 a multiple of CV * AT_W); O rows dvp apart, P rows
 * AO_ATT_KB apart, V rows (dtype dt) ldv apart. */
static inline __attribute__((always_inline)) void AO_SFX(ao_att_pv_t)(float *O, const float *alpha, const float *P,
                                                                      const void *V, int64_t ldv, int64_t kn,
                                                                      int64_t dvp, int64_t c0, int64_t c1,
                                                                      const int R, const int CV, const int dt)
{
    for (; c0 < c1; c0 += CV * AT_W) {
        AT_V acc[4][2 * AT_CV];
#pragma GCC unroll 4
        for (int r = 0; r < R; r++) {
            const AT_V a = AT_SET1(alpha[r]);
#pragma GCC unroll 8
            for (int c = 0; c < CV; c++)
                acc[r][c] = AT_MUL(AT_LOAD(O + r * dvp + c0 + c * AT_W), a);
        }
        for (int64_t j = 0; j < kn; j++) {
            AT_V vv[2 * AT_CV];
#pragma GCC unroll 8
            for (int c = 0; c < CV; c++)
                vv[c] = AO_SFX(ao_att_ld)(V, j * ldv + c0 + c * AT_W, dt);
#pragma GCC unroll 4
            for (int r = 0; r < R; r++) {
                const AT_V pb = AT_SET1(P[r * AO_ATT_KB + j]);
#pragma GCC unroll 8
                for (int c = 0; c < CV; c++)
                    acc[r][c] = AT_FMA(pb, vv[c], acc[r][c]);
            }
        }
#pragma GCC unroll 4
        for (int r = 0; r < R; r++)
#pragma GCC unroll 8
            for (int c = 0; c < CV; c++)
                AT_STORE(O + r * dvp + c0 + c * AT_W, acc[r][c]);
    }
}

/* one row: passes twice as wide, then one of AT_CV vectors if dvp leaves it */
#define AO_ATT_PV_ROWS(DT)                                                                                    \
    do {                                                                                                      \
        const int64_t wide = dvp / (2 * AT_CV * AT_W) * (2 * AT_CV * AT_W);                                   \
        int64_t r = 0;                                                                                        \
        for (; r + 4 <= rows; r += 4)                                                                         \
            AO_SFX(ao_att_pv_t)(O + r * dvp, alpha + r, P + r * AO_ATT_KB, V, ldv, kn, dvp, 0, dvp, 4, AT_CV, \
                                DT);                                                                          \
        for (; r < rows; r++) {                                                                               \
            AO_SFX(ao_att_pv_t)(O + r * dvp, alpha + r, P + r * AO_ATT_KB, V, ldv, kn, dvp, 0, wide, 1,       \
                                2 * AT_CV, DT);                                                               \
            AO_SFX(ao_att_pv_t)(O + r * dvp, alpha + r, P + r * AO_ATT_KB, V, ldv, kn, dvp, wide, dvp, 1,     \
                                AT_CV, DT);                                                                   \
        }                                                                                                     \
    } while (0)

static void AO_SFX(ao_att_pv)(float *O, const float *alpha, const float *P, const void *V, int64_t ldv, int dt,
                              int64_t kn, int64_t dvp, int64_t rows)
{
    (void)dt;
#if AO_ISA_LEVEL >= 1
    if (dt == AO_DT_FLOAT16) {
        AO_ATT_PV_ROWS(AO_DT_FLOAT16);
        return;
    }
    if (dt == AO_DT_BF16) {
        AO_ATT_PV_ROWS(AO_DT_BF16);
        return;
    }
#endif
    AO_ATT_PV_ROWS(AO_DT_FLOAT);
}
#undef AO_ATT_PV_ROWS

/* s[c] *= scale, c < AO_ATT_KB */
static void AO_SFX(ao_att_scale)(float *s, float scale)
{
    for (int c = 0; c < AO_ATT_KB; c++)
        s[c] *= scale;
}

/* One key block of a row's online softmax: s[0..kn) its scores (already scaled, masked
 * keys -inf), *m and *l the row's running max and sum of exps. The scores become the
 * exps exp(s - m') (0 from kn on), m' = max(*m, max s), and *l = *l a + sum exps; returns
 * a = exp(*m - m'), the factor of the row's output so far. While every score so far is
 * -inf (m' -inf) the exps are 0 (a NaN score: NaN) and a is 1. */
static float AO_SFX(ao_att_step)(float *s, int64_t kn, float *m, float *l)
{
    const ao_vmc vm_ = ao_vmc_load();
    for (int64_t c = kn; c < AO_ATT_KB; c++)
        s[c] = -INFINITY;
    float lm[16];
    for (int k = 0; k < 16; k++)
        lm[k] = s[k];
    for (int c = 16; c < AO_ATT_KB; c += 16)
        for (int k = 0; k < 16; k++)
            lm[k] = s[c + k] > lm[k] ? s[c + k] : lm[k];
    float mx = *m;
    for (int k = 0; k < 16; k++)
        mx = lm[k] > mx ? lm[k] : mx;
    float alpha = 1.0f;
    if (mx == -INFINITY) {
        for (int c = 0; c < AO_ATT_KB; c++)
            s[c] = s[c] == -INFINITY ? 0.0f : NAN;
    } else {
        if (mx != *m)
            alpha = AO_SFX(ao_expf)(*m - mx, vm_);
        for (int c = 0; c < AO_ATT_KB; c++)
            s[c] = AO_SFX(ao_expf)(s[c] - mx, vm_);
    }
    float ls[16];
    for (int k = 0; k < 16; k++)
        ls[k] = s[k];
    for (int c = 16; c < AO_ATT_KB; c += 16)
        for (int k = 0; k < 16; k++)
            ls[k] += s[c + k];
    float sum = 0.0f;
    for (int k = 0; k < 16; k++)
        sum += ls[k];
    *m = mx;
    *l = *l * alpha + sum;
    return alpha;
}

static const ao_att_math AO_SFX(ao_att_math) = {
    AO_SFX(ao_att_qk), AO_SFX(ao_att_pv), AO_SFX(ao_att_scale), AO_SFX(ao_att_step), AO_ISA_LEVEL >= 1,
};
