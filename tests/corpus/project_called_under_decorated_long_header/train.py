import torch

from runners import EnsembleRunner, Runner


def fit(models, train_loader, val_loader, optimizers):
    for model, opt in zip(models, optimizers):
        model.train()
        for batch, target in train_loader:
            opt.zero_grad()
            torch.nn.functional.cross_entropy(model(batch), target).backward()
            opt.step()
        print(Runner.evaluate(val_loader, model))
    print(EnsembleRunner.evaluate(val_loader, models))
