# A notebook-style script: a pretrained classifier is put in eval mode and
# run on a photo; further down, a function trains a small text model of its
# own. That later training is not the classifier's: the classification above
# still runs with grad on for nothing. A later call that trains the
# classifier itself would make its block training.
import torch
import torchvision

classifier = torchvision.models.resnet18(weights="DEFAULT").eval()
photo = torch.load("photo.pt")
top = classifier(photo).softmax(1).topk(3)  # expect: GG001
print(top)


def fit_text_model(batches):
    small = torch.nn.Linear(16, 4)
    opt = torch.optim.Adam(small.parameters())
    for tokens, labels in batches:
        opt.zero_grad()
        torch.nn.functional.cross_entropy(small(tokens), labels).backward()
        opt.step()
    return small


text_model = fit_text_model(torch.load("text_batches.pt"))
