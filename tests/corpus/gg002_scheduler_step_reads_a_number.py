# A scheduler's step(val_loss) reads a number: it is no backward, and it
# says nothing of what else the loop keeps (the epoch counter, the metrics).
import torch


def fit(model, optimizer, scheduler, train_loader, val_loader, evaluate, epochs):
    kept_epochs, val_losses = [], []
    for epoch in range(epochs):
        for x, y in train_loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
        epoch_val_loss = evaluate(model, val_loader)
        scheduler.step(epoch_val_loss)
        val_losses.append(epoch_val_loss)
        kept_epochs.append(epoch)
    return kept_epochs, val_losses
