/* Axis-reduction kernels (plan_fn.h's ao_axis_plan): what a norm implements, and the
 * helpers it reads and writes its operands with (src/axis.c). A new kernel is one row
 * function (e.g. in src/norm.c) plus one line of src/axis.c's table; the dispatcher's
 * AxisReduceOp declaration names it (kernel="..."). */
#ifndef ASCENDOPS_AXIS_KERNELS_H
#define ASCENDOPS_AXIS_KERNELS_H

#include <stdint.h>
#include "plan_fn.h"

/* Elements per fp32 block: a row is read and written in blocks of this many (a multiple
 * of AO_NM_LANES, so that element i of a row always sums into lane i % AO_NM_LANES). */
#define AO_AX_BLOCK 2048
#define AO_NM_LANES 16

/* The vector loops of one ISA region (src/norm_math.h). */
typedef struct ao_norm_math {
    void (*sum)(double *acc, const float *x, int64_t n);
    void (*sumsq)(double *acc, const float *x, int64_t n);
    void (*sumsq_c)(double *acc, const float *x, int64_t n, double c);
    void (*scale)(float *y, const float *x, float s, const float *g, int64_t n);
    void (*affine)(float *y, const float *x, float m, float s, const float *w, const float *b, int64_t n);
    void (*add)(float *y, const float *a, const float *b, int64_t n);
} ao_norm_math;

/* One row: base[k] is logical operand k's element at the row's start (NULL: the operand
 * was not given); scratch holds 4 * AO_AX_BLOCK floats. */
typedef void (*ao_axis_fn)(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch);

typedef struct ao_axis_kernel {
    const char *name;
    int nout, nin;      /* logical operands: outputs 0..nout-1, then the inputs */
    ao_axis_fn row;
    int raw;            /* 1: the row function reads and writes its operands itself, in any
                           dtype the declaration allows (not through ao_axis_load/store) */
} ao_axis_kernel;

/* Elements [lo, lo + cnt) of the reduced block of operand k (the block's C order) as fp32. */
void ao_axis_load(const ao_axis_plan *p, int k, const char *base, int64_t lo, int64_t cnt, float *dst);
/* Stores fp32 values into elements [lo, lo + cnt) of operand k's block (rounded once). */
void ao_axis_store(const ao_axis_plan *p, int k, char *base, int64_t lo, int64_t cnt, const float *src);
/* The fp32 values of elements [lo, lo + cnt) of operand k: the operand's own memory where
 * it is FLOAT with unit stride over a one-dim block (no copy), else `buf` loaded. */
const float *ao_axis_view(const ao_axis_plan *p, int k, const char *base, int64_t lo, int64_t cnt, float *buf);
/* Where to compute elements [lo, lo + cnt) of output k: its own memory where it is FLOAT
 * with unit stride over a one-dim block, else `buf`; ao_axis_commit then stores `buf`
 * (and does nothing for the operand's own memory). */
float *ao_axis_dst(const ao_axis_plan *p, int k, char *base, int64_t lo, float *buf);
void ao_axis_commit(const ao_axis_plan *p, int k, char *base, int64_t lo, int64_t cnt, const float *dst,
                    const float *buf);
/* Stores one value into a per-row operand's element of the row (rounded once). */
void ao_axis_put(const ao_axis_plan *p, int k, char *base, double v);
/* The sum of AO_NM_LANES lanes in one fixed order. */
double ao_axis_lanes(const double *acc);

/* src/norm.c */
void ao_rms_norm_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch);
void ao_add_rms_norm_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch);
void ao_layer_norm_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch);
void ao_lp_norm_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch);
const ao_norm_math *ao_norm_math_current(void);

/* src/sort.c */
void ao_argsort_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch);

#endif
