# A plain holder builds its tagger in eval mode in __init__ and never trains
# it. Its methods predict with grad on, and so does a def nested in one of
# them: the nested def reads the same self, so the tagger is in eval mode
# there too, however the method itself is reached (here from another method
# of the holder).
from parsing.tagger import SlotTagger


class SlotParser:
    def __init__(self):
        self.tagger = SlotTagger().eval()

    def parse(self, feats):
        slots = self.tagger.predict(feats)  # expect: GG001

        def second_choice():
            return self.tagger.predict(feats, banned=0)  # expect: GG001

        picked = []
        for s in slots.tolist():
            if s == 0:
                s = second_choice()
            picked.append(s)
        return picked

    def parse_all(self, batches):
        return [self.parse(b) for b in batches]


def main(batches):
    return SlotParser().parse_all(batches)
