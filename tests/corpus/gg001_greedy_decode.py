import torch


def greedy_decode(model, src, src_mask, max_len, start_symbol):
    memory = model.encode(src, src_mask)  # expect: GG001
    ys = torch.full((1, 1), start_symbol, dtype=src.dtype)
    for _ in range(max_len - 1):
        out = model.decode(memory, src_mask, ys)  # expect: GG001
        next_word = out[:, -1].argmax(-1, keepdim=True)
        ys = torch.cat([ys, next_word], dim=1)
    return ys
