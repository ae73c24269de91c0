/* ascendops kernel table and runtime ISA dispatch.
 *
 * The ops (src/ops/ *.h, listed by the generated ascendops_ops_list.h), the vector
 * math and the dtype conversions are compiled once per ISA region, each region its own
 * translation unit (src/region_<isa>.c, regions.h): baseline (whatever the compiler
 * flags give: SSE2 on x86-64, NEON on arm64), and on x86 also avx2+fma+f16c and
 * avx512(f,bw,vl,dq). The best region the CPU supports is chosen once, at first use,
 * with __builtin_cpu_supports; this file dispatches on its table. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "regions.h"

#if AO_X86
#include <cpuid.h>
#endif

/* The index in names[0..n) of environment variable `var`'s value, in any case; -1 when
 * it is unset or empty, and for an unknown value, which is reported once (per *warned)
 * on stderr: a typo would otherwise silently change nothing. */
static int ao_env_choice(const char *var, const char *const *names, int n, const char *fallback,
                         int *warned)
{
    const char *s = getenv(var);
    if (!s || !*s)
        return -1;
    for (int i = 0; i < n; i++)
        if (!strcasecmp(s, names[i]))
            return i;
    if (!__atomic_exchange_n(warned, 1, __ATOMIC_RELAXED)) {
        fprintf(stderr, "ascendops: warning: ignoring %s=%s: not one of ", var, s);
        for (int i = 0; i < n; i++)
            fprintf(stderr, "%s%s", i ? "|" : "", names[i]);
        fprintf(stderr, " (any case); %s\n", fallback);
    }
    return -1;
}

/* When the fused 16-bit kernels of gradient-form ops use lookup tables (ew_op.h):
 * ao_lut_policy(), else the environment variable ASCENDOPS_LUT=auto|off|on (any case),
 * read at first use; auto by default. */
static int ao_lut_policy_state = -1; /* __atomic; -1: not yet read */

int ao_lut_policy_now(void)
{
    static const char *const names[] = { "auto", "off", "on" }; /* AO_LUT_AUTO, _OFF, _ON */
    static int warned; /* __atomic */
    int p = __atomic_load_n(&ao_lut_policy_state, __ATOMIC_RELAXED);
    if (p >= 0)
        return p;
    p = ao_env_choice("ASCENDOPS_LUT", names, 3, "using auto", &warned);
    if (p < 0)
        p = AO_LUT_AUTO;
    int unread = -1;
    __atomic_compare_exchange_n(&ao_lut_policy_state, &unread, p, 0, __ATOMIC_RELAXED,
                                __ATOMIC_RELAXED);
    return __atomic_load_n(&ao_lut_policy_state, __ATOMIC_RELAXED);
}

int ao_lut_policy(int policy)
{
    if (policy != AO_LUT_AUTO && policy != AO_LUT_OFF && policy != AO_LUT_ON)
        return -1;
    (void)ao_lut_policy_now(); /* the environment's policy, if none was set yet */
    return __atomic_exchange_n(&ao_lut_policy_state, policy, __ATOMIC_RELAXED);
}

int ao_lut_decide(double table_cost, double computed_cost)
{
    if (!(table_cost > 0) || !(computed_cost > 0))
        return AO_LUT_COMPUTED; /* unmeasured (or NaN): computing is never wrong */
    return table_cost <= AO_LUT_MARGIN * computed_cost ? AO_LUT_TABLE : AO_LUT_COMPUTED;
}

int64_t ao_lut_clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* ---- the regions' kernel tables (src/region_<isa>.c) ---- */
/* The levels above AO_ISA_LEVEL_MAX (regions.h) are NULL: ao_cpu_level, which bounds
 * every index below, never reaches them. */
static const ao_region *const ao_regions[3] = {
    &ao_region_baseline,
#if AO_ISA_LEVEL_MAX >= 1
    &ao_region_avx2,
#endif
#if AO_ISA_LEVEL_MAX >= 2
    &ao_region_avx512,
#endif
};

/* Every region lists the same rows in the same order (one ops list); their names and
 * fields are read from the baseline's. */
#define AO_NKERNELS (ao_region_baseline.nrows)
#define AO_ROW(kernel) (ao_region_baseline.rows[kernel])

/* ---- ISA selection ---- */
static int ao_cpu_supports_level(void)
{
#if AO_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi2") &&
        __builtin_cpu_supports("avx2"))
        return 2; /* F16C is implied by AVX-512F hardware (all AVX-512 CPUs have it) */
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        /* gcc 12 has no "f16c" name for __builtin_cpu_supports: check CPUID.1:ECX[29] */
        unsigned a = 0, b = 0, c = 0, d = 0;
        if (__get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 29)))
            return 1;
    }
#endif
    return 0;
}

int ao_isa_cpu_level(void) { return ao_cpu_supports_level(); }

/* The best region this CPU runs among those this build compiled (regions.h
 * AO_ISA_LEVEL_MAX). */
static int ao_cpu_level(void)
{
    const int lv = ao_cpu_supports_level();
    return lv < AO_ISA_LEVEL_MAX ? lv : AO_ISA_LEVEL_MAX;
}

static int ao_level = -1; /* accessed with __atomic builtins */

