/* aclnnSelu: aclnnElu, aclnnCelu, aclnnSelu: exponential linear units.
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_SELU_H_
#define ACLNNOP_ACLNN_SELU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Selu,
         (const aclTensor *self, aclTensor *out),
         (self, out))

ACLNN_OP(InplaceSelu,
         (aclTensor *selfRef),
         (selfRef))

#endif
