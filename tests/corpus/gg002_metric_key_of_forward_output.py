# What a forward returns beside its loss is often a dict of numbers for
# logging; an accuracy or a count of correct answers is computed through
# comparisons and argmax, which no gradient flows through. A key that names
# one holds no history, where the loss and the logits do.
import torch


def fit(critic, loader, opt, epochs):
    critic.train()
    for epoch in range(epochs):
        hits = 0
        score = 0.0
        seen = []
        for batch in loader:
            loss, logs = critic.forward(batch)
            opt.zero_grad()
            loss.backward()
            opt.step()
            hits += logs["num_correct"]
            score += logs["accuracy"]
            seen.append(logs["logits"])  # expect: GG002
        print(epoch, hits, score / len(loader), len(seen))
