/* aclnnAddRelu: aclnnRelu, aclnnAddRelu, aclnnSquaredRelu: the ReLU family.
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_ADD_RELU_H_
#define ACLNNOP_ACLNN_ADD_RELU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(AddRelu,
         (const aclTensor *self, const aclTensor *other, const aclScalar *alpha, aclTensor *out),
         (self, other, alpha, out))

ACLNN_OP(InplaceAddRelu,
         (aclTensor *selfRef, const aclTensor *other, const aclScalar *alpha),
         (selfRef, other, alpha))

#endif
