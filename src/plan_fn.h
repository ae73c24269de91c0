/* ascendops: kernels that are not elementwise (reductions, casts) run through one
 * function type, so the dispatcher's phase 2 drives them like the elementwise engine:
 *     rc = fn(plan, data, nthreads)
 * `plan` is the kernel's own plan struct (built once per cache key by the Cython
 * dispatcher), data[0] is the output's first element and data[1..] the inputs'.
 * Returns 0, or -1 on a bad plan. Takes no locks; callers release the GIL. */
#ifndef ASCENDOPS_PLAN_FN_H
#define ASCENDOPS_PLAN_FN_H

#include <stdint.h>
#include "elementwise.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef int (*ao_plan_fn)(const void *plan, char *const *data, int nthreads);

/* SoftmaxBackward: out = dy * y - sum_dim(dy * y) * y, over rows along one dim.
 * Operands: 0 out, 1 gradOutput (dy), 2 output (y). fp32 math, double row sums,
 * f16/bf16 widened on load and narrowed round-to-nearest-even on store. */
typedef struct ao_softmax_bw_plan {
    int dtype[3];                       /* AO_DT_FLOAT / AO_DT_FLOAT16 / AO_DT_BF16 */
    int ndim;                           /* rank of the row space (every dim but `dim`) */
    int64_t shape[AO_MAX_DIMS];         /* row space shape */
    int64_t strides[3][AO_MAX_DIMS];    /* element strides of each operand in the row space */
    int64_t rows;                       /* product of shape (> 0) */
    int64_t n;                          /* length of the reduced dim (> 0) */
    int64_t rstride[3];                 /* element strides along the reduced dim */
} ao_softmax_bw_plan;

int ao_softmax_backward_run(const void *plan, char *const *data, int nthreads);

/* Cast: out = self converted to another aclDataType with numpy's astype semantics
 * (C conversions; f16/bf16 round to nearest even). Operands: 0 out, 1 self. */
typedef struct ao_cast_plan {
    int src, dst;                       /* aclDataType codes (ao_cast_supported) */
    int ndim;
    int64_t numel;                      /* > 0 */
    int64_t shape[AO_MAX_DIMS];
    int64_t strides[2][AO_MAX_DIMS];    /* element strides: [0] out, [1] self */
} ao_cast_plan;

int ao_cast_supported(int dtype);       /* 1 if the cast kernel loads/stores `dtype` */
int ao_cast_run(const void *plan, char *const *data, int nthreads);

#ifdef __cplusplus
}
#endif
#endif
