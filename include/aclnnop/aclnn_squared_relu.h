/* aclnnSquaredRelu: out = relu(input)^2 */
#ifndef ACLNNOP_ACLNN_SQUARED_RELU_H_
#define ACLNNOP_ACLNN_SQUARED_RELU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(SquaredRelu,
         (const aclTensor *input, const aclTensor *out),
         (input, out))

#endif
