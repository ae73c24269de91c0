/* aclnnLeakyRelu: out = self > 0 ? self : negativeSlope * self.
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_LEAKY_RELU_H_
#define ACLNNOP_ACLNN_LEAKY_RELU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(LeakyRelu,
         (const aclTensor *self, const aclScalar *negativeSlope, aclTensor *out),
         (self, negativeSlope, out))

ACLNN_OP(InplaceLeakyRelu,
         (aclTensor *selfRef, const aclScalar *negativeSlope),
         (selfRef, negativeSlope))

#endif
