/* aclnnMishBackward: gradInput = gradOutput * Mish'(self) */
#ifndef ACLNNOP_ACLNN_MISH_BACKWARD_H_
#define ACLNNOP_ACLNN_MISH_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(MishBackward,
         (const aclTensor *gradOutput, const aclTensor *self, aclTensor *gradInput),
         (gradOutput, self, gradInput))

#endif
