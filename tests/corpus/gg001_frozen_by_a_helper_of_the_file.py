# A helper of the file freezes the module it is handed (a loop clearing
# requires_grad over its parameters). What a call of it hands it is frozen
# from that call on: a pretrained backbone frozen so, with its head replaced
# by Identity, records no graph when a feature extractor runs it over the
# data, and the features it collects hold no history. The fine-tuned copy,
# left trainable, is another matter.
import torch
import torchvision


def freeze(module):
    for p in module.parameters():
        p.requires_grad = False


def extract(model, loader):
    model.eval()
    feats = []
    for images, _ in loader:
        feats.append(model(images))
    return torch.cat(feats)


def main(train_loader, test_loader):
    backbone = torchvision.models.resnet18(weights="DEFAULT")
    freeze(backbone)
    backbone.fc = torch.nn.Identity()
    train_feats = extract(backbone, train_loader)
    tuned = torchvision.models.resnet18(weights="DEFAULT")
    tuned.load_state_dict(torch.load("tuned.pt"))
    tuned.eval()
    scores = [tuned(images).softmax(-1) for images, _ in test_loader]  # expect: GG001
    return train_feats, scores
