# One loop runs the training pass and the validation pass of each epoch over
# the same body; only the training pass calls backward. The validation pass
# runs the forward with grad on. no_grad around the forward would stop the
# training pass too: the fix is set_grad_enabled(phase == "train"), which
# the message names and no automatic wrap offers.
import torch


def fit(model, loaders, criterion, optimizer, epochs):
    for epoch in range(epochs):
        for phase in ["train", "val"]:
            if phase == "train":
                model.train(True)
            else:
                model.train(False)
            running = 0.0
            for inputs, labels in loaders[phase]:
                outputs = model(inputs)  # expect: GG001
                optimizer.zero_grad()
                loss = criterion(outputs, labels)
                if phase == "train":
                    loss.backward()
                    optimizer.step()
                running += loss.item()
            print(phase, running)
    return model


def fit_both(model, loaders, criterion, optimizer):
    # Both passes train: no pass of this loop is evaluation.
    for phase in ("source", "target"):
        for inputs, labels in loaders[phase]:
            loss = criterion(model(inputs), labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def fit_guarded(model, loaders, criterion, optimizer):
    for phase in ("train", "val"):
        for inputs, labels in loaders[phase]:
            with torch.set_grad_enabled(phase == "train"):
                loss = criterion(model(inputs), labels)
                if phase == "train":
                    loss.backward()
                    optimizer.step()
