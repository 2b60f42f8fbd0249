# Two-word operators written over a comment: tree-sitter makes `not in` and
# `is not` anonymous nodes that hold the comment, and its named-child walk
# then answers the comment as a named child of the comparison (test_tree).
def pick(keys, seen, marker):
    kept = [
        k
        for k in keys
        if (k not  # a key not seen yet
            in seen)
    ]
    unset = (marker is  # no marker given
             not None)
    return kept, unset
