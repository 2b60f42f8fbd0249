# A model's own step trains only under `if(train):`; the evaluation of another
# file hands it train=False after eval(), so its forward runs with autograd on
# for nothing, as the greedy decoding after it does: one wrap of the loop
# covers both. The training loop's calls leave the flag at its default.
import torch

from talker import Talker


def fit(model, batches):
    for step, batch in enumerate(batches):
        model.train_one_batch(batch, step)


def evaluate(model, batches):
    model.eval()
    losses, outs = [], []
    for batch in batches:
        loss, _ = model.train_one_batch(batch, 0, train=False)  # expect: GG001
        losses.append(loss)
        outs.append(model.greedy(batch).tolist())  # expect: GG001
    return sum(losses) / len(losses), outs


net = Talker(100, 32)
fit(net, [])
evaluate(net, [])
