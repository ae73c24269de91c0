"""The two-stage aclnn API of every registered op (and of its aclnnInplace variant),
generated from the registry, parameters in CANN's order (op.params):

    ws_size, executor = aclnn.silu_backward_get_workspace_size(grad_output, self, grad_input)
    aclnn.silu_backward(workspace, ws_size, executor, stream=None)

Phase 1 checks, plans (cached), and returns the workspace size and an executor;
phase 2 runs the executor on the stream. Failures raise ascendops.AclnnError with
CANN's status code in `.status`."""
import inspect as _inspect

from ascendops import _core


def _two_stage(op):
    get_ws = _core.get_workspace_size
    run = _core.run

    def get_workspace_size(*args):
        return get_ws(op, *args)

    def execute(workspace, workspace_size, executor, stream=None):
        run(workspace, workspace_size, executor, stream)

    P = _inspect.Parameter
    # CANN's parameters in CANN's order, named in snake_case (`self` stays `self`)
    get_workspace_size.__signature__ = _inspect.Signature([P(p.snake, P.POSITIONAL_ONLY) for p in op.params])
    get_workspace_size.__name__ = get_workspace_size.__qualname__ = op.snake + "_get_workspace_size"
    get_workspace_size.__doc__ = ("aclnn%sGetWorkspaceSize(%s): returns (workspace_size, executor).\n\n%s"
                                  % (op.name, ", ".join(p.c_decl() for p in op.params), op.doc))
    execute.__name__ = execute.__qualname__ = op.snake
    execute.__doc__ = "aclnn%s(workspace, workspaceSize, executor, stream): runs phase 2." % op.name
    return get_workspace_size, execute


def _snake(name):
    out = "".join("_" + c.lower() if c.isupper() else c for c in name)
    return out.lstrip("_")


for _name, _op in _core.registered_ops().items():
    globals()[_name + "_get_workspace_size"], globals()[_name] = _two_stage(_op)
del _name, _op
