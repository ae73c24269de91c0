/* aclnnFastGelu: out = self / (1 + exp(-1.702 self)) */
#ifndef ACLNNOP_ACLNN_FAST_GELU_H_
#define ACLNNOP_ACLNN_FAST_GELU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(FastGelu,
         (const aclTensor *self, aclTensor *out),
         (self, out))

#endif
