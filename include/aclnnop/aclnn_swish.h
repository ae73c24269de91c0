/* aclnnSwish: out = self * sigmoid(beta * self) */
#ifndef ACLNNOP_ACLNN_SWISH_H_
#define ACLNNOP_ACLNN_SWISH_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Swish,
         (const aclTensor *self, const aclScalar *betaOptional, aclTensor *out),
         (self, betaOptional, out))

#endif
