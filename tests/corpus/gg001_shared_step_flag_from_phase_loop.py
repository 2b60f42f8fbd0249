# One step for both phases: it backpropagates only under `if training:`,
# and the loop over the phases computes the flag from the phase's name.
# On the validation phase the forward runs with grad on. The same call
# trains on the other phase, so no_grad around it is no fix:
# set_grad_enabled(training) is, and it is said, not applied.
import torch


def run_step(net, opt, batch, training):
    net.train() if training else net.eval()
    inputs, targets = batch
    preds = net(inputs)  # expect: GG001; says: set_grad_enabled(training); fix: none
    loss = torch.nn.functional.mse_loss(preds, targets)
    if training:
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def fit(net, opt, loaders, epochs):
    for epoch in range(epochs):
        for phase in loaders:
            training = phase.startswith("train")
            total = 0.0
            for batch in loaders[phase]:
                total += run_step(net, opt, batch, training)
            print(epoch, phase, total)
