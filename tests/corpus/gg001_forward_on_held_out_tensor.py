# The whole validation set is one tensor, run once per epoch after the
# training step, and the test set once after training: no loop over it, no
# eval mode (the net has no dropout), only metrics read. A forward on
# held-out data with no backward after it in its block is evaluation. Test-time
# adaptation, which backwards through its forward on test data, is not.
import torch
import torch.nn as nn

net = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 2))
opt = torch.optim.Adam(net.parameters())
x_train, y_train = torch.randn(200, 2), torch.randint(0, 2, (200,))
val_input, val_targets = torch.randn(50, 2), torch.randint(0, 2, (50,))
x_test, y_test = torch.randn(50, 2), torch.randint(0, 2, (50,))

val_losses = []
for epoch in range(100):
    loss = nn.functional.cross_entropy(net(x_train), y_train)
    opt.zero_grad()
    loss.backward()
    opt.step()
    val_output = net(val_input)  # expect: GG001
    val_loss = nn.functional.cross_entropy(val_output, val_targets)
    val_losses.append(val_loss.data.numpy())

test_output = net(x_test)  # expect: GG001
print((test_output.argmax(1) == y_test).float().mean().item())


def adapt(model, x_test, steps, lr):
    # Entropy minimisation on the test batch: the forward's graph is what the step needs.
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    for _ in range(steps):
        probs = model(x_test).softmax(1)
        loss = -(probs * probs.log()).sum(1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def fine_tune_then_wrap(model_test, x_train, y_train, opt):
    # The argument named for testing is the model itself, handed to a
    # wrapper class the function defines: no data, no forward.
    loss = nn.functional.cross_entropy(model_test(x_train), y_train)
    opt.zero_grad()
    loss.backward()
    opt.step()

    class normalize_model:
        def __init__(self, model):
            self.model = model

        def __call__(self, x):
            return self.model((x - 0.5) / 0.25)

    return normalize_model(model_test)


def fit_then_calibrate(net, opt, x_train, y_train, x_val, y_val, epochs):
    # The validation forward's output is kept past the loop and a loss on it
    # is backwarded after it: its graph is needed, no evaluation.
    for _ in range(epochs):
        loss = nn.functional.cross_entropy(net(x_train), y_train)
        opt.zero_grad()
        loss.backward()
        opt.step()
        preds = net(x_val)
    calib = nn.functional.cross_entropy(preds / 1.5, y_val)
    calib.backward()
