import torch
import torch.nn.functional as F


def distill(student, teacher, loader, optimizer, temperature=4.0):
    teacher.eval()
    student.train()
    for x, y in loader:
        t_logits = teacher(x)
        s_logits = student(x)
        loss = F.kl_div(F.log_softmax(s_logits / temperature, -1), F.softmax(t_logits / temperature, -1))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
