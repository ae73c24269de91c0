/* Row kernels: what a row reduction (plan_fn.h's ao_row_plan) implements, and the
 * table that names them (src/rows.c). A new row op is its two functions (e.g. in
 * softmax.c) plus one line of the table; the dispatcher's RowReduceOp declaration
 * names it (kernel="..."). */
#ifndef ASCENDOPS_ROW_KERNELS_H
#define ASCENDOPS_ROW_KERNELS_H

#include <stdint.h>
#include "plan_fn.h"

/* At most this many adjacent rows go to one block call. */
#define AO_ROW_BLOCK 64

/* One row: base[k] is operand k's first element of the row (n elements at
 * p->rstride[k] apart); isz[k] its element size in bytes. */
typedef void (*ao_row_fn)(const ao_row_plan *p, char *const *base, const int64_t *isz);
/* cnt (1..AO_ROW_BLOCK) adjacent rows: row j of operand k starts at base[k] + j * cs[k]
 * elements. Used where rows are closer in memory than a row's elements (the reduced dim
 * is not the innermost), so that each line of memory is read once for the block. */
typedef void (*ao_row_block_fn)(const ao_row_plan *p, char *const *base, const int64_t *isz,
                                const int64_t *cs, int64_t cnt);

typedef struct ao_row_kernel {
    const char *name;
    int nin;                    /* inputs (operands 1..nin) */
    ao_row_fn row;
    ao_row_block_fn block;
    int f64;                    /* 1: also loads/stores DOUBLE operands (else f32/f16/bf16) */
    /* outputs (operands 0..nout-1, the inputs after them); 0 means 1. The full-shape
     * outputs come first, then the per-row ones (one element per row: rstride 0, the
     * kernel writes base[k][0] once per row; RowReduceOp's Output(reduced=True)). */
    int nout;
} ao_row_kernel;

/* softmax.c: out = dy * y - sum_row(dy * y) * y (operands: out, gradOutput, output) */
void ao_softmax_backward_row(const ao_row_plan *p, char *const *base, const int64_t *isz);
void ao_softmax_backward_block(const ao_row_plan *p, char *const *base, const int64_t *isz,
                               const int64_t *cs, int64_t cnt);

/* softmax.c: Softmax (operands: out, self), LogSoftmax (out, self) and LogSoftmaxBackward
 * (out, gradOutput, output): see softmax.c for the math and CANN's dtype steps. */
void ao_softmax_row(const ao_row_plan *p, char *const *base, const int64_t *isz);
void ao_softmax_block(const ao_row_plan *p, char *const *base, const int64_t *isz,
                      const int64_t *cs, int64_t cnt);
void ao_log_softmax_row(const ao_row_plan *p, char *const *base, const int64_t *isz);
void ao_log_softmax_block(const ao_row_plan *p, char *const *base, const int64_t *isz,
                          const int64_t *cs, int64_t cnt);
void ao_log_softmax_backward_row(const ao_row_plan *p, char *const *base, const int64_t *isz);
void ao_log_softmax_backward_block(const ao_row_plan *p, char *const *base, const int64_t *isz,
                                   const int64_t *cs, int64_t cnt);

/* softmax.c: SoftmaxCrossEntropyWithLogits (operands: 0 backprop (full shape), 1 loss
 * (per row), 2 features, 3 labels): loss = -sum(labels * log_softmax(features)),
 * backprop = softmax(features) - labels. */
void ao_softmax_xent_row(const ao_row_plan *p, char *const *base, const int64_t *isz);
void ao_softmax_xent_block(const ao_row_plan *p, char *const *base, const int64_t *isz,
                           const int64_t *cs, int64_t cnt);

#endif
