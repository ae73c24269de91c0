/* aclnnCelu: aclnnElu, aclnnCelu, aclnnSelu: exponential linear units.
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_CELU_H_
#define ACLNNOP_ACLNN_CELU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Celu,
         (const aclTensor *self, const aclScalar *alpha, aclTensor *out),
         (self, alpha, out))

ACLNN_OP(InplaceCelu,
         (aclTensor *selfRef, const aclScalar *alpha),
         (selfRef, alpha))

#endif
