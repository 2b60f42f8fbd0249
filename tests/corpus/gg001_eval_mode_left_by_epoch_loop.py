# Each epoch trains, then puts the model in eval mode to test it. When the
# loop ends the model is still in eval mode, so the embeddings taken from
# the whole set afterwards are inference: they run with grad on and are
# only written to disk.
import numpy as np
import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(32, 16)
        self.head = nn.Linear(16, 4)

    def forward(self, x):
        return self.head(self.body(x))

    def embed(self, x):
        return self.body(x)  # expect: GG001


def main(train_x, train_y, test_x, epochs, dump):
    model = Encoder()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        model.train()
        loss = nn.functional.cross_entropy(model(train_x), train_y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        model.eval()
        with torch.no_grad():
            print(model(test_x).argmax(1))
    if dump:
        feats = model.embed(test_x)
        np.save("feats.npy", feats.detach().numpy())


def main_retrains(train_x, train_y, epochs):
    # Set back to training after its test in every pass: nothing is left in eval mode.
    model = Encoder()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        model.eval()
        with torch.no_grad():
            print(model(train_x).argmax(1))
        model.train()
        loss = nn.functional.cross_entropy(model(train_x), train_y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return model(train_x)
