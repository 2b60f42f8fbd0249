import torch


def run_phases(model, loaders, criterion, optimizer, epochs):
    # The loop after the if runs with the mode each phase's branch set:
    # grad on to train, turned off by the other branch's bare statement.
    for epoch in range(epochs):
        for phase in ["train", "val"]:
            if phase == "train":
                model.train()
                torch.set_grad_enabled(True)
            else:
                model.eval()
                torch.set_grad_enabled(False)
            for x, y in loaders[phase]:
                loss = criterion(model(x), y)
                if phase == "train":
                    optimizer.zero_grad()
                    loss.backward()
                    optimizer.step()


def validate(model, loader):
    # No branch turns grad off here: the evaluation forward records a graph.
    model.eval()
    if loader is None:
        return []
    return [model(x).argmax(-1) for x in loader]  # expect: GG001
