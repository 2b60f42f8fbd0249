import torch
from torch import nn


class GraphTracer:
    """Maps autograd nodes back to the layers that made them: the graph the
    forward records is what this code reads, so it must run with grad on."""

    def trace(self, model: nn.Module, example):
        assert torch.is_grad_enabled(), "tracing needs autograd"
        model.eval()
        node_to_layer = {}

        def remember(layer, inputs, output):
            node_to_layer[output.grad_fn] = layer

        handles = [m.register_forward_hook(remember) for m in model.modules() if isinstance(m, nn.Conv2d)]
        out = model(example)
        for h in handles:
            h.remove()
        return self.walk(out.grad_fn, node_to_layer)

    def walk(self, root, node_to_layer):
        seen, stack = [], [root]
        while stack:
            node = stack.pop()
            if node is None or node in seen:
                continue
            seen.append(node)
            stack.extend(n for n, _ in node.next_functions)
        return [node_to_layer[n] for n in seen if n in node_to_layer]


def predict(model: nn.Module, images):
    # No graph is read here: an ordinary evaluation forward.
    model.eval()
    return [model(x) for x in images]  # expect: GG001
