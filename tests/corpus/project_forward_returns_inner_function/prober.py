import torch
import torch.nn as nn


class ClozeProber(nn.Module):
    """Its forward picks one of two inner functions by backbone; each
    returns the loss and a plain count of hits."""

    def __init__(self, backbone, kind):
        super().__init__()
        self.backbone = backbone
        self.kind = kind

    def forward(self, tokens, answers, with_ranked=False):
        mask = tokens != 0

        def masked_lm():
            out = self.backbone(tokens, mask)
            loss = nn.functional.cross_entropy(out.flatten(0, 1), answers.flatten())
            hits = 0
            ranked = []
            for row, gold in zip(out.argmax(-1).tolist(), answers.tolist()):
                if row[0] == gold[0]:
                    hits += 1
            if with_ranked:
                return loss, hits, ranked
            return loss, hits

        def causal_lm():
            def shift(t):
                return t[:, 1:]

            out = self.backbone(tokens, mask)[:, :-1]
            loss = nn.functional.cross_entropy(out.flatten(0, 1), shift(answers).flatten())
            hits = 0
            for p, g in zip(out.argmax(-1).tolist(), shift(answers).tolist()):
                hits += int(p == g)
            return loss, hits

        if self.kind == "mlm":
            return masked_lm()
        return causal_lm()
