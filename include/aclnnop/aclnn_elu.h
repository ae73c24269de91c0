/* aclnnElu: out = self > 0 ? scale self : alpha scale (exp(inputScale self) - 1) */
#ifndef ACLNNOP_ACLNN_ELU_H_
#define ACLNNOP_ACLNN_ELU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Elu,
         (const aclTensor *self, const aclScalar *alpha, const aclScalar *scale, const aclScalar *inputScale, aclTensor *out),
         (self, alpha, scale, inputScale, out))

#endif
