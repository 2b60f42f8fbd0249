# The final evaluation, after training, with grad on.
from torch import nn
from train import train, test

model = nn.Linear(8, 3)
model = train(train_loader, val_loader, model, 10)
print("test accuracy", test(test_loader, model))
