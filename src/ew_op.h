/* ascendops elementwise op convention.
 *
 * Every file src/ops/<name>.h defines exactly one elementwise op with
 * one of these macros (the file has NO include guard and includes nothing):
 *
 *     AO_EW_OP1(name, a, BODY...)
 *     AO_EW_OP2(name, a, b, BODY...)
 *     AO_EW_OP3(name, a, b, c, BODY...)
 *     AO_EW_OP4(name, a, b, c, d, BODY...)   (AO_MAX_INPUTS, elementwise.h)
 *     AO_EW_GRAD(name, dy, x, BODY...)   dy * (a factor of x alone), see below
 *     AO_EW_XFACTOR(name, x, BODY...)    x * (a factor of x alone), see below
 *     AO_EW_XFUNC(name, x, BODY...)      a function of x alone (no attrs), see below
 *     AO_EW_OP1_2OUT(name, a, r0, r1, BODY...)      two results (also _OP2_, _OP3_, _OP4_)
 *
 * `name` is the kernel's name in the table (ao_kernel_find("name")), a/b/c/d are the
 * names of the fp32 inputs (in the order of the plan's operands 1..nin), and BODY is a
 * compound statement `{ ...; return <float>; }` computing one output element in fp32.
 * BODY may read `attrs[k]` (k < AO_MAX_ATTRS, the plan's scalar attributes) and call
 * the per-ISA math of vmath.h (ao_expf, ao_expf_addend, ao_expf_plus1, ao_sigmoidf,
 * ao_erff, ao_logf, ao_expm1f, ao_quietf, ao_log1pf, ao_relu6f, ao_erfinvf, ao_normal_cdff,
 * ao_sinf, ao_cosf, ao_tanhf, ao_powf, ao_sqrtf, ao_fabsf), and mark one split point with
 * AO_STAGE(v) (see below). Commas inside BODY are fine (variadic). Each statement is rounded as written: the build
 * passes -ffp-contract=off, so a * b + c is two roundings, as on CANN's vector unit.
 * Example (src/ops/silu_backward.h):
 *
 *     AO_EW_OP2(silu_backward, dy, x, {
 *         float t1 = -x; t1 = ao_expf_plus1(t1); AO_STAGE(t1); float t2 = 1.0f / t1;
 *         t1 = 1.0f - t2; t1 = x * t1; t1 = t1 + 1.0f; t1 = t2 * t1; return dy * t1; })
 *
 * Two results: AO_EW_OP1_2OUT(name, a, r0, r1, { ...; r0 = ...; r1 = ...; }) (and
 * AO_EW_OP2_2OUT(name, a, b, r0, r1, ...), AO_EW_OP3_2OUT(name, a, b, c, r0, r1, ...),
 * AO_EW_OP4_2OUT(name, a, b, c, d, r0, r1, ...))
 * declare an op whose body computes two fp32 results, r0 for output 0 and r1 for
 * output 1 (the op's Outputs in declaration order; split outputs count as two, first
 * half first). BODY assigns both (the macro declares them as float locals, 0 until
 * assigned) and has no `return` and no AO_STAGE. Example (src/ops/glu_backward.h):
 *
 *     AO_EW_OP3_2OUT(glu_backward, dy, a, b, ga, gb, {
 *         float s = ao_sigmoidf(b); ga = dy * s; gb = ...; })
 *
 * It compiles into one kernel per result, rows `name` (result 0) and `name:1` of the
 * table, each an ordinary one-output kernel of the body with the other result dead
 * (gcc drops what only it needs), and one fused kernel of both (AO_EW_K2_, listed
 * by region.h's ao_fused2_rows under the name of result 0's row): a plan whose operands all have one dtype and unit inner strides runs the
 * fused one, any other one pass per output (engine.c ao_ew_run_outputs). Each result
 * follows the NaN rule below on its own.
 *
 * Each ISA region (region.h, one translation unit per region: src/region_<isa>.c)
 * includes the generated list of op headers (ascendops_ops_list.h) with AO_EW_MODE_FUNCS, where each macro
 * expands to
 *     static inline float ao_op_<name>_<isa>(float a, float b, const float *attrs,
 *                                            ao_vmc vm_, ao_stage *stage_) BODY
 *     static void ao_k_<name>_<isa>(float *out, const float *const *in, int64_t n,
 *                                   const float *attrs)   -- the vectorizable loop
 *     static void ao_kh_<name>_<isa>(void *out, const void *const *in, int64_t n,
 *                                    const float *attrs, int stream)
 *                                                          -- all operands float16
 *     static void ao_kb_<name>_<isa>(...)                  -- all operands bfloat16
 *     static void ao_kf_<name>_<isa>(...)                  -- fp32, ao_k_ with `stream`
 * (stream: write out with non-temporal stores where 16-byte aligned, see ao_ew16_fn;
 * the fused 16-bit loops: unstaged bodies convert blocks of AO_STAGE_BLOCK elements
 * into fp32 arrays in L1 with the region's array conversions, run the op's fp32 loop
 * ao_k_<name> over them and convert the results back (AO_K16_VIA_F32); staged bodies
 * run in blocks of AO_STAGE_BLOCK widened by ao_ld16 and narrowed by ao_st16, see
 * AO_STAGE)
 * and once more with AO_EW_MODE_TABLE, where each macro expands to one table row.
 * The loops may run in place (out == in[k] exactly); they read element i of every
 * input before writing element i of out.
 */
#ifndef ASCENDOPS_EW_OP_H
#define ASCENDOPS_EW_OP_H

#include <stdint.h>
#include <string.h>
#include "elementwise.h"

#ifndef AO_K16_VIA_F32
#define AO_K16_VIA_F32 1
#endif

/* The linkage of the kernels a table row points at (ao_k_, ao_kf_, ao_kh_, ao_kb_,
 * ao_k2_) and of a table-backed op's ao_lut: static where the table and the kernels share a unit (region_<isa>.c compiled
 * whole); hidden and external where each op is a unit of its own and the table another
 * (setup.py's build: region.h, AO_REGION_OPS). */
#ifndef AO_EW_ENTRY
#if defined(AO_REGION_OPS) || defined(AO_REGION_TABLE_ONLY)
#define AO_EW_ENTRY __attribute__((visibility("hidden")))
#else
#define AO_EW_ENTRY static
#endif
#endif

/* 1: unstaged bodies run a register at a time (AO_EW_KV_) in the AVX2 and AVX-512
 * regions, in every dtype; 0: the fp32 loop over blocks and, for 16-bit, through fp32
 * arrays (the paths before; -DAO_EW_VREG=0 builds them, for comparison). */
#ifndef AO_EW_VREG
#define AO_EW_VREG 1
#endif

/* Floats per register of the region being compiled (ao_vreg, region.h). */
#define AO_EW_VW (AO_ISA_LEVEL >= 2 ? 16 : 8)

/* Float32 runs at least this long start with a partial register up to the output's
 * next register boundary (AO_EW_KV_), so that the loop's stores each write within one
 * cache line; shorter runs are not worth the extra partial register. -DAO_EW_ALIGN_MIN
 * set huge builds the unaligned loop, for comparison. */
#ifndef AO_EW_ALIGN_MIN
#define AO_EW_ALIGN_MIN 4096
#endif

/* Elements per block of the fused 16-bit loops. */
#define AO_V16 16

#define AO_CAT_(a, b) a##_##b
#define AO_CAT(a, b) AO_CAT_(a, b)
/* AO_SFX(x): x suffixed with the ISA of the region being compiled (AO_SUFFIX). */
#define AO_SFX(x) AO_CAT(x, AO_SUFFIX)

/* Constants of the vector math (vmath.h) that the compiler must not see: each
 * kernel call reads them once from a volatile object into `vm_`, a local every op
 * body and math function gets. Hidden constants keep gcc from threading the clamp
 * paths of exp through the op bodies (see ao_expf); loop-invariant, they cost one
 * broadcast per kernel call. */
typedef struct ao_vmc {
    float exp_lo;         /* ao_expf's lower clamp: -104 */
    float exp_hi;         /* upper clamp of both exps: 89 */
    float exp_addend_lo;  /* ao_expf_addend's lower clamp: -86 */
    float normal_cdf_hi;  /* ao_normal_cdff's clamp of |x|: 4 sqrt 2 */
} ao_vmc;

static const volatile ao_vmc ao_vmc_values = { -104.0f, 89.0f, -86.0f, 0x1.6a09e6p+2f };

static inline __attribute__((always_inline)) ao_vmc ao_vmc_load(void)
{
    ao_vmc v;
    v.exp_lo = ao_vmc_values.exp_lo;
    v.exp_hi = ao_vmc_values.exp_hi;
    v.exp_addend_lo = ao_vmc_values.exp_addend_lo;
    v.normal_cdf_hi = ao_vmc_values.normal_cdf_hi;
    return v;
}

/* Staged op bodies. A long body may mark one split point with AO_STAGE(v), v a float
 * variable holding the one value the rest of the body needs from the part above it
 * (the rest may also read the inputs and attrs, and recompute anything else: gcc drops
 * what is dead). The kernels then run such an op in blocks of AO_STAGE_BLOCK
 * elements: the first stage over the whole block into an L1 buffer, then the second.
 * Why: SiluBackward's body is one dependency chain of ~90 cycles per vector (exp, a
 * division, CANN's op order). Hiding it would take ~400 instructions in flight, more
 * than the out-of-order window holds, so one pass ran at about half the rate the FMA
 * pipes allow. Two shorter chains, each run over many independent vectors, keep the
 * pipes busy (SiluBackward f16 0.67 -> 0.58 ns/element, bf16 0.88 -> 0.67). The
 * results are identical: the same operations on the same values, NaN signs and
 * payloads included (the NaN rule below; tests/c test_staged).
 * The generated functions give every body a `stage_` (ao_stage *): with mode
 * AO_STAGE_FIRST the body returns v at the split point, with AO_STAGE_SECOND v is
 * replaced there by the first stage's value, with AO_STAGE_WHOLE the body runs
 * through; `seen` tells the kernels whether a body has a split point at all. */
typedef struct ao_stage {
    int mode;
    int seen;
    float value;
} ao_stage;

enum { AO_STAGE_WHOLE, AO_STAGE_FIRST, AO_STAGE_SECOND };

#define AO_STAGE_BLOCK 256

#define AO_STAGE(v)                                                                 \
    do {                                                                            \
        stage_->seen = 1;                                                           \
        if (stage_->mode == AO_STAGE_FIRST)                                         \
            return (v);                                                             \
        if (stage_->mode == AO_STAGE_SECOND)                                        \
            (v) = stage_->value;                                                    \
    } while (0)

/* Gradient-form ops. Most activation backwards are dx = dy * g(x): a factor g of one
 * input x, then one multiplication. Declared with
 *
 *     AO_EW_GRAD(name, dy, x, BODY...)      BODY: { ...; return g; } of x alone
 *
 * they get the kernels of AO_EW_OP2(name, dy, x, { return dy * g(x); }), and the
 * fused 16-bit kernels look g up instead of computing it: a 16-bit x has only
 * AO_LUT_ENTRIES values, so a table of g over all of them (256 KiB of fp32, per
 * dtype and ISA, built from the op's own fp32 kernel with dy = 1) turns the
 * arithmetic into one load per element (SiluBackward on AVX2, 1 thread, in cache:
 * float16 0.57 -> 0.34 ns/element, bfloat16 0.64 -> 0.33; region.h ao_lut_run).
 * The results are identical: 1 * g is g exactly, and dy * g is the same
 * multiplication the body ends with (tests/c test_lut checks every x), NaN results
 * included: both paths follow the NaN rule below (the compiled operand order, which
 * differs between the fp32 kernel that builds the table and the fused one, no longer
 * decides which NaN survives). The rule holds on the table path too as long as g of a
 * NaN x is NaN (true of every op here; a g that maps NaN to 0 or inf would give,
 * where dy * g is inf * 0, the hardware's NaN instead of x's). BODY cannot
 * read dy or attrs (the table is keyed by the bits of x alone); it may use AO_STAGE.
 * A table is built once the op has run over as many elements of its dtype as the
 * table has entries, so building it at most doubles what the op has cost so far.
 * Whether the table or the arithmetic is cheaper depends on the op (a short body
 * computes faster than the lookups load: Zen 4, 1 thread, ns/element f16 / bf16,
 * table against computed, sigmoid_backward 0.33 / 0.30 against 0.28 / 0.27; a long
 * one, gelu_backward on AVX2, 0.28 against 0.96-1.06) and on the CPU (SiluBackward
 * bfloat16 n=1e5, 1 thread: the table ahead on Zen 4 and on a Sapphire Rapids Xeon;
 * float16 n=1e7, where the table's 146 KiB of hot entries share L2 with the streaming
 * operands: ahead on Zen 4 and Zen 3, twice the computed path's cost on the Xeon). So by
 * default (auto) the 16-bit kernels measure both paths on the op's own calls, per
 * ISA region, dtype and regime (in cache, streaming), and keep the cheaper
 * (region.h ao_lut_run, ao_lut_decide in ao_internal.h); ao_lut_policy, or
 * ASCENDOPS_LUT=off|on, forces computing or tables. */
#define AO_LUT_ENTRIES 65536

