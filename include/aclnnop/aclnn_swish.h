/* aclnnSwish: out = self * sigmoid(betaOptional * self) = self / (1 + exp(-beta self)).
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_SWISH_H_
#define ACLNNOP_ACLNN_SWISH_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Swish,
         (const aclTensor *self, const aclScalar *betaOptional, aclTensor *out),
         (self, betaOptional, out))

#endif
