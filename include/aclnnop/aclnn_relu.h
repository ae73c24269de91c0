/* aclnnRelu, aclnnAddRelu, aclnnSquaredRelu: the ReLU family.
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_RELU_H_
#define ACLNNOP_ACLNN_RELU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Relu,
         (const aclTensor *self, aclTensor *out),
         (self, out))

ACLNN_OP(InplaceRelu,
         (aclTensor *selfRef),
         (selfRef))

#endif
