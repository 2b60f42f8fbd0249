# The training script: it trains the runner, then runs its test() with grad
# on. test() is the runner's API, called by its users, not a hook of the base.
from runners import NavRunner
from envs import make_env

runner = NavRunner(make_env("train"))
for round in range(10):
    runner.train(100)
    runner.test(iters=20)
