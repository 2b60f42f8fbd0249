import importlib


class Trainer:
    """Runs the step a configuration names: the step's module is found at run time."""

    def __init__(self, settings, model, loader, optimizer):
        self.step = getattr(importlib.import_module(settings.step_module), settings.step_name)
        self.settings, self.model, self.loader, self.optimizer = settings, model, loader, optimizer

    def run(self):
        self.model.train()
        for _ in range(self.settings.steps):
            out = self.step(self.settings, {}, {"model": self.model, "data": self.loader, "split": "train"})
            self.optimizer.zero_grad()
            out["loss"].backward()
            self.optimizer.step()
