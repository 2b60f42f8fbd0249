# The render script passes the mode by position, as the forward's fourth
# parameter: the "render" branch records nothing, the "critic_loss" one does.
import nets.sketcher as sketcher
from checkpoints import restore

net = sketcher.Sketcher()
restore(net)
net = sketcher.spread(net, [0, 1])
net.eval()
for layout in layouts:
    sketch = net(None, layout, "render")
    gap = net(reference, layout, "critic_loss")  # expect: GG001
