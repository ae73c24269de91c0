/* aclnnSigmoid: out = 1 / (1 + exp(-self)) */
#ifndef ACLNNOP_ACLNN_SIGMOID_H_
#define ACLNNOP_ACLNN_SIGMOID_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Sigmoid,
         (const aclTensor *self, aclTensor *out),
         (self, out))

#endif
