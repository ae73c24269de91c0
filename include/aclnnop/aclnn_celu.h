/* aclnnCelu: out = max(0, self) + min(0, alpha (exp(self / alpha) - 1)) */
#ifndef ACLNNOP_ACLNN_CELU_H_
#define ACLNNOP_ACLNN_CELU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Celu,
         (const aclTensor *self, const aclScalar *alpha, aclTensor *out),
         (self, alpha, out))

#endif
