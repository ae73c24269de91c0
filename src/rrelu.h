/* RReluWithNoise's kernel (ascendops/_elementwise.pxi RReluWithNoiseOp; CANN: ops-nn
 * activation/leaky_relu/op_api/aclnn_rrelu_with_noise.cpp). Not a table kernel of
 * src/ops/: element i needs its own index (its random number depends on seed, offset
 * and i alone) and writes a second tensor, `noise`, whose shape may differ from self's
 * (its first numel(self) elements in row-major order are written). The plan is built
 * by the Cython core and run through the plan_fn.h interface (ao_rrelu_run, src/rrelu.c)
 * on the engine's worker pool.
 *
 * Element i (row-major over self's shape), x = self[i] in fp32:
 *   training: u = Philox uniform of i (philox.h), r = u * upper - (u * lower - lower)
 *             (CANN's Muls/Sub/Muls/Sub on FLOAT, ops other than Ascend910B's DSA
 *             unit), slope = x < 0 ? r rounded to the dtype : 1 (Less, Cast, SelectV2),
 *             noise[i] = slope, out[i] = x * slope rounded once (Mul);
 *   inference: out[i] = x > 0 ? x : x * slope (LeakyRelu, slope = (lower + upper) / 2
 *             in FLOAT); noise untouched. */
#ifndef ASCENDOPS_RRELU_H
#define ASCENDOPS_RRELU_H

#include <stdint.h>
#include "ao_internal.h"
#include "philox.h"     /* ao_philox4x32_10, for the Cython core's known-answer tests */

typedef struct ao_rrelu_plan {
    int dtype;                          /* self's, out's and noise's: FLOAT, FLOAT16, BF16 */
    int training;
    int ndim;                           /* self's coalesced row-major dims (>= 1) */
    int64_t numel;                      /* > 0 */
    int64_t shape[AO_MAX_DIMS];
    int64_t strides[2][AO_MAX_DIMS];    /* element strides: [0] out, [1] self */
    int noise_ndim;                     /* noise's coalesced row-major dims (>= 1) */
    int64_t noise_shape[AO_MAX_DIMS];
    int64_t noise_strides[AO_MAX_DIMS];
    float lower, upper, slope;
    uint64_t seed, offset;
} ao_rrelu_plan;

/* Runs the plan: data[0] out, data[1] self, data[2] noise (training); 0, or -1 for a
 * bad plan or no memory (src/rrelu.c). */
int ao_rrelu_run(const void *plan, char *const *data, int nthreads);

#endif
