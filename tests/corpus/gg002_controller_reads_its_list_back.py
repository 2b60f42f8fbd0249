# A sampling controller keeps each node's hidden state in a list and reads an
# earlier one back by index as the next node's input: the list is the
# computation's own state, which the policy-gradient loss trains through,
# not outputs kept by mistake. A method of a module class: nothing to report.
import torch
import torch.nn as nn


class NodeSampler(nn.Module):
    def __init__(self, hidden=32, ops=5):
        super().__init__()
        self.hidden = hidden
        self.cell = nn.LSTMCell(hidden, hidden)
        self.op_head = nn.Linear(hidden, ops)

    def sample(self, nodes, prev_h=None, prev_c=None):
        if prev_h is None:
            prev_h = torch.zeros(1, self.hidden)
            prev_c = torch.zeros(1, self.hidden)
        inputs = torch.zeros(1, self.hidden)
        anchors, log_probs = [], []
        node = 0
        while node < nodes:
            picked = []
            logits = self.op_head(prev_h)
            dist = torch.distributions.Categorical(logits=logits)
            op = dist.sample()
            log_probs.append(dist.log_prob(op))
            next_h, next_c = self.cell(inputs, (prev_h, prev_c))
            anchors.append(next_h)
            picked.append(anchors[int(op) % len(anchors)])
            inputs = picked[-1].view(1, -1).requires_grad_()
            node += 1
        return torch.stack(log_probs).sum()