static const char *const ao_level_names[] = { "baseline", "avx2", "avx512" };

static int ao_level_by_name(const char *s)
{
    if (!s) return -1;
    for (int lv = 0; lv < 3; lv++)
        if (!strcmp(s, ao_level_names[lv]))
            return lv;
    return -1;
}

/* ASCENDOPS_ISA=baseline|avx2|avx512 in any case: the level it caps the kernels at; -1
 * when unset, empty or unknown (ao_env_choice warns). */
static int ao_level_from_env(void)
{
    static int warned; /* __atomic */
    return ao_env_choice("ASCENDOPS_ISA", ao_level_names, 3, "using the best the CPU supports",
                         &warned);
}

static int ao_current_level(void)
{
    int lv = __atomic_load_n(&ao_level, __ATOMIC_ACQUIRE);
    if (lv >= 0)
        return lv;
    lv = ao_cpu_level();
    int cap = ao_level_from_env();
    if (cap >= 0 && cap < lv)
        lv = cap;
    __atomic_store_n(&ao_level, lv, __ATOMIC_RELEASE);
    return lv;
}

const ao_isa_impl *ao_isa_current(void) { return ao_regions[ao_current_level()]->impl; }

const ao_isa_impl *ao_isa_get(int level)
{
    if (level < 0 || level > 2 || level > ao_cpu_level())
        return NULL;
    return ao_regions[level]->impl;
}

int ao_isa_force(const char *name)
{
    int lv = ao_level_by_name(name);
    if (lv < 0 || lv > ao_cpu_level())
        return -1;
    __atomic_store_n(&ao_level, lv, __ATOMIC_RELEASE);
    return 0;
}

const char *ao_isa_name(void) { return ao_isa_current()->name; }

/* ---- table accessors ---- */
int ao_kernel_count(void) { return AO_NKERNELS; }

int ao_kernel_find(const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < AO_NKERNELS; i++)
        if (!strcmp(AO_ROW(i).name, name))
            return i;
    return -1;
}

const char *ao_kernel_name(int kernel)
{
    return kernel >= 0 && kernel < AO_NKERNELS ? AO_ROW(kernel).name : NULL;
}

int ao_kernel_arity(int kernel)
{
    return kernel >= 0 && kernel < AO_NKERNELS ? AO_ROW(kernel).nin : -1;
}

int ao_kernel_nout(int kernel)
{
    return kernel >= 0 && kernel < AO_NKERNELS ? AO_ROW(kernel).nout : -1;
}

int ao_kernel_result(int kernel)
{
    return kernel >= 0 && kernel < AO_NKERNELS ? AO_ROW(kernel).result : -1;
}

int ao_kernel_has_lut(int kernel)
{
    return kernel >= 0 && kernel < AO_NKERNELS ? AO_ROW(kernel).lut : 0;
}

int ao_lut_choice(int kernel, int dtype, int stream, double *table_ns, double *computed_ns,
                  int *trials)
{
    if (kernel < 0 || kernel >= AO_NKERNELS || (dtype != AO_DT_FLOAT16 && dtype != AO_DT_BF16) ||
        (stream != 0 && stream != 1))
        return -1;
    ao_lut *l = ao_regions[ao_current_level()]->rows[kernel].lut_state;
    if (!l)
        return -1;
    const int w = dtype == AO_DT_BF16;
    if (table_ns)
        *table_ns = __atomic_load_n(&l->best_ps[w][stream][0], __ATOMIC_RELAXED) * 1e-3;
    if (computed_ns)
        *computed_ns = __atomic_load_n(&l->best_ps[w][stream][1], __ATOMIC_RELAXED) * 1e-3;
    if (trials)
        *trials = __atomic_load_n(&l->trials[w][stream], __ATOMIC_RELAXED);
    return __atomic_load_n(&l->choice[w][stream], __ATOMIC_RELAXED);
}

ao_ew_fn ao_kernel_fn(int kernel)
{
    if (kernel < 0 || kernel >= AO_NKERNELS)
        return NULL;
    return ao_regions[ao_current_level()]->rows[kernel].fn;
}

ao_ew2_fn ao_kernel_fn2(int kernel)
{
    if (kernel < 0 || kernel >= AO_NKERNELS || AO_ROW(kernel).nout != 2 ||
        AO_ROW(kernel).result != 0)
        return NULL;
    for (const ao_fused2_row *e = ao_regions[ao_current_level()]->fused2; e->name; e++)
        if (!strcmp(e->name, AO_ROW(kernel).name))
            return e->f2;
    return NULL;
}

ao_ew16_fn ao_kernel_fn32s(int kernel)
{
    if (kernel < 0 || kernel >= AO_NKERNELS)
        return NULL;
    return ao_regions[ao_current_level()]->rows[kernel].ff;
}

ao_ew16_fn ao_kernel_fn16(int kernel, int dtype)
{
    if (kernel < 0 || kernel >= AO_NKERNELS)
        return NULL;
    if (dtype == AO_DT_FLOAT16)
        return ao_regions[ao_current_level()]->rows[kernel].fh;
    if (dtype == AO_DT_BF16)
        return ao_regions[ao_current_level()]->rows[kernel].fb;
    return NULL;
}
