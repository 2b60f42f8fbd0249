# A tagger's training loop keeps its predictions and its label tensors to
# score the epoch. The labels are made from data (a function of the file
# that returns torch.tensor of ids, or torch.tensor itself): handing them
# to the loss does not put them in the graph, so keeping them keeps no
# history. The loss itself, summed over the epoch, does carry it.
import torch
import torch.nn as nn


def to_ids(words, vocab):
    return torch.tensor([vocab[w] for w in words], dtype=torch.long)


def train(model, data, vocab, epochs):
    loss_function = nn.NLLLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        preds, targets, masks = [], [], []
        total = 0.0
        for sentence, tags in data:
            model.zero_grad()
            labels = to_ids(tags, vocab)
            weights = torch.tensor([1.0] * len(tags))
            scores = model(to_ids(sentence, vocab))
            loss = loss_function(scores, labels) * weights.mean()
            loss.backward()
            optimizer.step()
            preds.append(scores.argmax(dim=-1))
            targets.append(labels)
            masks.append(weights)
            total += loss  # expect: GG002
        acc = (torch.cat(preds) == torch.cat(targets)).float().mean().item()
        print(epoch, acc, total.item() / len(data))
