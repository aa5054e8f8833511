"""The engine contract every game implements (see DESIGN.md, "The engine contract").

A game is a `Game`, declared with `declare(...)` from its modules' functions. State is a plain
JSON-serialisable dict that carries its own RNG (see `engine.rng`), so replaying the action
log from the seed reproduces it exactly. Engines never mutate the state they are given:
`apply` returns a new state.
"""
from __future__ import annotations

import json
import marshal
import re
from dataclasses import dataclass, field
from typing import Any

from engine.text import Msg, clip, from_json, to_json, with_names
from engine.text import Seat as Seat_

SEAT_REFERENCE = re.compile(r"\bPlayer (\d)\b")


def name_seats(text, names: list[str]):
    """Put players' names in place of the seats a text names: a `Msg`'s `Seat` arguments (it
    stays a Msg, to be read in any language), or the "Player N" (N = seat + 1) of plain text."""
    if isinstance(text, dict) and "msg" in text:
        text = from_json(text)
    if isinstance(text, (Msg, Seat_, list, tuple)):
        return with_names(text, names)
    def name(m: re.Match) -> str:
        n = int(m.group(1)) - 1
        return names[n] if 0 <= n < len(names) else m.group(0)
    return SEAT_REFERENCE.sub(name, text)

Seat = int
State = dict[str, Any]


def copy_state(state: dict) -> dict:
    """A deep copy of a JSON state for a move to change. marshal (format 2: no shared references,
    so no list is ever aliased in the copy) is several times faster than a JSON round trip and
    gives the same dicts, lists, strings and numbers; anything marshal refuses (a str subclass
    such as Msg) goes through JSON."""
    try:
        return marshal.loads(marshal.dumps(state, 2))
    except ValueError:
        return json.loads(json.dumps(state))


