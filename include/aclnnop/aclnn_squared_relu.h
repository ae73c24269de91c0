/* aclnnSquaredRelu: aclnnRelu, aclnnAddRelu, aclnnSquaredRelu: the ReLU family.
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_SQUARED_RELU_H_
#define ACLNNOP_ACLNN_SQUARED_RELU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(SquaredRelu,
         (const aclTensor *input, aclTensor *out),
         (input, out))

#endif
