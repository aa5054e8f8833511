"""Resolving the effects on the stack (R75, R77): each declared action, played card, triggered
skill and Outsider action resolves completely as one effect, after its requirements are checked
again (R25, G24: if one fails the effect is ignored; AP and card stay spent).

Stack entries (engine-internal; the views show only their "text"):
    {"kind": "action"|"card"|"skill"|"trigger", "do": ..., "seat", "hero", "text": Msg json, ...}
    do: "move" {to} | "attack" {target} | "skirmish" {target} | "alt" {skill, choice} |
        "lead" {card: iid or None for the deck top} | "devotion" {choice} |
        "card" {card: iid, def, targets} | "trigger" {trigger} | "outsider_skill" {skill}
    An Outsider action has hero "outsider" and the side acting with it ("controller", G18).
`resolve_entry` returns False when the effect waits for a pending decision of a player
(state["pending"]); the answer finishes it (`answer_pending`).
"""
from __future__ import annotations

from engine.text import Msg, from_json, to_json

from . import board, data, effects, ops, skills
from .targets import attack_targets, hero_name, skirmish_targets, target_name

OUTSIDER = board.OUTSIDER


def resolve_entry(state: dict, entry: dict, ev) -> bool:
    previous = state["outsider"].get("controller")
    if entry.get("hero") == OUTSIDER:
        state["outsider"]["controller"] = entry.get("controller")
    try:
        return RESOLVERS[entry["do"]](state, entry, ev)
    finally:
        if entry.get("hero") == OUTSIDER:
            state["outsider"]["controller"] = previous


def ignored(entry: dict, ev) -> bool:
    """R25/R40/R45: the requirements failed at resolution; nothing happens, nothing is refunded."""
    ev.add(Msg("{effect}: no longer possible, ignored.", effect=_text(entry)))
    entry["ignored"] = True
    return True


def _text(entry: dict):
    return from_json(entry["text"])


# ------------------------------------------------------------------ hero actions

def _move(state: dict, entry: dict, ev) -> bool:
    """R34-R36: the whole move at once; the destination must still be reachable."""
    hero = entry["hero"]
    if not board.on_battlefield(state, hero):
        return ignored(entry, ev)
    dests = ops.hero_destinations(state, hero, ops.move_of(state, hero))
    if entry["to"] not in dests:
        return ignored(entry, ev)
    ops.move_model(state, hero, entry["to"], ev)
    highlight(state, dests[entry["to"]])
    return True


def highlight(state: dict, path) -> None:
    """The whole path of a move framed on the board (the event names only its ends)."""
    if state.get("last"):
        state["last"]["hexes"] = list(dict.fromkeys(path))


def _attacker_ok(state: dict, attacker: str) -> bool:
    return ops.outsider_on_board(state) if attacker == OUTSIDER else board.on_battlefield(state, attacker)


def _attack(state: dict, entry: dict, ev) -> bool:
    """R39/R40: still in LoS and range, then attack value + the best revealed modifier - armor."""
    attacker, target = entry["hero"], entry["target"]
    if not _attacker_ok(state, attacker) or target not in attack_targets(state, attacker, entry.get("controller")):
        return ignored(entry, ev)
    taken = ops.resolve_attack(state, attacker, target, ev)
    ev.add(Msg("{hero} attacks {target}: {n} HP lost.", hero=hero_name(attacker), target=target_name(state, target),
               n=taken), hexes=ops.hexes_of(state, attacker) + ops.hexes_of(state, target))
    entry["resolved"] = True
    return True


def _skirmish(state: dict, entry: dict, ev) -> bool:
    """R43/R45: still in LoS: 「決定以下效果中的一項或兩項，按照此順序」: the player chooses the 0+
    damage, then a move of up to 2 (or staying), or the move alone (pending decisions). With no
    hex to move to (or the Ancient Outsider, R119) the damage is the one effect left."""
    attacker, target = entry["hero"], entry["target"]
    if not _attacker_ok(state, attacker) or target not in skirmish_targets(state, attacker, entry.get("controller")):
        return ignored(entry, ev)
    if attacker == OUTSIDER or not ops.hero_destinations(state, attacker, ops.skirmish_move_of(state, attacker)):
        skirmish_damage(state, attacker, target, ev)
        return True
    state["pending"] = {"kind": "skirmish_effects", "seat": entry["seat"], "hero": attacker, "target": target,
                        "entry": entry}
    return False


