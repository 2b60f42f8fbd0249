# A helper runs the model for a plain prediction and, through a callback,
# for an attribution library that differentiates what the callback returns.
# Only the plain prediction is the mistake: the wrap goes on that call, never
# inside the helper the callback shares (that would cut the gradient the
# library takes).
import torch
from attribution_kit import PathAttribution

classifier = torch.load("classifier.pt")
classifier.eval()


def class_scores(batch):
    return classifier(batch)  # expect: GG001; says: called from module level on line 22


def score_for_class(batch, target=0):
    return class_scores(batch)[:, target]


example = torch.load("example.pt")
print(class_scores(example).argmax(1))
explainer = PathAttribution(score_for_class)
heatmap = explainer.attribute(example, target=3)
