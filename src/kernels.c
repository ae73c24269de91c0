/* ascendops kernel table and runtime ISA dispatch.
 *
 * The ops (src/ops/ *.h, listed by the generated ascendops_ops_list.h),
 * the vector math and the dtype conversions are compiled once per ISA region below:
 * baseline (whatever the compiler flags give: SSE2 on x86-64, NEON on arm64),
 * and on x86 also avx2+fma+f16c and avx512(f,bw,vl,dq). The best region the CPU
 * supports is chosen once, at first use, with __builtin_cpu_supports. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "elementwise.h"
#include "ew_op.h"
#include "ao_internal.h"

#if defined(__x86_64__) || defined(__i386__)
#define AO_X86 1
#include <immintrin.h>
#include <cpuid.h>
#else
#define AO_X86 0
#endif

#define AO_STR_(x) #x
#define AO_STR(x) AO_STR_(x)

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

static int ao_lut_policy_now(void)
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

/* ---- baseline ---- */
#define AO_SUFFIX baseline
#define AO_ISA_LEVEL 0
#include "region.h"
#undef AO_SUFFIX
#undef AO_ISA_LEVEL

#if AO_X86
/* ---- AVX2 + FMA + F16C ---- */
#pragma GCC push_options
#pragma GCC target("avx2,fma,f16c")
#define AO_SUFFIX avx2
#define AO_ISA_LEVEL 1
#include "region.h"
#undef AO_SUFFIX
#undef AO_ISA_LEVEL
#pragma GCC pop_options

/* ---- AVX-512 (F, BW, VL, DQ) ---- */
#pragma GCC push_options
#pragma GCC target("avx2,avx512f,avx512bw,avx512vl,avx512dq,fma,f16c,bmi2")
#define AO_SUFFIX avx512
#define AO_ISA_LEVEL 2
#include "region.h"
#undef AO_SUFFIX
#undef AO_ISA_LEVEL
#pragma GCC pop_options
#endif

/* ---- kernel table ---- */
typedef struct ao_kernel_entry {
    const char *name;
    int nin;
    ao_ew_fn fn[3]; /* by ISA level */
    ao_ew16_fn fh[3]; /* fused, all operands float16 (contiguous) */
    ao_ew16_fn fb[3]; /* fused, all operands bfloat16 (contiguous) */
    ao_ew16_fn ff[3]; /* fp32 (contiguous) with ao_ew16_fn's stream flag */
    int lut;          /* fh/fb may use lookup tables: 1 gradient form (AO_EW_GRAD),
                       * 2 unary x * g(x) (AO_EW_XFACTOR) */
    int nout;         /* results of the op's body (AO_EW_OP*_2OUT: 2) */
    int result;       /* the one this row computes: rows of one body follow each other */
} ao_kernel_entry;

