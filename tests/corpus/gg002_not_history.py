import time
from json import JSONDecoder

import torch
from torch import nn


class Stack(nn.Module):
    def __init__(self, blocks, make_head):
        super().__init__()
        layers, heads = [], []
        for i in range(blocks):
            layers.append(Block(i))  # a module under construction
            heads.append(make_head(i))
        self.layers = nn.ModuleList(layers)
        self.heads = nn.ModuleList(heads)


def read_logs(path):
    decoder = JSONDecoder()
    by_type = {}
    with open(path) as f:
        for line in f:
            record = decoder.decode(line)
            by_type.setdefault(record["type"], []).append(record["payload"])
    return by_type


def collect(policy, env, frames):
    spent = 0.0
    while frames > 0:
        action, elapsed_time = policy(env.state())
        spent += elapsed_time  # a float from time.perf_counter()
        frames -= 1
    return spent


def evaluation(model, loader):
    model.eval()
    losses = 0
    for batch in loader:
        with torch.no_grad():
            outputs = model(**batch)
        loss = outputs.loss
        losses += loss.float()  # computed under no_grad: no history
    return losses / len(loader)


def train_logged(model, loader, optimizer, scaler):
    losses = []
    for batch in loader:
        loss = model(**batch).loss
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        loss = loss.detach()
        losses.append(loss)  # rebound to its detached self after the backward
    return losses


def distill_terms(student_atts, teacher_atts, mse):
    loss = 0.0
    att_loss = 0.0
    for s, t in zip(student_atts, teacher_atts):
        term = mse(s, t)
        att_loss += term  # summed into the loss that training backpropagates
    loss += att_loss
    return [loss, att_loss.item()]
