"""The test players of the games whose Discord tests steer the play: seeded choices that head for
the kinds of moves a test still needs (the game-specific part of driving a game through the bot;
the rest is tests/discord/harness.py). A player's choices depend only on the position and the
moves it has made so far, so a match seed fixes the whole game (see harness.simulate)."""
from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field

from engine.base import Action
from engine.battleline import RULES as BATTLELINE
from engine.battleline.cards import GUILE
from engine.civilization import RULES as CIV
from engine.clash_of_rage import RULES as CLASH
from engine.clash_of_rage import board as clash_board
from engine.clash_of_rage import data as clash_data
from engine.clash_of_rage import rounds as clash_rounds
from engine.clash_of_rage import tactics as clash_tactics
from engine.skytear import RULES as SKYTEAR
from engine.skytear import hexes as skytear_hexes
from tests.discord.harness import GAMES, Run, Seeker, find_seed

# ---------------------------------------------------------------------- Battle Line

def battleline_choose(state: dict, seat: int, seed: int) -> str:
    """A seeded player that plays tactics cards often (so the guided steps get used), always
    claims, sometimes finishes claiming early, and draws tactics cards now and then."""
    rng = random.Random(seed)
    ids = [a.id for a in BATTLELINE.legal_actions(state, seat)]
    step = state["step"]
    if step == "claim":
        claims = [a for a in ids if a.startswith("claim:")]
        return "done" if rng.random() < 0.15 else claims[0]
    if step == "play":
        if "pass" in ids and rng.random() < 0.5:
            return "pass"
        mud_moves = [a for a in ids if a.split(":")[3:4] == ["T-MUD"]]  # makes the D5 discard happen
        if mud_moves:
            return mud_moves[0]
        tactics = [a for a in ids if a.startswith("play:T-")]
        if tactics and rng.random() < 0.6:
            return rng.choice(tactics)
        troops = [a for a in ids if a.startswith("play:") and not a.startswith("play:T-")]
        if troops:
            return BATTLELINE.ai_choose(state, seat, seed) if rng.random() < 0.5 else rng.choice(troops)
        return rng.choice(ids)
    if step == "draw":
        return "draw:tactics" if rng.random() < 0.35 else "draw:troop"
    return rng.choice(ids)


def is_troop_play(action: str) -> bool:
    """play:<card>:<flag> with a card that goes to a flag (troop, Leader, CC, SB, Fog, Mud)."""
    parts = action.split(":")
    return parts[0] == "play" and len(parts) == 3 and parts[1] not in GUILE


@dataclass
class BattleLinePlayer(Seeker):
    """`battleline_choose` as a test player (for offline runs)."""
    game: str = "battleline"
    used: Counter = field(default_factory=Counter)

    def _choose(self, state: dict, seat: int, seed: int, actions: list[Action]) -> str:
        return battleline_choose(state, seat, seed)


# ---------------------------------------------------------------------- Skytear

# the kinds a test player seeks out while it has not used them (rarest first); "pass", "end" and
# "keep" come by themselves; "priority" (a setting the computer player leaves alone) last
SKYTEAR_SOUGHT = ("alternative", "outsider attack", "outsider skirmish", "outsider skill", "outsider end", "skirmish",
                  "attack", "choose", "devotion", "lead", "play", "toss", "move", "activate", "discard", "pick",
                  "priority")


def dome_distance(state: dict, hx: str) -> int:
    m = skytear_hexes.load_map(state["map"])
    return min(skytear_hexes.distance(m, hx, d) for d in m.dome)


