/* aclnnHardswishBackward: out = gradOutput * HardSwish'(self) */
#ifndef ACLNNOP_ACLNN_HARDSWISH_BACKWARD_H_
#define ACLNNOP_ACLNN_HARDSWISH_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(HardswishBackward,
         (const aclTensor *gradOutput, const aclTensor *self, aclTensor *out),
         (gradOutput, self, out))

#endif
