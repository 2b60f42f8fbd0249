import torch

from zoo.loading import fresh, restore


def tune(x):
    student = fresh()
    opt = torch.optim.SGD(student.parameters(), lr=0.1)
    loss = student(x).logsumexp(1).mean()
    loss.backward()
    opt.step()


net = restore("robust").to("cuda")
x = torch.rand(1, 3, 224, 224, device="cuda")
print(net(x).argmax(1))  # expect: GG001; says: eval mode (which net is in from its loader)