@dataclass
class SkytearPlanner(Seeker):
    """The humans' test player: the engine's computer player (seeded `seed + version`), except
    that it picks Gulbjarn in a draft (Bear Fury), seeks out the kinds of moves in `seek` it has
    not made yet, heads for the dome, places the Outsider where it can act, and, once it has
    played and led a card from its hand, keeps its cards until a reset makes it discard.
    `responses`: in a window, play an instant whenever one is legal. `seek` empty: the plain
    computer player."""

    seek: tuple[str, ...] = SKYTEAR_SOUGHT
    responses: bool = False
    used: Counter = field(default_factory=Counter)   # command -> moves made with it

    game = "skytear"

    def _choose(self, state: dict, seat: int, seed: int, actions: list[Action]) -> str:
        ids = [a.id for a in actions]
        plain = SKYTEAR.ai_choose(state, seat, seed)
        if not self.seek and not self.responses:
            return plain
        if self.responses and "pass" in ids:
            instants = [i for i in ids if i.startswith("play:")]
            return instants[0] if instants else "pass"
        if not self.seek:
            return plain
        if "pick:gulbjarn" in ids:
            return "pick:gulbjarn"
        places = [i for i in ids if i.startswith("outsider:place:")]
        if places:
            return max(places, key=lambda i: (self._outsider_options(state, seat, i), -places.index(i)))
        by_command = {}
        for a in actions:
            by_command.setdefault(self.commands.command_of(a), []).append(a.id)
        for name in self.seek:
            if not self.used[name] and name in by_command:
                return self._best_of(state, by_command[name], plain)
        if self.used["play"] and self.used["lead"] and not self.used["discard"]:   # keep cards: a reset will discard
            if plain.startswith("lead:") and "lead:deck" in ids:
                return "lead:deck"
            if plain.startswith("play:") and state.get("activation") and not state.get("window"):
                others = [i for i in ids if i.split(":")[0] in ("attack", "skirmish", "alt", "devotion")
                          or i == "lead:deck"]
                moves = [i for i in ids if i.startswith("move:")]
                if others or moves:
                    return others[0] if others else self._best_of(state, moves, plain)
        if plain.startswith("move:"):
            return self._best_of(state, [i for i in ids if i.startswith("move:")], plain)
        return plain

    @staticmethod
    def _best_of(state: dict, ids: list[str], plain: str) -> str:
        """The computer's own choice when it is one of `ids`; a move: the one nearest the dome."""
        if ids[0].startswith("move:"):
            return min(ids, key=lambda i: (dome_distance(state, i.split(":")[1]), i != plain, ids.index(i)))
        return plain if plain in ids else ids[0]

    @staticmethod
    def _outsider_options(state: dict, seat: int, place: str) -> int:
        after = SKYTEAR.apply(state, seat, place)[0]
        kinds = {a.id.split(":")[1] for a in SKYTEAR.legal_actions(after, seat) if a.id.startswith("outsider:")}
        return len(kinds)


# ---------------------------------------------------------------------- Clash of Rage

# the kinds a test player seeks out while it has not used them, rarest first ("done" is never asked)
CLASH_SOUGHT = ("keep", "forge", "recruit", "reroll", "allocate", "battle", "unequip", "equip", "buy", "equipped",
                "retreat", "pass", "moved", "roll", "move", "place", "stronghold", "tactic")


def _clash_distance(state: dict, a: str, b: str) -> int:
    return clash_board.distance(clash_rounds.current_board(state), a, b)


