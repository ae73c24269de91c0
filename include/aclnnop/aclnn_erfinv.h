/* aclnnErfinv: out = erf^-1(self) */
#ifndef ACLNNOP_ACLNN_ERFINV_H_
#define ACLNNOP_ACLNN_ERFINV_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Erfinv,
         (const aclTensor *self, aclTensor *out),
         (self, out))

#endif
