# The file imports torch below code that runs with the module (a script whose
# imports sit at the end, a notebook whose import is in a later cell): a wrap
# there, `with torch.no_grad():` above `import torch`, raises NameError when
# the file runs top to bottom, so it is offered as an unsafe fix only. Inside
# a function, which runs after the module, the wrap is safe; a decorator on
# that function is evaluated at its `def`, above the import, and is not.
from torchvision.models import resnet18

model = resnet18()
model.eval()
batch = load_batch()
print(model(batch))  # expect: GG001


def evaluate(loader):
    model.eval()
    for x in loader:
        print(model(x))  # expect: GG001


import torch

torch.manual_seed(0)
