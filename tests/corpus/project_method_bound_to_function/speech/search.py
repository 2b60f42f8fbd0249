import torch


@torch.no_grad()
def run_search(net, feats, beam=4):
    hyps = net.encoder(feats)
    return hyps.topk(beam, dim=-1)


def score_all(net, feats):
    return net.encoder(feats).log_softmax(-1)
