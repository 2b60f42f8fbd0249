import torch
import torch.nn as nn


def tbptt_step(model, criterion, optimizer, xs, ys, hidden):
    loss = 0
    for t in range(xs.size(0)):
        out, hidden = model(xs[t], hidden)
        loss += criterion(out, ys[t])
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return hidden


def chunked_step(model, criterion, optimizer, chunks, target):
    outs = []
    for chunk in chunks:
        outs.append(model(chunk))
    preds = torch.cat(outs)
    total = criterion(preds, target)
    total.backward()
    optimizer.step()
