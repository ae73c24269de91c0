/* aclnnAddRelu: out = relu(self + alpha * other) */
#ifndef ACLNNOP_ACLNN_ADD_RELU_H_
#define ACLNNOP_ACLNN_ADD_RELU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(AddRelu,
         (const aclTensor *self, const aclTensor *other, aclScalar *alpha, aclTensor *out),
         (self, other, alpha, out))

#endif