@dataclass
class ClashPlanner(Seeker):
    """The humans' test player. It takes a kind of move it has not made yet (`seek`, rarest first)
    whenever one is legal, and otherwise works toward the rare ones: income first (for a hero),
    its stronghold beside a forge, its whole army marching on the nearest forge it does not hold
    (the kills and the forge give crystals), rerolls bought, every blank die rerolled. Everything
    else: the engine's computer player, seeded `seed + version`. `seek` empty: the plain
    computer player."""

    seek: tuple[str, ...] = CLASH_SOUGHT
    used: Counter = field(default_factory=Counter)   # command -> moves made with it

    game = "clash_of_rage"

    def _choose(self, state: dict, seat: int, seed: int, actions: list[Action]) -> str:
        ids = [a.id for a in actions]
        if not self.seek:
            return CLASH.ai_choose(state, seat, seed)
        by_verb: dict[str, list[str]] = {}
        for a in actions:
            by_verb.setdefault(self.commands.command_of(a), []).append(a.id)
        wanted = [v for v in self.seek if not self.used[v]]
        for name in wanted:
            if name in by_verb and self._now(state, seat, name, by_verb):
                return self._best(state, seat, name, by_verb[name])
        verb = ids[0].split(":")[0]
        if verb == "tactic":
            return max(ids, key=lambda i: (clash_tactics.card(i.split(":")[1])["income"], i))
        if verb == "stronghold":
            return min(ids, key=lambda i: (self._forge_distance(state, i.split(":")[1].split("-")[0]), i))
        if verb == "place":
            home = clash_rounds.stronghold_label(seat)
            return next((i for i in ids if i.endswith(":" + home)), ids[0])
        if verb in ("roll", "retreat"):
            return "roll" if "roll" in ids else ids[0]
        if verb == "reroll":
            return max(ids, key=len)
        if "keep" in by_verb:
            return by_verb["keep"][0]
        if state.get("battle"):
            return CLASH.ai_choose(state, seat, seed)
        record = state.get("action") or {}
        if "forge" in by_verb:
            return "forge"
        if "battle" in by_verb:
            return by_verb["battle"][0]
        if "equipped" in by_verb and "move" not in by_verb:   # an Equip action: buy rerolls, then finish
            return self._equip_step(state, seat, by_verb)
        if "move" in by_verb and not self.used["battle"]:   # two battles at once: the order is chosen
            second = self._second_front(state, seat, by_verb["move"])
            if second:
                return second
        if "move" in by_verb:
            move = self._march(state, seat, by_verb["move"], record)
            if move:
                return move
            if "moved" in by_verb:
                return "moved"
        if "pass" in ids and "move" not in by_verb:
            return "pass"
        return self._equip_step(state, seat, by_verb) if "equipped" in by_verb else CLASH.ai_choose(state, seat, seed)

    def _now(self, state: dict, seat: int, name: str, by_verb: dict) -> bool:
        """Whether to make a sought kind of move now (a retreat or a pass costs a battle or an
        action: made only once the rare kinds are done, or late)."""
        if name in ("retreat", "pass"):
            return all(self.used[v] for v in ("keep", "forge", "recruit")) or state["round"] >= 5
        if name == "equipped":
            return bool(self.used["buy"] or self.used["recruit"] or self.used["equip"])
        if name == "moved":
            return bool(self.used["move"])
        return True

    def _best(self, state: dict, seat: int, name: str, ids: list[str]) -> str:
        if name == "buy":
            return min(ids, key=lambda i: ("REROLL" not in clash_data.item(i.split(":")[1])["bonus"], i))
        if name == "move":
            return self._march(state, seat, ids, state.get("action") or {}) or ids[0]
        if name == "reroll":
            return max(ids, key=len)
        return ids[0]

    def _equip_step(self, state: dict, seat: int, by_verb: dict) -> str:
        buys = [i for i in by_verb.get("buy", []) if "REROLL" in clash_data.item(i.split(":")[1])["bonus"]]
        if buys and not self.used["reroll"]:
            return buys[0]
        return "equipped"

    def _forge_distance(self, state: dict, where: str) -> int:
        bare = clash_rounds.bare_board(state)
        return min(clash_board.distance(bare, where, f) for f in bare.of_terrain("forge"))

    def _target(self, state: dict, seat: int) -> str | None:
        """The nearest forge; once one is held, the nearest forge or elf city not held."""
        home = clash_rounds.stronghold_label(seat)
        bare = clash_rounds.bare_board(state)
        forges = [t for t in bare.of_terrain("forge") if clash_rounds.controller(state, t) != seat]
        if len(forges) == len(bare.of_terrain("forge")):
            return min(forges, key=lambda t: (_clash_distance(state, home, t), t))
        open_ = forges + [t for t in bare.of_terrain("city") if clash_rounds.controller(state, t) != seat]
        return min(open_, key=lambda t: (_clash_distance(state, home, t), t)) if open_ else None

    @staticmethod
    def _second_front(state: dict, seat: int, ids: list[str]) -> str | None:
        """With one battle ahead after a move, a group of units into another enemy territory."""
        enemies = {t for t in state["elves"] if state["elves"][t]} | {
            t for t, by in state["units"].items() if any(int(s) != seat and sum(n.values()) for s, n in by.items())}
        contested = {t for t in enemies if clash_rounds.units_of(state, t, seat)}
        if len(contested) != 1:
            return None
        fronts = [i for i in ids if i.split(":")[2] in enemies - contested and i.split(":")[1] not in contested
                  and not any(h["id"] == i.split(":")[3] for h in clash_data.heroes())]
        return max(fronts, key=lambda i: (int(i.split(":")[3].partition("*")[2] or 1), i)) if fronts else None

    def _march(self, state: dict, seat: int, ids: list[str], record: dict) -> str | None:
        """The biggest group that gets nearer the target (units first, then heroes)."""
        target = self._target(state, seat)
        if target is None:
            return None
        bare = clash_rounds.bare_board(state)
        held = {t for t in bare.of_terrain("forge") if clash_rounds.controller(state, t) == seat}
        best, key = None, None
        for i in ids:
            _, start, to, group = i.split(":")
            if start in held:   # what it holds, it keeps
                continue
            count = int(group.partition("*")[2] or 1)
            hero = any(h["id"] == group for h in clash_data.heroes())
            before, after = _clash_distance(state, start, target), _clash_distance(state, to, target)
            if after >= before or (hero and after > 0 and clash_rounds.units_of(state, to, seat) == 0):
                continue
            k = (hero, -count, after, i)
            if key is None or k < key:
                best, key = i, k
        return best