typedef struct ao_lut {
    /* [0] float16, [1] bfloat16; NULL until built (__atomic): AO_LUT_ENTRIES fp32
     * factors, or uint16_t results (AO_LUT_RESULT, ao_internal.h) */
    void *tab[2];
    int64_t counted[2];  /* elements run before the table existed (__atomic) */
    /* under AO_LUT_AUTO, per dtype [w] and regime [s] (0 in cache, 1 streaming), all
     * __atomic: the path chosen (AO_LUT_UNMEASURED until AO_LUT_TRIALS calls were
     * timed), trials begun and ended, and the least cost per element each path showed
     * ([0] table, [1] computed; picoseconds, 0 while none) */
    int choice[2][2];
    int started[2][2];
    int trials[2][2];
    int64_t best_ps[2][2][2];
} ao_lut;

/* The per-ISA math available to op bodies (see vmath.h). */
#define ao_expf(x) AO_SFX(ao_expf)((x), vm_)
#define ao_expf_addend(x) AO_SFX(ao_expf_addend)((x), vm_)
#define ao_expf_plus1(x) AO_SFX(ao_expf_plus1)((x), vm_)
#define ao_sigmoidf(x) AO_SFX(ao_sigmoidf)((x), vm_)
#define ao_erff(x) AO_SFX(ao_erff)((x), vm_)
#define ao_logf(x) AO_SFX(ao_logf)((x), vm_)
#define ao_logf_b16(x) AO_SFX(ao_logf_b16)((x), vm_)
#define ao_quietf(x) AO_SFX(ao_quietf)((x), vm_)
#define ao_expm1f(x) AO_SFX(ao_expm1f)((x), vm_)
#define ao_log1pf(x) AO_SFX(ao_log1pf)((x), vm_)
#define ao_relu6f(x) AO_SFX(ao_relu6f)((x), vm_)
#define ao_erfinvf(x) AO_SFX(ao_erfinvf)((x), vm_)
#define ao_normal_cdff(x) AO_SFX(ao_normal_cdff)((x), vm_)
#define ao_sinf(x) AO_SFX(ao_sinf)((x), vm_)
#define ao_cosf(x) AO_SFX(ao_cosf)((x), vm_)
#define ao_tanhf(x) AO_SFX(ao_tanhf)((x), vm_)
/* x^y (C99 pow's special cases); wide.c maps it to pow */
#define ao_powf(x, y) AO_SFX(ao_powf)((x), (y), vm_)
/* sqrt, correctly rounded (sqrtps; the build passes -fno-math-errno); wide.c maps it to sqrt */
#define ao_sqrtf(x) __builtin_sqrtf(x)
/* |x| by clearing the sign bit (one and per register); wide.c maps it to fabs */
#define ao_fabsf(x) __builtin_fabsf(x)
/* a + b c rounded once to float (the Axpy bodies: src/ops/add_relu.h), in every region:
 * vfmadd where the region has FMA, libm's fmaf (correctly rounded) in the baseline
 * region; wide.c maps it to a multiply and an add */
#define ao_axpyf(a, b, c) __builtin_fmaf((b), (c), (a))

#endif /* ASCENDOPS_EW_OP_H */

/* ---- mode-dependent expansions (re-evaluated on every inclusion) ---- */
#undef AO_EW_OP1
#undef AO_EW_OP2
#undef AO_EW_OP3
#undef AO_EW_OP4
#undef AO_EW_GRAD
#undef AO_EW_XFACTOR
#undef AO_EW_XFUNC
#undef AO_EW_OP1_2OUT
#undef AO_EW_OP2_2OUT
#undef AO_EW_OP3_2OUT
#undef AO_EW_OP4_2OUT
#undef AO_EW_INT1
#undef AO_EW_INT2
#undef AO_EW_INT3
#undef AO_EW_CPLX1
#undef AO_EW_CPLX2

/* Integer bodies (AO_EW_INT1/2/3(name, a, ..., { ...; return <T>; })): an op that CANN
 * runs on integer dtypes in that dtype (Relu, Threshold, AddRelu) declares one after its
 * fp32 body, in the same header. BODY computes one element in the integer type `T`
 * (int8, uint8, int16, int32 or int64: one kernel per type), reads the attributes as
 * `iattrs[k]` (int64: the scalar converted to the dtype, as CANN's ConvertToTensor) and
 * wraps on overflow through AO_IADD / AO_IMUL (two's complement, as CANN's integer
 * vector ops and torch). Only src/wide.c compiles them (AO_EW_MODE_INT*). */
#if !defined(AO_EW_MODE_INT) && !defined(AO_EW_MODE_INT_TABLE)
#define AO_EW_INT1(name, a, ...)
#define AO_EW_INT2(name, a, b, ...)
#define AO_EW_INT3(name, a, b, c, ...)
#endif
/* Complex bodies (AO_EW_CPLX1(name, z, { ...; return <double _Complex>; })): an op that
 * CANN runs on COMPLEX64/128 (Sigmoid's AI-CPU kernel) declares one; it computes in
 * double complex (<complex.h>: cexp, ...), the attributes as `attrs[k]` (double).
 * Only src/wide.c compiles them. */
#if defined(AO_EW_MODE_CPLX)
#define AO_EW_CPLX1(name, z, ...)                                                 \
    static inline double _Complex ao_opc_##name(double _Complex z,                  \
        __attribute__((unused)) const double *attrs) __VA_ARGS__                   \
    static void ao_kc_##name(double _Complex *out, const double _Complex *const *in, \
                             int64_t n, const double *attrs)                        \
    {                                                                               \
        for (int64_t i_ = 0; i_ < n; i_++)                                          \
            out[i_] = ao_opc_##name(in[0][i_], attrs);                              \
    }
#elif defined(AO_EW_MODE_CPLX_TABLE)
#define AO_EW_CPLX1(name, z, ...) { #name, 1, ao_kc_##name },
#else
#define AO_EW_CPLX1(name, z, ...)
#endif
/* AO_EW_CPLX2(name, a, b, { ...; return <double _Complex>; }): the same for two inputs
 * (the binary arithmetic ops: Mul, Add, Sub, Div on COMPLEX64/128). */
#if defined(AO_EW_MODE_CPLX)
#define AO_EW_CPLX2(name, a, b, ...)                                              \
    static inline double _Complex ao_opc_##name(double _Complex a, double _Complex b, \
        __attribute__((unused)) const double *attrs) __VA_ARGS__                   \
    static void ao_kc_##name(double _Complex *out, const double _Complex *const *in, \
                             int64_t n, const double *attrs)                        \
    {                                                                               \
        for (int64_t i_ = 0; i_ < n; i_++)                                          \
            out[i_] = ao_opc_##name(in[0][i_], in[1][i_], attrs);                   \
    }
#elif defined(AO_EW_MODE_CPLX_TABLE)
#define AO_EW_CPLX2(name, a, b, ...) { #name, 2, ao_kc_##name },
#else
#define AO_EW_CPLX2(name, a, b, ...)
#endif

#if defined(AO_EW_MODE_FUNCS)

/* NaN results. Which NaN an instruction passes on when two meet depends on its
 * operand order (x86 returns the first source's), and gcc commutes the operands of
 * + and * freely, differently per ISA region and per loop (vector body, scalar tail,
 * fused 16-bit block, staged pass, table build): SiluBackward's x * t1 meets x's NaN
 * with its negation, dy * g meets dy's NaN with x's. So every kernel fixes a NaN
 * result after the fact, by a rule that does not depend on any operand order:
 *   a NaN result takes the sign and payload of the first NaN input in operand order
 *   (dy before x), quietened as the result was (an op that passes an input through,
 *   like view_copy, keeps a signalling NaN); a NaN made from no NaN input (inf * 0)
 *   is left as the hardware made it.
 * AO_NAN_CANON_ applies it to the result r of the inputs v_[0..NIN-1]: compares and
 * selects, a few vector instructions per vector. Gradient-form ops get the same
 * rule more cheaply (AO_EW_GRAD below; the same wherever g of a NaN x is NaN), and
 * their table path (region.h ao_lut_blk) follows it from the table.
 * Applied to every element that cost 10-18% in cache, so the loops do not: they run
 * the body without the rule (ao_opf_), test each block's results for a NaN
 * (region.h ao_any_nan: one compare per two vectors), and only in a block that has
 * one recompute its NaN results by the rule (ao_fix_), from the inputs: a NaN result
 * is NaN either way, only its bits differ. The 16-bit blocks keep their widened
 * inputs until the fix; the fp32 loop, run in place, computes each block into an L1
 * buffer first. tests/c test_nan_payloads checks every op, path and region this CPU
 * has, test_nan_payloads_inplace the same in place. */
#define AO_NAN_CANON_(NIN, v_, r)                                                 \
    do {                                                                            \
        float c_ = (r);                                                             \
        for (int k_ = NIN - 1; k_ >= 0; k_--)                                       \
            c_ = v_[k_] != v_[k_] ? v_[k_] : c_;                                    \
        const float q_ = AO_SFX(ao_u2f)(AO_SFX(ao_f2u)(c_) |                        \
                                        (AO_SFX(ao_f2u)(r) & 0x00400000u));         \
        (r) = (r) != (r) ? q_ : (r);                                                \
    } while (0)

/* The op's body as a function of an array of its NIN inputs: the generic loops below
 * serve every arity through it. ao_opv_ is the result by the NaN rule; ao_opf_ the
 * fast one the loops run (the same value unless it is NaN: RAW, ao_op or ao_opraw,
 * names the body without the rule). CANON: 1 to apply the NaN rule in ao_opv_
 * (AO_EW_GRAD's ao_op applies it itself); never to a first stage's value, which is
 * no result. ao_fix_ puts every NaN result of a block right (see "NaN results"). */
