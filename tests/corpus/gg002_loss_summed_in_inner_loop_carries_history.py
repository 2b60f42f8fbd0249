import torch


class StageTrainer:
    """A loss summed over a model's stage outputs in an inner loop, from 0."""

    def __init__(self, model, criterion, loader, optimizer, stages):
        self.model = model
        self.criterion = criterion
        self.loader = loader
        self.optimizer = optimizer
        self.stages = stages

    def epoch(self):
        stage_total = 0
        final_total = 0
        seen = 0
        self.model.train()
        for noisy, clean in self.loader:
            self.optimizer.zero_grad()
            first, stage_outs = self.model(noisy)
            stage_loss = 0
            for k in range(self.stages):
                stage_loss = stage_loss + 0.1 * self.criterion(stage_outs[k], clean)
            final_loss = self.criterion(stage_outs[-1], clean)
            loss = stage_loss + final_loss + 0.1 * self.criterion(first, clean)
            # The sum started from 0 is the stage losses' tensor from then on.
            stage_total = stage_total + stage_loss  # expect: GG002
            final_total = final_total + final_loss  # expect: GG002
            loss.backward()
            self.optimizer.step()
            # A count summed the same way holds no graph.
            seen = seen + 1
        return stage_total / seen, final_total / seen
