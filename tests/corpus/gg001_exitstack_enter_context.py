from contextlib import ExitStack

import torch


def inference_on_dataset(model, data_loader, evaluator):
    with ExitStack() as stack:
        model.eval()
        stack.enter_context(torch.no_grad())
        for inputs in data_loader:
            evaluator.process(inputs, model(inputs))
    return evaluator.evaluate()


def inference_without(model, data_loader, evaluator):
    with ExitStack() as stack:
        model.eval()
        stack.enter_context(open("log.txt", "w"))
        for inputs in data_loader:
            evaluator.process(inputs, model(inputs))  # expect: GG001
    return evaluator.evaluate()
