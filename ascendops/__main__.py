"""python -m ascendops: the device summary and the SiluBackward documentation example
(x = 1..6, dy = 1, float32, shape (2, 3)), run through both aclnn phases as the C++
example of CANN's documentation does."""
import platform

import ascendops
from ascendops import aclnn


def main():
    soc = ascendops.get_soc()
    print("ascendops %s" % ascendops.__version__)
    print("device: cpu:0 (%s, %s, kernels %s, %d worker threads)"
          % (platform.machine(), platform.processor() or platform.system(), ascendops.isa(),
             ascendops.get_num_threads()))
    print("soc: %r" % (soc,))
    print("ops: %s" % ", ".join(op.name for op in ascendops.registered_ops().values()))
    grad_output = ascendops.tensor([[1, 1, 1], [1, 1, 1]], dtype="float32")
    x = ascendops.tensor([[1, 2, 3], [4, 5, 6]], dtype="float32")
    grad_input = ascendops.zeros((2, 3), dtype="float32")
    ws_size, executor = aclnn.silu_backward_get_workspace_size(grad_output, x, grad_input)
    workspace = ascendops.empty((ws_size,), "uint8") if ws_size else None
    stream = ascendops.current_stream()
    aclnn.silu_backward(workspace, ws_size, executor, stream)
    stream.synchronize()
    print("aclnnSiluBackward: workspace %d bytes, tiling %s" % (ws_size, executor.tiling))
    for i, v in enumerate(grad_input.numpy().ravel()):
        print("out result[%d] is: %f" % (i, v))


if __name__ == "__main__":
    main()