class IllegalAction(Exception):
    """A move the rules forbid. `message` (a Msg) is shown to the player in their language."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


CHOICE_TEXT = 100  # a choice's label or description a UI can show whole (Discord's select limit)


def fit_choice(text: str) -> str:
    """A label or description cut to what a UI shows whole (a `Msg` stays one)."""
    return clip(text, CHOICE_TEXT)


@dataclass(frozen=True)
class Choice:
    """One step of a move's path: `value` is a short token unique among the choices offered
    at that step (never shown), `label` what a player reads (at most 100 characters),
    `description` an optional hint under it (at most 100)."""

    value: str
    label: str
    description: str = ""


@dataclass(frozen=True)
class Action:
    """One legal move. `id` is stable (the same move has the same id in every call) and is
    what gets stored in the action log; `label` is what a player reads in a select menu;
    `group` lets a UI split long lists (select menus hold 25 options at most).

    `path` is the move as the choices a player makes one after another, e.g. play → Red 7 →
    flag 3. A UI walks it step by step and never parses `id`. Moves that share a first step
    share its value and label. A game that gives no path gets `steps()`: its group, then
    the move itself."""

    id: str
    label: str
    group: str = ""
    path: tuple[Choice, ...] = ()

    def steps(self) -> tuple[Choice, ...]:
        if self.path:
            return self.path
        head = (Choice("g:" + self.group, self.group),) if self.group else ()
        return head + (Choice(self.id, self.label),)


@dataclass
class Event:
    """Something that happened. `public` may be posted in a channel; `private` maps a seat
    to text only that seat may read. Texts are `Msg`s (engine/text.py) that name seats with
    `Seat(n)` arguments: the Discord layer writes them in the reader's language with the
    players' names. `hidden` is True when the move drew, shuffled or
    revealed hidden information or used randomness (such a move cannot be undone)."""

    public: str
    private: dict[Seat, str] = field(default_factory=dict)
    hidden: bool = False


@dataclass
class Result:
    """The end of a game: `winners` (seats; several for a shared win), `scores` per seat
    (may be empty), and a sentence saying why it ended."""

    winners: list[Seat]
    scores: dict[Seat, int] = field(default_factory=dict)
    reason: str = ""

    def to_dict(self) -> dict:
        return {"winners": list(self.winners), "scores": {str(k): v for k, v in self.scores.items()},
                "reason": to_json(self.reason)}

    @classmethod
    def from_dict(cls, d: dict) -> "Result":
        return cls(list(d["winners"]), {int(k): v for k, v in d.get("scores", {}).items()},
                   from_json(d.get("reason", "")))


@dataclass(frozen=True)
class Option:
    """A match option a game declares: `/match new`, the challenge commands, the rules help
    and the board's options line all read it. `name` is the key stored in the match's
    options; `kind` is "int", "bool" or "choice" (`choices`: (value, label) pairs)."""

    name: str
    kind: str
    default: Any
    description: str
    label: str = ""                      # short name on the board's options line
    choices: tuple[tuple[str, str], ...] = ()
    min: int | None = None
    max: int | None = None
    command: str = ""                    # the slash-command option's name (default: `name`)

    @property
    def param(self) -> str:
        return self.command or self.name

    def parse(self, raw: Any) -> Any:
        """The stored value for a given one; IllegalAction with a sentence when it is not one."""
        if raw is None:
            return self.default
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise IllegalAction(Msg("`{option}` is yes or no.", option=self.param))
        if self.kind == "int":
            try:
                value = int(raw)
            except (TypeError, ValueError):
                raise IllegalAction(Msg("`{option}` is a whole number.", option=self.param)) from None
            if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
                raise IllegalAction(Msg("`{option}` is from {low} to {high}.", option=self.param,
                                        low=self.min, high=self.max))
            return value
        values = [v for v, _ in self.choices]
        text = str(raw).strip()
        if text not in values:
            raise IllegalAction(Msg("`{option}` is one of: {values}.", option=self.param, values=values))
        return text

    def describe(self, value: Any) -> str:
        """The value as a player reads it."""
        if self.kind == "bool":
            return (Msg("{option} on", option=self.label or self.name) if value
                    else Msg("{option} off", option=self.label or self.name))
        if self.kind == "choice":
            return dict(self.choices).get(value, str(value))
        return Msg("{option} {value}", option=self.label or self.name, value=value)


# ------------------------------------------------------------------ the platform's own options
# Every game has them after its own (`declared_options`): the strength of its computer seats
# (engine/ai_levels.py plays them) and whether `/match hint` may be used in a rated match.
EASY, NORMAL, HARD = "easy", "normal", "hard"
LEVELS = (EASY, NORMAL, HARD)
LEVEL = Option("level", "choice", NORMAL, Msg("How strong the computer players are"),
               label=Msg("computer"),
               choices=((EASY, Msg("easy computer")), (NORMAL, Msg("normal computer")),
                        (HARD, Msg("hard computer"))))
HINTS = Option("hints", "bool", False, Msg("Allow /match hint even when the match is rated"),
               label=Msg("hints"))
PLATFORM_OPTIONS = (LEVEL, HINTS)


def declared_options(rules) -> tuple[Option, ...]:
    """The game's own options, then the platform's (`PLATFORM_OPTIONS`)."""
    return tuple(as_game(rules).options or ()) + PLATFORM_OPTIONS


def level_of(options: dict) -> str:
    """The strength a match's computer seats play at (the default: normal)."""
    value = (options or {}).get(LEVEL.name, LEVEL.default)
    return value if value in LEVELS else LEVEL.default


def normalise_options(rules, players: int, given: dict) -> dict:
    """The options to store for a match: each declared option parsed (values equal to the
    default left out, so a plain match stores nothing), undeclared keys kept as given (the
    service's own, e.g. first_player), and the game's refusal of the combination raised as
    IllegalAction."""
    out = {}
    declared = {o.name: o for o in declared_options(rules)}
    for key, raw in given.items():
        option = declared.get(key)
        if option is None:
            out[key] = raw
            continue
        value = option.parse(raw)
        if value != option.default:
            out[key] = value
    problem = as_game(rules).refuse_options(players, out)
    if problem:
        raise IllegalAction(problem)
    return out


def options_line(rules, options: dict) -> str:
    """The options that differ from the game's defaults, in words ("" when none do)."""
    parts = [o.describe(options[o.name]) for o in declared_options(rules)
             if o.name in options and options[o.name] != o.default]
    return Msg("{options}", options=parts) if parts else ""


