from runner import StepRunner
from scoring import Scorer


def main(batches, epochs):
    runner = StepRunner("cpu")
    scorer = Scorer(runner, batches)
    for _ in range(epochs):
        print(scorer.evaluate())
