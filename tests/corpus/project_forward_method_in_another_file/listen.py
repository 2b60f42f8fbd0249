# The calls of those methods in an evaluation loop are forwards with grad
# on; the grad-off one and a plain method are not.
import torch

from networks import Policy, Speaker


def render(checkpoint, sentences):
    voice = Speaker()
    voice.load_state_dict(torch.load(checkpoint))
    voice.eval()
    clips = []
    for tokens in sentences:
        clips.append(voice.synthesize(tokens))  # expect: GG001, GG002
        clips.append(voice.synthesize_quietly(tokens))
        print(voice.describe())
    return clips


def rollout(agent, env, steps):
    agent.eval()
    obs = env.reset()
    for _ in range(steps):
        obs = env.step(agent.act(obs))  # expect: GG001
    return obs
