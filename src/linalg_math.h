/* Per-ISA loops of the FLOAT triangular solve (src/linalg.c). NO include guard: linalg.c
 * includes this once per ISA region (src/isa_instances.h), with AO_SUFFIX and
 * AO_ISA_LEVEL defined and, for AVX2 / AVX-512, inside the region's #pragma GCC target,
 * so that GCC's vector types below become that region's registers. Every element is
 * the same chain of products and differences, each rounded on its own
 * (-ffp-contract=off), in every region: the regions give the same bits. */
#ifndef AO_SFX
#define AO_SFX_CAT2(a, b) a##_##b
#define AO_SFX_CAT(a, b) AO_SFX_CAT2(a, b)
#define AO_SFX(name) AO_SFX_CAT(name, AO_SUFFIX)
#endif

#ifndef AO_LINALG_MATH_TYPES
#define AO_LINALG_MATH_TYPES
/* 16 floats: one AVX-512 register, two AVX2, four SSE */
typedef float ao_ts_v16 __attribute__((vector_size(64), aligned(4)));
#define AO_TS_W 16
#endif

/* X (n x w, row-major ldx) = T^-1 X for the n x n triangle T (row-major ldt, its
 * triangle and diagonal filled): forward substitution where `lower`, else back. w is a
 * multiple of AO_TS_W (the columns past the caller's are scratch). Four vectors of a
 * row's columns stay in registers while the row takes in every row solved before it. */
static void AO_SFX(ao_ts_block_f32)(const float *t, int64_t ldt, int64_t n, int lower, float *x, int64_t ldx,
                                    int64_t w)
{
    int64_t c = 0;
    for (; c + 4 * AO_TS_W <= w; c += 4 * AO_TS_W)
        for (int64_t s = 0; s < n; s++) {
            const int64_t i = lower ? s : n - 1 - s;
            const int64_t j0 = lower ? 0 : i + 1, j1 = lower ? i : n;
            float *xi = x + i * ldx + c;
            ao_ts_v16 a0, a1, a2, a3;
            memcpy(&a0, xi, sizeof a0);
            memcpy(&a1, xi + AO_TS_W, sizeof a1);
            memcpy(&a2, xi + 2 * AO_TS_W, sizeof a2);
            memcpy(&a3, xi + 3 * AO_TS_W, sizeof a3);
            for (int64_t j = j0; j < j1; j++) {
                const float *xj = x + j * ldx + c;
                const float f = t[i * ldt + j];
                ao_ts_v16 b0, b1, b2, b3;
                memcpy(&b0, xj, sizeof b0);
                memcpy(&b1, xj + AO_TS_W, sizeof b1);
                memcpy(&b2, xj + 2 * AO_TS_W, sizeof b2);
                memcpy(&b3, xj + 3 * AO_TS_W, sizeof b3);
                a0 -= f * b0;
                a1 -= f * b1;
                a2 -= f * b2;
                a3 -= f * b3;
            }
            const float d = t[i * ldt + i];
            a0 /= d;
            a1 /= d;
            a2 /= d;
            a3 /= d;
            memcpy(xi, &a0, sizeof a0);
            memcpy(xi + AO_TS_W, &a1, sizeof a1);
            memcpy(xi + 2 * AO_TS_W, &a2, sizeof a2);
            memcpy(xi + 3 * AO_TS_W, &a3, sizeof a3);
        }
    for (; c < w; c += AO_TS_W)
        for (int64_t s = 0; s < n; s++) {
            const int64_t i = lower ? s : n - 1 - s;
            const int64_t j0 = lower ? 0 : i + 1, j1 = lower ? i : n;
            float *xi = x + i * ldx + c;
            ao_ts_v16 a0;
            memcpy(&a0, xi, sizeof a0);
            for (int64_t j = j0; j < j1; j++) {
                ao_ts_v16 b0;
                memcpy(&b0, x + j * ldx + c, sizeof b0);
                a0 -= t[i * ldt + j] * b0;
            }
            a0 /= t[i * ldt + i];
            memcpy(xi, &a0, sizeof a0);
        }
}

/* x[r * ld + c] -= y[r * ld + c] for r < rows, c < w (w a multiple of AO_TS_W) */
static void AO_SFX(ao_ts_sub_f32)(float *x, const float *y, int64_t ld, int64_t rows, int64_t w)
{
    for (int64_t r = 0; r < rows; r++)
        for (int64_t c = 0; c < w; c += AO_TS_W) {
            ao_ts_v16 a, b;
            memcpy(&a, x + r * ld + c, sizeof a);
            memcpy(&b, y + r * ld + c, sizeof b);
            a -= b;
            memcpy(x + r * ld + c, &a, sizeof a);
        }
}
