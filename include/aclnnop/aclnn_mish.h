/* aclnnMish: out = self * tanh(softplus(self)) */
#ifndef ACLNNOP_ACLNN_MISH_H_
#define ACLNNOP_ACLNN_MISH_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Mish,
         (const aclTensor *self, aclTensor *out),
         (self, out))

#endif
