# Elastic weight consolidation estimates each weight's importance from the
# held-out set: the loop keeps every batch's log-likelihood, and after it
# the gradient of their mean with respect to the parameters is taken. The
# loop over validation data is not evaluation: its graph is what the
# gradient needs, and a wrap would make autograd.grad raise.
import torch
import torch.nn.functional as F


def importance_weights(net, val_batches):
    kept = []
    for inputs, labels in val_batches:
        logp = F.log_softmax(net(inputs), dim=1)
        kept.append(logp[torch.arange(len(labels)), labels])
    mean_ll = torch.cat(kept).mean()
    grads = torch.autograd.grad(mean_ll, list(net.parameters()))
    return [g.pow(2) for g in grads]


def scores_then_fit(net, val_batches, train_batches, optimizer):
    # The validation scores are kept for a report; the training below reads
    # only its own batches, so the first loop's graph is waste.
    kept = []
    for inputs, labels in val_batches:
        kept.append(net(inputs).argmax(1) == labels)  # expect: GG001
    for inputs, labels in train_batches:
        loss = F.cross_entropy(net(inputs), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return torch.cat(kept).float().mean().item()
