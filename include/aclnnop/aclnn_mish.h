/* aclnnMish: out = self * tanh(softplus(self)) = self * tanh(log(1 + exp(self))).
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_MISH_H_
#define ACLNNOP_ACLNN_MISH_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Mish,
         (const aclTensor *self, aclTensor *out),
         (self, out))

ACLNN_OP(InplaceMish,
         (aclTensor *selfRef),
         (selfRef))

#endif
