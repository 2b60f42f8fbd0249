# Meta-test of a few-shot learner: each task's support set adapts the
# parameters by gradient steps, taken by a meta-learning library's update
# function (torch.autograd.grad inside, by the library table). The support
# forward records its graph on purpose, at evaluation too; only the query
# forward, with the adapted parameters, is scored, and it runs without grad
# when the model is not training.
import torch
import torch.nn.functional as F
from torchmeta.utils.gradient_based import gradient_update_parameters


class FewShotTrainer:
    def __init__(self, model, optimizer, steps=1):
        self.model = model
        self.optimizer = optimizer
        self.steps = steps

    def adapt(self, support_x, support_y):
        params = None
        for _ in range(self.steps):
            logits = self.model(support_x, params=params)
            loss = F.cross_entropy(logits, support_y)
            self.model.zero_grad()
            params = gradient_update_parameters(self.model, loss, params=params, step_size=0.4,
                                                first_order=not self.model.training)
        return params

    def task_loss(self, task):
        support_x, support_y, query_x, query_y = task
        params = self.adapt(support_x, support_y)
        with torch.set_grad_enabled(self.model.training):
            return F.cross_entropy(self.model(query_x, params=params), query_y)

    def fit(self, tasks):
        self.model.train()
        for task in tasks:
            self.optimizer.zero_grad()
            loss = self.task_loss(task)
            loss.backward()
            self.optimizer.step()

    def evaluate(self, tasks):
        self.model.eval()
        total = 0.0
        for task in tasks:
            total += self.task_loss(task).item()
        return total / len(tasks)