def skirmish_damage(state: dict, attacker: str, target: str, ev) -> None:
    """R43 option 1: 0+ damage to the target hero."""
    taken = ops.resolve_skirmish_damage(state, attacker, target, ev)
    ev.add(Msg("{hero} skirmishes {target}: {n} HP lost.", hero=hero_name(attacker),
               target=target_name(state, target), n=taken))


def skirmish_effects(state: dict, choice: str, ev) -> bool:
    """The answer to "damage, or only move?": the damage first (R43's order), then the move of up
    to 2 as a pending decision (staying allowed after damage, not when the move is the only
    effect). Returns True when the Skirmish has finished."""
    pend = state["pending"]
    hero, target = pend["hero"], pend["target"]
    if choice == "damage":
        skirmish_damage(state, hero, target, ev)
    else:
        ev.add(Msg("{hero} skirmishes {target} without damage, only moving.", hero=hero_name(hero),
                   target=target_name(state, target)))
    dests = ops.hero_destinations(state, hero, ops.skirmish_move_of(state, hero)) \
        if board.on_battlefield(state, hero) else {}
    if not dests:
        return True
    state["pending"] = {"kind": "skirmish_move", "seat": pend["seat"], "hero": hero, "hexes": sorted(dests),
                        "entry": pend["entry"], "must_move": choice != "damage"}
    return False


def _alternative(state: dict, entry: dict, ev) -> bool:
    """R33: an alternative action (Bear Fury) resolves as its skill says."""
    follow = skills.resolve_alternative(state, entry["hero"], entry["skill"], entry["choice"], ev)
    entry["followups"] = follow or []
    return True


def _lead(state: dict, entry: dict, ev) -> bool:
    """R47/R48: a card face down under the hero, from the hand or the deck top (unseen)."""
    hero = entry["hero"]
    if not board.on_battlefield(state, hero):
        return ignored(entry, ev)
    iid = entry.get("card")
    if iid is not None and iid not in state["hands"][str(entry["seat"])]:
        return ignored(entry, ev)
    if not ops.lead(state, hero, iid, ev):
        return ignored(entry, ev)
    return True


def _devotion(state: dict, entry: dict, ev) -> bool:
    """R50-R57: the faction steps and the devotion-icon skills (the choice re-checked, R25)."""
    hero, choice = entry["hero"], entry["choice"]
    if not skills.devotion_valid(state, hero, choice):
        return ignored(entry, ev)
    entry["followups"] = skills.resolve_devotion(state, hero, choice, ev) or []
    return True


# ------------------------------------------------------------------ cards, triggers, the Outsider

def _card(state: dict, entry: dict, ev) -> bool:
    """R61, R25/G24: every target still valid, then the card's effects in order. A foresee waits
    for its player's keep/discard choice (R128); an extra action (R32) follows the card."""
    card_def = data.card(entry["def"])
    if not effects.targets_still_valid(state, card_def, entry["hero"], entry["targets"]):
        return ignored(entry, ev)
    follow = effects.resolve_card(state, card_def, entry["hero"], entry["targets"], ev)
    return card_followups(state, entry, follow)


ASKED = ("foresee", "aoe")     # follow-ups that wait for the player's choice (effects.resolve_card)


def card_followups(state: dict, entry: dict, follow: list[dict]) -> bool:
    asked = [f for f in follow if f["kind"] in ASKED]
    entry["followups"] = [f for f in follow if f["kind"] not in ASKED]
    if asked and asked[0]["kind"] == "foresee":
        f = asked[0]
        state["pending"] = {"kind": "foresee", "seat": f["seat"], "followup": f, "index": 0, "discard": [],
                            "entry": entry}
        return False
    if asked:                 # R123: where the area card's template goes
        f = asked[0]
        state["pending"] = {"kind": "aoe", "seat": f["seat"], "hero": f["caster"], "followup": f, "entry": entry}
        return False
    return True


