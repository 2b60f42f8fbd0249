import torch


# Plain bases of the project: no module, no framework. One calls its hook
# with grad off, the other leaves that to whoever subclasses it.
class Workflow:
    def describe(self):
        return type(self).__name__


class GuardedWorkflow:
    def score(self, batches):
        with torch.no_grad():
            return self.forecast(batches)

    def forecast(self, batches):
        raise NotImplementedError