def teams_of(rules, players: int, options: dict) -> list[list[Seat]]:
    """Seats grouped into teams; a game without teams seats everyone alone."""
    found = as_game(rules).teams(players, options)
    return [list(t) for t in found] if found else [[s] for s in range(players)]


def team_ranks(teams: list[list[Seat]], winners: list[Seat], scores: dict[Seat, int] | None = None) -> list[int]:
    """Rank per team (1 best): a team with a winning member shares rank 1; the others
    follow by their members' best score, highest first (equal scores share a rank), or
    all share rank 2 when there are no scores."""
    won = [any(s in winners for s in team) for team in teams]
    best = [max((scores or {}).get(s, 0) for s in team) for team in teams]
    ranks = [1 if w else 0 for w in won]
    others = sorted((i for i, w in enumerate(won) if not w), key=lambda i: -best[i])
    nxt = 2 if any(won) else 1
    for n, i in enumerate(others):
        if not scores:
            ranks[i] = nxt
        elif n and best[i] == best[others[n - 1]]:
            ranks[i] = ranks[others[n - 1]]
        else:
            ranks[i] = nxt + n
    return ranks


def prompt_of(rules, state: State, seat: Seat, actions: list[Action] | None = None) -> str:
    """What `seat` is being asked now, in one sentence ("" when it is not asked anything);
    `actions`, when given, are the seat's legal moves in this state, listed already."""
    game = as_game(rules)
    return game.prompt(state, seat) if actions is None else game.prompt_given(state, seat, actions)


# --------------------------------------------------------------------------- the shape of a turn

TURN, SIMULTANEOUS, WINDOW, OVER = "turn", "simultaneous", "window", "over"


@dataclass(frozen=True)
class Moment:
    """What a game waits for now, as the platform runs it (DESIGN.md, "The shape of a turn"):

    - TURN: one seat acts (`owner`); a ping and a new board when the owner changes;
    - SIMULTANEOUS: several seats choose in secret (`seats`); each pick stays hidden until all
      have picked; the thread says how many are still choosing and names nobody's pick;
    - WINDOW: `seats` may answer what `owner` did (a stack response, a cancel, a trade): the
      thread names nobody and says `waiting`; `pass_action` is the answer that lets it go
      (autopass and time-outs play it); who is asked must not depend on hidden holdings;
    - OVER: nobody acts.
    `secret_seats` keeps who is asked out of the thread in a simultaneous choice too.

    `owner` is the turn boundary: the seat whose turn the moment belongs to (a window opened by
    a seat's action belongs to that seat's turn; a simultaneous choice to nobody)."""

    kind: str
    seats: frozenset = frozenset()
    owner: Seat | None = None
    pass_action: str | None = None
    waiting: Any = ""
    secret_seats: bool | None = None   # who is asked is not said (default: in a window)

    @property
    def asks_privately(self) -> bool:
        """The thread names nobody: a window, or a secret choice whose game keeps even who is
        still choosing to itself (it says `waiting`, a count)."""
        return self.kind == WINDOW if self.secret_seats is None else self.secret_seats