def _trigger(state: dict, entry: dict, ev) -> bool:
    """R78: a triggered skill (Chastise) resolves like any effect, its target re-checked."""
    skills.resolve_trigger(state, entry["trigger"], ev)
    return True


def _outsider_skill(state: dict, entry: dict, ev) -> bool:
    if not ops.outsider_on_board(state):
        return ignored(entry, ev)
    skills.resolve_outsider_skill(state, entry["skill"], ev)
    return True


RESOLVERS = {"move": _move, "attack": _attack, "skirmish": _skirmish, "alt": _alternative, "lead": _lead,
             "devotion": _devotion, "card": _card, "trigger": _trigger, "outsider_skill": _outsider_skill}


# ------------------------------------------------------------------ after an effect

def triggers_after(state: dict, entry: dict, ev) -> list[dict]:
    """R78: "when" skills set off by the effect that just resolved (Chastise after an Attack), as
    stack entries; riders of the Attack itself (Rime Shot) apply at once inside after_attack."""
    out = []
    if entry["do"] == "attack" and entry.get("resolved") and entry["hero"] != OUTSIDER \
            and board.on_battlefield(state, entry["hero"]):
        for t in skills.after_attack(state, entry["hero"], entry["target"], ev):
            out.append({"kind": "trigger", "do": "trigger", "seat": t["seat"], "hero": t["hero"], "trigger": t,
                        "text": t["text"]})
    return out


def extra_actions(state: dict, entry: dict) -> list[dict]:
    return [f for f in entry.get("followups") or [] if f.get("kind") == "extra_action"]


def followup_questions(state: dict, entry: dict) -> list[dict]:
    """R32 (skytear-data section 11, "take an action"): an action an effect grants goes on the
    stack after that effect; its player chooses it (a pending decision)."""
    return [{"kind": "extra_action", "seat": f["seat"], "hero": f["hero"], "action": f["action"]}
            for f in extra_actions(state, entry) if board.on_battlefield(state, f["hero"])]


def outsider_reaction(state: dict) -> dict | None:
    """R120: 「如果一位玩家傷害入侵者，其對手將會使用該入侵者執行一個攻擊、游擊或移動行動」: a hero
    damaged the Outsider, so the other side acts with it once: an Attack or a Skirmish at any
    target open to it (the Ancient Outsider cannot move, R119). The side's first seat chooses for
    it (DD); it goes on the stack after the damaging effect resolved. Returns the pending
    question, or None when the Outsider has nothing it can do."""
    o = state["outsider"]
    reaction = o.get("reaction")
    if not reaction:
        return None
    o["reaction"] = None
    if not ops.outsider_on_board(state):
        return None
    side, against = reaction["side"], reaction["against"]
    if not reaction_options(state, side):
        return None
    return {"kind": "reaction", "seat": state["sides"][side][0], "side": side, "against": against}


def reaction_options(state: dict, side: int) -> list[tuple[str, str]]:
    """(action, target) pairs the reacting side may choose: an Attack at an enemy of that side in
    the Outsider's range and sight, or a Skirmish at an enemy hero in its sight (G18 c)."""
    out = [("attack", t) for t in attack_targets(state, OUTSIDER, side)]
    out += [("skirmish", t) for t in skirmish_targets(state, OUTSIDER, side)]
    return out


def reaction_entry(state: dict, seat: int, side: int, action: str, target: str) -> dict:
    verb = Msg("Attack") if action == "attack" else Msg("Skirmish")
    text = Msg("{who}: {action} on {target} (reaction)", who=data.name(OUTSIDER), action=verb,
               target=target_name(state, target))
    return {"kind": "skill", "do": action, "hero": OUTSIDER, "target": target, "controller": side,
            "seat": seat, "text": to_json(text)}
