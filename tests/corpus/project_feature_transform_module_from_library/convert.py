# Voice conversion at inference: the features of the loaded audio come from
# a parameterless transform (not reported); the converter, loaded and put in
# eval mode, runs with grad on and is.
import torch
import torchaudio
from features import LogMel


def convert(cfg, source_path, checkpoint):
    to_mel = LogMel(sample_rate=cfg.rate, n_fft=cfg.n_fft, n_mels=cfg.n_mels).cuda()
    converter = torch.load(checkpoint)
    converter.eval()
    wave, _ = torchaudio.load(source_path)
    mel = to_mel(wave.cuda())
    return converter(mel)  # expect: GG001
