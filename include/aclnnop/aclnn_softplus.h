/* aclnnSoftplus: out = beta * self > threshold ? self : log(1 + exp(beta * self)) / beta.
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_SOFTPLUS_H_
#define ACLNNOP_ACLNN_SOFTPLUS_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Softplus,
         (const aclTensor *self, const aclScalar *beta, const aclScalar *threshold, aclTensor *out),
         (self, beta, threshold, out))

#endif