class Game:
    """A game as the platform runs it: its rules functions, and a default for every optional
    hook. A game is declared with `declare(...)` (a table of contents of its modules); the
    platform owns the guard of `apply` (game over, not your turn, a copy to change) and reads
    every hook directly, so a game never needs to know which ones the platform asks for.

    Required: name, title, min_players, max_players, setup, active_players, legal_actions,
    play (or apply), view, hidden_items, ai_choose, redeal. Everything else has a default."""

    REQUIRED = ("name", "title", "min_players", "max_players", "setup", "active_players", "legal_actions",
                "view", "hidden_items", "ai_choose", "redeal")
    HOOKS = ("options", "refuse_options", "teams", "prompt", "moment", "windows", "quiet_pass", "timeout_action",
             "first_player", "is_rated", "result", "play", "apply", "not_your_turn", "taken_already",
             "takes_unlisted", "default_answer", "easy_moves", "easy_random", "hard_choose",
             "prompt_given")

    name: str = ""
    title: str = ""
    min_players: int = 0
    max_players: int = 0
    options: tuple = ()
    windows: bool = False         # the game opens response windows (then `/match autopass` applies)
    easy_random: float | None = None  # the share of the easy computer's moves drawn at random
    # (None: engine.ai_levels.EASY_RANDOM); a game whose easy moves are narrowed so that its
    # games still end plays closer to the normal computer, and draws more of them

    # ---- required rules functions (engine/<game>/ modules)
    def setup(self, players: int, options: dict, seed: int) -> State:
        raise NotImplementedError

    def active_players(self, state: State) -> set[Seat]:
        raise NotImplementedError

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        raise NotImplementedError

    def play(self, state: State, seat: Seat, action_id: str) -> list[Event]:
        """Make the move on `state` (a copy the platform made): the events that say what happened."""
        raise NotImplementedError

    def view(self, state: State, viewer: Seat | None) -> dict:
        raise NotImplementedError

    def hidden_items(self, state: State, seat: Seat) -> set[str]:
        """Strings only `seat` may know now (its hand's card ids, its secret pick): none may
        appear in the public view or another seat's view (the conformance suite checks)."""
        raise NotImplementedError

    def ai_choose(self, state: State, seat: Seat, seed: int) -> str:
        """The computer player: a legal id for `seat`, decided from what that seat may know."""
        raise NotImplementedError

    def redeal(self, state: State, seat: Seat | None, rng) -> State:
        """A copy `seat` cannot tell apart from `state` (None: someone who sees only the public
        view): everything that viewer may not know dealt again from the same unknown pool, every
        count and public fact unchanged, the state's own random generator kept. Items the next
        move reveals to everyone (the picks a last secret pick uncovers, a pile drawn face up)
        stay as they are. The conformance suite plays the same move on such copies: nothing
        public may change (tests/contract/secrecy.py)."""
        raise NotImplementedError

    # ---- the platform's guard
    def apply(self, state: State, seat: Seat, action_id: str) -> tuple[State, list[Event]]:
        if self.result(state) is not None:
            raise IllegalAction(Msg("The game is over."))
        done = self.taken_already(state, seat, str(action_id))
        if done is not None:
            return done, []
        if seat not in self.active_players(state):
            raise IllegalAction(self.not_your_turn(state, seat))
        new = copy_state(state)   # engines never mutate the state they are given
        return new, self.play(new, seat, str(action_id))

    def not_your_turn(self, state: State, seat: Seat) -> str:
        return Msg("It is not your turn to act.")

    def taken_already(self, state: State, seat: Seat, action_id: str) -> State | None:
        """A move an older action log names that the engine now takes by itself with the move
        before (a setup step with one answer): the state after it, unchanged but for that
        memory (None: not such a move). Only replays of old logs meet it."""
        return None

    def takes_unlisted(self, state: State, seat: Seat, action_id: str) -> bool:
        """Whether `apply` takes this id though `legal_actions` does not list it: a listed move
        written in a form the game declares (Battalia: a payment the player names). Every
        other spelling of a listed id is refused (the conformance suite checks)."""
        return False

    # ---- optional hooks, with their defaults
    def result(self, state: State) -> Result | None:
        r = state.get("result")
        return Result.from_dict(r) if r else None

    def refuse_options(self, players: int, options: dict) -> str | None:
        """Why a combination of options is refused (None: it is fine)."""
        return None

    def teams(self, players: int, options: dict) -> list[list[Seat]] | None:
        """Seats grouped into teams (None: everyone alone)."""
        return None

    def prompt(self, state: State, seat: Seat) -> str:
        """What `seat` is asked now, in one sentence ("" when it is not asked anything)."""
        return Msg("Choose your move.") if seat in self.active_players(state) else ""

    def prompt_given(self, state: State, seat: Seat, actions: list[Action]) -> str:
        """`prompt` when the seat's legal moves in this state are listed already (the platform
        lists them once a version): a game whose question is worded from its moves reads them
        here instead of listing them again."""
        return self.prompt(state, seat)

    def moment(self, state: State) -> Moment:
        """What the game waits for now; the default reads `active_players` (one seat: a turn;
        several: a simultaneous choice)."""
        if self.result(state) is not None:
            return Moment(OVER)
        active = frozenset(self.active_players(state))
        if len(active) == 1:
            return Moment(TURN, active, next(iter(active)))
        return Moment(SIMULTANEOUS if active else OVER, active)

    def quiet_pass(self, state: State, seat: Seat) -> bool:
        """Whether a seat that chose "pass for me" is passed in the window now. The default
        passes whatever the seat holds, so the bot's timing never depends on a hidden hand."""
        return True

    def timeout_action(self, state: State, seat: Seat) -> str | None:
        """The move made for a seat out of time (None: the clock's usual way, a claim or the
        computer). A window passes by default."""
        moment = self.moment(state)
        return moment.pass_action if moment.kind == WINDOW and seat in moment.seats else None

    def default_answer(self, state: State, seat: Seat) -> str | None:
        """A question the seat may leave to the game (a choice the rules give the player, with
        the game's usual pick): that pick, made for a seat that chose "pass for me"
        (`/match autopass`). None: nothing the bot answers for it now."""
        return None

    def easy_moves(self, state: State, seat: Seat) -> list[str] | list[list[str]] | None:
        """The moves the easy computer draws from when it plays at random (`engine.ai_levels`):
        None, every legal move. A game narrows it where a listing choice would change what
        "a random move" means (Battalia's turn start, which lists the turn's moves too), or gives
        the moves by kind (a list of lists: a kind is drawn first, then one of its moves)."""
        return None

    def hard_choose(self, state: State, seat: Seat, seed: int):
        """The hard computer's move for `seat` as an `engine.search.Thought` (the move and what the
        search saw, for /match hint's line of why), from what the seat may know only; None: the
        generic search (`engine.search.think` with the normal player's rollouts). A game gives its
        own where it knows how to judge a position (`think(..., evaluate=...)`) or which moves are
        worth comparing."""
        return None

    def first_player(self, state: State) -> Seat | None:
        """The seat that moved first (a rematch seats the others first), if the game says."""
        return None

    def is_rated(self, options: dict) -> bool:
        """Whether a match with these options changes ratings (a learning game does not)."""
        return True


