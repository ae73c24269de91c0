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
/* Elements per group of the grouped order (norm_math.h's sum_groups); AO_AX_BLOCK and
 * AO_AX_CHUNK are multiples of it, so that blocks and chunks start on a group. */
#define AO_NM_GROUP 64
/* sum_rows' sq for the grouped order */
#define AO_NM_GROUPED 3

/* The vector loops of one ISA region (src/norm_math.h). */
typedef struct ao_norm_math {
    void (*sum)(double *acc, const float *x, int64_t n);
    /* sum in the grouped order (ReduceSum, Mean): float32 partials of four elements
     * ((x[64g + l] + x[64g + 16 + l]) + (x[64g + 32 + l] + x[64g + 48 + l])) into lane l;
     * n a multiple of AO_NM_GROUP but for a row's last block */
    void (*sum_groups)(double *acc, const float *x, int64_t n);
    /* acc[r] += the grouped partial of a[r], b[r], c[r], d[r] for r < nr (rows vectorised) */
    void (*sum_groups_cols)(double *acc, const float *a, const float *b, const float *c, const float *d,
                            int64_t nr);
    void (*sumsq)(double *acc, const float *x, int64_t n);
    void (*sumsq_c)(double *acc, const float *x, int64_t n, double c);
    void (*scale)(float *y, const float *x, float s, const float *g, int64_t n);
    void (*affine)(float *y, const float *x, float m, float s, const float *w, const float *b, int64_t n);
    void (*add)(float *y, const float *a, const float *b, int64_t n);
    /* sum (sq 1: sumsq, sq 2: sumsq_c with row r's centre c[r], sq AO_NM_GROUPED:
     * sum_groups) of nr rows (1..AO_NM_ROWS; sq AO_NM_GROUPED with res: any number)
     * at once, each from zero: row r's n contiguous elements of dtype dt (FLOAT, FLOAT16,
     * BFLOAT16) at x + r * rs bytes into acc[r], or, res not NULL, their ao_axis_lanes
     * into res[r]; NULL in a region without it */
    void (*sum_rows)(double (*acc)[AO_NM_LANES], double *res, const char *x, int64_t rs, int dt, int nr,
                     int64_t n, int sq, const double *c);
    /* doubles rounded once to FLOAT, to FLOAT16 (scalar_cvt.h's conversions) */
    void (*f64_to_f32)(float *y, const double *x, int64_t n);
    void (*f64_to_f16)(uint16_t *y, const double *x, int64_t n);
    /* the index of the first maximum (or first NaN) of n > 0 contiguous floats */
    int64_t (*argmax_f32)(const float *x, int64_t n);
    /* ao_axis_lanes of lanes this region's loops just stored */
    double (*lanes)(const double *acc);
} ao_norm_math;
#define AO_NM_ROWS 4

/* One row: base[k] is logical operand k's element at the row's start (NULL: the operand
 * was not given); scratch holds 4 * AO_AX_BLOCK floats. */
typedef void (*ao_axis_fn)(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch);

/* Up to AO_AX_NR neighbouring rows at once (consecutive along the row space's innermost
 * dim: row j's operand k at base[k] + j * ostrides[k][ondim - 1] elements), each with
 * the bits the row function gives it; returns 0 where it has no path for the plan (the
 * driver then runs the rows one by one). */
#define AO_AX_NR 64
typedef int (*ao_axis_rows_fn)(const ao_axis_plan *p, char *const *base, int64_t nr, const ao_norm_math *m);

/* A long row summed in parts: its chunks of AO_AX_CHUNK elements (a multiple of
 * AO_AX_BLOCK), each chunk's AO_NM_LANES lanes summed from zero and added into the row's
 * in chunk order -- the order the row function sums in too, so the driver may compute
 * the chunks of a row on several threads (rows fewer than threads) with the same bits.
 * part(lo, cnt) writes the lanes of elements [lo, lo + cnt) (cnt = 0: returns whether
 * the plan has this path); finish stores the row's result from its lanes. */
#define AO_AX_CHUNK 65536
typedef int (*ao_axis_part_fn)(const ao_axis_plan *p, char *const *base, int64_t lo, int64_t cnt,
                               const ao_norm_math *m, float *scratch, double *lanes);
