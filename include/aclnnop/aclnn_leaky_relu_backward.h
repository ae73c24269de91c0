/* aclnnLeakyReluBackward: out = gradOutput * LeakyRelu'(self) */
#ifndef ACLNNOP_ACLNN_LEAKY_RELU_BACKWARD_H_
#define ACLNNOP_ACLNN_LEAKY_RELU_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(LeakyReluBackward,
         (const aclTensor *gradOutput, const aclTensor *self, const aclScalar *negativeSlope, bool selfIsResult, aclTensor *out),
         (gradOutput, self, negativeSlope, selfIsResult, out))

#endif
