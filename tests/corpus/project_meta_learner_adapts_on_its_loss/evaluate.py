# Meta-testing: the learner adapts on the support set (adapt() takes the
# gradient of the support loss), then answers the query set. The support
# forwards need autograd; wrapping the task in no_grad would break adapt().
import torch
import torch.nn.functional as F

from meta.fast import FastLearner


def test_task(support, query, learner: FastLearner, steps=5):
    xs, ys = support
    for step in range(steps):
        loss = F.cross_entropy(learner(xs, step), ys)
        learner.adapt(loss, step=step)
    xq, yq = query
    return (learner(xq).argmax(1) == yq).float().mean().item()


def meta_test(tasks, learner):
    return sum(test_task(s, q, learner) for s, q in tasks) / len(tasks)