# ---------------------------------------------------------------------- Civilization

CIV_COMMANDS = tuple(GAMES["civilization"].commands.verbs)
# what a battle or an over-full hand asks, and the setup: never chosen among other moves
CIV_FORCED = ("capital", "figures", "play", "loot", "discard")
# the kinds a test player makes as soon as they are legal while it has not made them, rarest first,
# then any other kind of the table but the everyday ones
CIV_RARE = ("greatperson", "found", "gather", "harvest", "explore", "arts", "culture", "government")
CIV_SOUGHT = CIV_RARE + tuple(v for v in CIV_COMMANDS
                              if v not in CIV_RARE + CIV_FORCED + ("done", "move", "produce", "research"))


def civ_every_command(run: Run) -> bool:
    """The people of an offline run made every kind of move the game offered them, and the game
    offered the kinds a test needs: a battle (its plays and loot) and every sought kind."""
    offered = run.commands_offered()
    return set(run.human_commands()) == offered and {"play", "loot", "research", *CIV_RARE} <= offered


@dataclass
class CivPlanner(Seeker):
    """The humans' test player. It makes a kind of move it has not made yet (`seek`, rarest first)
    whenever one is legal (a change of government only from turn 4, a research other than none
    at once; the first great person it gains is kept for a Start of Turn), and with `raid` it
    marches an army onto the nearest village or hut (a battle with the barbarians, and loot);
    everything else: the engine's computer player, seeded `seed + version`. `seek` empty and no
    `raid`: the plain computer player."""

    seek: tuple[str, ...] = CIV_SOUGHT
    raid: bool = True
    used: Counter = field(default_factory=Counter)   # command -> moves made with it

    game = "civilization"

    def _choose(self, state: dict, seat: int, seed: int, actions: list[Action]) -> str:
        by_verb: dict[str, list[str]] = {}
        for a in actions:
            by_verb.setdefault(a.id.split(":")[0], []).append(a.id)
        if not set(by_verb) & set(CIV_FORCED):
            if self.seek and "pick:keep" in by_verb.get("pick", []) and not self.used["greatperson"]:
                return "pick:keep"        # R59: a great person kept for a Start of Turn placement
            offer = self._trade(by_verb) if self.seek else None
            if offer:
                return offer
            for name in self.seek:
                if not self.used[name] and name in by_verb and self._now(state, name):
                    return by_verb[name][0]
            if self.raid and "move" in by_verb:
                raid = self._raid(state, seat, by_verb["move"])
                if raid:
                    return raid
        if "research" in by_verb and not self.used["research"] and len(by_verb["research"]) > 1:
            return by_verb["research"][0]
        return CIV.ai_choose(state, seat, seed)

    def _trade(self, by_verb: dict[str, list[str]]) -> str | None:
        """The Trade phase (R27): one draft given, asked and thrown away, then one given and sent;
        an offer the computer player makes is countered once (the counter-draft goes the same way)."""
        if "counter" in by_verb and not self.used["trade counter"]:
            return by_verb["counter"][0]
        if "withdraw" in by_verb:                                  # a draft is open
            for command, verb in (("trade give", "give"), ("trade ask", "ask")):
                if not self.used[command] and verb in by_verb:
                    return by_verb[verb][0]
            if not self.used["trade withdraw"]:
                return "withdraw"
            if not self.used["trade send"]:
                return "send" if "send" in by_verb else (by_verb.get("give") or by_verb.get("ask") or [None])[0]
            return None
        if "offer" in by_verb and not (self.used["trade withdraw"] and self.used["trade send"]):
            return by_verb["offer"][0]
        return None

    @staticmethod
    def _now(state: dict, name: str) -> bool:
        return name != "government" or state["turn"] >= 4

    @staticmethod
    def _raid(state: dict, seat: int, moves: list[str]) -> str | None:
        """An army's move onto a village or a hut (the nearest first)."""
        targets = {lbl for lbl, m in state.get("markers", {}).items() if m["kind"] in ("village", "hut")}
        armies = {f["id"] for f in state["figures"] if f["owner"] == seat and f["kind"] == "army"}
        onto = [m for m in moves if m.split(":")[2] in targets and set(m.split(":")[1].split(",")) <= armies]
        return min(onto, key=lambda m: (-len(m.split(":")[1].split(",")), m)) if onto else None

