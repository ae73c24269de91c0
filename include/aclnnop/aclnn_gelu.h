/* aclnnGelu: out = GELU(self), tanh approximation */
#ifndef ACLNNOP_ACLNN_GELU_H_
#define ACLNNOP_ACLNN_GELU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Gelu,
         (const aclTensor *self, aclTensor *out),
         (self, out))

#endif