typedef void (*ao_axis_finish_fn)(const ao_axis_plan *p, char *const *base, const double *lanes);

typedef struct ao_axis_kernel {
    const char *name;
    int nout, nin;      /* logical operands: outputs 0..nout-1, then the inputs */
    ao_axis_fn row;
    ao_axis_rows_fn rows;   /* optional */
    ao_axis_part_fn part;   /* optional, with finish */
    ao_axis_finish_fn finish;
    int any_dtype;      /* 1: the row functions read and write their operands themselves, in every
                           real dtype the declaration allows (not through ao_axis_load/store);
                           0: FLOAT, FLOAT16, BFLOAT16 */
} ao_axis_kernel;

/* Runs of the block's elements [lo, lo + cnt) of operand k (ao_internal.h's walker):
 * BODY sees off, the element offset of the run's first element, run, its length, step,
 * the element stride within it, and i0, the run's first index in [0, cnt). */
#define AO_AX_WALK(p, k, lo, cnt, BODY)                                                       \
    do {                                                                                      \
        if ((p)->indim == 1) {                                                                \
            const int64_t step = (p)->istrides[k][0], off = (lo) * step, run = (cnt), i0 = 0;  \
            (void)i0;                                                                         \
            BODY;                                                                             \
        } else {                                                                              \
            const int64_t *st_[1] = {(p)->istrides[k]};                                      \
            ao_walker w_;                                                                     \
            ao_walk_init(&w_, (p)->indim, (p)->ishape, 1, st_, (lo), (lo) + (cnt));            \
            int64_t i0 = 0;                                                                   \
            const int64_t step = (p)->istrides[k][(p)->indim - 1];                            \
            do {                                                                              \
                const int64_t run = ao_walk_run(&w_), off = w_.off[0];                        \
                BODY;                                                                         \
                i0 += run;                                                                    \
                if (!ao_walk_next(&w_, run))                                                  \
                    break;                                                                    \
            } while (1);                                                                      \
        }                                                                                     \
    } while (0)

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
int ao_lp_norm_rows(const ao_axis_plan *p, char *const *base, int64_t nr, const ao_norm_math *m);
int ao_layer_norm_rows(const ao_axis_plan *p, char *const *base, int64_t nr, const ao_norm_math *m);
const ao_norm_math *ao_norm_math_current(void);

/* src/reduce.c: self of any real dtype (ao_axis_kernel.any_dtype); attrs[0] the compute dtype */
void ao_sum_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch);
void ao_mean_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch);
void ao_argmax_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch);
void ao_cumsum_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch);
/* The sums (sum_rows' sq, c) of nr contiguous neighbouring rows of operand k (at x; row j
 * ostrides[k][ondim - 1] elements past row j - 1), AO_NM_ROWS at a time: each row's chunks
 * of `chunk` elements summed from zero and added in order, its lanes in ao_axis_lanes'
 * tree, into res; 0 where the region or the layout has no such path. */
int ao_axis_sum_rows(const ao_axis_plan *p, int k, const char *x, int64_t nr, const ao_norm_math *m, int sq,
                     const double *c, int64_t chunk, double *res);
int ao_sum_rows(const ao_axis_plan *p, char *const *base, int64_t nr, const ao_norm_math *m);
int ao_mean_rows(const ao_axis_plan *p, char *const *base, int64_t nr, const ao_norm_math *m);
int ao_cumsum_rows(const ao_axis_plan *p, char *const *base, int64_t nr, const ao_norm_math *m);
int ao_sum_part(const ao_axis_plan *p, char *const *base, int64_t lo, int64_t cnt, const ao_norm_math *m,
                float *scratch, double *lanes);
int ao_mean_part(const ao_axis_plan *p, char *const *base, int64_t lo, int64_t cnt, const ao_norm_math *m,
                 float *scratch, double *lanes);
void ao_sum_finish(const ao_axis_plan *p, char *const *base, const double *lanes);
void ao_mean_finish(const ao_axis_plan *p, char *const *base, const double *lanes);
/* src/sort.c */
void ao_argsort_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch);

#endif
