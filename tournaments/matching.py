"""Maximum cardinality matching in a general graph (Edmonds' blossom algorithm).

Swiss pairing needs to know whether the players can still all be paired without a rematch;
a greedy pass can paint itself into a corner, a matching algorithm cannot. O(V^3), which is
nothing for the field sizes a Discord event has.
"""
from __future__ import annotations

from collections.abc import Sequence


def maximum_matching(adjacency: Sequence[Sequence[int]], initial: Sequence[int] | None = None) -> list[int]:
    """`adjacency[v]` lists the neighbours of vertex v (0..n-1). Returns `mate` with
    mate[v] = partner or -1. `initial` may hold a valid (partial) matching to start from."""
    n = len(adjacency)
    mate = list(initial) if initial is not None else [-1] * n
    if initial is None:
        # a quick greedy start so the augmenting search has less to do
        for v in range(n):
            if mate[v] == -1:
                for w in adjacency[v]:
                    if w != v and mate[w] == -1:
                        mate[v], mate[w] = w, v
                        break
    parent = [-1] * n
    base = list(range(n))
    in_tree = [False] * n

    def lowest_common_ancestor(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, b: int, child: int, in_blossom: list[bool]) -> None:
        while base[v] != b:
            in_blossom[base[v]] = in_blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    def find_augmenting_path(root: int) -> int:
        nonlocal parent, base, in_tree
        in_tree = [False] * n
        parent = [-1] * n
        base = list(range(n))
        in_tree[root] = True
        queue = [root]
        head = 0
        while head < len(queue):
            v = queue[head]
            head += 1
            for to in adjacency[v]:
                if base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    current_base = lowest_common_ancestor(v, to)
                    in_blossom = [False] * n
                    mark_path(v, current_base, to, in_blossom)
                    mark_path(to, current_base, v, in_blossom)
                    for i in range(n):
                        if in_blossom[base[i]]:
                            base[i] = current_base
                            if not in_tree[i]:
                                in_tree[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        return to
                    in_tree[mate[to]] = True
                    queue.append(mate[to])
        return -1

    for root in range(n):
        if mate[root] != -1:
            continue
        v = find_augmenting_path(root)
        while v != -1:
            pv = parent[v]
            next_v = mate[pv]
            mate[v] = pv
            mate[pv] = v
            v = next_v
    return mate


def matching_size(adjacency: Sequence[Sequence[int]]) -> int:
    return sum(1 for m in maximum_matching(adjacency) if m != -1) // 2
