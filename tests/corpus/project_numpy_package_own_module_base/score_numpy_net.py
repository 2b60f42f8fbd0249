# The numpy network in eval mode over held-out batches: no torch anywhere, so
# no autograd, whatever `.eval()` and the loop look like.
import numpy as np

import numpy_nets as nn_np

net = nn_np.Chain(nn_np.Affine(4, 8), nn_np.Clamp(), nn_np.Affine(8, 2))
held_out = np.random.randn(100, 4)
net.eval()
scores = []
for start in range(0, 100, 10):
    scores.append(net(held_out[start:start + 10]))
