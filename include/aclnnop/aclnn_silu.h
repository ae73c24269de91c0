/* aclnnSilu: out = self * sigmoid(self) */
#ifndef ACLNNOP_ACLNN_SILU_H_
#define ACLNNOP_ACLNN_SILU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Silu,
         (const aclTensor *self, aclTensor *out),
         (self, out))

#endif