def civ_how_it_ended(state: dict) -> str:
    """"culture", "tech", "economic" or "military" (the four victories)."""
    text = json.dumps(state["result"]["reason"])
    for key, name in (("culture track", "culture"), ("Space Flight", "tech"), ("economic", "economic"),
                      ("capital", "military")):
        if key in text:
            return name
    return "other"


# the people of the four-player game: the computer player, but for their first research, a great
# person placed and their offers in the Trade phase
CIV_FOUR_PLANNERS = {"alice": CivPlanner(("greatperson",), False), "bob": CivPlanner(("greatperson",), False)}


def civ_stage_2_happenings(actions: list[str], final: dict) -> dict[str, bool]:
    """What the four-player game must hold: a trade accepted, a wonder produced, a culture event
    played and a disaster marker on the map."""
    return {"trade": any(a.startswith("accept:") for a in actions),
            "wonder": any(a.startswith("produce:") and ":wonder:" in a for a in actions),
            "culture event": any(a.startswith("event:") for a in actions),
            "disaster": bool(final.get("disasters"))}


def civ_four_players(start: int = 0):
    """The seed and the offline run of the four-player game (the people: the computer player, but
    for their first research, a great person placed and their offers in the Trade phase) with a
    trade, a wonder, a culture event and a disaster."""
    return find_seed("civilization", {}, ["alice", "bob", None, None], CIV_FOUR_PLANNERS,
                     lambda run: run.human_moves() >= 20 and all(civ_stage_2_happenings(
                         [a for _s, a, _h in run.moves], run.final).values()), start=start)


# the test player a driver gives a person by default, per game (the others: the computer player)
PLAYERS = {"battleline": BattleLinePlayer, "skytear": SkytearPlanner, "clash_of_rage": ClashPlanner, "civilization": CivPlanner}
