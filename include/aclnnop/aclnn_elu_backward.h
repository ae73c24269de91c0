/* aclnnEluBackward: gradInput = gradOutput * ELU'(selfOrResult) */
#ifndef ACLNNOP_ACLNN_ELU_BACKWARD_H_
#define ACLNNOP_ACLNN_ELU_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

/* CANN's parameter order; forwarded as the op registered today takes them (inputs,
 * attributes, output): gradOutput, selfOrResult, alpha, scale, inputScale, isResult. */
ACLNN_OP(EluBackward,
         (const aclTensor *gradOutput, const aclScalar *alpha, const aclScalar *scale, const aclScalar *inputScale,
          bool isResult, const aclTensor *selfOrResult, aclTensor *gradInput),
         (gradOutput, selfOrResult, alpha, scale, inputScale, isResult, gradInput))

#endif
