import torch
from sklearn.linear_model import LogisticRegression


def evaluate_linear_probe(backbone, train_feats, train_labels, test_loader):
    probe_model = LogisticRegression(max_iter=1000)
    probe_model.fit(train_feats, train_labels)
    backbone.eval()
    with torch.no_grad():
        feats = torch.cat([backbone(x) for x, _ in test_loader])
    return probe_model.score(feats.numpy(), [y for _, y in test_loader])
