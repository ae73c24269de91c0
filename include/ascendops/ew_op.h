/* ascendops elementwise op convention.
 *
 * Every file include/ascendops/ops/<name>.h defines exactly one elementwise op with
 * one of these macros (the file has NO include guard and includes nothing):
 *
 *     AO_EW_OP1(name, a, BODY...)
 *     AO_EW_OP2(name, a, b, BODY...)
 *     AO_EW_OP3(name, a, b, c, BODY...)
 *
 * `name` is the kernel's name in the table (ao_kernel_find("name")), a/b/c are the
 * names of the fp32 inputs (in the order of the plan's operands 1..nin), and BODY is a
 * compound statement `{ ...; return <float>; }` computing one output element in fp32.
 * BODY may read `attrs[k]` (k < AO_MAX_ATTRS, the plan's scalar attributes) and call
 * the per-ISA math of vmath.h (ao_expf, ...). Commas inside BODY are fine (variadic).
 * Example (include/ascendops/ops/silu_backward.h):
 *
 *     AO_EW_OP2(silu_backward, dy, x, {
 *         float t1 = -x; t1 = ao_expf(t1); t1 = t1 + 1.0f; float t2 = 1.0f / t1;
 *         t1 = 1.0f - t2; t1 = x * t1; t1 = t1 + 1.0f; t1 = t2 * t1; return dy * t1; })
 *
 * The kernel table source (src/kernels.c) includes the generated list of op headers
 * (ascendops_ops_list.h) once per ISA region with AO_EW_MODE_FUNCS, where each macro
 * expands to
 *     static inline float ao_op_<name>_<isa>(float a, float b, const float *attrs) BODY
 *     static void ao_k_<name>_<isa>(float *out, const float *const *in, int64_t n,
 *                                   const float *attrs)   -- the vectorizable loop
 * and once more with AO_EW_MODE_TABLE, where each macro expands to one table row.
 * The loop may run in place (out == in[k] exactly); it reads element i of every input
 * before writing element i of out.
 */
#ifndef ASCENDOPS_EW_OP_H
#define ASCENDOPS_EW_OP_H

#include <stdint.h>
#include "ascendops/elementwise.h"

#define AO_CAT_(a, b) a##_##b
#define AO_CAT(a, b) AO_CAT_(a, b)
/* AO_SFX(x): x suffixed with the ISA of the region being compiled (AO_SUFFIX). */
#define AO_SFX(x) AO_CAT(x, AO_SUFFIX)

/* Names of the per-ISA math available to op bodies (see vmath.h). */
#define ao_expf AO_SFX(ao_expf)
#define ao_sigmoidf AO_SFX(ao_sigmoidf)
#define ao_erff AO_SFX(ao_erff)

#endif /* ASCENDOPS_EW_OP_H */

/* ---- mode-dependent expansions (re-evaluated on every inclusion) ---- */
#undef AO_EW_OP1
#undef AO_EW_OP2
#undef AO_EW_OP3

#if defined(AO_EW_MODE_FUNCS)

#define AO_EW_LOOP_HEAD_(name)                                                    \
    static void AO_SFX(ao_k_##name)(float *out, const float *const *in, int64_t n,  \
                                    const float *attrs_in)                          \
    {                                                                               \
        float attrs[AO_MAX_ATTRS];                                                  \
        for (int k_ = 0; k_ < AO_MAX_ATTRS; k_++)                                   \
            attrs[k_] = attrs_in ? attrs_in[k_] : 0.0f;

#define AO_EW_OP1(name, a, ...)                                                   \
    static inline __attribute__((always_inline)) float                              \
    AO_SFX(ao_op_##name)(float a, const float *attrs) __VA_ARGS__                   \
    AO_EW_LOOP_HEAD_(name)                                                          \
        const float *i0_ = in[0];                                                   \
        _Pragma("GCC ivdep")                                                        \
        for (int64_t i_ = 0; i_ < n; i_++)                                          \
            out[i_] = AO_SFX(ao_op_##name)(i0_[i_], attrs);                         \
    }

#define AO_EW_OP2(name, a, b, ...)                                                \
    static inline __attribute__((always_inline)) float                              \
    AO_SFX(ao_op_##name)(float a, float b, const float *attrs) __VA_ARGS__          \
    AO_EW_LOOP_HEAD_(name)                                                          \
        const float *i0_ = in[0], *i1_ = in[1];                                     \
        _Pragma("GCC ivdep")                                                        \
        for (int64_t i_ = 0; i_ < n; i_++)                                          \
            out[i_] = AO_SFX(ao_op_##name)(i0_[i_], i1_[i_], attrs);                \
    }

#define AO_EW_OP3(name, a, b, c, ...)                                             \
    static inline __attribute__((always_inline)) float                              \
    AO_SFX(ao_op_##name)(float a, float b, float c, const float *attrs) __VA_ARGS__ \
    AO_EW_LOOP_HEAD_(name)                                                          \
        const float *i0_ = in[0], *i1_ = in[1], *i2_ = in[2];                       \
        _Pragma("GCC ivdep")                                                        \
        for (int64_t i_ = 0; i_ < n; i_++)                                          \
            out[i_] = AO_SFX(ao_op_##name)(i0_[i_], i1_[i_], i2_[i_], attrs);       \
    }

#elif defined(AO_EW_MODE_TABLE)

/* One row: { "name", nin, { baseline, avx2, avx512 } } (AO_KFN_* from kernels.c). */
#define AO_EW_OP1(name, a, ...) { #name, 1, AO_KFNS(name) },
#define AO_EW_OP2(name, a, b, ...) { #name, 2, AO_KFNS(name) },
#define AO_EW_OP3(name, a, b, c, ...) { #name, 3, AO_KFNS(name) },

#else
/* Included for documentation only: the op macros expand to nothing. */
#define AO_EW_OP1(name, a, ...)
#define AO_EW_OP2(name, a, b, ...)
#define AO_EW_OP3(name, a, b, c, ...)
#endif
