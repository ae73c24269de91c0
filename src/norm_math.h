/* The norms' inner loops over fp32 blocks (src/norm.c), compiled once per ISA region
 * (src/isa_instances.h: AO_SUFFIX and AO_ISA_LEVEL defined and, for AVX2 / AVX-512, the
 * region's #pragma GCC target), so that the loops vectorise with its instructions.
 * Sums run in AO_NM_LANES double lanes, element i into lane i % AO_NM_LANES, and the
 * lanes are added in one fixed tree at the end: the vector width changes how many
 * lanes an instruction carries, never which element goes where, and -ffp-contract=off
 * keeps every product rounded on its own, so every region gives the same bits. */
#ifndef AO_SFX
#define AO_SFX_CAT2(a, b) a##_##b
#define AO_SFX_CAT(a, b) AO_SFX_CAT2(a, b)
#define AO_SFX(name) AO_SFX_CAT(name, AO_SUFFIX)
#endif

/* acc[l] += x[i] (or x[i]^2, (x[i] - c)^2) for the elements i of lane l; n is a
 * multiple of AO_NM_LANES but for the last block of a row. */
static void AO_SFX(ao_nm_sum)(double *restrict acc, const float *restrict x, int64_t n)
{
    int64_t i = 0;
    for (; i + AO_NM_LANES <= n; i += AO_NM_LANES)
        for (int l = 0; l < AO_NM_LANES; l++)
            acc[l] += (double)x[i + l];
    for (int l = 0; i < n; i++, l++)
        acc[l] += (double)x[i];
}

static void AO_SFX(ao_nm_sumsq)(double *restrict acc, const float *restrict x, int64_t n)
{
    int64_t i = 0;
    for (; i + AO_NM_LANES <= n; i += AO_NM_LANES)
        for (int l = 0; l < AO_NM_LANES; l++)
            acc[l] += (double)x[i + l] * (double)x[i + l];
    for (int l = 0; i < n; i++, l++)
        acc[l] += (double)x[i] * (double)x[i];
}

static void AO_SFX(ao_nm_sumsq_c)(double *restrict acc, const float *restrict x, int64_t n, double c)
{
    int64_t i = 0;
    for (; i + AO_NM_LANES <= n; i += AO_NM_LANES)
        for (int l = 0; l < AO_NM_LANES; l++) {
            const double d = (double)x[i + l] - c;
            acc[l] += d * d;
        }
    for (int l = 0; i < n; i++, l++) {
        const double d = (double)x[i] - c;
        acc[l] += d * d;
    }
}

/* y = x * s (* g where g is not NULL); y may be x itself (an output over its input):
 * no restrict on y and x */
static void AO_SFX(ao_nm_scale)(float *y, const float *x, float s, const float *g, int64_t n)
{
    if (g)
        for (int64_t i = 0; i < n; i++)
            y[i] = x[i] * s * g[i];
    else
        for (int64_t i = 0; i < n; i++)
            y[i] = x[i] * s;
}

/* y = (x - m) * s (* w) (+ b), w and b each possibly NULL; y may be x itself */
static void AO_SFX(ao_nm_affine)(float *y, const float *x, float m, float s, const float *w, const float *b,
                                 int64_t n)
{
    if (w && b)
        for (int64_t i = 0; i < n; i++)
            y[i] = (x[i] - m) * s * w[i] + b[i];
    else if (w)
        for (int64_t i = 0; i < n; i++)
            y[i] = (x[i] - m) * s * w[i];
    else if (b)
        for (int64_t i = 0; i < n; i++)
            y[i] = (x[i] - m) * s + b[i];
    else
        for (int64_t i = 0; i < n; i++)
            y[i] = (x[i] - m) * s;
}

static void AO_SFX(ao_nm_add)(float *y, const float *a, const float *b, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        y[i] = a[i] + b[i];
}

static const ao_norm_math AO_SFX(ao_norm_math) = {
    AO_SFX(ao_nm_sum), AO_SFX(ao_nm_sumsq), AO_SFX(ao_nm_sumsq_c), AO_SFX(ao_nm_scale),
    AO_SFX(ao_nm_affine), AO_SFX(ao_nm_add),
};
