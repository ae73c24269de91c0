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
#define AO_TS_W 16          /* the columns' multiple (the buffers' rows are padded to it) */
#endif

/* the region's register: 16 floats AVX-512, 8 AVX2, 4 SSE (GCC splits a wider vector
 * type through the stack) */
#undef AO_TS_VN
#if AO_ISA_LEVEL >= 2
#define AO_TS_VN 16
#elif AO_ISA_LEVEL == 1
#define AO_TS_VN 8
#else
#define AO_TS_VN 4
#endif
typedef float AO_SFX(ao_ts_v) __attribute__((vector_size(AO_TS_VN * 4), aligned(4)));

/* X (n x w, row-major ldx) = T^-1 X for the n x n triangle T (row-major ldt, its
 * triangle and diagonal filled): forward substitution where `lower`, else back. w is a
 * multiple of AO_TS_W (the columns past the caller's are scratch). 64 columns of a row
 * (16 where fewer are left) stay in registers while the row takes in every row solved
 * before it. */
#define AO_TS_PASS(COLS)                                                                    \
    for (int64_t s = 0; s < n; s++) {                                                       \
        const int64_t i = lower ? s : n - 1 - s;                                            \
        const int64_t j0 = lower ? 0 : i + 1, j1 = lower ? i : n;                           \
        float *xi = x + i * ldx + c;                                                        \
        V acc[(COLS) / AO_TS_VN];                                                           \
        _Pragma("GCC unroll 16") for (int v = 0; v < (COLS) / AO_TS_VN; v++)                \
            memcpy(&acc[v], xi + v * AO_TS_VN, sizeof(V));                                  \
        for (int64_t j = j0; j < j1; j++) {                                                 \
            const float *xj = x + j * ldx + c;                                              \
            const V f = (V){0} + t[i * ldt + j];                                            \
            _Pragma("GCC unroll 16") for (int v = 0; v < (COLS) / AO_TS_VN; v++) {          \
                V b;                                                                        \
                memcpy(&b, xj + v * AO_TS_VN, sizeof b);                                    \
                acc[v] -= f * b;                                                            \
            }                                                                               \
        }                                                                                   \
        const V d = (V){0} + t[i * ldt + i];                                                \
        _Pragma("GCC unroll 16") for (int v = 0; v < (COLS) / AO_TS_VN; v++) {              \
            acc[v] /= d;                                                                    \
            memcpy(xi + v * AO_TS_VN, &acc[v], sizeof(V));                                  \
        }                                                                                   \
    }

static void AO_SFX(ao_ts_block_f32)(const float *t, int64_t ldt, int64_t n, int lower, float *x, int64_t ldx,
                                    int64_t w)
{
    typedef AO_SFX(ao_ts_v) V;
    int64_t c = 0;
    for (; c + 4 * AO_TS_W <= w; c += 4 * AO_TS_W)
        AO_TS_PASS(4 * AO_TS_W)
    for (; c < w; c += AO_TS_W)
        AO_TS_PASS(AO_TS_W)
}

/* x[r * ld + c] -= y[r * ld + c] for r < rows, c < w (w a multiple of AO_TS_W) */
static void AO_SFX(ao_ts_sub_f32)(float *x, const float *y, int64_t ld, int64_t rows, int64_t w)
{
    typedef AO_SFX(ao_ts_v) V;
    for (int64_t r = 0; r < rows; r++)
        for (int64_t c = 0; c < w; c += AO_TS_VN) {
            V a, b;
            memcpy(&a, x + r * ld + c, sizeof a);
            memcpy(&b, y + r * ld + c, sizeof b);
            a -= b;
            memcpy(x + r * ld + c, &a, sizeof a);
        }
}
#undef AO_TS_PASS
