import torch.nn as nn

from workflow import GuardedWorkflow, Workflow


# A plain base from another file of the project is in the index's sight:
# the subclass's own eval() is evidence, as with a base in the same file.
class Forecast(Workflow):
    def __init__(self):
        self.head = nn.Linear(6, 1)

    def forecast(self, batches):
        self.head.eval()
        return [self.head(b).detach().numpy() for b in batches]  # expect: GG001


# ... unless that base calls the hook with grad off.
class GuardedForecast(GuardedWorkflow):
    def __init__(self):
        self.head = nn.Linear(6, 1)

    def forecast(self, batches):
        self.head.eval()
        return [self.head(b).detach().numpy() for b in batches]
