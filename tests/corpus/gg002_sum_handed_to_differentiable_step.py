# A meta-learning inner loop: the support losses are summed and the sum is
# handed to a differentiable optimizer's step(), which takes its gradient
# (the outer loss then backpropagates through the inner update). The sum
# is a loss, not a log: detaching it would cut the meta-gradient.
import torch
import torch.nn.functional as F

import metaopt


def train_epoch(model, optimizer, batches, inner_steps, meter, n_support):
    model.train()
    for support, query in batches:
        optimizer.zero_grad()
        with metaopt.patched(model, optimizer) as (fast_model, fast_opt):
            for _ in range(inner_steps):
                inner = 0
                for x, y in support:
                    logits, _ = fast_model(x)
                    inner += F.cross_entropy(logits, y) / n_support
                fast_opt.step(inner)
            outer = 0
            for x, y in query:
                logits, _ = model(x)
                outer += F.cross_entropy(logits, y) / n_support
        meter.update(outer.item())
        outer.backward()
        optimizer.step()
