# ---------------------------------------------------------------------------
# Errors: CANN's aclnnStatus codes and the exceptions that carry them.
# ---------------------------------------------------------------------------
import sys
from inspect import Parameter as _Parameter

# An attribute default meaning "no default: the caller must pass it" (Cast's dtype).
# inspect's own marker, so that the generated signature shows the argument as required.
REQUIRED = _Parameter.empty

# aclnnStatus codes (aclnn-facts section 6).
ACLNN_SUCCESS = 0
ACLNN_ERR_PARAM_NULLPTR = 161001
ACLNN_ERR_PARAM_INVALID = 161002
ACLNN_ERR_RUNTIME_ERROR = 361001
ACLNN_ERR_INNER = 561000
ACLNN_ERR_INNER_INFERSHAPE_ERROR = 561001
ACLNN_ERR_INNER_TILING_ERROR = 561002
ACLNN_ERR_INNER_FIND_KERNEL_ERROR = 561003
ACLNN_ERR_INNER_CREATE_EXECUTOR = 561101
ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR = 561102
ACLNN_ERR_INNER_NULLPTR = 561103
ACLNN_ERR_INNER_WRONG_ATTR_INFO_SIZE = 561104
ACLNN_ERR_INNER_KEY_CONFLICT = 561105


class AclnnError(RuntimeError):
    """An aclnn call failed; `.status` is CANN's aclnnStatus code."""
    status = ACLNN_ERR_INNER

    def __init__(self, message, status=None):
        if status is not None:
            self.status = status
        super().__init__("%s [aclnnStatus %d]" % (message, self.status))
        self.message = message


class AclnnNullptrError(AclnnError):
    """ACLNN_ERR_PARAM_NULLPTR (161001): a required argument is missing."""
    status = ACLNN_ERR_PARAM_NULLPTR


class AclnnInvalidParamError(AclnnError, ValueError):
    """ACLNN_ERR_PARAM_INVALID (161002): a dtype, shape, rank or attribute is not allowed."""
    status = ACLNN_ERR_PARAM_INVALID


class AclnnInnerError(AclnnError):
    """ACLNN_ERR_INNER_* (5610xx): the executor or a planning step failed."""


def _raise(status, message):
    cls = {ACLNN_ERR_PARAM_NULLPTR: AclnnNullptrError,
           ACLNN_ERR_PARAM_INVALID: AclnnInvalidParamError}.get(status, AclnnInnerError)
    raise cls(message, status)


def _dt_list(dtypes):
    return "[%s]" % ", ".join(d.log_name for d in dtypes)
