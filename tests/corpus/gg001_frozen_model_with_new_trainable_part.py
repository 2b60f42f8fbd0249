# Every parameter of a pretrained model frozen, then a new part built into
# it (a learned prompt around its embedding, a new head): that part trains,
# so the whole model's forward records a graph again, while a part the new
# one does not touch (its feature extractor) stays frozen.
import torch
import torch.nn as nn
import torchvision


class WithPrompt(nn.Module):
    def __init__(self, embed, n):
        super().__init__()
        self.embed = embed
        self.prompt = nn.Parameter(torch.zeros(n, embed.embedding_dim))

    def forward(self, ids):
        e = self.embed(ids)
        return torch.cat([self.prompt.expand(e.size(0), -1, -1), e], 1)


def tune_prompt(lm, ids_batches, test_batches):
    for p in lm.parameters():
        p.requires_grad = False
    lm.embed_tokens = WithPrompt(lm.embed_tokens, 8)
    opt = torch.optim.Adam([lm.embed_tokens.prompt], lr=1e-2)
    for ids in ids_batches:
        lm(ids).mean().backward()
        opt.step()
    lm.eval()
    return [lm(ids).argmax(-1) for ids in test_batches]  # expect: GG001


def features_then_head(val_loader):
    net = torchvision.models.vgg11(weights="DEFAULT")
    for p in net.parameters():
        p.requires_grad = False
    net.classifier[6] = nn.Linear(4096, 5)
    net.eval()
    feats, preds = [], []
    for x, _ in val_loader:
        feats.append(net.features(x).numpy())
        preds.append(net(x).argmax(1))  # expect: GG001
    return feats, preds
