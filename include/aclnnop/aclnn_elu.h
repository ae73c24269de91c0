/* aclnnElu, aclnnCelu, aclnnSelu: exponential linear units.
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_ELU_H_
#define ACLNNOP_ACLNN_ELU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Elu,
         (const aclTensor *self, const aclScalar *alpha, const aclScalar *scale, const aclScalar *inputScale, aclTensor *out),
         (self, alpha, scale, inputScale, out))

ACLNN_OP(InplaceElu,
         (aclTensor *selfRef, const aclScalar *alpha, const aclScalar *scale, const aclScalar *inputScale),
         (selfRef, alpha, scale, inputScale))

#endif