def declare(**table) -> Game:
    """A game from a table of its rules functions and hooks (names as in `Game`), checked now:
    a missing required entry or an unknown name is an error at import, not a surprise later."""
    unknown = sorted(set(table) - set(Game.REQUIRED) - set(Game.HOOKS))
    if unknown:
        raise TypeError(f"{table.get('name', '?')}: unknown entries {unknown} (see engine.base.Game)")
    game = Game()
    for key, value in table.items():
        setattr(game, key, value)
    check_game(game)
    return game


def check_game(game: Game) -> None:
    """A game's declaration is whole: every required entry given, players 1 <= min <= max,
    options are Options with unique names, and the apply guard has a `play` to call."""
    missing = [k for k in Game.REQUIRED
               if getattr(type(game), k, None) is getattr(Game, k, None) and k not in vars(game)]
    if missing:
        raise TypeError(f"{game.name or '?'}: missing {missing} (see engine.base.Game)")
    if not (1 <= game.min_players <= game.max_players):
        raise TypeError(f"{game.name}: players {game.min_players}-{game.max_players}")
    if "apply" not in vars(game) and type(game).apply is Game.apply and "play" not in vars(game) \
            and type(game).play is Game.play:
        raise TypeError(f"{game.name}: neither play nor apply is declared")
    names = [o.name for o in game.options] + [o.name for o in PLATFORM_OPTIONS]
    if not all(isinstance(o, Option) for o in game.options) or len(set(names)) != len(names):
        raise TypeError(f"{game.name}: options must be Options with unique names, none of the platform's: {names}")


_ADAPTED: dict[int, tuple[Any, Game]] = {}


def as_game(rules) -> Game:
    """`rules` as a Game: itself when it is one, else an adapter over an object that has the
    required functions (a test's small game class) with the defaults of Game for the rest. The
    one place an optional hook is looked up by name."""
    if isinstance(rules, Game):
        return rules
    kept = _ADAPTED.get(id(rules))
    if kept is not None and kept[0] is rules:
        return kept[1]
    game = Game()
    for key in Game.REQUIRED + Game.HOOKS:
        if hasattr(rules, key):
            setattr(game, key, getattr(rules, key))
    if not hasattr(rules, "apply"):
        raise TypeError(f"{game.name}: no apply")
    _ADAPTED[id(rules)] = (rules, game)
    return game

