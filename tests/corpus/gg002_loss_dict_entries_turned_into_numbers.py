# A criterion hands back a dict of loss tensors. After the backward, a loop
# over its items puts each entry's number back under its own key, so the
# running total adds a float. Where the loop only touches some entries, or
# stores something with history, the dict keeps its tensors.
import torch


class Trainer:
    def __init__(self, model, criterion, optimizer, loader):
        self.model = torch.nn.DataParallel(model)
        self.criterion = criterion
        self.optimizer = optimizer
        self.loader = loader

    def train_epoch(self):
        running = 0.0
        for images, targets in self.loader:
            preds = self.model(images)
            terms = self.criterion(preds, targets)
            self.optimizer.zero_grad()
            terms["total"].backward()
            self.optimizer.step()
            text = ""
            for name, value in terms.items():
                terms[name] = value.item()
                if name == "total":
                    continue
                text += f"{name}: {value:.4f} "
            running += terms["total"]
        return running

    def train_epoch_counted(self):
        running = 0.0
        for images, targets in self.loader:
            preds = self.model(images)
            terms = self.criterion(preds, targets)
            self.optimizer.zero_grad()
            terms["total"].backward()
            self.optimizer.step()
            for i, (name, value) in enumerate(terms.items()):
                terms[name] = value.item()
            running += terms["total"]
        return running

    def train_epoch_partly_converted(self):
        running = 0.0
        for images, targets in self.loader:
            preds = self.model(images)
            terms = self.criterion(preds, targets)
            self.optimizer.zero_grad()
            terms["total"].backward()
            self.optimizer.step()
            for name, value in terms.items():
                if name.startswith("aux"):
                    terms[name] = value.item()
            running += terms["total"]  # expect: GG002
        return running

    def train_epoch_scaled(self):
        running = 0.0
        for images, targets in self.loader:
            preds = self.model(images)
            terms = self.criterion(preds, targets)
            self.optimizer.zero_grad()
            terms["total"].backward()
            self.optimizer.step()
            for name in terms:
                terms[name] = terms[name] * 0.5
            running += terms["total"]  # expect: GG002
        return running
