import torch


# A closure the file returns and never calls runs wherever its receiver
# calls it, perhaps under no_grad (an evaluation runner does): its name is no
# evidence.
def make_eval_fn(exported):
    def eval_wrapper(inputs):
        return exported(inputs[0]["image"])

    return eval_wrapper


# Nor is it for one passed to a call: the runner calls it, in the grad mode
# the runner chooses, and the closure itself neither iterates nor loads.
def register(runner, model):
    def validate_batch(batch):
        return model(batch)

    runner.add_hook(validate_batch)


# Called here, with grad on: still a finding.
def evaluate(model, batches):
    return [model(b) for b in batches]  # expect: GG001


def main(model, batches):
    print(evaluate(model, batches))