#if AO_X86
#define AO_KFNS(name) { ao_k_##name##_baseline, ao_k_##name##_avx2, ao_k_##name##_avx512 }
/* the fh, fb and ff columns */
#define AO_KFNS16(name)                                                                   \
    { ao_kh_##name##_baseline, ao_kh_##name##_avx2, ao_kh_##name##_avx512 },              \
    { ao_kb_##name##_baseline, ao_kb_##name##_avx2, ao_kb_##name##_avx512 },              \
    { ao_kf_##name##_baseline, ao_kf_##name##_avx2, ao_kf_##name##_avx512 }
#define AO_KFNS2(name) { ao_k2_##name##_baseline, ao_k2_##name##_avx2, ao_k2_##name##_avx512 }
#else
#define AO_KFNS(name) { ao_k_##name##_baseline, ao_k_##name##_baseline, ao_k_##name##_baseline }
#define AO_KFNS16(name)                                                                   \
    { ao_kh_##name##_baseline, ao_kh_##name##_baseline, ao_kh_##name##_baseline },        \
    { ao_kb_##name##_baseline, ao_kb_##name##_baseline, ao_kb_##name##_baseline },        \
    { ao_kf_##name##_baseline, ao_kf_##name##_baseline, ao_kf_##name##_baseline }
#define AO_KFNS2(name) { ao_k2_##name##_baseline, ao_k2_##name##_baseline, ao_k2_##name##_baseline }
#endif

#define AO_EW_MODE_TABLE
#include "ew_op.h"
static const ao_kernel_entry ao_kernels[] = {
#include "ascendops_ops_list.h"
    { NULL, 0, { NULL, NULL, NULL }, { NULL, NULL, NULL }, { NULL, NULL, NULL }, { NULL, NULL, NULL }, 0, 0, 0 } /* sentinel (keeps the array non-empty) */
};
#undef AO_EW_MODE_TABLE
#include "ew_op.h"

#define AO_NKERNELS ((int)(sizeof(ao_kernels) / sizeof(ao_kernels[0])) - 1)

/* The fused kernels of the two-result bodies (ew_op.h AO_EW_K2_), by the name of their
 * result-0 row: a table of their own, so that the kernel rows keep their fields. */
typedef struct ao_fused2_entry {
    const char *name;
    ao_ew2_fn f2[3]; /* by ISA level */
} ao_fused2_entry;

#define AO_EW_MODE_FUSED2_TABLE
#include "ew_op.h"
static const ao_fused2_entry ao_fused2[] = {
#include "ascendops_ops_list.h"
    { NULL, { NULL, NULL, NULL } } /* sentinel */
};
#undef AO_EW_MODE_FUSED2_TABLE
#include "ew_op.h"

/* ---- ISA selection ---- */
static int ao_cpu_level(void)
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

static const ao_isa_impl *const ao_impls[3] = {
    &ao_isa_impl_baseline,
#if AO_X86
    &ao_isa_impl_avx2,
    &ao_isa_impl_avx512,
#else
    NULL,
    NULL,
#endif
};

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

const ao_isa_impl *ao_isa_current(void) { return ao_impls[ao_current_level()]; }

const ao_isa_impl *ao_isa_get(int level)
{
    if (level < 0 || level > 2 || level > ao_cpu_level())
        return NULL;
    return ao_impls[level];
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
        if (!strcmp(ao_kernels[i].name, name))
            return i;
    return -1;
}

const char *ao_kernel_name(int kernel)
{
    return kernel >= 0 && kernel < AO_NKERNELS ? ao_kernels[kernel].name : NULL;
}

int ao_kernel_arity(int kernel)
{
    return kernel >= 0 && kernel < AO_NKERNELS ? ao_kernels[kernel].nin : -1;
}

int ao_kernel_nout(int kernel)
{
    return kernel >= 0 && kernel < AO_NKERNELS ? ao_kernels[kernel].nout : -1;
}

int ao_kernel_result(int kernel)
{
    return kernel >= 0 && kernel < AO_NKERNELS ? ao_kernels[kernel].result : -1;
}

int ao_kernel_has_lut(int kernel)
{
    return kernel >= 0 && kernel < AO_NKERNELS ? ao_kernels[kernel].lut : 0;
}

ao_ew_fn ao_kernel_fn(int kernel)
{
    if (kernel < 0 || kernel >= AO_NKERNELS)
        return NULL;
    return ao_kernels[kernel].fn[ao_current_level()];
}

ao_ew2_fn ao_kernel_fn2(int kernel)
{
    if (kernel < 0 || kernel >= AO_NKERNELS || ao_kernels[kernel].nout != 2 ||
        ao_kernels[kernel].result != 0)
        return NULL;
    for (const ao_fused2_entry *e = ao_fused2; e->name; e++)
        if (!strcmp(e->name, ao_kernels[kernel].name))
            return e->f2[ao_current_level()];
    return NULL;
}

ao_ew16_fn ao_kernel_fn32s(int kernel)
{
    if (kernel < 0 || kernel >= AO_NKERNELS)
        return NULL;
    return ao_kernels[kernel].ff[ao_current_level()];
}

ao_ew16_fn ao_kernel_fn16(int kernel, int dtype)
{
    if (kernel < 0 || kernel >= AO_NKERNELS)
        return NULL;
    if (dtype == AO_DT_FLOAT16)
        return ao_kernels[kernel].fh[ao_current_level()];
    if (dtype == AO_DT_BF16)
        return ao_kernels[kernel].fb[ao_current_level()];
    return NULL;
}
