/* aclnnSelu: out = SELU(self) */
#ifndef ACLNNOP_ACLNN_SELU_H_
#define ACLNNOP_ACLNN_SELU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Selu,
         (const aclTensor *self, aclTensor *out),
         (self, out))

#endif