#define AO_EW_OPV_(name, NIN, CANON, RAW, ...)                                    \
    static inline __attribute__((always_inline)) float                              \
    AO_SFX(ao_opv_##name)(const float *v_, const float *attrs, const ao_vmc vm_,    \
                          ao_stage *const stage_)                                   \
    {                                                                               \
        float r_ = AO_SFX(ao_op_##name)(__VA_ARGS__, attrs, vm_, stage_);           \
        if (CANON && stage_->mode != AO_STAGE_FIRST)                                \
            AO_NAN_CANON_(NIN, v_, r_);                                             \
        return r_;                                                                  \
    }                                                                               \
    static inline __attribute__((always_inline)) float                              \
    AO_SFX(ao_opf_##name)(const float *v_, const float *attrs, const ao_vmc vm_,    \
                          ao_stage *const stage_)                                   \
    {                                                                               \
        return AO_SFX(RAW##_##name)(__VA_ARGS__, attrs, vm_, stage_);               \
    }                                                                               \
    /* r[0..nb-1]: fast results of the inputs in[k][0..nb-1]; each NaN one is        \
     * recomputed whole by the rule. Rare, so out of the hot loops: inlined into the \
     * fp32 loop (there a call cost f32 SiluBackward 5%: 0.418 against 0.399          \
     * ns/element on AVX2), called from the 16-bit blocks (inlined there, 2% slower) */ \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_fix_##name)(float *r, const float *const *in, int64_t nb,             \
                          const float *attrs, const ao_vmc vm_)                     \
    {                                                                               \
        for (int64_t j_ = 0; j_ < nb; j_++) {                                       \
            if (r[j_] == r[j_])                                                     \
                continue;                                                           \
            ao_stage whole_ = { AO_STAGE_WHOLE, 0, 0.0f };                          \
            AO_EW_GATHER_(NIN, in, j_)                                              \
            r[j_] = AO_SFX(ao_opv_##name)(v_, attrs, vm_, &whole_);                 \
        }                                                                           \
    }                                                                               \
    static __attribute__((noinline, cold)) void                                     \
    AO_SFX(ao_fixc_##name)(float *r, const float *const *in, int64_t nb,            \
                           const float *attrs, const ao_vmc vm_)                    \
    {                                                                               \
        AO_SFX(ao_fix_##name)(r, in, nb, attrs, vm_);                               \
    }                                                                               \
    /* 1 if the body has an AO_STAGE split point (a constant after inlining) */    \
    static inline __attribute__((always_inline)) int                                \
    AO_SFX(ao_staged_##name)(const float *attrs, const ao_vmc vm_)                  \
    {                                                                               \
        ao_stage probe_ = { AO_STAGE_WHOLE, 0, 0.0f };                              \
        float v_[NIN];                                                              \
        for (int k_ = 0; k_ < NIN; k_++)                                            \
            v_[k_] = 0.0f;                                                          \
        (void)AO_SFX(ao_opv_##name)(v_, attrs, vm_, &probe_);                       \
        return probe_.seen;                                                         \
    }

/* v_[k] = element I of input k (P_: the NIN input pointers) */
#define AO_EW_GATHER_(NIN, P_, I)                                                 \
    float v_[NIN];                                                                  \
    for (int k_ = 0; k_ < NIN; k_++)                                                \
        v_[k_] = P_[k_][I];

/* Whole-register forms. A body whose scalar code, vectorised lane by lane, leaves the
 * FMA pipes idle behind its dependency chains (Erfinv: two Horner chains of 9 FMAs in
 * double, about 100 cycles a register on AVX2 against 31 of FMA work) may also be
 * written for a vector region by hand, over the four registers of AO_EW_KV_'s
 * kvblk4 at once, the chains interleaved step by step. The op's header declares it
 * before its AO_EW_OP*:
 *     #define AO_EW_VFORM_<name> ~, <fn>
 * and region.h defines AO_SFX(<fn>)(ao_vreg r[4], in, i, attrs, vm, dt) in every
 * region: it computes the registers of elements i .. i + 4 AO_EW_VW - 1 and returns 1,
 * or returns 0 where that region has no such form (the body's loop runs). It must give
 * the scalar body's bits lane by lane (the same operations on the same values): the
 * NaN test, the NaN rule's fix (from the scalar body) and the stores stay as they are.
 * A two-result body's form (AO_EW_*_2OUT; its fused kernel AO_EW_K2_ runs it) fills
 * r[8]: r[0..3] result 0 of the four registers, r[4..7] result 1.
 * AO_EW_VFORM_FN_(name) is <fn>, or ao_vform_none (returns 0; gcc drops the branch)
 * for a body without one. */
#define AO_EW_VFORM_PICK_(a, b, ...) b
#define AO_EW_VFORM_PICK(...) AO_EW_VFORM_PICK_(__VA_ARGS__)
#define AO_EW_VFORM_FN_(name) AO_EW_VFORM_PICK(AO_EW_VFORM_##name, ao_vform_none, ~)

/* Bodies whose NaN results follow the NaN rule by themselves (see "NaN results"): every
 * result is a constant, an attribute, an input passed through (quietened or not) or
 * arithmetic on no NaN input, and a NaN input is passed through only where every
 * input before it in operand order is not NaN. Then the rule's fix (ao_kvfix_) would
 * give back the same bits, and the float32 register loops skip the NaN test before
 * their stores: 2 unordered compares, 2 mask moves and a branch per 4 registers,
 * 8% of hardshrink float32 1e6 (C harness, CPU time). The op's header declares it
 * before its AO_EW_OP*:
 *     #define AO_EW_NANSAFE_<name> ~, 1
 * The 16-bit loops keep the test: their narrowing of a NaN lane needs it (region.h
 * ao_vst2_nonan). A body with a product or sum of two operands that may both be NaN
 * (an input and an attribute too: leaky_relu_backward's dy * slope) does not qualify:
 * which NaN such an instruction passes depends on the operand order gcc picked. */
#define AO_EW_NANSAFE_(name) AO_EW_VFORM_PICK(AO_EW_NANSAFE_##name, 0, ~)

/* Bodies that, on a 16-bit float, only clear or flip its sign bit (Abs, Neg): on every
 * non-NaN value the widening, the body and the narrowing give exactly
 * (x & AND) ^ XOR of the 16 bits, so the fused 16-bit kernels of a one-input body that
 * declares, before its AO_EW_OP1,
 *     #define AO_EW_RAW16_<name> ~, 1, AND, XOR
 * compute that on the raw lanes (region.h ao_raw16_run: no conversions; Abs bfloat16
 * n=1e6, 1 thread, was 0.51x torch). A group of lanes holding a NaN runs the body's
 * register loop instead, whose NaN rule decides its bits. The float32 loops are
 * unchanged (fabs or negation is one logic instruction there). */
#define AO_EW_RAW16_ON_(a, on, am, xm, ...) on
#define AO_EW_RAW16_AND_(a, on, am, xm, ...) am
#define AO_EW_RAW16_XOR_(a, on, am, xm, ...) xm
#define AO_EW_RAW16_ON(...) AO_EW_RAW16_ON_(__VA_ARGS__)
#define AO_EW_RAW16_AND(...) AO_EW_RAW16_AND_(__VA_ARGS__)
#define AO_EW_RAW16_XOR(...) AO_EW_RAW16_XOR_(__VA_ARGS__)
#define AO_EW_RAW16_(name, F) F(AO_EW_RAW16_##name, 0, 0xffffu, 0u, ~)

/* Unstaged bodies, one register at a time, in every dtype (dt_: AO_DT_FLOAT,
 * AO_DT_FLOAT16 or AO_DT_BF16, a constant after inlining): each input's AO_EW_VW
 * elements widened into a register (ao_vld), the body's loop over them, which gcc
 * vectorises into that register (the arrays A_ and R_ vanish: a store forwarded to a
 * load of the same width), the NaN test on the register, the result narrowed and
 * stored (ao_vst). Before, 16-bit blocks of AO_STAGE_BLOCK elements went through fp32
 * arrays in L1 (each input converted and stored, the fp32 loop reading them and
 * storing its results, a NaN pass and the conversion back reading those): per 16
 * elements of a 2-input body three zmm stores more, and Zen 4 retires one zmm store
 * per two cycles; and the fp32 loop stored, then re-read each block for the NaN test.
 * A block with a NaN result is redone by ao_kvfix_ from the inputs, reloaded: in place
 * (out == an input) they are still intact, since a block reads its inputs before its
 * store. The tail shorter than a register runs through zero-padded copies, in bounds.
 * The same operations on the same values as the paths before, NaN rule included. */
#define AO_EW_KV_(name, NIN)                                                      \
    /* the register of elements i_ .. i_ + AO_EW_VW - 1 of the inputs in[] */       \
    static __attribute__((noinline, cold)) AO_SFX(ao_vreg)                         \
    AO_SFX(ao_kvfix_##name)(AO_SFX(ao_vreg) r, const void *const *in, int64_t i_,   \
                            const float *attrs, const ao_vmc vm_, const int dt_)    \
    {                                                                               \
        float A_[NIN][AO_EW_VW], R_[AO_EW_VW];                                      \
        const float *a_[NIN];                                                       \
        AO_SFX(ao_vld_inputs)(A_, in, NIN, i_, dt_);                                \
        for (int k_ = 0; k_ < NIN; k_++)                                            \
            a_[k_] = A_[k_];                                                        \
        AO_SFX(ao_vput)(R_, r);                                                     \
        AO_SFX(ao_fix_##name)(R_, a_, AO_EW_VW, attrs, vm_);                        \
        return AO_SFX(ao_vget)(R_);                                                 \
    }                                                                               \
    /* the body over the register of elements i_ .. i_ + AO_EW_VW - 1, without the    \
     * NaN rule (ao_opf_) */                                                        \
    static inline __attribute__((always_inline)) AO_SFX(ao_vreg)                    \
    AO_SFX(ao_kvget_##name)(const void *const *in, int64_t i_, const float *attrs,  \
                            const ao_vmc vm_, const int dt_)                        \
    {                                                                               \
        float A_[NIN][AO_EW_VW], R_[AO_EW_VW];                                      \
        ao_stage whole_ = { AO_STAGE_WHOLE, 0, 0.0f };                              \
        AO_SFX(ao_vld_inputs)(A_, in, NIN, i_, dt_);                                \
        /* not peeled into AO_EW_VW scalar copies before the loop vectoriser sees it  \
         * (gcc 12 peels loops this short completely, then its SLP vectoriser left a \
         * select body scalar: hardtanh_backward 10x slower) */                     \
        _Pragma("GCC unroll 1")                                                     \
        for (int j_ = 0; j_ < AO_EW_VW; j_++) {                                     \
            AO_EW_GATHER_(NIN, A_, j_)                                              \
            R_[j_] = AO_SFX(ao_opf_##name)(v_, attrs, vm_, &whole_);                \
        }                                                                           \
        return AO_SFX(ao_vget)(R_);                                                 \
    }                                                                               \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_kvblk_##name)(void *out, const void *const *in, int64_t i_,           \
                            const float *attrs, const ao_vmc vm_, const int dt_,    \
                            const int st_)                                          \
    {                                                                               \
        const int64_t sz_ = dt_ == AO_DT_FLOAT ? 4 : 2;                             \
        AO_SFX(ao_vreg) r_ = AO_SFX(ao_kvget_##name)(in, i_, attrs, vm_, dt_);      \
        if (!(dt_ == AO_DT_FLOAT && AO_EW_NANSAFE_(name)) &&                        \
            __builtin_expect(AO_SFX(ao_vnan)(r_), 0))                               \
            r_ = AO_SFX(ao_kvfix_##name)(r_, in, i_, attrs, vm_, dt_);              \
        AO_SFX(ao_vst)((char *)out + i_ * sz_, r_, dt_, st_);                       \
    }                                                                               \
    /* four registers of elements i_ .. i_ + 4 AO_EW_VW - 1 stored after one NaN     \
     * test (two unordered compares); a register with a NaN lane is redone          \
     * by the rule */                                                               \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_kvput4_##name)(void *out, const void *const *in, int64_t i_,          \
                             AO_SFX(ao_vreg) r0_, AO_SFX(ao_vreg) r1_,              \
                             AO_SFX(ao_vreg) r2_, AO_SFX(ao_vreg) r3_,              \
                             const float *attrs, const ao_vmc vm_, const int dt_,   \
                             const int st_)                                         \
    {                                                                               \
        const int64_t sz_ = dt_ == AO_DT_FLOAT ? 4 : 2, w_ = AO_EW_VW;              \
        char *o_ = (char *)out + i_ * sz_;                                          \
        if ((dt_ == AO_DT_FLOAT && AO_EW_NANSAFE_(name)) ||                         \
            __builtin_expect(!(AO_SFX(ao_vnan2)(r0_, r1_) | AO_SFX(ao_vnan2)(r2_, r3_)), 1)) { \
            /* no NaN lane: the pairs' narrowing needs no NaN quietening (region.h) */ \
            AO_SFX(ao_vst2_nonan)(o_, r0_, r1_, dt_, st_);                          \
            AO_SFX(ao_vst2_nonan)(o_ + 2 * w_ * sz_, r2_, r3_, dt_, st_);           \
            return;                                                                 \
        }                                                                           \
        if (AO_SFX(ao_vnan)(r0_))                                                   \
            r0_ = AO_SFX(ao_kvfix_##name)(r0_, in, i_, attrs, vm_, dt_);            \
        if (AO_SFX(ao_vnan)(r1_))                                                   \
            r1_ = AO_SFX(ao_kvfix_##name)(r1_, in, i_ + w_, attrs, vm_, dt_);       \
        if (AO_SFX(ao_vnan)(r2_))                                                   \
            r2_ = AO_SFX(ao_kvfix_##name)(r2_, in, i_ + 2 * w_, attrs, vm_, dt_);   \
        if (AO_SFX(ao_vnan)(r3_))                                                   \
            r3_ = AO_SFX(ao_kvfix_##name)(r3_, in, i_ + 3 * w_, attrs, vm_, dt_);   \
        AO_SFX(ao_vst)(o_, r0_, dt_, st_);                                          \
        AO_SFX(ao_vst)(o_ + w_ * sz_, r1_, dt_, st_);                               \
        AO_SFX(ao_vst)(o_ + 2 * w_ * sz_, r2_, dt_, st_);                           \
        AO_SFX(ao_vst)(o_ + 3 * w_ * sz_, r3_, dt_, st_);                           \
    }                                                                               \
    /* four registers, one NaN test (two unordered compares) before their stores */ \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_kvblk4_##name)(void *out, const void *const *in, int64_t i_,          \
                             const float *attrs, const ao_vmc vm_, const int dt_,   \
                             const int st_)                                         \
    {                                                                               \
        const int64_t w_ = AO_EW_VW;                                                \
        AO_SFX(ao_vreg) r0_, r1_, r2_, r3_, v4_[4];                                 \
        if (AO_SFX(AO_EW_VFORM_FN_(name))(v4_, in, i_, attrs, vm_, dt_)) {          \
            r0_ = v4_[0];                                                           \
            r1_ = v4_[1];                                                           \
            r2_ = v4_[2];                                                           \
            r3_ = v4_[3];                                                           \
        } else {                                                                    \
            r0_ = AO_SFX(ao_kvget_##name)(in, i_, attrs, vm_, dt_);                 \
            r1_ = AO_SFX(ao_kvget_##name)(in, i_ + w_, attrs, vm_, dt_);            \
            r2_ = AO_SFX(ao_kvget_##name)(in, i_ + 2 * w_, attrs, vm_, dt_);        \
            r3_ = AO_SFX(ao_kvget_##name)(in, i_ + 3 * w_, attrs, vm_, dt_);        \
        }                                                                           \
        AO_SFX(ao_kvput4_##name)(out, in, i_, r0_, r1_, r2_, r3_, attrs, vm_, dt_, st_); \
    }                                                                               \
    /* elements i_ .. i_ + m_ - 1, m_ < AO_EW_VW, through zero-padded copies, in bounds */ \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_kvpart_##name)(void *out, const void *const *in, int64_t i_,          \
                             int64_t m_, const float *attrs, const ao_vmc vm_,      \
                             const int dt_)                                         \
    {                                                                               \
        const int64_t sz_ = dt_ == AO_DT_FLOAT ? 4 : 2;                             \
        float t_[NIN][AO_EW_VW], r_[AO_EW_VW];                                      \
        const void *p_[NIN];                                                        \
        for (int k_ = 0; k_ < NIN; k_++) {                                          \
            memset(t_[k_], 0, sizeof t_[k_]);                                       \
            memcpy(t_[k_], (const char *)in[k_] + i_ * sz_, (size_t)(m_ * sz_));    \
            p_[k_] = t_[k_];                                                        \
        }                                                                           \
        AO_SFX(ao_kvblk_##name)(r_, p_, 0, attrs, vm_, dt_, 0);                     \
        memcpy((char *)out + i_ * sz_, r_, (size_t)(m_ * sz_));                     \
    }                                                                               \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_kv_##name)(void *out, const void *const *in, int64_t n,               \
                         const float *attrs, const ao_vmc vm_, const int dt_,       \
                         const int st_)                                             \
    {                                                                               \
        int64_t i_ = 0;                                                             \
        if (dt_ == AO_DT_FLOAT && n >= AO_EW_ALIGN_MIN) {                           \
            /* float32 registers stored whole lines: the first elements up to the    \
             * output's next register boundary run as a partial register (numpy's     \
             * arrays start 16 bytes into a line, so every zmm store of the loop     \
             * below would otherwise write two lines; operands at the output's offset \
             * are aligned with it) */                                              \
            const int64_t head_ = (int64_t)((-(uintptr_t)out & (sizeof(AO_SFX(ao_vreg)) - 1)) / 4); \
            if (head_ > 0 && !((uintptr_t)out & 3)) {                               \
                AO_SFX(ao_kvpart_##name)(out, in, 0, head_, attrs, vm_, dt_);       \
                i_ = head_;                                                         \
            }                                                                       \
        }                                                                           \
        for (; i_ + 4 * AO_EW_VW <= n; i_ += 4 * AO_EW_VW)                          \
            AO_SFX(ao_kvblk4_##name)(out, in, i_, attrs, vm_, dt_, st_);            \
        for (; i_ + AO_EW_VW <= n; i_ += AO_EW_VW)                                  \
            AO_SFX(ao_kvblk_##name)(out, in, i_, attrs, vm_, dt_, st_);             \
        if (i_ < n) /* the last partial register */                                 \
            AO_SFX(ao_kvpart_##name)(out, in, i_, n - i_, attrs, vm_, dt_);         \
    }                                                                               \
    /* Staged bodies in 16-bit, a register at a time (ao_kvstg_ below): each stage  \
     * widens its inputs' register straight from the 16-bit operands                \
     * (ao_vld_inputs), the first stores its values to an L1 block, the second      \
     * narrows its results straight to 16 bits. The path before (ao_k16stg_, now   \
     * the baseline region's only: every operand widened into an L1 fp32 array     \
     * first, the results narrowed in a pass of their own) cost 3 zmm stores and    \
     * loads more per 16 elements; Zen 4, 1 thread, CPU time, 1e5,                  \
     * ns/element f16 / bf16: 0.415 / 0.492 -> 0.359 / 0.409 (AVX-512; float32      \
     * 0.366), 0.482 / 0.544 -> 0.424 / 0.516 (AVX2). Each stage widens x anew    \
     * (one vcvtph2ps or vpermw) instead of the second reading the first's widening \
     * back from L1 (a store and a load; not tried).                                \
     * This one: the first stage of the register of elements i_ .. i_ + AO_EW_VW - 1,\
     * into m */                                                                    \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_kvstg1_##name)(float *m, const void *const *in, int64_t i_,           \
                             const float *attrs, const ao_vmc vm_, const int dt_)   \
    {                                                                               \
        float A_[NIN][AO_EW_VW];                                                    \
        ao_stage first_ = { AO_STAGE_FIRST, 0, 0.0f };                              \
        AO_SFX(ao_vld_inputs)(A_, in, NIN, i_, dt_);                                \
        _Pragma("GCC unroll 1")                                                     \
        for (int j_ = 0; j_ < AO_EW_VW; j_++) {                                     \
            AO_EW_GATHER_(NIN, A_, j_)                                              \
            m[j_] = AO_SFX(ao_opf_##name)(v_, attrs, vm_, &first_);                 \
        }                                                                           \
    }                                                                               \
    /* the second stage of that register, from the first's values m, without the NaN\
     * rule (ao_opf_) */                                                            \
    static inline __attribute__((always_inline)) AO_SFX(ao_vreg)                    \
    AO_SFX(ao_kvstg2_##name)(const float *m, const void *const *in, int64_t i_,     \
                             const float *attrs, const ao_vmc vm_, const int dt_)   \
    {                                                                               \
        float A_[NIN][AO_EW_VW], R_[AO_EW_VW];                                      \
        AO_SFX(ao_vld_inputs)(A_, in, NIN, i_, dt_);                                \
        _Pragma("GCC unroll 1")                                                     \
        for (int j_ = 0; j_ < AO_EW_VW; j_++) {                                     \
            ao_stage second_ = { AO_STAGE_SECOND, 0, m[j_] };                       \
            AO_EW_GATHER_(NIN, A_, j_)                                              \
            R_[j_] = AO_SFX(ao_opf_##name)(v_, attrs, vm_, &second_);               \
        }                                                                           \
        return AO_SFX(ao_vget)(R_);                                                 \
    }                                                                               \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_kvstg_##name)(void *out, const void *const *in, int64_t n,            \
                            const float *attrs, const ao_vmc vm_, const int dt_,    \
                            const int st_)                                          \
    {                                                                               \
        const int64_t sz_ = dt_ == AO_DT_FLOAT ? 4 : 2, w_ = AO_EW_VW;              \
        float m_[AO_STAGE_BLOCK] __attribute__((aligned(64)));                      \
        int64_t i_ = 0;                                                             \
        while (n - i_ >= w_) {                                                      \
            const int64_t nb_ = n - i_ < AO_STAGE_BLOCK ? (n - i_) / w_ * w_ : AO_STAGE_BLOCK;\
            for (int64_t r_ = 0; r_ < nb_; r_ += w_)                                \
                AO_SFX(ao_kvstg1_##name)(m_ + r_, in, i_ + r_, attrs, vm_, dt_);    \
            int64_t r_ = 0;                                                         \
            for (; r_ + 4 * w_ <= nb_; r_ += 4 * w_) {                              \
                AO_SFX(ao_vreg) r0_ = AO_SFX(ao_kvstg2_##name)(m_ + r_, in, i_ + r_, attrs, vm_, dt_);\
                AO_SFX(ao_vreg) r1_ = AO_SFX(ao_kvstg2_##name)(m_ + r_ + w_, in, i_ + r_ + w_, attrs, vm_, dt_);\
                AO_SFX(ao_vreg) r2_ = AO_SFX(ao_kvstg2_##name)(m_ + r_ + 2 * w_, in, i_ + r_ + 2 * w_, attrs, vm_, dt_);\
                AO_SFX(ao_vreg) r3_ = AO_SFX(ao_kvstg2_##name)(m_ + r_ + 3 * w_, in, i_ + r_ + 3 * w_, attrs, vm_, dt_);\
                AO_SFX(ao_kvput4_##name)(out, in, i_ + r_, r0_, r1_, r2_, r3_, attrs, vm_, dt_, st_);\
            }                                                                       \
            for (; r_ < nb_; r_ += w_) {                                            \
                AO_SFX(ao_vreg) r0_ = AO_SFX(ao_kvstg2_##name)(m_ + r_, in, i_ + r_, attrs, vm_, dt_);\
                if (__builtin_expect(AO_SFX(ao_vnan)(r0_), 0))                      \
                    r0_ = AO_SFX(ao_kvfix_##name)(r0_, in, i_ + r_, attrs, vm_, dt_);\
                AO_SFX(ao_vst)((char *)out + (i_ + r_) * sz_, r0_, dt_, st_);       \
            }                                                                       \
            i_ += nb_;                                                              \
        }                                                                           \
        if (i_ < n) /* the last partial register, whole (the staged passes' values) */\
            AO_SFX(ao_kvpart_##name)(out, in, i_, n - i_, attrs, vm_, dt_);         \
    }

/* The fp32 loop, in blocks of AO_STAGE_BLOCK elements. Unstaged: one pass over the
 * block. Staged: the first stage of the whole block into m_ (in L1), then the second.
 * The passes compute the fast result (ao_opf_) and note whether any is NaN; only then
 * does ao_fix_ redo the block's NaN results by the rule, from the inputs. So when out
 * is an input (in place) the block is computed into m_ and copied out after the fix:
 * the fix needs the inputs intact. */
#define AO_EW_K32_(name, NIN)                                                     \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_k32_##name)(float *out, const float *const *in, int64_t n,            \
                          const float *attrs_in, const int st_)                     \
    {                                                                               \
        float attrs[AO_MAX_ATTRS];                                                  \
        for (int k_ = 0; k_ < AO_MAX_ATTRS; k_++)                                   \
            attrs[k_] = attrs_in ? attrs_in[k_] : 0.0f;                             \
        const ao_vmc vm_ = ao_vmc_load();                                           \
        const float *p_[NIN];                                                       \
        int inplace_ = 0;                                                           \
        for (int k_ = 0; k_ < NIN; k_++) {                                          \
            p_[k_] = in[k_];                                                        \
            inplace_ |= in[k_] == out;                                              \
        }                                                                           \
        const int staged_ = AO_SFX(ao_staged_##name)(attrs, vm_);                   \
        if (AO_ISA_LEVEL >= 1 && AO_EW_VREG && !staged_) {                          \
            AO_SFX(ao_kv_##name)(out, (const void *const *)in, n, attrs, vm_,       \
                                 AO_DT_FLOAT, st_);                                 \
            return;                                                                 \
        }                                                                           \
        /* staged bodies stream their blocks out of L1 (non-temporal copies of m_):    \
         * SiluBackward f32, median ns/element, plain stores -> streamed: AVX-512 on     \
         * Zen 4, 1e7, 1 thread (CPU time) 0.44 -> 0.42; AVX2 on Zen 3, 1e7 and 6.4e7,   \
         * 1 thread 0.60-0.69 -> 0.58-0.60, 2 threads 0.34-0.40 -> 0.31-0.32. (The AVX2 \
         * region run on Zen 4, a CPU that runs the AVX-512 one, had lost: 0.49 -> 0.58.) */ \
        float m_[AO_STAGE_BLOCK] __attribute__((aligned(64)));                      \
        for (int64_t b_ = 0; b_ < n; b_ += AO_STAGE_BLOCK) {                        \
            const int64_t nb_ = n - b_ < AO_STAGE_BLOCK ? n - b_ : AO_STAGE_BLOCK;  \
            const float *q_[NIN];                                                   \
            for (int k_ = 0; k_ < NIN; k_++)                                        \
                q_[k_] = p_[k_] + b_;                                               \
            float *o_ = out + b_;                                                   \
            float *d_ = inplace_ || st_ ? m_ : o_;                                  \
            if (!staged_) {                                                         \
                ao_stage whole_ = { AO_STAGE_WHOLE, 0, 0.0f };                      \
                _Pragma("GCC ivdep")                                                \
                for (int64_t j_ = 0; j_ < nb_; j_++) {                              \
                    AO_EW_GATHER_(NIN, q_, j_)                                      \
                    d_[j_] = AO_SFX(ao_opf_##name)(v_, attrs, vm_, &whole_);        \
                }                                                                   \
            } else {                                                                \
                ao_stage first_ = { AO_STAGE_FIRST, 0, 0.0f };                      \
                for (int64_t j_ = 0; j_ < nb_; j_++) {                              \
                    AO_EW_GATHER_(NIN, q_, j_)                                      \
                    m_[j_] = AO_SFX(ao_opf_##name)(v_, attrs, vm_, &first_);        \
                }                                                                   \
                _Pragma("GCC ivdep")                                                \
                for (int64_t j_ = 0; j_ < nb_; j_++) {                              \
                    ao_stage second_ = { AO_STAGE_SECOND, 0, m_[j_] };              \
                    AO_EW_GATHER_(NIN, q_, j_)                                      \
                    d_[j_] = AO_SFX(ao_opf_##name)(v_, attrs, vm_, &second_);       \
                }                                                                   \
            }                                                                       \
            if (__builtin_expect(AO_SFX(ao_any_nan)(d_, nb_), 0))                   \
                AO_SFX(ao_fix_##name)(d_, q_, nb_, attrs, vm_);                     \
            if (st_)                                                                \
                AO_SFX(ao_vst_stream32)(o_, m_, nb_);                               \
            else if (inplace_)                                                      \
                memcpy(o_, m_, (size_t)nb_ * sizeof(float));                        \
        }                                                                           \
    }                                                                               \
    AO_EW_ENTRY void AO_SFX(ao_k_##name)(float *out, const float *const *in, int64_t n,  \
                                    const float *attrs)                             \
    {                                                                               \
        AO_SFX(ao_k32_##name)(out, in, n, attrs, 0);                                \
    }                                                                               \
    /* the same results written with non-temporal stores (ao_ew16_fn's stream) */   \
    AO_EW_ENTRY void AO_SFX(ao_kf_##name)(void *out, const void *const *in, int64_t n,   \
                                     const float *attrs, int stream)                \
    {                                                                               \
        if (AO_ISA_LEVEL >= 1 && stream)                                            \
            AO_SFX(ao_k32_##name)((float *)out, (const float *const *)in, n, attrs, 1); \
        else                                                                        \
            AO_SFX(ao_k_##name)((float *)out, (const float *const *)in, n, attrs);  \
    }

/* Fused 16-bit loops (see above), all NIN inputs of dtype DT (AO_DT_FLOAT16 or
 * AO_DT_BF16, a constant after inlining). Unstaged (AO_K16_VIA_F32): blocks of
 * AO_STAGE_BLOCK converted into fp32 arrays, the fp32 loop over them (its NaN rule
 * included), converted back; the same conversions as ao_ld16/ao_st16, so the same
 * bits. Measured on Zen 4 against the 16-element register block this replaced (gcc's
 * SLP vectorizer left it shuffle-bound, or scalar for hardswish_backward's selects):
 * C harness, 1 thread, CPU time, n=1e4, ns/element f16 / bf16: silu 0.596 / 0.835 ->
 * 0.490 / 0.527, sigmoid_backward 0.366 / 0.455 -> 0.270 / 0.262, hardswish_backward
 * 1.009 / 1.160 -> 0.240 / 0.272. (These blocks use plain stores: no `stream`.)
 * Staged (ao_k16stg_, the baseline region's; the AVX2 and AVX-512 regions run
 * ao_kvstg_): blocks of AO_STAGE_BLOCK widened into fp32 arrays a_ (in L1), then the
 * two stages over them, then narrowed. The last partial 16-block of a staged body runs
 * whole, through zero-padded copies, so every access stays in bounds: the same
 * values a staged pass would give. */
#define AO_EW_K16_(name, NIN, LUT)                                                \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_k16blk_##name)(uint16_t *o_, const uint16_t *const *s_,               \
                             const float *attrs, const ao_vmc vm_, const int dt_,   \
                             const int st_)                                         \
    {                                                                               \
        float A_[NIN][AO_V16], O_[AO_V16];                                          \
        ao_stage whole_ = { AO_STAGE_WHOLE, 0, 0.0f };                              \
        for (int k_ = 0; k_ < NIN; k_++)                                            \
            AO_SFX(ao_ld16)(A_[k_], s_[k_], dt_);                                   \
        for (int j_ = 0; j_ < AO_V16; j_++) {                                       \
            AO_EW_GATHER_(NIN, A_, j_)                                              \
            O_[j_] = AO_SFX(ao_opf_##name)(v_, attrs, vm_, &whole_);                \
        }                                                                           \
        if (__builtin_expect(AO_SFX(ao_any_nan)(O_, AO_V16), 0)) {                  \
            const float *a_[NIN];                                                   \
            for (int k_ = 0; k_ < NIN; k_++)                                        \
                a_[k_] = A_[k_];                                                    \
            AO_SFX(ao_fixc_##name)(O_, a_, AO_V16, attrs, vm_);                     \
        }                                                                           \
        AO_SFX(ao_st16)(o_, O_, dt_, st_);                                          \
    }                                                                               \
    /* the staged block: nb_ <= AO_STAGE_BLOCK elements, a multiple of AO_V16 */    \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_k16stg_##name)(uint16_t *o_, const uint16_t *const *s_, int64_t nb_,  \
                             const float *attrs, const ao_vmc vm_, const int dt_,   \
                             const int st_)                                         \
    {                                                                               \
        float a_[NIN][AO_STAGE_BLOCK], m_[AO_STAGE_BLOCK];                          \
        for (int k_ = 0; k_ < NIN; k_++)                                            \
            for (int64_t j_ = 0; j_ < nb_; j_ += AO_V16)                            \
                AO_SFX(ao_ld16)(a_[k_] + j_, s_[k_] + j_, dt_);                     \
        ao_stage first_ = { AO_STAGE_FIRST, 0, 0.0f };                              \
        for (int64_t j_ = 0; j_ < nb_; j_++) {                                      \
            AO_EW_GATHER_(NIN, a_, j_)                                              \
            m_[j_] = AO_SFX(ao_opf_##name)(v_, attrs, vm_, &first_);                \
        }                                                                           \
        for (int64_t j_ = 0; j_ < nb_; j_++) {                                      \
            ao_stage second_ = { AO_STAGE_SECOND, 0, m_[j_] };                      \
            AO_EW_GATHER_(NIN, a_, j_)                                              \
            m_[j_] = AO_SFX(ao_opf_##name)(v_, attrs, vm_, &second_);               \
        }                                                                           \
        for (int64_t j_ = 0; j_ < nb_; j_ += AO_V16) {                              \
            if (__builtin_expect(AO_SFX(ao_any_nan)(m_ + j_, AO_V16), 0)) {         \
                const float *w_[NIN];                                               \
                for (int k_ = 0; k_ < NIN; k_++)                                    \
                    w_[k_] = a_[k_] + j_;                                           \
                AO_SFX(ao_fixc_##name)(m_ + j_, w_, AO_V16, attrs, vm_);            \
            }                                                                       \
            AO_SFX(ao_st16)(o_ + j_, m_ + j_, dt_, st_);                            \
        }                                                                           \
    }                                                                               \
    /* the computed path (no table), dt_ a constant after inlining */              \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_k16c_##name)(void *out, const void *const *in, int64_t n,             \
                           const float *attrs_in, const int dt_, const int st_)     \
    {                                                                               \
        float attrs[AO_MAX_ATTRS];                                                  \
        for (int k_ = 0; k_ < AO_MAX_ATTRS; k_++)                                   \
            attrs[k_] = attrs_in ? attrs_in[k_] : 0.0f;                             \
        const ao_vmc vm_ = ao_vmc_load();                                           \
        const int staged_ = AO_SFX(ao_staged_##name)(attrs, vm_);                   \
        uint16_t *o_ = (uint16_t *)out;                                             \
        const uint16_t *s_[NIN];                                                    \
        for (int k_ = 0; k_ < NIN; k_++)                                            \
            s_[k_] = (const uint16_t *)in[k_];                                      \
        const int64_t nfull_ = n / AO_V16 * AO_V16;                                 \
        if (AO_ISA_LEVEL >= 1 && AO_EW_VREG && !staged_ && NIN == 1 &&              \
            AO_EW_RAW16_(name, AO_EW_RAW16_ON)) {                                   \
            /* sign-bit bodies on the raw lanes (AO_EW_RAW16_), a group holding a NaN \
             * through the register loop */                                         \
            const uint16_t inf_ = dt_ == AO_DT_FLOAT16 ? 0x7c00u : 0x7f80u;          \
            int64_t i_ = 0;                                                         \
            while (i_ < n) {                                                        \
                i_ += AO_SFX(ao_raw16_run)(o_ + i_, s_[0] + i_, n - i_, inf_,        \
                                           AO_EW_RAW16_(name, AO_EW_RAW16_AND),      \
                                           AO_EW_RAW16_(name, AO_EW_RAW16_XOR));     \
                if (i_ < n) {                                                       \
                    const int64_t m_ = n - i_ < AO_RAW16_GROUP ? n - i_ : AO_RAW16_GROUP; \
                    const void *q_[NIN];                                            \
                    for (int k_ = 0; k_ < NIN; k_++)                                \
                        q_[k_] = s_[k_] + i_;                                       \
                    AO_SFX(ao_kv_##name)(o_ + i_, q_, m_, attrs, vm_, dt_, st_);    \
                    i_ += m_;                                                       \
                }                                                                   \
            }                                                                       \
            return;                                                                 \
        }                                                                           \
        if (AO_ISA_LEVEL >= 1 && AO_EW_VREG && !staged_) {                          \
            AO_SFX(ao_kv_##name)(out, in, n, attrs, vm_, dt_, st_);                 \
            return;                                                                 \
        }                                                                           \
        /* staged: ao_kvstg_; ao_k16stg_ below runs in the baseline region only */  \
        if (AO_ISA_LEVEL >= 1 && staged_) {                                         \
            AO_SFX(ao_kvstg_##name)(out, in, n, attrs, vm_, dt_, st_);              \
            return;                                                                 \
        }                                                                           \
        if (!staged_ && AO_K16_VIA_F32) {                                           \
            float a_[NIN][AO_STAGE_BLOCK], r_[AO_STAGE_BLOCK];                      \
            for (int64_t b_ = 0; b_ < n; b_ += AO_STAGE_BLOCK) {                    \
                const int64_t nb_ = n - b_ < AO_STAGE_BLOCK ? n - b_ : AO_STAGE_BLOCK; \
                const float *q_[NIN];                                               \
                for (int k_ = 0; k_ < NIN; k_++) {                                  \
                    if (dt_ == AO_DT_FLOAT16)                                       \
                        AO_SFX(ao_cvt_f16_f32)(a_[k_], s_[k_] + b_, nb_);           \
                    else                                                            \
                        AO_SFX(ao_cvt_bf16_f32)(a_[k_], s_[k_] + b_, nb_);          \
                    q_[k_] = a_[k_];                                                \
                }                                                                   \
                AO_SFX(ao_k_##name)(r_, q_, nb_, attrs);                            \
                if (dt_ == AO_DT_FLOAT16)                                           \
                    AO_SFX(ao_cvt_f32_f16)(o_ + b_, r_, nb_);                       \
                else                                                                \
                    AO_SFX(ao_cvt_f32_bf16)(o_ + b_, r_, nb_);                      \
            }                                                                       \
            return;                                                                 \
        }                                                                           \
        const int64_t step_ = staged_ ? AO_STAGE_BLOCK : AO_V16;                    \
        int64_t i_ = 0;                                                             \
        for (; i_ < nfull_; i_ += step_) {                                          \
            const uint16_t *p_[NIN];                                                \
            for (int k_ = 0; k_ < NIN; k_++)                                        \
                p_[k_] = s_[k_] + i_;                                               \
            if (staged_)                                                            \
                AO_SFX(ao_k16stg_##name)(o_ + i_, p_, nfull_ - i_ < step_ ? nfull_ - i_ : step_, \
                                         attrs, vm_, dt_, st_);                     \
            else                                                                    \
                AO_SFX(ao_k16blk_##name)(o_ + i_, p_, attrs, vm_, dt_, st_);        \
        }                                                                           \
        i_ = nfull_;                                                                \
        if (i_ < n) { /* last partial block: zero-padded copies, in bounds */       \
            uint16_t t_[NIN][AO_V16], r_[AO_V16];                                   \
            const uint16_t *p_[NIN];                                                \
            const int64_t m_ = n - i_;                                              \
            for (int k_ = 0; k_ < NIN; k_++) {                                      \
                memset(t_[k_], 0, sizeof t_[k_]);                                   \
                memcpy(t_[k_], s_[k_] + i_, (size_t)m_ * 2);                        \
                p_[k_] = t_[k_];                                                    \
            }                                                                       \
            AO_SFX(ao_k16blk_##name)(r_, p_, attrs, vm_, dt_, 0);                   \
            memcpy(o_ + i_, r_, (size_t)m_ * 2);                                    \
        }                                                                           \
    }                                                                               \
    static void AO_SFX(ao_kch_##name)(void *out, const void *const *in, int64_t n,  \
                                      const float *attrs, int stream)               \
    {                                                                               \
        AO_SFX(ao_k16c_##name)(out, in, n, attrs, AO_DT_FLOAT16, stream);           \
    }                                                                               \
    static void AO_SFX(ao_kcb_##name)(void *out, const void *const *in, int64_t n,  \
                                      const float *attrs, int stream)               \
    {                                                                               \
        AO_SFX(ao_k16c_##name)(out, in, n, attrs, AO_DT_BF16, stream);              \
    }                                                                               \
    /* LUT first (tables of gradient-form ops: it may run comp_, the computed       \
     * kernel, itself), else the computed path */                                   \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_k16_##name)(void *out, const void *const *in, int64_t n,              \
                          const float *attrs, const int dt_, const int st_)         \
    {                                                                               \
        const ao_ew16_fn comp_ =                                                    \
            dt_ == AO_DT_FLOAT16 ? AO_SFX(ao_kch_##name) : AO_SFX(ao_kcb_##name);   \
        (void)comp_;                                                                \
        if (LUT)                                                                    \
            return;                                                                 \
        comp_(out, in, n, attrs, st_);                                              \
    }                                                                               \
    AO_EW_ENTRY void AO_SFX(ao_kh_##name)(void *out, const void *const *in, int64_t n,   \
                                     const float *attrs, int stream)                \
    {                                                                               \
        AO_SFX(ao_k16_##name)(out, in, n, attrs, AO_DT_FLOAT16, stream);            \
    }                                                                               \
    AO_EW_ENTRY void AO_SFX(ao_kb_##name)(void *out, const void *const *in, int64_t n,   \
                                     const float *attrs, int stream)                \
    {                                                                               \
        AO_SFX(ao_k16_##name)(out, in, n, attrs, AO_DT_BF16, stream);               \
    }

/* LUT: an expression run first by the fused 16-bit kernels, nonzero if it did the work */
#define AO_EW_KERNELS_(name, NIN, LUT, CANON, RAW, ...)                           \
    AO_EW_OPV_(name, NIN, CANON, RAW, __VA_ARGS__)                                  \
    AO_EW_KV_(name, NIN)                                                            \
    AO_EW_K32_(name, NIN)                                                           \
    AO_EW_K16_(name, NIN, LUT)

#define AO_EW_OP1(name, a, ...)                                                   \
    static inline __attribute__((always_inline)) float                              \
    AO_SFX(ao_op_##name)(float a, const float *attrs, const ao_vmc vm_,             \
                         ao_stage *const stage_) __VA_ARGS__                        \
    AO_EW_KERNELS_(name, 1, 0, 1, ao_op, v_[0])

#define AO_EW_OP2(name, a, b, ...)                                                \
    static inline __attribute__((always_inline)) float                              \
    AO_SFX(ao_op_##name)(float a, float b, const float *attrs, const ao_vmc vm_,    \
                         ao_stage *const stage_) __VA_ARGS__                        \
    AO_EW_KERNELS_(name, 2, 0, 1, ao_op, v_[0], v_[1])

#define AO_EW_OP3(name, a, b, c, ...)                                             \
    static inline __attribute__((always_inline)) float                              \
    AO_SFX(ao_op_##name)(float a, float b, float c, const float *attrs,             \
                         const ao_vmc vm_, ao_stage *const stage_) __VA_ARGS__      \
    AO_EW_KERNELS_(name, 3, 0, 1, ao_op, v_[0], v_[1], v_[2])

#define AO_EW_OP4(name, a, b, c, d, ...)                                          \
    static inline __attribute__((always_inline)) float                              \
    AO_SFX(ao_op_##name)(float a, float b, float c, float d, const float *attrs,    \
                         const ao_vmc vm_, ao_stage *const stage_) __VA_ARGS__      \
    AO_EW_KERNELS_(name, 4, 0, 1, ao_op, v_[0], v_[1], v_[2], v_[3])

/* Two results: result R (r0 or r1) of BODY as an op of its own, ao_op_<name>__rR. */
#define AO_EW_2OUT_FN_(name, R, r0, r1, PARAMS, ...)                               \
    static inline __attribute__((always_inline)) float                              \
    AO_SFX(ao_op_##name)(PARAMS, const float *attrs, const ao_vmc vm_,              \
                         ao_stage *const stage_)                                    \
    {                                                                               \
        float r0 = 0.0f, r1 = 0.0f;                                                 \
        (void)attrs;                                                                \
        (void)stage_;                                                               \
        __VA_ARGS__                                                                 \
        (void)r0;                                                                   \
        (void)r1;                                                                   \
        return R;                                                                   \
    }

#define AO_EW_2OUT_COMMA_ ,

/* Both results of BODY at once, ao_op2_<name>: what the fused two-result kernel runs. */
#define AO_EW_2OUT_BOTH_(name, r0, r1, PARAMS, ...)                                \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_op2_##name)(PARAMS, const float *attrs, const ao_vmc vm_,             \
                          float *const r0_out_, float *const r1_out_)               \
    {                                                                               \
        float r0 = 0.0f, r1 = 0.0f;                                                 \
        (void)attrs;                                                                \
        __VA_ARGS__                                                                 \
        *r0_out_ = r0;                                                              \
        *r1_out_ = r1;                                                              \
    }

/* The fused two-result kernel of a two-result body (ao_ew2_fn, ao_internal.h):
 *     static void ao_k2_<name>_<isa>(void *out0, void *out1, const void *const *in,
 *                                    int64_t n, const float *attrs, int dtype, int stream)
 * n contiguous elements of every operand, all of dtype FLOAT, FLOAT16 or BF16. One pass
 * computes both results, a register at a time as AO_EW_KV_ does: each input is read and
 * widened once and the shared part of the body (GluBackward's sigmoid) computed once,
 * where the one-pass-per-output run (engine.c) did both twice. Results: each is the
 * same operations on the same values as its own kernel's (ao_op_<name>__r0 / __r1), so
 * the same bits; a register with a NaN lane in a result is redone by that result's own
 * NaN rule (ao_kvfix_<name>__rR, from the inputs reloaded: both results are computed
 * and fixed before either is stored, so an output may be an input, in place). Pairs of
 * registers share one NaN test and the pair narrowing (region.h ao_vst2_nonan). */
#define AO_EW_K2_(name, NIN, ...)                                                 \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_k2get_##name)(AO_SFX(ao_vreg) *r0_, AO_SFX(ao_vreg) *r1_,             \
                            const void *const *in, int64_t i_, const float *attrs,  \
                            const ao_vmc vm_, const int dt_)                        \
    {                                                                               \
        float A_[NIN][AO_EW_VW], R0_[AO_EW_VW], R1_[AO_EW_VW];                      \
        AO_SFX(ao_vld_inputs)(A_, in, NIN, i_, dt_);                                \
        _Pragma("GCC unroll 1") /* as in AO_EW_KV_: vectorised, not peeled */      \
        for (int j_ = 0; j_ < AO_EW_VW; j_++) {                                     \
            AO_EW_GATHER_(NIN, A_, j_)                                              \
            AO_SFX(ao_op2_##name)(__VA_ARGS__, attrs, vm_, &R0_[j_], &R1_[j_]);     \
        }                                                                           \
        *r0_ = AO_SFX(ao_vget)(R0_);                                                \
        *r1_ = AO_SFX(ao_vget)(R1_);                                                \
    }                                                                               \
    /* one register of elements i_ .. i_ + AO_EW_VW - 1 of both outputs */          \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_k2blk_##name)(void *out0, void *out1, const void *const *in,          \
                            int64_t i_, const float *attrs, const ao_vmc vm_,       \
                            const int dt_, const int st_)                           \
    {                                                                               \
        const int64_t sz_ = dt_ == AO_DT_FLOAT ? 4 : 2;                             \
        AO_SFX(ao_vreg) a_, b_;                                                     \
        AO_SFX(ao_k2get_##name)(&a_, &b_, in, i_, attrs, vm_, dt_);                 \
        if (__builtin_expect(AO_SFX(ao_vnan)(a_), 0))                               \
            a_ = AO_SFX(ao_kvfix_##name##__r0)(a_, in, i_, attrs, vm_, dt_);        \
        if (__builtin_expect(AO_SFX(ao_vnan)(b_), 0))                               \
            b_ = AO_SFX(ao_kvfix_##name##__r1)(b_, in, i_, attrs, vm_, dt_);        \
        AO_SFX(ao_vst)((char *)out0 + i_ * sz_, a_, dt_, st_);                      \
        AO_SFX(ao_vst)((char *)out1 + i_ * sz_, b_, dt_, st_);                      \
    }                                                                               \
    /* two registers' results (a: result 0, b: result 1; elements i_ ..            \
     * i_ + 2 AO_EW_VW - 1) stored after one NaN test over the four */              \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_k2put2_##name)(void *out0, void *out1, const void *const *in,         \
                             int64_t i_, AO_SFX(ao_vreg) a0_, AO_SFX(ao_vreg) b0_,  \
                             AO_SFX(ao_vreg) a1_, AO_SFX(ao_vreg) b1_,              \
                             const float *attrs, const ao_vmc vm_, const int dt_,   \
                             const int st_)                                         \
    {                                                                               \
        const int64_t sz_ = dt_ == AO_DT_FLOAT ? 4 : 2, w_ = AO_EW_VW;              \
        char *o0_ = (char *)out0 + i_ * sz_, *o1_ = (char *)out1 + i_ * sz_;        \
        if (__builtin_expect(AO_SFX(ao_vnan2)(a0_, a1_) | AO_SFX(ao_vnan2)(b0_, b1_), 0)) { \
            if (AO_SFX(ao_vnan)(a0_))                                               \
                a0_ = AO_SFX(ao_kvfix_##name##__r0)(a0_, in, i_, attrs, vm_, dt_);  \
            if (AO_SFX(ao_vnan)(a1_))                                               \
                a1_ = AO_SFX(ao_kvfix_##name##__r0)(a1_, in, i_ + w_, attrs, vm_, dt_); \
            if (AO_SFX(ao_vnan)(b0_))                                               \
                b0_ = AO_SFX(ao_kvfix_##name##__r1)(b0_, in, i_, attrs, vm_, dt_);  \
            if (AO_SFX(ao_vnan)(b1_))                                               \
                b1_ = AO_SFX(ao_kvfix_##name##__r1)(b1_, in, i_ + w_, attrs, vm_, dt_); \
            AO_SFX(ao_vst)(o0_, a0_, dt_, st_);                                     \
            AO_SFX(ao_vst)(o0_ + w_ * sz_, a1_, dt_, st_);                          \
            AO_SFX(ao_vst)(o1_, b0_, dt_, st_);                                     \
            AO_SFX(ao_vst)(o1_ + w_ * sz_, b1_, dt_, st_);                          \
            return;                                                                 \
        }                                                                           \
        AO_SFX(ao_vst2_nonan)(o0_, a0_, a1_, dt_, st_);                             \
        AO_SFX(ao_vst2_nonan)(o1_, b0_, b1_, dt_, st_);                             \
    }                                                                               \
    /* two registers: one NaN test over the four results before their stores */     \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_k2blk2_##name)(void *out0, void *out1, const void *const *in,         \
                             int64_t i_, const float *attrs, const ao_vmc vm_,      \
                             const int dt_, const int st_)                          \
    {                                                                               \
        AO_SFX(ao_vreg) a0_, b0_, a1_, b1_;                                         \
        AO_SFX(ao_k2get_##name)(&a0_, &b0_, in, i_, attrs, vm_, dt_);               \
        AO_SFX(ao_k2get_##name)(&a1_, &b1_, in, i_ + AO_EW_VW, attrs, vm_, dt_);    \
        AO_SFX(ao_k2put2_##name)(out0, out1, in, i_, a0_, b0_, a1_, b1_, attrs, vm_, dt_, st_); \
    }                                                                               \
    /* four registers by the body's whole-register form (AO_EW_VFORM_<name>: for a   \
     * two-result body it fills r[0..3] with result 0 of the four registers, r[4..7] \
     * with result 1); 0, having done nothing, where the body has none in this region */ \
    static inline __attribute__((always_inline)) int                                \
    AO_SFX(ao_k2blk4_##name)(void *out0, void *out1, const void *const *in,         \
                             int64_t i_, const float *attrs, const ao_vmc vm_,      \
                             const int dt_, const int st_)                          \
    {                                                                               \
        AO_SFX(ao_vreg) v_[8];                                                      \
        if (!AO_SFX(AO_EW_VFORM_FN_(name))(v_, in, i_, attrs, vm_, dt_))            \
            return 0;                                                               \
        AO_SFX(ao_k2put2_##name)(out0, out1, in, i_, v_[0], v_[4], v_[1], v_[5],    \
                                 attrs, vm_, dt_, st_);                             \
        AO_SFX(ao_k2put2_##name)(out0, out1, in, i_ + 2 * AO_EW_VW, v_[2], v_[6],   \
                                 v_[3], v_[7], attrs, vm_, dt_, st_);               \
        return 1;                                                                   \
    }                                                                               \
    static inline __attribute__((always_inline)) void                               \
    AO_SFX(ao_k2v_##name)(void *out0, void *out1, const void *const *in, int64_t n, \
                          const float *attrs, const ao_vmc vm_, const int dt_,      \
                          const int st_)                                            \
    {                                                                               \
        const int64_t sz_ = dt_ == AO_DT_FLOAT ? 4 : 2;                             \
        int64_t i_ = 0;                                                             \
        for (; i_ + 4 * AO_EW_VW <= n; i_ += 4 * AO_EW_VW)                          \
            if (!AO_SFX(ao_k2blk4_##name)(out0, out1, in, i_, attrs, vm_, dt_, st_)) \
                break; /* no whole-register form: the loops below */                \
        for (; i_ + 2 * AO_EW_VW <= n; i_ += 2 * AO_EW_VW)                          \
            AO_SFX(ao_k2blk2_##name)(out0, out1, in, i_, attrs, vm_, dt_, st_);     \
        for (; i_ + AO_EW_VW <= n; i_ += AO_EW_VW)                                  \
            AO_SFX(ao_k2blk_##name)(out0, out1, in, i_, attrs, vm_, dt_, st_);      \
        if (i_ < n) { /* the last partial register: zero-padded copies, in bounds */ \
            float t_[NIN][AO_EW_VW], r0_[AO_EW_VW], r1_[AO_EW_VW];                  \
            const void *p_[NIN];                                                    \
            for (int k_ = 0; k_ < NIN; k_++) {                                      \
                memset(t_[k_], 0, sizeof t_[k_]);                                   \
                memcpy(t_[k_], (const char *)in[k_] + i_ * sz_, (size_t)((n - i_) * sz_)); \
                p_[k_] = t_[k_];                                                    \
            }                                                                       \
            AO_SFX(ao_k2blk_##name)(r0_, r1_, p_, 0, attrs, vm_, dt_, 0);           \
            memcpy((char *)out0 + i_ * sz_, r0_, (size_t)((n - i_) * sz_));         \
            memcpy((char *)out1 + i_ * sz_, r1_, (size_t)((n - i_) * sz_));         \
        }                                                                           \
    }                                                                               \
    AO_EW_ENTRY void AO_SFX(ao_k2_##name)(void *out0, void *out1, const void *const *in,  \
                                     int64_t n, const float *attrs_in, int dtype,   \
                                     int stream)                                    \
    {                                                                               \
        float attrs[AO_MAX_ATTRS];                                                  \
        for (int k_ = 0; k_ < AO_MAX_ATTRS; k_++)                                   \
            attrs[k_] = attrs_in ? attrs_in[k_] : 0.0f;                             \
        const ao_vmc vm_ = ao_vmc_load();                                           \
        if (dtype == AO_DT_FLOAT)                                                   \
            AO_SFX(ao_k2v_##name)(out0, out1, in, n, attrs, vm_, AO_DT_FLOAT, stream); \
        else if (dtype == AO_DT_FLOAT16)                                            \
            AO_SFX(ao_k2v_##name)(out0, out1, in, n, attrs, vm_, AO_DT_FLOAT16, stream); \
        else                                                                        \
            AO_SFX(ao_k2v_##name)(out0, out1, in, n, attrs, vm_, AO_DT_BF16, stream); \
    }

#define AO_EW_OP1_2OUT(name, a, r0, r1, ...)                                      \
    AO_EW_2OUT_FN_(name##__r0, r0, r0, r1, float a, __VA_ARGS__)                    \
    AO_EW_KERNELS_(name##__r0, 1, 0, 1, ao_op, v_[0])                               \
    AO_EW_2OUT_FN_(name##__r1, r1, r0, r1, float a, __VA_ARGS__)                    \
    AO_EW_KERNELS_(name##__r1, 1, 0, 1, ao_op, v_[0])                               \
    AO_EW_2OUT_BOTH_(name, r0, r1, float a, __VA_ARGS__)                            \
    AO_EW_K2_(name, 1, v_[0])

#define AO_EW_OP2_2OUT(name, a, b, r0, r1, ...)                                   \
    AO_EW_2OUT_FN_(name##__r0, r0, r0, r1, float a AO_EW_2OUT_COMMA_ float b, __VA_ARGS__) \
    AO_EW_KERNELS_(name##__r0, 2, 0, 1, ao_op, v_[0], v_[1])                        \
    AO_EW_2OUT_FN_(name##__r1, r1, r0, r1, float a AO_EW_2OUT_COMMA_ float b, __VA_ARGS__) \
    AO_EW_KERNELS_(name##__r1, 2, 0, 1, ao_op, v_[0], v_[1]) \
    AO_EW_2OUT_BOTH_(name, r0, r1, float a AO_EW_2OUT_COMMA_ float b, __VA_ARGS__)  \
    AO_EW_K2_(name, 2, v_[0], v_[1])

#define AO_EW_OP3_2OUT(name, a, b, c, r0, r1, ...)                                \
    AO_EW_2OUT_FN_(name##__r0, r0, r0, r1,                                          \
                   float a AO_EW_2OUT_COMMA_ float b AO_EW_2OUT_COMMA_ float c, __VA_ARGS__) \
    AO_EW_KERNELS_(name##__r0, 3, 0, 1, ao_op, v_[0], v_[1], v_[2])                 \
    AO_EW_2OUT_FN_(name##__r1, r1, r0, r1,                                          \
                   float a AO_EW_2OUT_COMMA_ float b AO_EW_2OUT_COMMA_ float c, __VA_ARGS__) \
    AO_EW_KERNELS_(name##__r1, 3, 0, 1, ao_op, v_[0], v_[1], v_[2])                  \
    AO_EW_2OUT_BOTH_(name, r0, r1,                                                  \
                     float a AO_EW_2OUT_COMMA_ float b AO_EW_2OUT_COMMA_ float c, __VA_ARGS__) \
    AO_EW_K2_(name, 3, v_[0], v_[1], v_[2])

#define AO_EW_OP4_2OUT(name, a, b, c, d, r0, r1, ...)                             \
    AO_EW_2OUT_FN_(name##__r0, r0, r0, r1, float a AO_EW_2OUT_COMMA_ float b          \
                   AO_EW_2OUT_COMMA_ float c AO_EW_2OUT_COMMA_ float d, __VA_ARGS__)  \
    AO_EW_KERNELS_(name##__r0, 4, 0, 1, ao_op, v_[0], v_[1], v_[2], v_[3])          \
    AO_EW_2OUT_FN_(name##__r1, r1, r0, r1, float a AO_EW_2OUT_COMMA_ float b          \
                   AO_EW_2OUT_COMMA_ float c AO_EW_2OUT_COMMA_ float d, __VA_ARGS__)  \
    AO_EW_KERNELS_(name##__r1, 4, 0, 1, ao_op, v_[0], v_[1], v_[2], v_[3])           \
    AO_EW_2OUT_BOTH_(name, r0, r1, float a AO_EW_2OUT_COMMA_ float b                 \
                     AO_EW_2OUT_COMMA_ float c AO_EW_2OUT_COMMA_ float d, __VA_ARGS__) \
    AO_EW_K2_(name, 4, v_[0], v_[1], v_[2], v_[3])

/* dy * g(x), g = BODY: the factor has x alone as its argument, so BODY cannot read
 * dy or attrs. In AO_STAGE_FIRST mode the factor's split value passes through. */
#define AO_EW_GRAD(name, dy, x, ...)                                              \
    static inline __attribute__((always_inline)) float                              \
    AO_SFX(ao_factor_##name)(float x, const ao_vmc vm_, ao_stage *const stage_)     \
    __VA_ARGS__                                                                     \
    static inline __attribute__((always_inline)) float                              \
    AO_SFX(ao_op_##name)(float dy, float x, const float *attrs, const ao_vmc vm_,   \
                         ao_stage *const stage_)                                    \
    {                                                                               \
        (void)attrs;                                                                \
        float g_ = AO_SFX(ao_factor_##name)(x, vm_, stage_);                        \
        if (stage_->mode == AO_STAGE_FIRST)                                         \
            return g_;                                                              \
        /* the NaN rule (AO_NAN_CANON_): a NaN factor of a NaN x becomes x, and a    \
         * NaN dy meets only itself; the multiplication quietens either */          \
        g_ = (g_ != g_) & (x != x) ? x : g_;                                        \
        return dy * (dy != dy ? dy : g_);                                           \
    }                                                                               \
    /* the same without the rule: what the loops run (ao_fix_ applies the rule) */  \
    static inline __attribute__((always_inline)) float                              \
    AO_SFX(ao_opraw_##name)(float dy, float x, const float *attrs, const ao_vmc vm_, \
                            ao_stage *const stage_)                                 \
    {                                                                               \
        (void)attrs;                                                                \
        const float g_ = AO_SFX(ao_factor_##name)(x, vm_, stage_);                  \
        return stage_->mode == AO_STAGE_FIRST ? g_ : dy * g_;                       \
    }                                                                               \
    AO_EW_ENTRY ao_lut AO_SFX(ao_lut_##name);                                       \
    AO_EW_KERNELS_(name, 2,                                                         \
                   AO_SFX(ao_lut_run)(&AO_SFX(ao_lut_##name), AO_SFX(ao_k_##name),  \
                                      comp_, out, in, AO_LUT_FACTOR_DY, n, dt_, st_, attrs), \
                   0, ao_opraw, v_[0], v_[1])


/* x * g(x), g = BODY of x alone (no attrs): a unary op whose result is its input times
 * a factor of it (GeluV2's erf form, src/ops/gelu_erf.h). Its fp32 kernels compute
 * x * g(x) as written; its fused 16-bit kernels look g up in the table of a gradient-form
 * op (ao_lut_run with nin = 1: dy * g(x) with dy = x, so the results are identical:
 * x * g rounded once either way), where the measurement under ASCENDOPS_LUT=auto finds
 * the table cheaper, as a gradient-form op's do. The NaN rule is the
 * gradient form's with dy = x: a NaN x gives x, quietened, as AO_EW_OP1's rule does. */
#define AO_EW_XFACTOR(name, x, ...)                                               \
    static inline __attribute__((always_inline)) float                              \
    AO_SFX(ao_factor_##name)(float x, const ao_vmc vm_, ao_stage *const stage_)     \
    __VA_ARGS__                                                                     \
    static inline __attribute__((always_inline)) float                              \
    AO_SFX(ao_op_##name)(float x, const float *attrs, const ao_vmc vm_,             \
                         ao_stage *const stage_)                                    \
    {                                                                               \
        (void)attrs;                                                                \
        return x * AO_SFX(ao_factor_##name)(x, vm_, stage_);                        \
    }                                                                               \
    /* dy * g(x) over fp32 arrays, in place allowed: what builds the table          \
     * (region.h ao_lut_table calls it with dy = 1) */                              \
    static void AO_SFX(ao_kg_##name)(float *out, const float *const *in, int64_t n,   \
                                     const float *attrs)                            \
    {                                                                               \
        (void)attrs;                                                                \
        const ao_vmc vm_ = ao_vmc_load();                                           \
        ao_stage whole_ = { AO_STAGE_WHOLE, 0, 0.0f };                              \
        for (int64_t i_ = 0; i_ < n; i_++)                                          \
            out[i_] = in[0][i_] * AO_SFX(ao_factor_##name)(in[1][i_], vm_, &whole_); \
    }                                                                               \
    AO_EW_ENTRY ao_lut AO_SFX(ao_lut_##name);                                       \
    AO_EW_KERNELS_(name, 1,                                                         \
                   AO_SFX(ao_lut_run)(&AO_SFX(ao_lut_##name), AO_SFX(ao_kg_##name),  \
                                      comp_, out, in, AO_LUT_FACTOR_X, n, dt_, st_, attrs), \
                   1, ao_op, v_[0])

/* f(x) = BODY of x alone (no attrs): a unary op whose fused 16-bit kernels may look
 * the 16-bit result up in a table of all 65536 (AO_LUT_RESULT: 128 KiB per dtype and
 * ISA region, built from the op's own fp32 kernel and narrowed as the computed path
 * narrows, so the results are identical, NaNs included), where the measurement under
 * ASCENDOPS_LUT=auto finds the table cheaper. For bodies that cost more than a load:
 * Sin on AVX2 (Zen 3) computes float16 at about 1.0 ns an element, its table takes 0.39.
 * Otherwise an AO_EW_OP1 (the same kernels, the same NaN rule). */
#define AO_EW_XFUNC(name, x, ...)                                                 \
    static inline __attribute__((always_inline)) float                              \
    AO_SFX(ao_op_##name)(float x, __attribute__((unused)) const float *no_attrs_,   \
                         const ao_vmc vm_, ao_stage *const stage_) __VA_ARGS__      \
    AO_EW_ENTRY ao_lut AO_SFX(ao_lut_##name);                                       \
    AO_EW_KERNELS_(name, 1,                                                         \
                   AO_SFX(ao_lut_run)(&AO_SFX(ao_lut_##name), AO_SFX(ao_k_##name),   \
                                      comp_, out, in, AO_LUT_RESULT, n, dt_, st_, attrs), \
                   1, ao_op, v_[0])

#elif defined(AO_EW_MODE_DECL)

/* The prototypes of the kernels the table rows point at, for a table compiled apart
 * from the ops' units (region.h AO_REGION_TABLE_ONLY). */
#define AO_EW_DECL1_(name)                                                         \
    extern __typeof__(*(ao_ew_fn)0) AO_SFX(ao_k_##name);                            \
    extern __typeof__(*(ao_ew16_fn)0) AO_SFX(ao_kh_##name), AO_SFX(ao_kb_##name),   \
        AO_SFX(ao_kf_##name);
#define AO_EW_OP1(name, a, ...) AO_EW_DECL1_(name)
#define AO_EW_OP2(name, a, b, ...) AO_EW_DECL1_(name)
#define AO_EW_OP3(name, a, b, c, ...) AO_EW_DECL1_(name)
#define AO_EW_OP4(name, a, b, c, d, ...) AO_EW_DECL1_(name)
/* a table-backed op's row also points at its table and measured choice (ao_lut) */
#define AO_EW_DECL_LUT_(name) AO_EW_DECL1_(name) extern ao_lut AO_SFX(ao_lut_##name);
#define AO_EW_GRAD(name, dy, x, ...) AO_EW_DECL_LUT_(name)
#define AO_EW_XFACTOR(name, x, ...) AO_EW_DECL_LUT_(name)
#define AO_EW_XFUNC(name, x, ...) AO_EW_DECL_LUT_(name)
#define AO_EW_DECL2_(name)                                                         \
    AO_EW_DECL1_(name##__r0) AO_EW_DECL1_(name##__r1)                               \
    extern __typeof__(*(ao_ew2_fn)0) AO_SFX(ao_k2_##name);
#define AO_EW_OP1_2OUT(name, a, r0, r1, ...) AO_EW_DECL2_(name)
#define AO_EW_OP2_2OUT(name, a, b, r0, r1, ...) AO_EW_DECL2_(name)
#define AO_EW_OP3_2OUT(name, a, b, c, r0, r1, ...) AO_EW_DECL2_(name)
#define AO_EW_OP4_2OUT(name, a, b, c, d, r0, r1, ...) AO_EW_DECL2_(name)

#elif defined(AO_EW_MODE_TABLE)

/* One row: { "name", nin, { baseline, avx2, avx512 } x (fp32, f16, bf16, fp32 with the
 * stream flag), lut } (AO_KFNS* from region.h). */
#define AO_EW_OP1(name, a, ...) { #name, 1, AO_KFNS(name), AO_KFNS16(name), 0, 1, 0, NULL },
#define AO_EW_OP2(name, a, b, ...) { #name, 2, AO_KFNS(name), AO_KFNS16(name), 0, 1, 0, NULL },
#define AO_EW_OP3(name, a, b, c, ...) { #name, 3, AO_KFNS(name), AO_KFNS16(name), 0, 1, 0, NULL },
#define AO_EW_OP4(name, a, b, c, d, ...) { #name, 4, AO_KFNS(name), AO_KFNS16(name), 0, 1, 0, NULL },
#define AO_EW_GRAD(name, dy, x, ...) { #name, 2, AO_KFNS(name), AO_KFNS16(name), AO_LUT_FACTOR_DY, 1, 0, &AO_SFX(ao_lut_##name) },
#define AO_EW_XFACTOR(name, x, ...) { #name, 1, AO_KFNS(name), AO_KFNS16(name), AO_LUT_FACTOR_X, 1, 0, &AO_SFX(ao_lut_##name) },
#define AO_EW_XFUNC(name, x, ...) { #name, 1, AO_KFNS(name), AO_KFNS16(name), AO_LUT_RESULT, 1, 0, &AO_SFX(ao_lut_##name) },
/* two rows, result 0 then result 1 (ao_ew_run's pass j runs kernel + j) */
#define AO_EW_2OUT_ROWS_(name, NIN)                                                \
    { #name, NIN, AO_KFNS(name##__r0), AO_KFNS16(name##__r0), 0, 2, 0, NULL },      \
    { #name ":1", NIN, AO_KFNS(name##__r1), AO_KFNS16(name##__r1), 0, 2, 1, NULL },
#define AO_EW_OP1_2OUT(name, a, r0, r1, ...) AO_EW_2OUT_ROWS_(name, 1)
#define AO_EW_OP2_2OUT(name, a, b, r0, r1, ...) AO_EW_2OUT_ROWS_(name, 2)
#define AO_EW_OP3_2OUT(name, a, b, c, r0, r1, ...) AO_EW_2OUT_ROWS_(name, 3)
#define AO_EW_OP4_2OUT(name, a, b, c, d, r0, r1, ...) AO_EW_2OUT_ROWS_(name, 4)

#elif defined(AO_EW_MODE_WIDE)

/* The float64 kernels (src/wide.c): every fp32 body compiled over double. wide.c
 * spells `float` as `double` around the ops list and maps the vector math to libm
 * (ao_expf -> exp, ...), so a body's statements run in double in the body's own order;
 * its float literals (1.0f, 3.0f, ...) keep their float value. One loop per op:
 *     static void ao_kd_<name>(double *out, const double *const *in, int64_t n,
 *                              const double *attrs)
 * (attrs: the fp32 attributes widened: CANN hands its AI-CPU kernels float attributes).
 * AO_STAGE marks nothing here (a whole body per element); gradient-form ops are
 * dy * g(x). */
#define AO_EW_WLOOP_(name, CALL)                                                  \
    static void ao_kd_##name(double *out, const double *const *in, int64_t n,       \
                             const double *attrs)                                   \
    {                                                                               \
        ao_stage stage_ = { AO_STAGE_WHOLE, 0, 0.0f };                              \
        for (int64_t i_ = 0; i_ < n; i_++)                                          \
            out[i_] = CALL;                                                         \
    }
#define AO_EW_OP1(name, a, ...)                                                   \
    static inline double ao_opd_##name(double a, const double *attrs,              \
                                       ao_stage *const stage_) __VA_ARGS__          \
    AO_EW_WLOOP_(name, ao_opd_##name(in[0][i_], attrs, &stage_))
#define AO_EW_OP2(name, a, b, ...)                                                \
    static inline double ao_opd_##name(double a, double b, const double *attrs,    \
                                       ao_stage *const stage_) __VA_ARGS__          \
    AO_EW_WLOOP_(name, ao_opd_##name(in[0][i_], in[1][i_], attrs, &stage_))
#define AO_EW_OP3(name, a, b, c, ...)                                             \
    static inline double ao_opd_##name(double a, double b, double c,               \
                                       const double *attrs,                         \
                                       ao_stage *const stage_) __VA_ARGS__          \
    AO_EW_WLOOP_(name, ao_opd_##name(in[0][i_], in[1][i_], in[2][i_], attrs, &stage_))
#define AO_EW_OP4(name, a, b, c, d, ...)                                          \
    static inline double ao_opd_##name(double a, double b, double c, double d,     \
                                       const double *attrs,                         \
                                       ao_stage *const stage_) __VA_ARGS__          \
    AO_EW_WLOOP_(name, ao_opd_##name(in[0][i_], in[1][i_], in[2][i_], in[3][i_], attrs, &stage_))
#define AO_EW_GRAD(name, dy, x, ...)                                              \
    static inline double ao_factord_##name(double x, ao_stage *const stage_)        \
    __VA_ARGS__                                                                     \
    static inline double ao_opd_##name(double dy, double x, const double *attrs,   \
                                       ao_stage *const stage_)                      \
    {                                                                               \
        (void)attrs;                                                                \
        return dy * ao_factord_##name(x, stage_);                                   \
    }                                                                               \
    AO_EW_WLOOP_(name, ao_opd_##name(in[0][i_], in[1][i_], attrs, &stage_))
#define AO_EW_XFACTOR(name, x, ...)                                               \
    static inline double ao_factord_##name(double x, ao_stage *const stage_)        \
    __VA_ARGS__                                                                     \
    static inline double ao_opd_##name(double x, const double *attrs,              \
                                       ao_stage *const stage_)                      \
    {                                                                               \
        (void)attrs;                                                                \
        return x * ao_factord_##name(x, stage_);                                    \
    }                                                                               \
    AO_EW_WLOOP_(name, ao_opd_##name(in[0][i_], attrs, &stage_))
#define AO_EW_XFUNC(name, x, ...) AO_EW_OP1(name, x, __VA_ARGS__)
#define AO_EW_W2OUT_FN_(name, R, r0, r1, PARAMS, ...)                              \
    static inline double ao_opd_##name(PARAMS, const double *attrs,                \
                                       ao_stage *const stage_)                      \
    {                                                                               \
        double r0 = 0.0, r1 = 0.0;                                                  \
        (void)attrs;                                                                \
        (void)stage_;                                                               \
        __VA_ARGS__                                                                 \
        (void)r0;                                                                   \
        (void)r1;                                                                   \
        return R;                                                                   \
    }
#define AO_EW_WCOMMA_ ,
#define AO_EW_OP1_2OUT(name, a, r0, r1, ...)                                      \
    AO_EW_W2OUT_FN_(name##__r0, r0, r0, r1, double a, __VA_ARGS__)                  \
    AO_EW_WLOOP_(name##__r0, ao_opd_##name##__r0(in[0][i_], attrs, &stage_))        \
    AO_EW_W2OUT_FN_(name##__r1, r1, r0, r1, double a, __VA_ARGS__)                  \
    AO_EW_WLOOP_(name##__r1, ao_opd_##name##__r1(in[0][i_], attrs, &stage_))
#define AO_EW_OP2_2OUT(name, a, b, r0, r1, ...)                                   \
    AO_EW_W2OUT_FN_(name##__r0, r0, r0, r1, double a AO_EW_WCOMMA_ double b, __VA_ARGS__) \
    AO_EW_WLOOP_(name##__r0, ao_opd_##name##__r0(in[0][i_], in[1][i_], attrs, &stage_)) \
    AO_EW_W2OUT_FN_(name##__r1, r1, r0, r1, double a AO_EW_WCOMMA_ double b, __VA_ARGS__) \
    AO_EW_WLOOP_(name##__r1, ao_opd_##name##__r1(in[0][i_], in[1][i_], attrs, &stage_))
#define AO_EW_OP3_2OUT(name, a, b, c, r0, r1, ...)                                \
    AO_EW_W2OUT_FN_(name##__r0, r0, r0, r1,                                         \
                    double a AO_EW_WCOMMA_ double b AO_EW_WCOMMA_ double c, __VA_ARGS__) \
    AO_EW_WLOOP_(name##__r0, ao_opd_##name##__r0(in[0][i_], in[1][i_], in[2][i_], attrs, &stage_)) \
    AO_EW_W2OUT_FN_(name##__r1, r1, r0, r1,                                         \
                    double a AO_EW_WCOMMA_ double b AO_EW_WCOMMA_ double c, __VA_ARGS__) \
    AO_EW_WLOOP_(name##__r1, ao_opd_##name##__r1(in[0][i_], in[1][i_], in[2][i_], attrs, &stage_))
#define AO_EW_OP4_2OUT(name, a, b, c, d, r0, r1, ...)                             \
    AO_EW_W2OUT_FN_(name##__r0, r0, r0, r1, double a AO_EW_WCOMMA_ double b AO_EW_WCOMMA_ double c \
                    AO_EW_WCOMMA_ double d, __VA_ARGS__)                            \
    AO_EW_WLOOP_(name##__r0, ao_opd_##name##__r0(in[0][i_], in[1][i_], in[2][i_], in[3][i_], attrs, &stage_)) \
    AO_EW_W2OUT_FN_(name##__r1, r1, r0, r1, double a AO_EW_WCOMMA_ double b AO_EW_WCOMMA_ double c \
                    AO_EW_WCOMMA_ double d, __VA_ARGS__)                            \
    AO_EW_WLOOP_(name##__r1, ao_opd_##name##__r1(in[0][i_], in[1][i_], in[2][i_], in[3][i_], attrs, &stage_))

#elif defined(AO_EW_MODE_WIDE_TABLE)

/* One row per kernel-table row, in the same order (the same list, the same rows per
 * macro): { "name", float64 loop }. */
#define AO_EW_OP1(name, a, ...) { #name, ao_kd_##name },
#define AO_EW_OP2(name, a, b, ...) { #name, ao_kd_##name },
#define AO_EW_OP3(name, a, b, c, ...) { #name, ao_kd_##name },
#define AO_EW_OP4(name, a, b, c, d, ...) { #name, ao_kd_##name },
#define AO_EW_GRAD(name, dy, x, ...) { #name, ao_kd_##name },
#define AO_EW_XFACTOR(name, x, ...) { #name, ao_kd_##name },
#define AO_EW_XFUNC(name, x, ...) { #name, ao_kd_##name },
#define AO_EW_OP1_2OUT(name, a, r0, r1, ...) { #name, ao_kd_##name##__r0 }, { #name ":1", ao_kd_##name##__r1 },
#define AO_EW_OP2_2OUT(name, a, b, r0, r1, ...) { #name, ao_kd_##name##__r0 }, { #name ":1", ao_kd_##name##__r1 },
#define AO_EW_OP3_2OUT(name, a, b, c, r0, r1, ...) { #name, ao_kd_##name##__r0 }, { #name ":1", ao_kd_##name##__r1 },
#define AO_EW_OP4_2OUT(name, a, b, c, d, r0, r1, ...) { #name, ao_kd_##name##__r0 }, { #name ":1", ao_kd_##name##__r1 },

#elif defined(AO_EW_MODE_FUSED2_TABLE)

/* One row per two-result body: { "name", the region's fused kernel } (region.h's
 * ao_fused2_rows; AO_KFNS2 from region.h); every other body adds none. */
#define AO_EW_OP1(name, a, ...)
#define AO_EW_OP2(name, a, b, ...)
#define AO_EW_OP3(name, a, b, c, ...)
#define AO_EW_OP4(name, a, b, c, d, ...)
#define AO_EW_GRAD(name, dy, x, ...)
#define AO_EW_XFACTOR(name, x, ...)
#define AO_EW_XFUNC(name, x, ...)
#define AO_EW_OP1_2OUT(name, a, r0, r1, ...) { #name, AO_KFNS2(name) },
#define AO_EW_OP2_2OUT(name, a, b, r0, r1, ...) { #name, AO_KFNS2(name) },
#define AO_EW_OP3_2OUT(name, a, b, c, r0, r1, ...) { #name, AO_KFNS2(name) },
#define AO_EW_OP4_2OUT(name, a, b, c, d, r0, r1, ...) { #name, AO_KFNS2(name) },

#elif defined(AO_EW_MODE_INT) || defined(AO_EW_MODE_INT_TABLE) || defined(AO_EW_MODE_CPLX) || \
    defined(AO_EW_MODE_CPLX_TABLE)
/* Only the integer (or complex) bodies (above and below) expand. */
#define AO_EW_OP1(name, a, ...)
#define AO_EW_OP2(name, a, b, ...)
#define AO_EW_OP3(name, a, b, c, ...)
#define AO_EW_OP4(name, a, b, c, d, ...)
#define AO_EW_GRAD(name, dy, x, ...)
#define AO_EW_XFACTOR(name, x, ...)
#define AO_EW_XFUNC(name, x, ...)
#define AO_EW_OP1_2OUT(name, a, r0, r1, ...)
#define AO_EW_OP2_2OUT(name, a, b, r0, r1, ...)
#define AO_EW_OP3_2OUT(name, a, b, c, r0, r1, ...)
#define AO_EW_OP4_2OUT(name, a, b, c, d, r0, r1, ...)
#if defined(AO_EW_MODE_INT)
/* wide.c includes the list once per integer type, with T and AO_ISFX defined:
 *     static void ao_ki_<name>_<isfx>(void *out, const void *const *in, int64_t n,
 *                                     const int64_t *iattrs) */
#define AO_EW_ILOOP_(name, CALL)                                                  \
    static void AO_CAT(ao_ki_##name, AO_ISFX)(void *out_, const void *const *in_,   \
                                              int64_t n, const int64_t *iattrs)     \
    {                                                                               \
        T *out = (T *)out_;                                                         \
        const T *const *in = (const T *const *)in_;                                 \
        for (int64_t i_ = 0; i_ < n; i_++)                                          \
            out[i_] = CALL;                                                         \
    }
#define AO_EW_INT1(name, a, ...)                                                  \
    static inline T AO_CAT(ao_opi_##name, AO_ISFX)(T a, const int64_t *iattrs)      \
    __VA_ARGS__                                                                     \
    AO_EW_ILOOP_(name, AO_CAT(ao_opi_##name, AO_ISFX)(in[0][i_], iattrs))
#define AO_EW_INT2(name, a, b, ...)                                               \
    static inline T AO_CAT(ao_opi_##name, AO_ISFX)(T a, T b, const int64_t *iattrs) \
    __VA_ARGS__                                                                     \
    AO_EW_ILOOP_(name, AO_CAT(ao_opi_##name, AO_ISFX)(in[0][i_], in[1][i_], iattrs))
#define AO_EW_INT3(name, a, b, c, ...)                                            \
    static inline T AO_CAT(ao_opi_##name, AO_ISFX)(T a, T b, T c,                   \
                                                   const int64_t *iattrs)           \
    __VA_ARGS__                                                                     \
    AO_EW_ILOOP_(name, AO_CAT(ao_opi_##name, AO_ISFX)(in[0][i_], in[1][i_], in[2][i_], iattrs))
#elif defined(AO_EW_MODE_INT_TABLE)
/* { "name", nin, { int8, uint8, int16, int32, int64 } } */
#define AO_EW_IROW_(name, NIN)                                                    \
    { #name, NIN, { ao_ki_##name##_i8, ao_ki_##name##_u8, ao_ki_##name##_i16,       \
                    ao_ki_##name##_i32, ao_ki_##name##_i64 } },
#define AO_EW_INT1(name, a, ...) AO_EW_IROW_(name, 1)
#define AO_EW_INT2(name, a, b, ...) AO_EW_IROW_(name, 2)
#define AO_EW_INT3(name, a, b, c, ...) AO_EW_IROW_(name, 3)
#endif

#else
/* Included for documentation only: the op macros expand to nothing. */
#define AO_EW_OP1(name, a, ...)
#define AO_EW_OP2(name, a, b, ...)
#define AO_EW_OP3(name, a, b, c, ...)
#define AO_EW_OP4(name, a, b, c, d, ...)
#define AO_EW_GRAD(name, dy, x, ...)
#define AO_EW_XFACTOR(name, x, ...)
#define AO_EW_XFUNC(name, x, ...)
#define AO_EW_OP1_2OUT(name, a, r0, r1, ...)
#define AO_EW_OP2_2OUT(name, a, b, r0, r1, ...)
#define AO_EW_OP3_2OUT(name, a, b, c, r0, r1, ...)
#define AO_EW_OP4_2OUT(name, a, b, c, d, r0, r1, ...)
#endif
