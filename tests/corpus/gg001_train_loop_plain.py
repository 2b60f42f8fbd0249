import torch


def train_one_epoch(model, train_loader, optimizer, scaler, device):
    model.train()
    for images, targets in train_loader:
        with torch.autocast("cuda"):
            loss = model(images.to(device), targets.to(device))
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad(set_to_none=True)
