/* aclnnRelu: out = max(self, 0) */
#ifndef ACLNNOP_ACLNN_RELU_H_
#define ACLNNOP_ACLNN_RELU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Relu,
         (const aclTensor *self, const aclTensor *out),
         (self, out))

#endif
