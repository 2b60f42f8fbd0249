# A full-graph node classifier: a factory builds the one step shared by every
# stage and hands it back as a closure. The step backwards only when its stage
# is Stage.FIT, an enum member, not a string. Validation runs it under
# no_grad; the final test call after the loop does not, and its graph is
# never used. The step is what the factory returned: its origin, not its
# name, makes `step(...)` a call of the nested def.
import enum

import torch
import torch.nn as nn


class Stage(enum.Enum):
    FIT = "fit"
    CHECK = "check"
    FINAL = "final"


def build_step(net, opt, graph, labels, masks):
    def step(stage, epoch=0):
        if stage == Stage.FIT:
            net.train()
        else:
            net.eval()
        scores = net(graph)[masks[stage]]  # expect: GG001; says: with stage=Stage.FINAL; fix: safe
        loss = nn.functional.cross_entropy(scores, labels[masks[stage]])
        if stage == Stage.FIT:
            opt.zero_grad()
            loss.backward()
            opt.step()
        return (scores.argmax(1) == labels[masks[stage]]).float().mean().item()

    return step


def run(net, graph, labels, masks, epochs=100):
    opt = torch.optim.Adam(net.parameters(), lr=5e-3)
    step = build_step(net, opt, graph, labels, masks)
    for epoch in range(epochs):
        step(Stage.FIT, epoch)
        with torch.no_grad():
            step(Stage.CHECK, epoch)
    return step(stage=Stage.FINAL)
