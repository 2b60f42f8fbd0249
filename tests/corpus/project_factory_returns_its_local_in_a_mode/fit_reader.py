# The reader comes from another file's factory, which hands back its local
# in train or eval mode. The decoding helper takes it under a capitalised
# parameter name: what it is comes from what every caller hands it, a module,
# not from how the parameter is spelt. The helper's loop runs with grad on
# both during training and after it.
import numpy as np
import torch
from torch.utils.data import DataLoader

from nets.plate import build_reader


def greedy_decode_eval(Net, dataset, batch_size):
    steps = len(dataset) // batch_size
    batches = iter(DataLoader(dataset, batch_size, shuffle=True))
    hits = 0
    for _ in range(steps):
        images, labels = next(batches)
        scores = Net(images)  # expect: GG001
        scores = scores.cpu().detach().numpy()
        hits += int((np.argmax(scores, 1) == labels.numpy()).sum())
    return hits / max(steps * batch_size, 1)


def train(train_set, test_set, iterations, every):
    reader = build_reader(phase="train")
    opt = torch.optim.Adam(reader.parameters())
    batches = iter(DataLoader(train_set, 8, shuffle=True))
    for it in range(iterations):
        images, labels = next(batches)
        loss = torch.nn.functional.cross_entropy(reader(images), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if (it + 1) % every == 0:
            print(greedy_decode_eval(reader, test_set, 8))
    print(greedy_decode_eval(reader, test_set, 8))
