# A re-ranking step: each query's candidates are repeated k times and a
# mask is built from their size. `k_test` is an argument of repeat, and
# `.size()[:-1]` a shape, not an item of test data: nothing here iterates
# evaluation data, so no evidence of evaluation. The loop over the test
# loader is evidence.
import torch


def rerank(model, feats, sims, k_test):
    scores = []
    for i, row in enumerate(sims):
        top, idx = row.topk(k=k_test, dim=0)
        repeated = (
            feats[i].repeat(k_test, 1, 1).to(row.device)
        )
        mask = torch.ones(repeated.size()[:-1], dtype=torch.long)
        out = model(repeated, mask)
        scores.append(out[:, 0] + top)
    return scores


def rank_all(model, test_loader):
    model.eval()
    return [model(x, torch.ones(x.shape[:-1])).argmax(-1) for x in test_loader]  # expect: GG001
